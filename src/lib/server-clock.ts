// The server's clock as this browser last read it, from the Date header of the API's answers. A
// browser whose own clock is minutes off still tells how long ago the server recorded something.

let offsetMs = 0;

/**
 * Notes the server's time from an answer's Date header, read at `receivedAt` on this browser's
 * clock. The header counts whole seconds and drops the fraction: half a second is added back.
 * A missing or unreadable header changes nothing.
 */
export function noteServerDate(header: unknown, receivedAt = Date.now()): void {
  if (typeof header !== 'string') return;
  const server = Date.parse(header);
  if (Number.isNaN(server)) return;
  offsetMs = server + 500 - receivedAt;
}

/** Now on the server's clock, as far as the last answer told: this browser's clock until one did. */
export function serverNow(now = Date.now()): number {
  return now + offsetMs;
}
