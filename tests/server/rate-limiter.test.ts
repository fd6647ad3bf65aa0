// The memory rate limiter: bounded in size whatever keys it is given (dropping the least recently
// hit windows of a kind strangers can fill, refusing new ones of a kind that protects an account),
// O(1) per hit however many windows it holds, and exact about when a window (fixed or sliding) ends.
import v8 from 'node:v8';
import vm from 'node:vm';
import { describe, expect, it } from 'vitest';
import { createMemoryRateLimiter, MAX_WINDOWS_PER_KIND, PROTECTED_KINDS, type MemoryRateLimiter } from '../../server/lib/rate-limiter';
import { TestClock } from './helpers/app';

/** Lets timers run now and then in a long loop of hits, so a test that takes too long times out. */
const breathe = (index: number) => (index % 1000 === 0 ? new Promise((resolve) => setImmediate(resolve)) : undefined);

/** The garbage collector, to weigh what stays on the heap. */
function gc(): () => void {
  v8.setFlagsFromString('--expose-gc');
  return vm.runInNewContext('gc') as () => void;
}

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

  it(`holds at most ${MAX_WINDOWS_PER_KIND} windows of a kind: past it a new window drops the least recently hit one, and other kinds go on counting`, async () => {
    const limiter = createMemoryRateLimiter(new TestClock(), { maxWindowsPerKind: 1000 });
    for (let index = 0; index < 1000; index += 1) await limiter.hit(`public-form:2001:db8::${index.toString(16)}`, 60);
    // The first window, hit again, is now the most recent: the second is the least recently hit.
    expect((await limiter.hit('public-form:2001:db8::0', 60)).count).toBe(2);
    expect((await limiter.hit('public-form:2001:db8::ffff', 60)).count).toBe(1);
    expect(limiter.size).toBe(1000);
    expect((await limiter.peek('public-form:2001:db8::1')).count).toBe(0);
    expect((await limiter.peek('public-form:2001:db8::0')).count).toBe(2);
    expect((await limiter.peek('public-form:2001:db8::2')).count).toBe(1);
    // Another kind is neither dropped nor refused.
    expect((await limiter.hit('login-address:198.51.100.9', 900)).count).toBe(1);
    for (let index = 0; index < 5000; index += 1) await limiter.hit(`public-form:198.18.${index >> 8}.${index & 255}`, 60);
    expect((await limiter.peek('login-address:198.51.100.9')).count).toBe(1);
    expect(limiter.size).toBe(1001);

    const full = createMemoryRateLimiter(new TestClock());
    for (let index = 0; index < 200_000; index += 1) {
      await breathe(index);
      await full.hit(`login:k${index}`, 900);
    }
    expect(full.size).toBe(MAX_WINDOWS_PER_KIND);
    expect((await full.peek(`login:k${199_999}`)).count).toBe(1);
    expect((await full.peek(`login:k${149_999}`)).count).toBe(0);
  });

  it(`never drops an account's counts, its waits or a device's budget (${[...PROTECTED_KINDS].join(', ')}): at the cap a new one is refused 503`, async () => {
    const limiter = createMemoryRateLimiter(new TestClock(), { maxWindowsPerKind: 1000 });
    for (const kind of PROTECTED_KINDS) {
      for (let index = 0; index < 1000; index += 1) await limiter.hit(`${kind}:id:${index}`, 3600, true);
      await expect(limiter.hit(`${kind}:id:1000`, 3600, true)).rejects.toMatchObject({ statusCode: 503 });
      // Every count already taken still counts.
      for (let index = 0; index < 1000; index += 1) expect((await limiter.peek(`${kind}:id:${index}`)).count).toBe(1);
    }
    // The kinds a stranger fills from many addresses drop instead, and leave the protected ones whole.
    for (let index = 0; index < 3000; index += 1) await limiter.hit(`login-name:n${index}`, 3600, true);
    expect((await limiter.peek('login-account:id:0')).count).toBe(1);
    expect(limiter.size).toBe(1000 * (PROTECTED_KINDS.size + 1));
  });

  it('weighs under 200 bytes a window at its cap, with the longest keys the code makes', async () => {
    // Every kind of counter the code makes, each key as long as it can be.
    const longestKeys: Array<(index: number) => string> = [
      (index) => `login-network:ffff:ffff:${index.toString(16)}::/48`,
      (index) => `login-address:not-an-address:${'a'.repeat(17)}${String(index).padStart(5, '0')}`,
      (index) => `login:not-an-address:${'a'.repeat(22)}:${'x'.repeat(17)}${String(index).padStart(5, '0')}`,
      (index) => `login-account:id:${2 ** 31 - index}`,
      (index) => `login-account-wait:id:${2 ** 31 - index}`,
      (index) => `login-name:${'n'.repeat(17)}${String(index).padStart(5, '0')}`,
      (index) => `login-name-wait:${'n'.repeat(17)}${String(index).padStart(5, '0')}`,
      (index) => `login-device:session:${'d'.repeat(59)}${String(index).padStart(5, '0')}`,
      (index) => `public-form:not-an-address:${'a'.repeat(17)}${String(index).padStart(5, '0')}`,
    ];
    const collect = gc();
    collect();
    const before = process.memoryUsage().heapUsed;
    const limiter = createMemoryRateLimiter(new TestClock());
    for (const keyOf of longestKeys) {
      for (let index = 0; index < MAX_WINDOWS_PER_KIND + 1000; index += 1) {
        await breathe(index);
        // Fresh strings, as a request's would be, not shared with the test.
        await limiter.hit(`${keyOf(index)}`.split('').join(''), 3600, index % 2 === 0).catch(() => undefined);
      }
    }
    expect(limiter.size).toBe(longestKeys.length * MAX_WINDOWS_PER_KIND);
    collect();
    const bytesPerWindow = (process.memoryUsage().heapUsed - before) / limiter.size;
    process.stdout.write(
      `memory limiter at its cap: ${limiter.size} windows, ${Math.round(bytesPerWindow)} bytes a window, ${((bytesPerWindow * limiter.size) / 2 ** 20).toFixed(1)} MiB\n`,
    );
    expect(bytesPerWindow).toBeLessThan(200);
    await limiter.close();
  }, 120_000);

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
