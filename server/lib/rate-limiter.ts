// Fixed-window counters for abuse limits. In one process they live in memory (bounded: at most
// MAX_WINDOWS_PER_KIND windows of each kind); with REDIS_URL they live in Redis, so every server
// process behind a load balancer enforces the same limit.
import { Redis } from 'ioredis';
import { ServiceUnavailableError } from '../errors';
import type { Clock } from './clock';

interface WindowCount {
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

/**
 * Windows the memory limiter keeps of each kind of counter (a key's prefix up to its first colon:
 * `login-address`, `login`, `public-form`...). About 230 bytes each (measured with the keys the
 * code makes), so at most some 12 MB per kind, 70 MB with the six kinds the code uses today.
 */
export const MAX_WINDOWS_PER_KIND = 50_000;

/** The memory limiter, with its number of windows (for tests and metrics). */
export interface MemoryRateLimiter extends RateLimiter {
  /** Windows held now, expired ones not yet dropped included: never more than MAX_WINDOWS_PER_KIND per kind. */
  readonly size: number;
}

interface MemoryWindow {
  kind: string;
  count: number;
  resetsAt: number;
  windowMs: number;
}

/** A first-in first-out queue of keys, each with the time its window ended when it was queued. */
class ExpiryQueue {
  private keys: string[] = [];
  private endsAt: number[] = [];
  private head = 0;

  push(key: string, endsAt: number): void {
    this.keys.push(key);
    this.endsAt.push(endsAt);
  }

  /** The oldest key, when its window has ended by `now`, taken off the queue. */
  shiftEnded(now: number): string | undefined {
    if (this.head === this.keys.length || this.endsAt[this.head] > now) return undefined;
    const key = this.keys[this.head];
    this.head += 1;
    // Drop the consumed half now and then, so the arrays hold only queued keys (amortised O(1)).
    if (this.head > 1024 && this.head * 2 > this.keys.length) {
      this.keys = this.keys.slice(this.head);
      this.endsAt = this.endsAt.slice(this.head);
      this.head = 0;
    }
    return key;
  }
}

/**
 * Counters in this process's memory, bounded in size and O(1) amortised per call:
 * - expiry is incremental. Every window sits in exactly one queue, the one of its length; windows
 *   of one length end in the order they were queued, so each hit drops the ended windows at the
 *   heads of the queues and never scans the map. A sliding window whose end moved on meanwhile is
 *   queued again at its new end when it reaches the head (one requeue per move, paid by the hit
 *   that moved it); it may then sit behind windows that end later, so it is dropped at most one
 *   window length late, never early.
 * - a hard cap of MAX_WINDOWS_PER_KIND windows per kind. At the cap a new window of that kind is
 *   refused: the hit throws 503, as when Redis is unreachable. Dropping an old count instead would
 *   let whoever fills the map wipe the counts that hold them back, so the cap fails closed; and
 *   since it counts per kind, filling one kind (say public-form posts from many IPv6 addresses)
 *   leaves every other kind of limit working.
 */
export function createMemoryRateLimiter(clock: Clock, { maxWindowsPerKind = MAX_WINDOWS_PER_KIND } = {}): MemoryRateLimiter {
  const windows = new Map<string, MemoryWindow>();
  /** One queue per window length: a handful (the code's window lengths), each key in exactly one. */
  const queues = new Map<number, ExpiryQueue>();
  const windowsPerKind = new Map<string, number>();

  const queueOf = (windowMs: number): ExpiryQueue => {
    let queue = queues.get(windowMs);
    if (!queue) {
      queue = new ExpiryQueue();
      queues.set(windowMs, queue);
    }
    return queue;
  };

  /** Drops the windows that have ended at the heads of the queues; requeues the ones that slid on. */
  const dropEnded = (now: number) => {
    for (const queue of queues.values()) {
      for (let key = queue.shiftEnded(now); key !== undefined; key = queue.shiftEnded(now)) {
        const window = windows.get(key)!;
        if (window.resetsAt > now) {
          queueOf(window.windowMs).push(key, window.resetsAt);
          continue;
        }
        windows.delete(key);
        windowsPerKind.set(window.kind, windowsPerKind.get(window.kind)! - 1);
      }
    }
  };

  const live = (key: string, now: number) => {
    const window = windows.get(key);
    return window && window.resetsAt > now ? window : undefined;
  };
  const answer = (window: MemoryWindow | undefined, now: number): WindowCount => ({
    count: window?.count ?? 0,
    retryAfterSeconds: window ? Math.max(1, Math.ceil((window.resetsAt - now) / 1000)) : 0,
  });

  return {
    get size() {
      return windows.size;
    },
    async hit(key, windowSeconds, isSliding = false) {
      const now = clock.now().getTime();
      const windowMs = windowSeconds * 1000;
      dropEnded(now);
      let window = windows.get(key);
      if (!window) {
        const kind = key.slice(0, Math.max(0, key.indexOf(':')));
        const ofKind = windowsPerKind.get(kind) ?? 0;
        if (ofKind >= maxWindowsPerKind) throw new ServiceUnavailableError();
        window = { kind, count: 0, resetsAt: now + windowMs, windowMs };
        windows.set(key, window);
        windowsPerKind.set(kind, ofKind + 1);
        queueOf(windowMs).push(key, window.resetsAt);
      } else if (window.resetsAt <= now) {
        // An ended window not yet dropped starts again in place; its queue entry requeues it when due.
        window.count = 0;
        window.resetsAt = now + windowMs;
        window.windowMs = windowMs;
      }
      window.count += 1;
      if (isSliding) {
        window.resetsAt = now + windowMs;
        window.windowMs = windowMs;
      }
      return answer(window, now);
    },
    async peek(key) {
      const now = clock.now().getTime();
      return answer(live(key, now), now);
    },
    async undo(key) {
      const window = live(key, clock.now().getTime());
      if (window && window.count > 0) window.count -= 1;
    },
    async close() {
      windows.clear();
      queues.clear();
      windowsPerKind.clear();
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
      const transaction = redis
        .multi()
        .set(prefix + key, '0', 'PX', windowSeconds * 1000, 'NX')
        .incr(prefix + key);
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
