// How much of a request body the server reads before answering 413.

/**
 * Every other call. The largest valid body (a host edit or a chat message of 5,000 characters at 3
 * bytes each) is under 20 KB; 64 KB leaves room and keeps what a hostile body can cost to parse and
 * walk (100,000 keys in a megabyte took 100-500 ms of event loop) to a few milliseconds.
 */
export const BODY_LIMIT_BYTES = 64 * 1024;

/**
 * The public forms and sign-in: the longest valid host form (5,960 characters) at 3 bytes each in
 * UTF-8, with room for the JSON around it. Anything bigger is refused before it is parsed.
 */
export const SMALL_BODY_LIMIT_BYTES = 20 * 1024;
