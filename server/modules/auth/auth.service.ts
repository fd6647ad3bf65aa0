// Admin sign-in, sessions and passwords: the rules; SQL lives in the repository.
import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../lib/clock';
import type { RateLimiter } from '../../lib/rate-limiter';
import { TooManyRequestsError, UnauthorizedError } from '../../errors';
import type { AuthRepository } from './auth.repository';
import { getDecoyHash, hashPassword, verifyPassword } from './password';
import { createToken, hashToken } from './tokens';

export const SESSION_IDLE_MS = 12 * 60 * 60 * 1000;
export const SESSION_ABSOLUTE_MS = 7 * 24 * 60 * 60 * 1000;
/** last_seen_at is written at most this often, so reads do not each cost a write. */
const TOUCH_INTERVAL_MS = 60 * 1000;
const LOGIN_WINDOW_SECONDS = 15 * 60;
export const INVALID_CREDENTIALS_MESSAGE = 'Invalid email or password.';

export interface AdminPrincipal {
  administratorId: number;
  sessionId: number;
  tokenHash: string;
}

interface AuthServiceDeps {
  repository: AuthRepository;
  clock: Clock;
  limiter: RateLimiter;
  loginLimit: number;
}

export function createAuthService({ repository, clock, limiter, loginLimit }: AuthServiceDeps) {
  const idleSince = (now: Date) => new Date(now.getTime() - SESSION_IDLE_MS);

  return {
    /** Same answer and about the same time for an unknown e-mail and a wrong password. */
    async login(email: string, password: string, clientAddress: string): Promise<{ token: string }> {
      const limitKey = `login:${clientAddress}:${email.trim().toLowerCase()}`;
      // Counted before the password check (atomic hit, not peek-then-hit), so parallel guesses cannot all slip under the limit.
      const attempts = await limiter.hit(limitKey, LOGIN_WINDOW_SECONDS);
      if (attempts.count > loginLimit) throw new TooManyRequestsError(attempts.retryAfterSeconds);

      const administrator = await repository.findAdministratorByEmail(email.trim());
      const isValid = await verifyPassword(password, administrator?.passwordHash ?? (await getDecoyHash()));
      if (!administrator || !isValid) throw new UnauthorizedError(INVALID_CREDENTIALS_MESSAGE);
      await limiter.undo(limitKey);
      const now = clock.now();
      const token = createToken();
      await repository.insertSession(administrator.id, hashToken(token), now, new Date(now.getTime() + SESSION_ABSOLUTE_MS));
      return { token };
    },

    async authenticate(token: string): Promise<AdminPrincipal | undefined> {
      const now = clock.now();
      const tokenHash = hashToken(token);
      const session = await repository.findLiveSession(tokenHash, now, idleSince(now));
      if (!session) return undefined;
      if (now.getTime() - session.lastSeenAt.getTime() > TOUCH_INTERVAL_MS) await repository.touchSession(session.id, now);
      return { administratorId: session.administratorId, sessionId: session.id, tokenHash };
    },

    async logout(principal: AdminPrincipal): Promise<void> {
      await repository.revokeSession(principal.tokenHash, clock.now());
    },

    /** Creates the first administrator when there is none; a generated password is logged once. */
    async ensureFirstAdministrator(
      options: { email?: string; password?: string },
      log: FastifyBaseLogger,
    ): Promise<void> {
      if ((await repository.countAdministrators()) > 0) return;
      const email = options.email ?? 'admin@example.com';
      const password = options.password ?? randomBytes(12).toString('base64url');
      // Processes starting together on one empty database race here: only the one that inserts logs.
      if (!(await repository.insertAdministratorUnlessTaken(email, await hashPassword(password)))) return;
      if (options.password) log.info({ email }, 'created the first administrator from ADMIN_EMAIL / ADMIN_PASSWORD');
      // Printed once on purpose: there is no other way to learn a generated first password.
      else log.warn({ email, password }, 'created the first administrator with a generated password; change it with: npm run admin -- set-password');
    },

    /** Sets (or creates) an administrator's password and revokes that administrator's sessions. */
    async setPassword(email: string, password: string): Promise<'created' | 'updated'> {
      const passwordHash = await hashPassword(password);
      const existing = await repository.findAdministratorByEmail(email);
      if (!existing) {
        await repository.insertAdministrator(email, passwordHash);
        return 'created';
      }
      const now = clock.now();
      await repository.updatePassword(existing.id, passwordHash, now);
      await repository.revokeAllSessions(now, existing.id);
      return 'updated';
    },

    async revokeAllSessions(): Promise<number> {
      return repository.revokeAllSessions(clock.now());
    },

    async deleteDeadSessions(): Promise<void> {
      const now = clock.now();
      await repository.deleteDeadSessions(now, idleSince(now));
    },
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
