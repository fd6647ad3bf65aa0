// The memory rate limiter: bounded in size whatever keys it is given, O(1) per hit however many
// windows it holds, and exact about when a window (fixed or sliding) ends.
import { describe, expect, it } from 'vitest';
import { createMemoryRateLimiter, MAX_WINDOWS_PER_KIND, type MemoryRateLimiter } from '../../server/lib/rate-limiter';
import { TestClock } from './helpers/app';

/** Lets timers run now and then in a long loop of hits, so a test that takes too long times out. */
const breathe = (index: number) => (index % 1000 === 0 ? new Promise((resolve) => setImmediate(resolve)) : undefined);

/** Milliseconds per hit over `count` new keys `kind:<run>-<n>`, the best of three runs. */
async function millisecondsPerNewKey(limiter: MemoryRateLimiter, kind: string, count: number): Promise<number> {
  let best = Infinity;
  for (let run = 0; run < 3; run += 1) {
    const started = performance.now();
    for (let index = 0; index < count; index += 1) {
      await breathe(index);
      await limiter.hit(`${kind}:${run}-${index}`, 900);
    }
    best = Math.min(best, (performance.now() - started) / count);
  }
  return best;
}

describe('the memory rate limiter', () => {
  it('drops ended windows as it goes: 200,000 distinct keys over time leave about one window of them', async () => {
    const clock = new TestClock();
    const limiter = createMemoryRateLimiter(clock);
    // 1,000 new keys a second with 10-second windows: about 10,000 are live at any time.
    const hitOneSecond = async (second: number) => {
      for (let index = 0; index < 1000; index += 1) await limiter.hit(`login:198.51.100.1:person${second}-${index}@hoy.test`, 10);
      const size = limiter.size;
      clock.advance(1000);
      await breathe(0);
      return size;
    };
    expect(await hitOneSecond(0)).toBe(1000);
    let largest = 0;
    for (let second = 1; second < 200; second += 1) largest = Math.max(largest, await hitOneSecond(second));
    expect(largest).toBeGreaterThanOrEqual(10_000);
    expect(largest).toBeLessThanOrEqual(11_000);
    clock.advance(10_000);
    await limiter.hit('login:another', 10);
    expect(limiter.size).toBe(1);
  });

  it(`holds at most ${MAX_WINDOWS_PER_KIND} windows of a kind: past it a new window is refused 503, not an old count dropped, and other kinds go on counting`, async () => {
    const limiter = createMemoryRateLimiter(new TestClock(), { maxWindowsPerKind: 1000 });
    for (let index = 0; index < 1000; index += 1) await limiter.hit(`public-form:2001:db8::${index.toString(16)}`, 60);
    await expect(limiter.hit('public-form:2001:db8::ffff', 60)).rejects.toMatchObject({ statusCode: 503 });
    expect(limiter.size).toBe(1000);
    // Counts already taken still count; so does every other kind of limit.
    expect((await limiter.hit('public-form:2001:db8::0', 60)).count).toBe(2);
    expect((await limiter.hit('login-address:198.51.100.9', 900)).count).toBe(1);

    const full = createMemoryRateLimiter(new TestClock());
    for (let index = 0; index < 200_000; index += 1) {
      await breathe(index);
      await full.hit(`login:k${index}`, 900).catch(() => undefined);
    }
    expect(full.size).toBe(MAX_WINDOWS_PER_KIND);
  });

  it('takes no longer per hit with 150,000 windows held than with none', async () => {
    const limiter = createMemoryRateLimiter(new TestClock(), { maxWindowsPerKind: 1_000_000 });
    const whenEmpty = await millisecondsPerNewKey(limiter, 'first', 10_000);
    for (let index = 0; index < 150_000; index += 1) {
      await breathe(index);
      await limiter.hit(`filler:${index}`, 900, index % 2 === 0);
    }
    const whenFull = await millisecondsPerNewKey(limiter, 'second', 10_000);
    // Constant time per hit: the ratio stays near 1. (Scanning the map on each insert made it thousands.)
    expect(whenFull / whenEmpty).toBeLessThan(5);
  }, 120_000);

  it('ends a sliding window one whole quiet window after its last hit, while fixed windows of its length come and go', async () => {
    const clock = new TestClock();
    const limiter = createMemoryRateLimiter(clock);
    for (let second = 0; second <= 30; second += 5) {
      await limiter.hit('login-account:id:1', 10, true);
      // Fixed windows of the same length, queued around it, end meanwhile and make the limiter sweep.
      await limiter.hit(`login:fixed-${second}`, 10);
      clock.advance(5000);
    }
    // Last sliding hit at 30 s, now 35 s: 7 hits still counted, 5 s left.
    expect(await limiter.peek('login-account:id:1')).toEqual({ count: 7, retryAfterSeconds: 5 });
    clock.advance(4000);
    expect((await limiter.peek('login-account:id:1')).count).toBe(7);
    clock.advance(1000);
    expect((await limiter.peek('login-account:id:1')).count).toBe(0);
    // Dropped from memory at most one window length late.
    clock.advance(10_000);
    await limiter.hit('login:late', 10);
    expect(limiter.size).toBe(1);
  });

  it('restarts an ended fixed window, with the length of the hit that restarts it', async () => {
    const clock = new TestClock();
    const limiter = createMemoryRateLimiter(clock);
    expect(await limiter.hit('login-account-wait:id:1', 1)).toEqual({ count: 1, retryAfterSeconds: 1 });
    expect((await limiter.hit('login-account-wait:id:1', 1)).count).toBe(2);
    clock.advance(1000);
    expect(await limiter.hit('login-account-wait:id:1', 4)).toEqual({ count: 1, retryAfterSeconds: 4 });
    clock.advance(3999);
    expect((await limiter.hit('login-account-wait:id:1', 4)).count).toBe(2);
    await limiter.undo('login-account-wait:id:1');
    expect((await limiter.peek('login-account-wait:id:1')).count).toBe(1);
    clock.advance(1);
    expect((await limiter.peek('login-account-wait:id:1')).count).toBe(0);
    // An undo after the end does not bring the window back.
    await limiter.undo('login-account-wait:id:1');
    expect(await limiter.hit('login-account-wait:id:1', 2)).toEqual({ count: 1, retryAfterSeconds: 2 });
    clock.advance(30_000);
    await limiter.hit('login:other', 2);
    expect(limiter.size).toBe(1);
  });
});
