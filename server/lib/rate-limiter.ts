// Fixed-window counters for abuse limits. In one process they live in memory; with REDIS_URL they
// live in Redis, so every server process behind a load balancer enforces the same limit.
import { Redis } from 'ioredis';
import { ServiceUnavailableError } from '../errors';
import type { Clock } from './clock';

export interface WindowCount {
  count: number;
  /** Seconds until the window resets. */
  retryAfterSeconds: number;
}

export interface RateLimiter {
  /**
   * Adds one to the key's counter and answers the new count. The window starts at the first hit;
   * with `isSliding` every hit restarts it, so the counter ends only after a whole quiet window.
   */
  hit(key: string, windowSeconds: number, isSliding?: boolean): Promise<WindowCount>;
  /** Answers the key's counter without changing it. */
  peek(key: string): Promise<WindowCount>;
  /** Takes back one hit (a login that turned out right), leaving the window's end as it was. */
  undo(key: string): Promise<void>;
  close(): Promise<void>;
}

export function createMemoryRateLimiter(clock: Clock): RateLimiter {
  const windows = new Map<string, { count: number; resetsAt: number }>();
  const live = (key: string) => {
    const window = windows.get(key);
    if (window && window.resetsAt <= clock.now().getTime()) {
      windows.delete(key);
      return undefined;
    }
    return window;
  };
  const answer = (window: { count: number; resetsAt: number } | undefined): WindowCount => ({
    count: window?.count ?? 0,
    retryAfterSeconds: window ? Math.max(1, Math.ceil((window.resetsAt - clock.now().getTime()) / 1000)) : 0,
  });
  return {
    async hit(key, windowSeconds, isSliding = false) {
      let window = live(key);
      if (!window) {
        // Sweep expired windows now and then so the map cannot grow without bound.
        if (windows.size > 10_000) for (const stale of [...windows.keys()]) live(stale);
        window = { count: 0, resetsAt: clock.now().getTime() + windowSeconds * 1000 };
        windows.set(key, window);
      }
      window.count += 1;
      if (isSliding) window.resetsAt = clock.now().getTime() + windowSeconds * 1000;
      return answer(window);
    },
    async peek(key) {
      return answer(live(key));
    },
    async undo(key) {
      const window = live(key);
      if (window && window.count > 0) window.count -= 1;
    },
    async close() {
      windows.clear();
    },
  };
}

/** Decrements only a live counter: a key that expired meanwhile must not come back without a TTL. */
const UNDO_SCRIPT = "if redis.call('exists', KEYS[1]) == 1 then return redis.call('decr', KEYS[1]) end return 0";

/**
 * One MULTI per hit: SET NX PX opens the window with its expiry before INCR counts in it, so a
 * counter can never outlive its window (a crash between two commands cannot leave a key without TTL).
 * Redis being unreachable answers 503: refusing is safer than letting a brute force through.
 */
export function createRedisRateLimiter(url: string, prefix = 'hoy:rate:'): RateLimiter {
  const redis = new Redis(url, { maxRetriesPerRequest: 2, enableOfflineQueue: true, lazyConnect: false });
  redis.on('error', () => {});
  const ttlToSeconds = (ttl: number) => (ttl > 0 ? Math.ceil(ttl / 1000) : 0);
  const unavailable = () => new ServiceUnavailableError();
  return {
    async hit(key, windowSeconds, isSliding = false) {
      const transaction = redis.multi().set(prefix + key, '0', 'PX', windowSeconds * 1000, 'NX').incr(prefix + key);
      if (isSliding) transaction.pexpire(prefix + key, windowSeconds * 1000);
      const replies = await transaction
        .pttl(prefix + key)
        .exec()
        .catch(() => null);
      const failed = !replies || replies.some(([error]) => error);
      if (failed) throw unavailable();
      const count = Number(replies[1][1]);
      const ttl = Number(replies[replies.length - 1][1]);
      return { count, retryAfterSeconds: ttl > 0 ? ttlToSeconds(ttl) : windowSeconds };
    },
    async peek(key) {
      const replies = await redis
        .multi()
        .get(prefix + key)
        .pttl(prefix + key)
        .exec()
        .catch(() => null);
      if (!replies || replies.some(([error]) => error)) throw unavailable();
      return { count: Number(replies[0][1] ?? 0), retryAfterSeconds: ttlToSeconds(Number(replies[1][1])) };
    },
    async undo(key) {
      await redis.eval(UNDO_SCRIPT, 1, prefix + key).catch(() => {
        throw unavailable();
      });
    },
    async close() {
      await redis.quit().catch(() => redis.disconnect());
    },
  };
}
