// The live stream's cursors are sealed (server/modules/live/live-cursors.ts, issue 47): a sealed
// cursor opens under its key alone, tells nothing of the position it holds, and anything else a
// browser sends back as Last-Event-ID is refused at once (the stream then resyncs).
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createCursorSeal } from '../../server/modules/live/live-cursors';

const seal = createCursorSeal(randomBytes(32));
const cursor = { xid: '18446744073709551615', id: 9_007_199_254_740_991 };

describe('a sealed live cursor', () => {
  it('opens to the cursor it sealed, under the same key only', () => {
    const sealed = seal.seal(cursor);
    expect(seal.open(sealed)).toEqual(cursor);
    expect(createCursorSeal(randomBytes(32)).open(sealed)).toBeUndefined();
  });

  it('is a new text each time, with no digits of the position in the clear', () => {
    const first = seal.seal({ xid: '1000', id: 41 });
    const second = seal.seal({ xid: '1000', id: 42 });
    expect(first).not.toBe(second);
    expect(seal.seal({ xid: '1000', id: 41 })).not.toBe(first);
    for (const text of [first, second]) expect(text).not.toMatch(/1000|41|42/);
  });

  it('refuses a cursor in the clear, an altered one, and any other text, long or short', () => {
    const sealed = seal.seal(cursor);
    const altered = `${sealed.slice(0, -2)}${sealed.endsWith('AA') ? 'AB' : 'AA'}`;
    for (const text of ['1-1', '1000-41', altered, '', 'not a cursor', 'A'.repeat(40), 'A'.repeat(100_000), undefined]) {
      expect(seal.open(text)).toBeUndefined();
    }
  });
});
