// The server's clock as the browser last read it (src/lib/server-clock.ts): what "a moment ago" is
// measured on when the browser's own clock is off.
import { afterEach, describe, expect, it } from 'vitest';
import { noteServerDate, serverNow } from '../../src/lib/server-clock';

const BROWSER_NOW = Date.parse('2026-12-01T12:00:00.000Z');

afterEach(() => noteServerDate(new Date(BROWSER_NOW).toUTCString(), BROWSER_NOW + 500));

describe("the server's clock", () => {
  it("follows an answer's Date header, a browser ten minutes ahead included, within the header's second", () => {
    noteServerDate('Tue, 01 Dec 2026 11:50:07 GMT', BROWSER_NOW);
    const server = Date.parse('2026-12-01T11:50:07.000Z');
    // Three seconds later on the browser's clock is three seconds later on the server's.
    const read = serverNow(BROWSER_NOW + 3_000);
    expect(read).toBeGreaterThanOrEqual(server + 3_000);
    expect(read).toBeLessThan(server + 4_000);
  });

  it('keeps the last reading when a header is missing or unreadable', () => {
    noteServerDate('Tue, 01 Dec 2026 12:00:30 GMT', BROWSER_NOW);
    const before = serverNow(BROWSER_NOW);
    noteServerDate(undefined, BROWSER_NOW);
    noteServerDate('not a date', BROWSER_NOW);
    noteServerDate(['Tue, 01 Dec 2026 08:00:00 GMT'], BROWSER_NOW);
    expect(serverNow(BROWSER_NOW)).toBe(before);
    expect(before - BROWSER_NOW).toBe(30_500);
  });
});
