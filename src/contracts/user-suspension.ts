// Suspending and reinstating a guest or a host (issue 51, point 3): a reason is required, kept as
// written; each move is a compare-and-set on users.suspended_at, with its audit entry and outbox event.
import { z } from 'zod';
import type { WebhookEventType } from './webhooks';

export const MAX_SUSPENSION_REASON_LENGTH = 500;

/** The two moves, the state each needs, and the event the marketplace hears (docs/webhooks.md). */
export const USER_SUSPENSION_MOVES = {
  suspend: { isSuspendedBefore: false, event: 'user.suspended' },
  reinstate: { isSuspendedBefore: true, event: 'user.reinstated' },
} as const satisfies Record<string, { isSuspendedBefore: boolean; event: WebhookEventType }>;
export type UserSuspensionMove = keyof typeof USER_SUSPENSION_MOVES;

export const USER_SUSPENSION_MESSAGES = {
  notFound: 'User not found.',
  reasonRequired: 'Give a reason.',
  reasonTooLong: `The reason must be at most ${MAX_SUSPENSION_REASON_LENGTH} characters.`,
  alreadySuspended: 'This user is already suspended: reinstate them first.',
  notSuspended: 'This user is not suspended: there is nothing to reinstate.',
} as const;

/** POST /api/admin/users/:id/suspend and /reinstate; the reason is stored exactly as sent. */
export const userSuspensionRequestSchema = z.strictObject({
  reason: z
    .string(USER_SUSPENSION_MESSAGES.reasonRequired)
    .min(1, USER_SUSPENSION_MESSAGES.reasonRequired)
    .max(MAX_SUSPENSION_REASON_LENGTH, USER_SUSPENSION_MESSAGES.reasonTooLong),
});

export const userSuspensionResponseSchema = z.object({
  id: z.number().int(),
  isHost: z.boolean(),
  suspendedAt: z.string().nullable(),
  suspensionReason: z.string().nullable(),
});
export type UserSuspensionResponse = z.infer<typeof userSuspensionResponseSchema>;
