// What a 401 says about why a session ended. No zod here: the admin's first download reads this.

/** The 401 of a token whose session ended by time (idle or absolute), as opposed to revoked or unknown. */
export const SESSION_EXPIRED_MESSAGE = 'Your session has expired. Please log in again.';
/** The `reason` of that 401's body, for the web app to show the right text on /login. */
export const SESSION_EXPIRED_REASON = 'session-expired';
