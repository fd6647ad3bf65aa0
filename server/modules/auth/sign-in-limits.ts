// The limits on guessing a staff member's password or second factor (docs/decisions/013 and 020).
// Every try is counted before it is checked (an atomic hit, never peek-then-hit), so tries made in
// parallel, on one process or many, each take a count of their own and none slips under a limit.
//   - per client address (an IPv6 /64 counts as one address), whatever the e-mails:
//     RATE_LIMIT_LOGIN_ADDRESS per 15 minutes; checked first, so a refused address records nothing else;
//   - per client address and account name: RATE_LIMIT_LOGIN per 15 minutes;
//   - per account (its id, once the e-mail names one): RATE_LIMIT_LOGIN_ACCOUNT per sliding hour,
//     with a doubling wait between tries over the last 20 of them;
//   - per device cookie: a browser that signed in before skips the account's waits, on a budget of
//     its own (DEVICE_FAILURES_PER_HOUR); past it the cookie spares nothing.
// A try that turns out right gives its counts back.
import type { FastifyBaseLogger } from 'fastify';
import { TooManyRequestsError } from '../../errors';
import { addressKey } from '../../lib/client-address';
import type { RateLimiter } from '../../lib/rate-limiter';

const ADDRESS_WINDOW_SECONDS = 15 * 60;
const ACCOUNT_WINDOW_SECONDS = 60 * 60;
const LONGEST_ACCOUNT_WAIT_SECONDS = 10 * 60;
/** Wrong passwords or codes an hour from one device cookie before it stops sparing the account's waits. */
export const DEVICE_FAILURES_PER_HOUR = 10;

export interface LoginLimits {
  /** Failed sign-ins per 15 minutes per client address and e-mail. */
  perAddressAndEmail: number;
  /** Failed sign-ins per 15 minutes per client address, whatever the e-mails. */
  perAddress: number;
  /** Failed sign-ins per hour per account from unknown devices (ASVS 2.2.1: at most 100). */
  perAccount: number;
}

/** Counts taken by a try: given back when it turns out right, kept when it fails. */
export interface TryCounts {
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

export function createSignInLimits({ limiter, limits, log }: { limiter: RateLimiter; limits: LoginLimits; log: FastifyBaseLogger }) {
  const throttleStart = accountThrottleStart(limits.perAccount);

  const throttled = (reason: string, clientAddress: string, retryAfterSeconds: number): TooManyRequestsError => {
    log.warn({ event: 'login.throttled', reason, clientAddress, retryAfterSeconds }, 'sign-in throttled');
    return new TooManyRequestsError(retryAfterSeconds);
  };

  const giveBack = (keys: string[]) => async () => {
    await Promise.all(keys.map((key) => limiter.undo(key)));
  };

  /** Takes this try's count on the account, or refuses it while the account's wait runs. */
  async function takeAccountTry(account: string, clientAddress: string): Promise<string[]> {
    const accountKey = `login-account:${account}`;
    const tryNumber = (await limiter.hit(accountKey, ACCOUNT_WINDOW_SECONDS, true)).count;
    if (tryNumber <= throttleStart) return [accountKey];
    if (tryNumber > limits.perAccount) {
      await limiter.undo(accountKey);
      throw throttled('account', clientAddress, LONGEST_ACCOUNT_WAIT_SECONDS);
    }
    // One try per wait: the first to claim it goes on, every other try until it ends is refused.
    const waitKey = `login-account-wait:${account}`;
    const wait = await limiter.hit(waitKey, accountWaitSeconds(tryNumber, throttleStart));
    if (wait.count > 1) {
      await limiter.undo(accountKey);
      throw throttled('account', clientAddress, wait.retryAfterSeconds);
    }
    return [accountKey, waitKey];
  }

  return {
    /**
     * The two per-address limits, before anything is looked up. `accountName` is the e-mail as
     * typed, folded to lower case: it only separates one address's tries by name.
     */
    async passAddress(clientAddress: string, accountName: string): Promise<TryCounts> {
      const address = addressKey(clientAddress);
      const perAddressKey = `login-address:${address}`;
      const perAddress = await limiter.hit(perAddressKey, ADDRESS_WINDOW_SECONDS);
      if (perAddress.count > limits.perAddress) throw throttled('address', clientAddress, perAddress.retryAfterSeconds);
      const pairKey = `login:${address}:${accountName}`;
      const pair = await limiter.hit(pairKey, ADDRESS_WINDOW_SECONDS);
      if (pair.count > limits.perAddressAndEmail) {
        await limiter.undo(perAddressKey);
        throw throttled('address-and-email', clientAddress, pair.retryAfterSeconds);
      }
      return { succeeded: giveBack([perAddressKey, pairKey]) };
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
          const accountKey = `login-account:${account}`;
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
