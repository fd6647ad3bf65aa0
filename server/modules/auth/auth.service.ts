// Staff sign-in, sessions and passwords: the rules; SQL lives in the repository.
// A sign-in is a password step and, for a member with a second factor, a code step
// (docs/decisions/020-second-factor.md). Guessing is limited before any password is hashed or any
// code checked (sign-in-limits.ts, docs/decisions/013). A session is inserted only while the
// account's credentials epoch is the one the sign-in read: a password reset, a disable or "sign out
// everywhere" that lands while a sign-in is under way wins over it.
import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { ACCOUNT_MESSAGES, ACCOUNT_REASONS, type LoginStep, type SecondFactorProof } from '../../../src/contracts/account';
import { SESSION_EXPIRED_MESSAGE, SESSION_EXPIRED_REASON, type SessionRow } from '../../../src/contracts/auth';
import type { Role } from '../../../src/contracts/roles';
import type { Database } from '../../db/client';
import type { Clock } from '../../lib/clock';
import { UnauthorizedError } from '../../errors';
import type { AuthRepository } from './auth.repository';
import type { PasswordHasher } from './password';
import { useSecondFactorProof } from './second-factor-proof';
import type { SecretSeal } from './secret-seal';
import type { SignInLimits } from './sign-in-limits';
import { createToken, hashToken } from './tokens';

/** last_seen_at is written at most this often, so reads do not each cost a write. */
const TOUCH_INTERVAL_MS = 60 * 1000;
/** A device cookie lasts this long after the sign-in that set it. */
export const DEVICE_LIFETIME_MS = 90 * 24 * 60 * 60 * 1000;
/** Dead sessions are kept this long, so their tokens are answered "expired" rather than unknown. */
const DEAD_SESSION_RETENTION_MS = 7 * 24 * 60 * 60 * 1000;
/**
 * The second step of a sign-in must come within this time and these codes: each code is counted
 * before it is checked, so five wrong ones end the challenge, however many arrive at once.
 */
const CHALLENGE_LIFETIME_MS = 5 * 60 * 1000;
const CHALLENGE_MAX_CODES = 5;
const INVALID_CREDENTIALS_MESSAGE = 'Invalid email or password.';

export interface AdminPrincipal {
  administratorId: number;
  /** The account's role as of this request (docs/decisions/018-staff-roles.md). */
  role: Role;
  sessionId: number;
  tokenHash: string;
  /** The role requires a second factor and the member has none: only enrolment is open to them. */
  mustEnrolSecondFactor: boolean;
  /** When the session ends unless it is used meanwhile (idle) or at the latest (absolute). */
  endsAt: Date;
}

interface LoginAttempt {
  email: string;
  password: string;
  clientAddress: string;
  /** The device cookie the browser sent, if any. */
  deviceToken?: string;
}

interface SecondFactorAttempt extends SecondFactorProof {
  challenge: string;
  clientAddress: string;
  deviceToken?: string;
}

interface AuthServiceDeps {
  db: Database;
  repository: AuthRepository;
  clock: Clock;
  limits: SignInLimits;
  passwords: PasswordHasher;
  session: { idleMs: number; maxMs: number };
  log: FastifyBaseLogger;
  /** Opens the stored TOTP secrets (decision 036). */
  seal: SecretSeal;
}

export function createAuthService({ db, repository, clock, limits, passwords, session, log, seal }: AuthServiceDeps) {
  const idleSince = (now: Date) => new Date(now.getTime() - session.idleMs);

  /** The device cookie's hash when it is one of this account's, set since its credentials last changed. */
  async function knownDevice(deviceToken: string | undefined, administratorId: number | undefined, now: Date): Promise<string | undefined> {
    if (deviceToken === undefined || administratorId === undefined) return undefined;
    const tokenHash = hashToken(deviceToken);
    return (await repository.isKnownDevice(tokenHash, administratorId, now)) ? tokenHash : undefined;
  }

  /** A session and a device cookie for the account, unless its credentials changed since `grant` was read. */
  async function grantSession(grant: { administratorId: number; credentialsEpoch: number }, clientAddress: string) {
    const now = clock.now();
    const token = createToken();
    const deviceToken = createToken();
    const isGranted = await db.transaction(async (transaction) => {
      const inserted = await repository.insertSession(transaction, grant, hashToken(token), now, new Date(now.getTime() + session.maxMs));
      if (inserted) await repository.insertDevice(transaction, grant, hashToken(deviceToken), now, new Date(now.getTime() + DEVICE_LIFETIME_MS));
      return inserted;
    });
    if (!isGranted) {
      log.warn(
        { event: 'login.failed', reason: 'credentials-changed', administratorId: grant.administratorId, clientAddress },
        'sign-in lost to a credentials change',
      );
      throw new UnauthorizedError(INVALID_CREDENTIALS_MESSAGE);
    }
    log.info({ event: 'login.succeeded', administratorId: grant.administratorId, clientAddress }, 'signed in');
    return { token, deviceToken };
  }

  async function checkPassword(attempt: LoginAttempt): Promise<{ step: LoginStep; deviceToken?: string }> {
    const now = clock.now();
    const administrator = await repository.findAdministratorByEmail(attempt.email.trim());
    // The account's id keys its limit, so every spelling of its e-mail shares one budget; an unknown
    // e-mail is keyed by its spelling and costs the same.
    const account = administrator ? `id:${administrator.id}` : `name:${attempt.email.trim().toLowerCase()}`;
    const device = await knownDevice(attempt.deviceToken, administrator?.id, now);
    const accountTry = await limits.passAccount(account, attempt.clientAddress, device);
    const check = await passwords.verify(attempt.password, administrator?.passwordHash ?? (await passwords.decoyHash()));
    // A disabled account is refused like a wrong password: the answer does not tell that it exists.
    if (!administrator || !check.isValid || administrator.disabledAt !== null) {
      log.info({ event: 'login.failed', administratorId: administrator?.id ?? null, clientAddress: attempt.clientAddress }, 'sign-in failed');
      throw new UnauthorizedError(INVALID_CREDENTIALS_MESSAGE);
    }
    await accountTry.succeeded();
    if (check.needsRehash) {
      await repository.replacePasswordHash(administrator.id, await passwords.hash(attempt.password));
      log.info({ event: 'password.rehashed', administratorId: administrator.id }, 'password hash upgraded to the current parameters');
    }
    const grant = { administratorId: administrator.id, credentialsEpoch: administrator.credentialsEpoch };
    if (administrator.totpSecret === null) {
      const { token, deviceToken } = await grantSession(grant, attempt.clientAddress);
      return { step: { step: 'signed-in', token }, deviceToken };
    }
    const challenge = createToken();
    await repository.insertChallenge(grant, hashToken(challenge), now, new Date(now.getTime() + CHALLENGE_LIFETIME_MS));
    log.info(
      { event: 'login.password-accepted', administratorId: administrator.id, clientAddress: attempt.clientAddress },
      'password right, second factor asked',
    );
    return { step: { step: 'second-factor', challenge } };
  }

  /**
   * Whether the proof is right, using it up (the challenge, a code's step, a recovery code) in one
   * transaction with nothing else: a wrong proof rolls back and leaves the challenge open.
   */
  async function completeSecondStep(found: { id: number; administratorId: number; totpSecret: string | null }, attempt: SecondFactorAttempt): Promise<boolean> {
    const now = clock.now();
    const storedSecret = found.totpSecret;
    if (storedSecret === null) return false;
    const wrong = new Error('wrong second factor');
    try {
      await db.transaction(async (transaction) => {
        const isRight = await useSecondFactorProof(repository, seal, transaction, { administratorId: found.administratorId, storedSecret }, attempt, now);
        if (!isRight || !(await repository.useChallenge(transaction, found.id, now))) throw wrong;
      });
      return true;
    } catch (error) {
      if (error === wrong) return false;
      throw error;
    }
  }

  return {
    /**
     * The password step. Same answer and about the same time for an unknown e-mail and a wrong
     * password; a right one answers a token (and a device cookie for the browser to keep), or, for a
     * member with a second factor, a challenge for the code step.
     */
    async login(attempt: LoginAttempt): Promise<{ step: LoginStep; deviceToken?: string }> {
      const address = await limits.passAddress(attempt.clientAddress, attempt.email.trim().toLowerCase());
      // One sign-in of a network runs at a time, at most MAX_WAITING_HASHES in the process, and a few
      // more from browsers that signed in before or naming an active member (sign-in-limits.ts).
      const { deviceToken } = attempt;
      const device =
        deviceToken === undefined
          ? undefined
          : { tokenHash: hashToken(deviceToken), isLive: () => repository.isLiveDevice(hashToken(deviceToken), clock.now()) };
      const account = {
        isActiveMember: async () => (await repository.findAdministratorByEmail(attempt.email.trim()))?.disabledAt === null,
      };
      const leave = await limits.takeTurn(attempt.clientAddress, address, device, account);
      try {
        const result = await checkPassword(attempt);
        await address.succeeded();
        return result;
      } finally {
        leave();
      }
    },

    /**
     * The code step: a current code (each accepted once) or a recovery code (each works once). Wrong
     * codes count on the same limits as wrong passwords; a challenge ends after five of them: each
     * code takes its count on the challenge in one statement before it is checked (`countChallengeCode`),
     * so of thirty codes sent at once five are checked and the rest find the challenge ended.
     */
    async loginSecondFactor(attempt: SecondFactorAttempt): Promise<{ token: string; deviceToken: string }> {
      const now = clock.now();
      const address = await limits.passAddress(attempt.clientAddress, 'second-factor');
      const challengeHash = hashToken(attempt.challenge);
      const challengeEnded = () => {
        log.info({ event: 'login.failed', reason: 'challenge-ended', clientAddress: attempt.clientAddress }, 'second step without an open challenge');
        return new UnauthorizedError(ACCOUNT_MESSAGES.challengeEnded, ACCOUNT_REASONS.challengeEnded);
      };
      // Read first, for the account's limits: a throttled code costs the challenge nothing.
      const open = await repository.findOpenChallenge(challengeHash, now, CHALLENGE_MAX_CODES);
      if (!open) throw challengeEnded();
      const device = await knownDevice(attempt.deviceToken, open.administratorId, now);
      const accountTry = await limits.passAccount(`id:${open.administratorId}`, attempt.clientAddress, device);
      const found = await repository.countChallengeCode(challengeHash, clock.now(), CHALLENGE_MAX_CODES);
      if (!found) throw challengeEnded();
      if (!(await completeSecondStep(found, attempt))) {
        log.info(
          { event: 'login.failed', reason: 'second-factor', administratorId: found.administratorId, clientAddress: attempt.clientAddress },
          'wrong second factor',
        );
        throw new UnauthorizedError(ACCOUNT_MESSAGES.codeInvalid, ACCOUNT_REASONS.codeInvalid);
      }
      await Promise.all([accountTry.succeeded(), address.succeeded()]);
      if (attempt.recoveryCode !== undefined) {
        log.warn(
          { event: 'second-factor.recovery-code-used', administratorId: found.administratorId, clientAddress: attempt.clientAddress },
          'signed in with a recovery code',
        );
      }
      return grantSession({ administratorId: found.administratorId, credentialsEpoch: found.credentialsEpoch }, attempt.clientAddress);
    },

    /**
     * The principal of a live session; 401 for any other token, saying so when it ended by time.
     * A background call (a screen reading on its own: the live stream, presence) does not count as activity, so a
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
      const isTouched = !isBackground && now.getTime() - found.lastSeenAt.getTime() > TOUCH_INTERVAL_MS;
      if (isTouched) await repository.touchSession(found.id, now);
      const lastSeenAt = isTouched ? now : found.lastSeenAt;
      return {
        administratorId: found.administratorId,
        role: found.role,
        sessionId: found.id,
        tokenHash,
        mustEnrolSecondFactor: found.mustEnrolSecondFactor,
        endsAt: new Date(Math.min(found.expiresAt.getTime(), lastSeenAt.getTime() + session.idleMs)),
      };
    },

    /**
     * Where a session stands now, for a live stream that outlives its request (docs/decisions/026):
     * live, with its member's role and the moment it ends unless it is used meanwhile; or why it ended.
     */
    async sessionState(sessionId: number): Promise<{ isLive: true; role: Role; endsAt: Date } | { isLive: false; reason: 'expired' | 'revoked' }> {
      const found = await repository.findSessionById(sessionId);
      if (!found || found.revokedAt !== null || found.disabledAt !== null || found.mustEnrolSecondFactor) return { isLive: false, reason: 'revoked' };
      const endsAt = new Date(Math.min(found.expiresAt.getTime(), found.lastSeenAt.getTime() + session.idleMs));
      if (endsAt <= clock.now()) return { isLive: false, reason: 'expired' };
      return { isLive: true, role: found.role, endsAt };
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
      const revoked = await repository.revokeOtherSessions(db, principal.administratorId, principal.sessionId, clock.now());
      log.info({ event: 'session.revoked', reason: 'other-sessions', administratorId: principal.administratorId, revoked }, 'signed out other sessions');
      return revoked;
    },

    /** Creates the first administrator when there is none; a generated password is logged once. */
    async ensureFirstAdministrator(options: { email?: string; password?: string }): Promise<void> {
      if ((await repository.countAdministrators()) > 0) return;
      const email = options.email ?? 'admin@example.com';
      const password = options.password ?? randomBytes(12).toString('base64url');
      // Processes starting together on one empty database race here: only the one that inserts logs.
      if (!(await repository.insertAdministratorUnlessTaken(email, await passwords.hash(password)))) return;
      if (options.password) log.info({ event: 'password.set', email }, 'created the first administrator from ADMIN_EMAIL / ADMIN_PASSWORD');
      // Printed once on purpose: there is no other way to learn a generated first password.
      else
        log.warn(
          { event: 'password.set', email, password },
          'created the first administrator with a generated password; change it with: npm run admin -- set-password',
        );
    },

    /** The id of the staff member with this e-mail (any letter case), if there is one. */
    async administratorIdOf(email: string): Promise<number | undefined> {
      return (await repository.findAdministratorByEmail(email))?.id;
    },

    /** Sets (or creates) an administrator's password and revokes that administrator's sessions. */
    async setPassword(email: string, password: string): Promise<'created' | 'updated'> {
      const passwordHash = await passwords.hash(password);
      const existing = await repository.findAdministratorByEmail(email);
      if (!existing) {
        const created = await repository.insertAdministrator(email, passwordHash);
        log.info({ event: 'password.set', administratorId: created.id }, 'administrator created');
        return 'created';
      }
      const now = clock.now();
      // One transaction: no session signed in with the old password outlives the change (insertSession).
      const revoked = await db.transaction(async (transaction) => {
        await repository.updatePassword(transaction, existing.id, passwordHash, now);
        return repository.revokeAllSessions(transaction, now, existing.id);
      });
      log.info({ event: 'password.set', administratorId: existing.id }, 'password changed');
      log.info({ event: 'session.revoked', reason: 'password-set', administratorId: existing.id, revoked }, 'sessions revoked');
      return 'updated';
    },

    async revokeAllSessions(): Promise<number> {
      const revoked = await db.transaction((transaction) => repository.revokeAllSessions(transaction, clock.now()));
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
