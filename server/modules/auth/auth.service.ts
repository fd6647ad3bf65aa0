// Admin sign-in, sessions and passwords: the rules; SQL lives in the repository.
// Sign-in abuse is limited three ways before any password is hashed (docs/decisions/013):
//   - per client address and e-mail (RATE_LIMIT_LOGIN per 15 minutes);
//   - per client address across e-mails (RATE_LIMIT_LOGIN_ADDRESS per 15 minutes);
//   - per account from browsers it never signed in from (RATE_LIMIT_LOGIN_ACCOUNT per hour: 20
//     failures before it, every further try waits twice as long as the last, up to 10 minutes;
//     the count ends only after an hour without failures).
// A browser that signed in before carries a device cookie and skips the account throttle, so
// guessing from elsewhere cannot keep the real administrator out (OWASP's device cookies).
import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { SESSION_EXPIRED_MESSAGE, SESSION_EXPIRED_REASON, type SessionRow } from '../../../src/contracts/auth';
import type { Role } from '../../../src/contracts/roles';
import type { Clock } from '../../lib/clock';
import type { RateLimiter } from '../../lib/rate-limiter';
import { ServiceUnavailableError, TooManyRequestsError, UnauthorizedError } from '../../errors';
import type { AuthRepository } from './auth.repository';
import { BUSY_MESSAGE, getDecoyHash, hashPassword, MAX_WAITING_HASHES, verifyPassword } from './password';
import { createToken, hashToken } from './tokens';

/** last_seen_at is written at most this often, so reads do not each cost a write. */
const TOUCH_INTERVAL_MS = 60 * 1000;
const ADDRESS_WINDOW_SECONDS = 15 * 60;
const ACCOUNT_WINDOW_SECONDS = 60 * 60;
const LONGEST_ACCOUNT_WAIT_SECONDS = 10 * 60;
/** A device cookie lasts this long after the sign-in that set it. */
export const DEVICE_LIFETIME_MS = 90 * 24 * 60 * 60 * 1000;
/** Dead sessions are kept this long, so their tokens are answered "expired" rather than unknown. */
const DEAD_SESSION_RETENTION_MS = 7 * 24 * 60 * 60 * 1000;
export const INVALID_CREDENTIALS_MESSAGE = 'Invalid email or password.';

export interface AdminPrincipal {
  administratorId: number;
  /** The account's role as of this request (docs/decisions/018-staff-roles.md). */
  role: Role;
  sessionId: number;
  tokenHash: string;
}

export interface LoginLimits {
  /** Failed sign-ins per 15 minutes per client address and e-mail. */
  perAddressAndEmail: number;
  /** Failed sign-ins per 15 minutes per client address, whatever the e-mails. */
  perAddress: number;
  /** Failed sign-ins per hour per account from unknown devices (ASVS 2.2.1: at most 100). */
  perAccount: number;
}

export interface LoginAttempt {
  email: string;
  password: string;
  clientAddress: string;
  /** The device cookie the browser sent, if any. */
  deviceToken?: string;
}

interface AuthServiceDeps {
  repository: AuthRepository;
  clock: Clock;
  limiter: RateLimiter;
  limits: LoginLimits;
  session: { idleMs: number; maxMs: number };
  log: FastifyBaseLogger;
}

/**
 * Where the account throttle starts: early enough that, with the doubling waits after it, no more
 * than `perAccount` failures fit in any hour (1 + 2 + ... + 512 s, then one try per 10 minutes: at
 * most 15 more), since the failure count only ends after a quiet hour.
 */
function accountThrottleStart(perAccount: number): number {
  return Math.max(1, perAccount - 20);
}

function accountWaitSeconds(failures: number, start: number): number {
  return Math.min(2 ** Math.max(0, failures - start), LONGEST_ACCOUNT_WAIT_SECONDS);
}

export function createAuthService({ repository, clock, limiter, limits, session, log }: AuthServiceDeps) {
  const idleSince = (now: Date) => new Date(now.getTime() - session.idleMs);
  /**
   * Sign-ins past the rate limits, still looking up or hashing. Beyond the hashing queue's length
   * a sign-in is refused at once, before any database work, so a flood from many addresses cannot
   * queue statements ahead of everyone else's.
   */
  let signInsInProgress = 0;
  const throttleStart = accountThrottleStart(limits.perAccount);

  const throttled = (reason: string, attempt: LoginAttempt, retryAfterSeconds: number): TooManyRequestsError => {
    log.warn({ event: 'login.throttled', reason, clientAddress: attempt.clientAddress, retryAfterSeconds }, 'sign-in throttled');
    return new TooManyRequestsError(retryAfterSeconds);
  };

  /** Refuses an attempt from an unknown device while the account's wait runs; else claims the one try of this wait. */
  async function passAccountThrottle(account: string, attempt: LoginAttempt): Promise<void> {
    const failures = (await limiter.peek(`login-account:${account}`)).count;
    if (failures < throttleStart) return;
    const wait = await limiter.peek(`login-account-wait:${account}:${failures}`);
    if (wait.count > 0) throw throttled('account', attempt, wait.retryAfterSeconds);
    // One try per failure count: parallel guesses at the end of a wait cannot all slip through.
    const claim = await limiter.hit(`login-account-try:${account}:${failures}`, ACCOUNT_WINDOW_SECONDS);
    if (claim.count > 1) throw throttled('account', attempt, 1);
  }

  async function countAccountFailure(account: string): Promise<void> {
    const failures = (await limiter.hit(`login-account:${account}`, ACCOUNT_WINDOW_SECONDS, true)).count;
    if (failures >= throttleStart) {
      await limiter.hit(`login-account-wait:${account}:${failures}`, accountWaitSeconds(failures, throttleStart));
    }
  }

  /** The two per-address limits, counted before the password check (atomic hit, not peek-then-hit), so parallel guesses cannot all slip under them. */
  async function passAddressLimits(attempt: LoginAttempt) {
    const account = attempt.email.trim().toLowerCase();
    const pairKey = `login:${attempt.clientAddress}:${account}`;
    const addressKey = `login-address:${attempt.clientAddress}`;
    const pair = await limiter.hit(pairKey, ADDRESS_WINDOW_SECONDS);
    if (pair.count > limits.perAddressAndEmail) throw throttled('address-and-email', attempt, pair.retryAfterSeconds);
    const address = await limiter.hit(addressKey, ADDRESS_WINDOW_SECONDS);
    if (address.count > limits.perAddress) {
      await limiter.undo(pairKey);
      throw throttled('address', attempt, address.retryAfterSeconds);
    }
    return { account, pairKey, addressKey };
  }

  async function checkCredentials(attempt: LoginAttempt, account: string, pairKey: string, addressKey: string) {
    const now = clock.now();
    const isKnownDevice =
      attempt.deviceToken !== undefined && (await repository.isKnownDevice(hashToken(attempt.deviceToken), account, now));
    if (!isKnownDevice) await passAccountThrottle(account, attempt);

    const administrator = await repository.findAdministratorByEmail(attempt.email.trim());
    const check = await verifyPassword(attempt.password, administrator?.passwordHash ?? (await getDecoyHash()));
    // A disabled account is refused like a wrong password: the answer does not tell that it exists.
    if (!administrator || !check.isValid || administrator.disabledAt !== null) {
      if (!isKnownDevice) await countAccountFailure(account);
      log.info({ event: 'login.failed', administratorId: administrator?.id ?? null, clientAddress: attempt.clientAddress }, 'sign-in failed');
      throw new UnauthorizedError(INVALID_CREDENTIALS_MESSAGE);
    }
    await Promise.all([limiter.undo(pairKey), limiter.undo(addressKey)]);
    if (check.needsRehash) {
      await repository.replacePasswordHash(administrator.id, await hashPassword(attempt.password));
      log.info({ event: 'password.rehashed', administratorId: administrator.id }, 'password hash upgraded to the current parameters');
    }
    const token = createToken();
    const deviceToken = createToken();
    await repository.insertSession(administrator.id, hashToken(token), now, new Date(now.getTime() + session.maxMs));
    await repository.insertDevice(administrator.id, hashToken(deviceToken), now, new Date(now.getTime() + DEVICE_LIFETIME_MS));
    log.info({ event: 'login.succeeded', administratorId: administrator.id, clientAddress: attempt.clientAddress }, 'signed in');
    return { token, deviceToken };
  }

  return {
    /**
     * Same answer and about the same time for an unknown e-mail and a wrong password. Answers the
     * bearer token and a new device token for the browser to keep.
     */
    async login(attempt: LoginAttempt): Promise<{ token: string; deviceToken: string }> {
      const { pairKey, addressKey, account } = await passAddressLimits(attempt);
      if (signInsInProgress >= MAX_WAITING_HASHES) {
        await Promise.all([limiter.undo(pairKey), limiter.undo(addressKey)]);
        log.warn({ event: 'login.throttled', reason: 'busy', clientAddress: attempt.clientAddress }, 'sign-in refused: too many in progress');
        throw new ServiceUnavailableError(BUSY_MESSAGE, 2);
      }
      signInsInProgress += 1;
      try {
        return await checkCredentials(attempt, account, pairKey, addressKey);
      } finally {
        signInsInProgress -= 1;
      }
    },

    /**
     * The principal of a live session; 401 for any other token, saying so when it ended by time.
     * A background call (a screen polling for new chat messages) does not count as activity, so a
     * screen left open still lets its session go idle.
     */
    async authenticate(token: string, isBackground = false): Promise<AdminPrincipal> {
      const now = clock.now();
      const tokenHash = hashToken(token);
      const found = await repository.findSession(tokenHash);
      // A disabled account's sessions are revoked when it is disabled; this refuses them even before that lands.
      if (!found || found.revokedAt !== null || found.disabledAt !== null) throw new UnauthorizedError();
      if (found.expiresAt <= now || found.lastSeenAt <= idleSince(now)) {
        throw new UnauthorizedError(SESSION_EXPIRED_MESSAGE, SESSION_EXPIRED_REASON);
      }
      if (!isBackground && now.getTime() - found.lastSeenAt.getTime() > TOUCH_INTERVAL_MS) await repository.touchSession(found.id, now);
      return { administratorId: found.administratorId, role: found.role, sessionId: found.id, tokenHash };
    },

    async logout(principal: AdminPrincipal): Promise<void> {
      await repository.revokeSession(principal.tokenHash, clock.now());
      log.info({ event: 'session.revoked', reason: 'logout', administratorId: principal.administratorId }, 'signed out');
    },

    async listSessions(principal: AdminPrincipal): Promise<SessionRow[]> {
      const now = clock.now();
      const rows = await repository.listLiveSessions(principal.administratorId, now, idleSince(now));
      return rows.map((row) => ({
        id: row.id,
        createdAt: row.createdAt.toISOString(),
        lastSeenAt: row.lastSeenAt.toISOString(),
        expiresAt: new Date(Math.min(row.expiresAt.getTime(), row.lastSeenAt.getTime() + session.idleMs)).toISOString(),
        isCurrent: row.id === principal.sessionId,
      }));
    },

    /** Signs the administrator out everywhere but in the session that asks. */
    async revokeOtherSessions(principal: AdminPrincipal): Promise<number> {
      const revoked = await repository.revokeOtherSessions(principal.administratorId, principal.sessionId, clock.now());
      log.info({ event: 'session.revoked', reason: 'other-sessions', administratorId: principal.administratorId, revoked }, 'signed out other sessions');
      return revoked;
    },

    /** Creates the first administrator when there is none; a generated password is logged once. */
    async ensureFirstAdministrator(options: { email?: string; password?: string }): Promise<void> {
      if ((await repository.countAdministrators()) > 0) return;
      const email = options.email ?? 'admin@example.com';
      const password = options.password ?? randomBytes(12).toString('base64url');
      // Processes starting together on one empty database race here: only the one that inserts logs.
      if (!(await repository.insertAdministratorUnlessTaken(email, await hashPassword(password)))) return;
      if (options.password) log.info({ event: 'password.set', email }, 'created the first administrator from ADMIN_EMAIL / ADMIN_PASSWORD');
      // Printed once on purpose: there is no other way to learn a generated first password.
      else log.warn({ event: 'password.set', email, password }, 'created the first administrator with a generated password; change it with: npm run admin -- set-password');
    },

    /** Sets (or creates) an administrator's password and revokes that administrator's sessions. */
    async setPassword(email: string, password: string): Promise<'created' | 'updated'> {
      const passwordHash = await hashPassword(password);
      const existing = await repository.findAdministratorByEmail(email);
      if (!existing) {
        const created = await repository.insertAdministrator(email, passwordHash);
        log.info({ event: 'password.set', administratorId: created.id }, 'administrator created');
        return 'created';
      }
      const now = clock.now();
      await repository.updatePassword(existing.id, passwordHash, now);
      const revoked = await repository.revokeAllSessions(now, existing.id);
      log.info({ event: 'password.set', administratorId: existing.id }, 'password changed');
      log.info({ event: 'session.revoked', reason: 'password-set', administratorId: existing.id, revoked }, 'sessions revoked');
      return 'updated';
    },

    async revokeAllSessions(): Promise<number> {
      const revoked = await repository.revokeAllSessions(clock.now());
      log.info({ event: 'session.revoked', reason: 'all', revoked }, 'every session revoked');
      return revoked;
    },

    async deleteDeadSessions(): Promise<void> {
      const now = clock.now();
      const before = new Date(now.getTime() - DEAD_SESSION_RETENTION_MS);
      await repository.deleteDeadSessions(before, new Date(before.getTime() - session.idleMs));
    },
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
