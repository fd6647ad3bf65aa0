// Fixed-window counters for abuse limits. In one process they live in memory; with REDIS_URL they
// live in Redis, so every server process behind a load balancer enforces the same limit.
import { Redis } from 'ioredis';
import type { Clock } from './clock';

export interface WindowCount {
  count: number;
  /** Seconds until the window resets. */
  retryAfterSeconds: number;
}

export interface RateLimiter {
  /** Adds one to the key's counter and answers the new count. */
  hit(key: string, windowSeconds: number): Promise<WindowCount>;
  /** Answers the key's counter without changing it. */
  peek(key: string): Promise<WindowCount>;
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
    async hit(key, windowSeconds) {
      let window = live(key);
      if (!window) {
        // Sweep expired windows now and then so the map cannot grow without bound.
        if (windows.size > 10_000) for (const stale of [...windows.keys()]) live(stale);
        window = { count: 0, resetsAt: clock.now().getTime() + windowSeconds * 1000 };
        windows.set(key, window);
      }
      window.count += 1;
      return answer(window);
    },
    async peek(key) {
      return answer(live(key));
    },
    async close() {
      windows.clear();
    },
  };
}

export function createRedisRateLimiter(url: string): RateLimiter {
  const redis = new Redis(url, { maxRetriesPerRequest: 2, enableOfflineQueue: true, lazyConnect: false });
  redis.on('error', () => {});
  const prefix = 'hoy:rate:';
  const ttlToSeconds = (ttl: number) => (ttl > 0 ? Math.ceil(ttl / 1000) : 0);
  return {
    async hit(key, windowSeconds) {
      const [[, count], [, ttl]] = (await redis
        .multi()
        .incr(prefix + key)
        .pttl(prefix + key)
        .exec()) as [[null, number], [null, number]];
      if (ttl < 0) await redis.pexpire(prefix + key, windowSeconds * 1000);
      return { count, retryAfterSeconds: ttl < 0 ? windowSeconds : ttlToSeconds(ttl) };
    },
    async peek(key) {
      const [[, value], [, ttl]] = (await redis
        .multi()
        .get(prefix + key)
        .pttl(prefix + key)
        .exec()) as [[null, string | null], [null, number]];
      return { count: Number(value ?? 0), retryAfterSeconds: ttlToSeconds(ttl) };
    },
    async close() {
      await redis.quit().catch(() => redis.disconnect());
    },
  };
}
