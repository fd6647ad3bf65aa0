import { z } from 'zod';
import { MAX_SHORT_TEXT_LENGTH } from './common';

export const loginRequestSchema = z.object({
  // The length is checked before trimming: 50,000 spaces around a letter are refused, not hashed against.
  email: z.string().max(MAX_SHORT_TEXT_LENGTH, { abort: true }).trim().min(1, 'Email is required'),
  password: z.string().min(1, 'Password is required').max(1024),
});
export type LoginRequest = z.infer<typeof loginRequestSchema>;

export const loginResponseSchema = z.object({ token: z.string() });
export type LoginResponse = z.infer<typeof loginResponseSchema>;

/** The 401 of a token whose session ended by time (idle or absolute), as opposed to revoked or unknown. */
export const SESSION_EXPIRED_MESSAGE = 'Your session has expired. Please log in again.';
/** The `reason` of that 401's body, for the web app to show the right text on /login. */
export const SESSION_EXPIRED_REASON = 'session-expired';

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
