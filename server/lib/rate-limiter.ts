// Fixed-window counters for abuse limits. In one process they live in memory (bounded: at most
// MAX_WINDOWS_PER_KIND windows of each kind); with REDIS_URL they live in Redis, so every server
// process behind a load balancer enforces the same limit, each key expiring with its window
// (docs/decisions/038).
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
 * `login-address`, `login`, `public-form`...). Measured at the cap with the longest keys the code
 * makes (tests/server/rate-limiter.test.ts "weighs"): about 190 bytes a window, under 10 MB a kind,
 * under 90 MB for the nine kinds the code uses today (docs/decisions/038).
 */
export const MAX_WINDOWS_PER_KIND = 50_000;

/**
 * Kinds whose counts protect an account: its failures, its waits, a device cookie's budget. Their
 * keys name an account's id, a known device or a session, so only staff bring new ones into being,
 * never a stranger flooding from many addresses. At the cap a new window of these kinds is refused
 * 503 (dropping one would wipe a count that holds a guesser back). Every other kind is counted per
 * client address, network or typed name: at its cap it drops its least recently used window, which
 * gives whoever filled it nothing the limits of the protected kinds and of the wider networks do not
 * still hold back (docs/decisions/038), and keeps a fresh address counting.
 */
export const PROTECTED_KINDS: ReadonlySet<string> = new Set(['login-account', 'login-account-wait', 'login-device']);

/** The memory limiter, with its number of windows (for tests and metrics). */
export interface MemoryRateLimiter extends RateLimiter {
  /** Windows held now, ended ones not yet dropped included: never more than MAX_WINDOWS_PER_KIND per kind. */
  readonly size: number;
}

/** A window, in its kind's list from least to most recently hit. */
interface MemoryWindow {
  key: string;
  kind: Kind;
  count: number;
  resetsAt: number;
  older: MemoryWindow | undefined;
  newer: MemoryWindow | undefined;
}

/** A kind's windows, least recently hit first (a doubly linked list: O(1) to move, drop or add one). */
interface Kind {
  name: string;
  isProtected: boolean;
  size: number;
  oldest: MemoryWindow | undefined;
  newest: MemoryWindow | undefined;
}

function unlink(window: MemoryWindow): void {
  const kind = window.kind;
  if (window.older) window.older.newer = window.newer;
  else kind.oldest = window.newer;
  if (window.newer) window.newer.older = window.older;
  else kind.newest = window.older;
  window.older = undefined;
  window.newer = undefined;
  kind.size -= 1;
}

function append(window: MemoryWindow): void {
  const kind = window.kind;
  window.older = kind.newest;
  window.newer = undefined;
  if (kind.newest) kind.newest.newer = window;
  else kind.oldest = window;
  kind.newest = window;
  kind.size += 1;
}

/**
 * Counters in this process's memory, bounded in size and O(1) per call. Each kind keeps its windows
 * in the order they were last hit:
 * - a window ends at most one window after its last hit (a fixed one sooner), so the least recently
 *   hit windows are the first to end: each hit drops the ended ones at the front of every kind's
 *   list and never scans the rest. A window is dropped at most its kind's longest window after it
 *   ends, never before.
 * - at most `maxWindowsPerKind` windows of a kind. At the cap a new window drops the kind's least
 *   recently hit one, except in PROTECTED_KINDS, where it is refused 503 as when Redis is
 *   unreachable. Counting per kind keeps a flood of one kind (public posts from many addresses)
 *   from pushing out the others.
 */
export function createMemoryRateLimiter(clock: Clock, { maxWindowsPerKind = MAX_WINDOWS_PER_KIND, protectedKinds = PROTECTED_KINDS } = {}): MemoryRateLimiter {
  const windows = new Map<string, MemoryWindow>();
  /** A handful: the kinds of key the code makes. */
  const kinds = new Map<string, Kind>();

  const kindOf = (key: string): Kind => {
    const name = key.slice(0, Math.max(0, key.indexOf(':')));
    let kind = kinds.get(name);
    if (!kind) {
      kind = { name, isProtected: protectedKinds.has(name), size: 0, oldest: undefined, newest: undefined };
      kinds.set(name, kind);
    }
    return kind;
  };

  const drop = (window: MemoryWindow) => {
    unlink(window);
    windows.delete(window.key);
  };

  /** Drops the ended windows at the front of each kind's list. */
  const dropEnded = (now: number) => {
    for (const kind of kinds.values()) {
      while (kind.oldest && kind.oldest.resetsAt <= now) drop(kind.oldest);
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
      if (window) {
        unlink(window);
        // An ended window not yet dropped starts again in place.
        if (window.resetsAt <= now) {
          window.count = 0;
          window.resetsAt = now + windowMs;
        }
      } else {
        const kind = kindOf(key);
        if (kind.size >= maxWindowsPerKind) {
          if (kind.isProtected) throw new ServiceUnavailableError();
          drop(kind.oldest!);
        }
        window = { key, kind, count: 0, resetsAt: now + windowMs, older: undefined, newer: undefined };
        windows.set(key, window);
      }
      append(window);
      window.count += 1;
      if (isSliding) window.resetsAt = now + windowMs;
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
      kinds.clear();
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
