// The limits on guessing a staff member's password or second factor (docs/decisions/013 and 020).
// Every try is counted before it is checked (an atomic hit, never peek-then-hit), so tries made in
// parallel, on one process or many, each take a count of their own and none slips under a limit.
//   - per IPv6 network (a /48), whatever its /64s: ten times RATE_LIMIT_LOGIN_ADDRESS per 15
//     minutes; checked first, so a refused network records nothing else (docs/decisions/038);
//   - per client address (an IPv6 /64 counts as one address), whatever the e-mails:
//     RATE_LIMIT_LOGIN_ADDRESS per 15 minutes; a refused address records nothing else;
//   - per client address and account name: RATE_LIMIT_LOGIN per 15 minutes;
//   - per account (its id, once the e-mail names one): RATE_LIMIT_LOGIN_ACCOUNT per sliding hour,
//     with a doubling wait between tries over the last 20 of them. An e-mail no account has is
//     counted the same way under a kind of its own (`login-name`), whose counts protect no one and
//     so may be dropped when the memory limiter is full, unlike an account's;
//   - per device cookie: a browser that signed in before skips the account's waits, on a budget of
//     its own (DEVICE_FAILURES_PER_HOUR); past it the cookie spares nothing.
// A try that turns out right gives its counts back.
// Past the limits, a sign-in waits for its network's turn (an IPv4 address, an IPv6 /48): one
// network's sign-ins run (look up, hash) one at a time (SIGN_INS_AT_ONCE_PER_ADDRESS), and at most
// MAX_WAITING_HASHES run in the process. So one network, however many connections and /64s it
// uses, holds one place and has one hash ahead of anyone else's, and can never get everyone else
// answered 503 (docs/decisions/013, 038). Refusals are paced per network (REFUSALS_PER_SECOND after
// a burst), so a client that floods refused sign-ins over hundreds of connections gets its answers
// slowly and cannot take the event loop from everyone else either.
import { createHash } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { ServiceUnavailableError, TooManyRequestsError } from '../../errors';
import { addressKey, networkKey } from '../../lib/client-address';
import { once } from '../../lib/once';
import type { RateLimiter } from '../../lib/rate-limiter';
import { BUSY_MESSAGE, KNOWN_DEVICE_HASHES, MAX_WAITING_HASHES } from './password';

const ADDRESS_WINDOW_SECONDS = 15 * 60;
const ACCOUNT_WINDOW_SECONDS = 60 * 60;
const LONGEST_ACCOUNT_WAIT_SECONDS = 10 * 60;
/**
 * An IPv6 /48 may fail as often as this many client addresses: a site's staff share it, while one
 * subscriber holding the whole /48 gets no more than that by using its 65,536 /64s.
 */
const ADDRESSES_PER_NETWORK = 10;
/** Wrong passwords or codes an hour from one device cookie before it stops sparing the account's waits. */
const DEVICE_FAILURES_PER_HOUR = 10;
/**
 * Sign-ins from one client address (an IPv6 /64 as one) that run at once in a process; the
 * address's next ones wait for their turn (two people behind one office address wait a hash's
 * time, they are not refused). One address then holds one of the MAX_WAITING_HASHES places and
 * has one hash ahead of anyone else's. Waiting ones are few: each passed the address's limit.
 */
const SIGN_INS_AT_ONCE_PER_ADDRESS = 1;
/** Refusals answered at once to one address, then REFUSALS_PER_SECOND a second. */
const REFUSAL_BURST = 10;
const REFUSALS_PER_SECOND = 10;
/** The longest a refusal is held: short of any proxy's timeout, and of the shutdown's grace. */
const MAX_REFUSAL_WAIT_MS = 2_000;
/** Addresses whose refusals are being paced, and refusals held at once; past either, refusals are answered at once. */
const MAX_PACED_ADDRESSES = 10_000;
const MAX_HELD_REFUSALS = 1_000;

interface LoginLimits {
  /** Failed sign-ins per 15 minutes per client address and e-mail. */
  perAddressAndEmail: number;
  /** Failed sign-ins per 15 minutes per client address, whatever the e-mails. */
  perAddress: number;
  /** Failed sign-ins per hour per account from unknown devices (ASVS 2.2.1: at most 100). */
  perAccount: number;
}

/** The device cookie a sign-in came with, asked about only when every ordinary place is taken. */
export interface PresentedDevice {
  tokenHash: string;
  /** Whether it is one of any account's, set since its credentials last changed (one indexed statement). */
  isLive(): Promise<boolean>;
}

/** The account a sign-in's e-mail names, asked about only while every ordinary place is taken. */
export interface PresentedAccount {
  /** Whether the e-mail is an active member's (one indexed statement). */
  isActiveMember(): Promise<boolean>;
}

/** Counts taken by a try: given back when it turns out right, kept when it fails. */
interface TryCounts {
  /** The try was right: its counts are given back. */
  succeeded(): Promise<void>;
}

/**
 * Where the account's waits start: early enough that, with the doubling waits after it, no more
 * than `perAccount` failures fit in any hour (1 + 2 + ... + 512 s, then one try per 10 minutes: at
 * most 15 more), since the failure count only ends after a quiet hour.
 */
function accountThrottleStart(perAccount: number): number {
  return Math.max(1, perAccount - 20);
}

function accountWaitSeconds(tryNumber: number, start: number): number {
  return Math.min(2 ** Math.max(0, tryNumber - start - 1), LONGEST_ACCOUNT_WAIT_SECONDS);
}

/** A typed name as 22 characters (132 bits of SHA-256): every key the limits make has a bounded length. */
function nameDigest(name: string): string {
  return createHash('sha256').update(name).digest('base64url').slice(0, 22);
}

/**
 * The keys of an account's failures and waits. An account's id counts in `login-account`, which the
 * memory limiter never drops; a name no account has counts in `login-name`, which it may drop when
 * full: such a count protects no one, and anybody can make new ones.
 */
function accountKeys(account: string): { failures: string; wait: string } {
  if (account.startsWith('id:')) return { failures: `login-account:${account}`, wait: `login-account-wait:${account}` };
  const digest = nameDigest(account);
  return { failures: `login-name:${digest}`, wait: `login-name-wait:${digest}` };
}

/**
 * Paces refusals per address (generic cell rate algorithm: one time per address, the moment its
 * pace is back to idle). The pace is courtesy to the server, not a limit: a refusal is a refusal
 * however soon it is answered, so answering at once when the state is full loses nothing. Holds
 * longer than MAX_REFUSAL_WAIT_MS are cut to a random time between half of it and it, so a flood's
 * connections do not all come back in the same turn of the event loop.
 * Real time, not the app's clock: it spaces out work, it counts no window.
 * Bounded: at most MAX_PACED_ADDRESSES addresses and MAX_HELD_REFUSALS refusals held at once.
 */
function createRefusalPacer() {
  const interval = 1000 / REFUSALS_PER_SECOND;
  const tolerance = REFUSAL_BURST * interval;
  /** Address key -> when its pace is idle again and how many refusals it got since it was last idle, in the order last refused. */
  const paced = new Map<string, { idleAt: number; refusals: number }>();
  let held = 0;
  /** Holds the refusal for its turn; answers how many refusals the address got in a row, this one included. */
  return async function waitTurn(address: string): Promise<number> {
    const now = performance.now();
    // Entries are in order of their last refusal and each is idle within 3.1 s of it, so the map
    // holds only addresses refused in the last 3.1 s; dropping idle ones from the front is O(1) amortised.
    for (const [key, entry] of paced) {
      if (entry.idleAt > now) break;
      paced.delete(key);
    }
    const entry = paced.get(address);
    if (!entry && paced.size >= MAX_PACED_ADDRESSES) return 1;
    const busyUntil = Math.max(entry?.idleAt ?? now, now);
    const refusals = (entry?.refusals ?? 0) + 1;
    paced.delete(address);
    paced.set(address, { idleAt: Math.min(busyUntil, now + tolerance + MAX_REFUSAL_WAIT_MS) + interval, refusals });
    const wait = busyUntil - now - tolerance;
    if (wait <= 0 || held >= MAX_HELD_REFUSALS) return refusals;
    held += 1;
    const jittered = wait <= MAX_REFUSAL_WAIT_MS ? wait : MAX_REFUSAL_WAIT_MS * (0.5 + Math.random() / 2);
    await new Promise((resolve) => setTimeout(resolve, jittered));
    held -= 1;
    return refusals;
  };
}

export function createSignInLimits({ limiter, limits, log }: { limiter: RateLimiter; limits: LoginLimits; log: FastifyBaseLogger }) {
  const throttleStart = accountThrottleStart(limits.perAccount);
  const waitRefusalTurn = createRefusalPacer();

  /**
   * The refusal to throw, once this address's turn to be refused has come. Logged for the first
   * refusal of a run and every 100th after it (each request's own log line still shows its 429),
   * so a flood of refusals does not cost a line each.
   */
  const throttled = async (reason: string, clientAddress: string, retryAfterSeconds: number): Promise<TooManyRequestsError> => {
    const refusals = await waitRefusalTurn(networkKey(clientAddress));
    if (refusals === 1 || refusals % 100 === 0) {
      log.warn({ event: 'login.throttled', reason, clientAddress, retryAfterSeconds, refusalsInARow: refusals }, 'sign-in throttled');
    }
    return new TooManyRequestsError(retryAfterSeconds);
  };

  /**
   * Per network key: its sign-ins running now and those waiting for a turn. An entry exists only
   * while one runs, and each running one holds one of MAX_WAITING_HASHES places: at most that many
   * entries, and behind them only tries the network and address limits let through.
   */
  const turns = new Map<string, { running: number; waiting: Array<() => void> }>();
  let runningInAll = 0;
  /** Sign-ins running in the KNOWN_DEVICE_HASHES places, beyond MAX_WAITING_HASHES. */
  let runningFromKnownDevices = 0;

  /**
   * Whether a sign-in refused an ordinary place may take one kept for browsers that signed in
   * before: its device cookie is live, and has not used up its hour's budget of failures (so a
   * stolen cookie takes at most that many tries a place from staff). Asked only while the process
   * is full, so a flood's tries cost no statement otherwise; and each must have passed the network
   * and address limits first.
   */
  const mayUseKnownDevicePlace = async (device: PresentedDevice | undefined, account: PresentedAccount | undefined): Promise<boolean> => {
    if (runningFromKnownDevices >= KNOWN_DEVICE_HASHES) return false;
    const isKnownDevice =
      device !== undefined && (await limiter.peek(`login-device:${device.tokenHash}`)).count < DEVICE_FAILURES_PER_HOUR && (await device.isLive());
    // A new browser of a member: the e-mail names an active member. A flood's invented e-mails name
    // none; one that names a member is held back by the member's own limit (passAccount) within a
    // hash, and past it by the account's waits, which a browser that signed in before is spared.
    const isStaff = isKnownDevice || (account !== undefined && (await account.isActiveMember()));
    return isStaff && runningFromKnownDevices < KNOWN_DEVICE_HASHES;
  };

  /** Hands the address's turn to its next waiting sign-in, or gives it up. */
  const passTurn = (address: string) => {
    const entry = turns.get(address)!;
    const next = entry.waiting.shift();
    if (next) return next();
    entry.running -= 1;
    if (entry.running === 0) turns.delete(address);
  };

  const giveBack = (keys: string[]) => async () => {
    await Promise.all(keys.map((key) => limiter.undo(key)));
  };

  /** Takes this try's count on the account, or refuses it while the account's wait runs. */
  async function takeAccountTry(account: string, clientAddress: string): Promise<string[]> {
    const { failures: accountKey, wait: waitKey } = accountKeys(account);
    const tryNumber = (await limiter.hit(accountKey, ACCOUNT_WINDOW_SECONDS, true)).count;
    if (tryNumber <= throttleStart) return [accountKey];
    if (tryNumber > limits.perAccount) {
      await limiter.undo(accountKey);
      throw await throttled('account', clientAddress, LONGEST_ACCOUNT_WAIT_SECONDS);
    }
    // One try per wait: the first to claim it goes on, every other try until it ends is refused.
    const wait = await limiter.hit(waitKey, accountWaitSeconds(tryNumber, throttleStart));
    if (wait.count > 1) {
      await limiter.undo(accountKey);
      throw await throttled('account', clientAddress, wait.retryAfterSeconds);
    }
    return [accountKey, waitKey];
  }

  return {
    /**
     * Waits for this network's turn to run a sign-in that passed the address limits, then takes a
     * place in the process; the answer gives both back. While the process has MAX_WAITING_HASHES
     * running, a sign-in from a browser that signed in before, or naming an active member's e-mail,
     * takes one of KNOWN_DEVICE_HASHES more places; any other is refused 503 at once with `counts`
     * given back, before any hash.
     */
    async takeTurn(clientAddress: string, counts: TryCounts, device?: PresentedDevice, account?: PresentedAccount): Promise<() => void> {
      const address = networkKey(clientAddress);
      const entry = turns.get(address);
      if (!entry) turns.set(address, { running: 1, waiting: [] });
      else if (entry.running < SIGN_INS_AT_ONCE_PER_ADDRESS) entry.running += 1;
      else await new Promise<void>((resolve) => entry.waiting.push(resolve));
      const isKnownDevicePlace =
        runningInAll >= MAX_WAITING_HASHES &&
        (await mayUseKnownDevicePlace(device, account).catch((error: unknown) => {
          passTurn(address);
          throw error;
        }));
      if (isKnownDevicePlace) {
        runningFromKnownDevices += 1;
        return once(() => {
          runningFromKnownDevices -= 1;
          passTurn(address);
        });
      }
      if (runningInAll >= MAX_WAITING_HASHES) {
        passTurn(address);
        await counts.succeeded();
        log.warn({ event: 'login.throttled', reason: 'busy', clientAddress }, 'sign-in refused: too many in progress');
        throw new ServiceUnavailableError(BUSY_MESSAGE, 2);
      }
      runningInAll += 1;
      return once(() => {
        runningInAll -= 1;
        passTurn(address);
      });
    },

    /**
     * The per-network and per-address limits, before anything is looked up. `accountName` is the
     * e-mail as typed, folded to lower case: it only separates one address's tries by name. A try
     * refused by a narrower limit gives back its counts on the wider ones, so one /64 uses no more
     * of its /48's allowance than its own.
     */
    async passAddress(clientAddress: string, accountName: string): Promise<TryCounts> {
      const address = addressKey(clientAddress);
      const network = networkKey(clientAddress);
      const taken: string[] = [];
      if (network !== address) {
        const perNetworkKey = `login-network:${network}`;
        const perNetwork = await limiter.hit(perNetworkKey, ADDRESS_WINDOW_SECONDS);
        if (perNetwork.count > limits.perAddress * ADDRESSES_PER_NETWORK) {
          throw await throttled('network', clientAddress, perNetwork.retryAfterSeconds);
        }
        taken.push(perNetworkKey);
      }
      const perAddressKey = `login-address:${address}`;
      const perAddress = await limiter.hit(perAddressKey, ADDRESS_WINDOW_SECONDS);
      if (perAddress.count > limits.perAddress) {
        await giveBack(taken)();
        throw await throttled('address', clientAddress, perAddress.retryAfterSeconds);
      }
      taken.push(perAddressKey);
      const pairKey = `login:${address}:${nameDigest(accountName)}`;
      const pair = await limiter.hit(pairKey, ADDRESS_WINDOW_SECONDS);
      if (pair.count > limits.perAddressAndEmail) {
        await giveBack(taken)();
        throw await throttled('address-and-email', clientAddress, pair.retryAfterSeconds);
      }
      return { succeeded: giveBack([...taken, pairKey]) };
    },

    /**
     * The account's limit, once the account is known (`account`: its id, or the typed name when no
     * account has it, so both cost the same). A device cookie of this account spares the account's
     * waits within its own budget; its failures count on the account all the same.
     */
    async passAccount(account: string, clientAddress: string, deviceTokenHash?: string): Promise<TryCounts> {
      if (deviceTokenHash) {
        const deviceKey = `login-device:${deviceTokenHash}`;
        const deviceTries = (await limiter.hit(deviceKey, ACCOUNT_WINDOW_SECONDS, true)).count;
        if (deviceTries <= DEVICE_FAILURES_PER_HOUR) {
          const accountKey = accountKeys(account).failures;
          await limiter.hit(accountKey, ACCOUNT_WINDOW_SECONDS, true);
          return { succeeded: giveBack([deviceKey, accountKey]) };
        }
        await limiter.undo(deviceKey);
        log.warn({ event: 'login.device-exhausted', clientAddress }, 'a device cookie used up its budget of failures');
      }
      return { succeeded: giveBack(await takeAccountTry(account, clientAddress)) };
    },
  };
}

export type SignInLimits = ReturnType<typeof createSignInLimits>;
