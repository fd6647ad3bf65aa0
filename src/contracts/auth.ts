import { z } from 'zod';
import { MAX_SHORT_TEXT_LENGTH } from './common';

/** ASVS 4.0.3 2.1.1 and 2.1.2: a password set for staff has 12 to 128 characters. */
export const MIN_PASSWORD_LENGTH = 12;
export const MAX_PASSWORD_LENGTH = 128;

export const loginRequestSchema = z.object({
  // The length is checked before trimming: 50,000 spaces around a letter are refused, not hashed against.
  email: z.string().max(MAX_SHORT_TEXT_LENGTH, { abort: true }).trim().min(1, 'Email is required'),
  password: z.string().min(1, 'Password is required').max(MAX_PASSWORD_LENGTH, `Password must be at most ${MAX_PASSWORD_LENGTH} characters`),
});

export const loginResponseSchema = z.object({ token: z.string() });

export { SESSION_EXPIRED_MESSAGE, SESSION_EXPIRED_REASON } from './session';

/** GET /api/admin/sessions: the signed-in administrator's sessions that still work. */
export const sessionRowSchema = z.object({
  id: z.number().int(),
  createdAt: z.string(),
  lastSeenAt: z.string(),
  expiresAt: z.string(),
  /** The session of the token that asked. */
  isCurrent: z.boolean(),
});
export type SessionRow = z.infer<typeof sessionRowSchema>;

/** POST /api/admin/sessions/revoke-others: how many other sessions were signed out. */
export const revokeOthersResponseSchema = z.object({ revoked: z.number().int() });
export type RevokeOthersResponse = z.infer<typeof revokeOthersResponseSchema>;
