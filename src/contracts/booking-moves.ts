// A booking's state machine (issue 51, point 2): the moves a member makes on a booking, from which
// statuses each goes and to which, declared once. The server's compare-and-set, its 409, the
// buttons of the booking's detail and docs/product.md §12's table all read BOOKING_MOVES.
import { z } from 'zod';
import type { BookingStatus } from './statuses';
import type { WebhookEventType } from './webhooks';

interface BookingMove {
  from: readonly BookingStatus[];
  to: BookingStatus;
  /** The outbox event the marketplace hears (docs/webhooks.md). */
  event: WebhookEventType;
}

/**
 * A no-show ends the booking as cancelled: the stay did not happen. It is told apart by its own
 * event and audit entry, not by a status of its own (docs/product.md §12).
 */
export const BOOKING_MOVES = {
  cancel: { from: ['pending', 'confirmed'], to: 'cancelled', event: 'booking.cancelled' },
  'no-show': { from: ['confirmed'], to: 'cancelled', event: 'booking.no-show' },
  complete: { from: ['confirmed'], to: 'completed', event: 'booking.completed' },
} as const satisfies Record<string, BookingMove>;
export type BookingMoveName = keyof typeof BOOKING_MOVES;
export const BOOKING_MOVE_NAMES = Object.keys(BOOKING_MOVES) as BookingMoveName[];

/** The moves the machine allows from a status, in BOOKING_MOVES order. */
export function movesFrom(status: string): BookingMoveName[] {
  return BOOKING_MOVE_NAMES.filter((move) => (BOOKING_MOVES[move].from as readonly string[]).includes(status));
}

/** Why a booking is cancelled: a fixed list, so the marketplace can act on it. */
export const CANCEL_REASONS = ['guest-request', 'host-request', 'payment-problem', 'safety-concern', 'duplicate', 'other'] as const;
export type CancelReason = (typeof CANCEL_REASONS)[number];

/** Who bears a cancellation's cost. */
export const CANCEL_BEARERS = ['guest', 'host', 'platform'] as const;
export type CancelBearer = (typeof CANCEL_BEARERS)[number];

export const MAX_MOVE_NOTE_LENGTH = 500;

export const BOOKING_MOVE_MESSAGES = {
  notFound: 'Booking not found.',
  reasonRequired: `Choose a reason: one of ${CANCEL_REASONS.join(', ')}.`,
  bearerRequired: `Choose who bears the cancellation: one of ${CANCEL_BEARERS.join(', ')}.`,
  noteTooLong: `The note must be at most ${MAX_MOVE_NOTE_LENGTH} characters.`,
  moveUnknown: `The move must be one of: ${BOOKING_MOVE_NAMES.join(', ')}.`,
} as const;

/** The 409 of a move the machine does not allow from the booking's status now. */
export const moveRefusedMessage = (move: BookingMoveName, status: string): string =>
  `A ${status} booking cannot be moved by "${move}": it needs a booking that is ${BOOKING_MOVES[move].from.join(' or ')}.`;

// Kept exactly as written, spaces and all (stored text comes back as sent).
const noteSchema = z.string().max(MAX_MOVE_NOTE_LENGTH, BOOKING_MOVE_MESSAGES.noteTooLong).optional();

/** POST /api/admin/bookings/:id/moves. */
export const bookingMoveRequestSchema = z.discriminatedUnion(
  'move',
  [
    z.strictObject({
      move: z.literal('cancel'),
      reason: z.enum(CANCEL_REASONS, BOOKING_MOVE_MESSAGES.reasonRequired),
      bearer: z.enum(CANCEL_BEARERS, BOOKING_MOVE_MESSAGES.bearerRequired),
      note: noteSchema,
    }),
    z.strictObject({ move: z.literal('no-show'), note: noteSchema }),
    z.strictObject({ move: z.literal('complete'), note: noteSchema }),
  ],
  { error: BOOKING_MOVE_MESSAGES.moveUnknown },
);
export type BookingMoveRequest = z.infer<typeof bookingMoveRequestSchema>;

export const bookingMoveResponseSchema = z.object({
  id: z.number().int(),
  move: z.enum(BOOKING_MOVE_NAMES as [BookingMoveName, ...BookingMoveName[]]),
  status: z.string(),
  previousStatus: z.string(),
});
export type BookingMoveResponse = z.infer<typeof bookingMoveResponseSchema>;
