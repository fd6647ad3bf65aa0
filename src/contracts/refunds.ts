// Refunds (issue 51, points 2, 4 and 6; docs/decisions/043-refunds-exactly-once.md): a member asks the
// payment side to pay back part or all of what a booking's guest paid. Amounts are whole numbers of the
// smallest currency unit (cents); what is refunded never exceeds what was paid, which the database
// itself enforces (migration 0047). Hoy never moves money: the payment side answers by a signed callback.
import { z } from 'zod';
import type { BookingStatus } from './statuses';

/** Hoy's amounts are US dollars (src/lib/format.ts formats them so); a refund's minor unit is the cent. */
export const REFUND_CURRENCY = 'USD';
export const MINOR_UNITS_PER_MAJOR = 100;

/** A booking was paid when it reached one of these: only such a booking may be refunded. */
export const PAID_BOOKING_STATUSES = ['confirmed', 'completed', 'cancelled'] as const satisfies readonly BookingStatus[];

/**
 * A refund above REFUND_APPROVAL_ABOVE_MINOR starts `awaiting-approval` and waits for a second member
 * (decision 047): approved it becomes `requested`, rejected it ends `rejected`. The rest start
 * `requested`, which the payment side answers with `succeeded` or `failed`.
 */
export const REFUND_STATUSES = ['awaiting-approval', 'requested', 'succeeded', 'failed', 'rejected'] as const;
export type RefundStatus = (typeof REFUND_STATUSES)[number];

/** A refund in one of these gave its amount back; every other one counts against what was paid. */
export const RELEASED_REFUND_STATUSES = ['failed', 'rejected'] as const satisfies readonly RefundStatus[];

/** What the payment side may answer: a requested refund becomes one of these, once. */
export const REFUND_RESULTS = ['succeeded', 'failed'] as const satisfies readonly RefundStatus[];
export type RefundResult = (typeof REFUND_RESULTS)[number];

export const MAX_REFUND_REASON_LENGTH = 500;
export const MAX_IDEMPOTENCY_KEY_LENGTH = 200;
/** numeric(12, 2) holds at most 9,999,999,999.99: no refund is larger. */
export const MAX_REFUND_MINOR = 999_999_999_999;

export const REFUND_MESSAGES = {
  amountInvalid: `The amount must be a whole number of cents from 1 to ${MAX_REFUND_MINOR}.`,
  reasonRequired: 'Give the reason for the refund.',
  reasonTooLong: `The reason must be at most ${MAX_REFUND_REASON_LENGTH} characters.`,
  keyInvalid: `The idempotency key must be 1 to ${MAX_IDEMPOTENCY_KEY_LENGTH} visible ASCII characters.`,
  keysDiffer: 'The Idempotency-Key header and the idempotencyKey field differ: send one key.',
  keyReused: 'This idempotency key was used for another refund request: use a new key for a new request.',
  bookingNotFound: 'Booking not found.',
  refundNotFound: 'Refund not found.',
  notPaid: `Only a booking that was paid (${PAID_BOOKING_STATUSES.join(', ')}) can be refunded.`,
  failureReasonTooLong: `The failure reason must be at most ${MAX_REFUND_REASON_LENGTH} characters.`,
  signatureInvalid: 'The callback signature is missing, wrong or too old.',
  callbackOff: 'Refund callbacks are not configured.',
  ownRequest: 'You asked for this refund: another member with the refund permission must approve or reject it.',
  notAwaiting: 'This refund is not awaiting approval any more: someone else decided it first.',
  notRequested: 'This refund has not been sent to the payment side: it is awaiting a second member’s approval.',
  rejectionReasonRequired: 'Give the reason for rejecting the refund.',
  rejectionReasonTooLong: `The reason must be at most ${MAX_REFUND_REASON_LENGTH} characters.`,
} as const;

/** The 409 of a refund that would take the refunded total past what was paid. */
export const refundExceedsMessage = (remainingMinor: number): string =>
  `The refund is more than what remains refundable on this booking (${remainingMinor} cents): nothing was refunded.`;

/** The 409 of a result that contradicts the one already recorded. */
export const resultContradictsMessage = (status: RefundStatus): string =>
  status === 'rejected'
    ? 'This refund was rejected before it was sent: no result can be recorded.'
    : `This refund has already ${status}: a different result cannot be recorded.`;

/** Visible ASCII, as HTTP header values carry it. */
const idempotencyKeySchema = z
  .string(REFUND_MESSAGES.keyInvalid)
  .min(1, REFUND_MESSAGES.keyInvalid)
  .max(MAX_IDEMPOTENCY_KEY_LENGTH, REFUND_MESSAGES.keyInvalid)
  .regex(/^[\x21-\x7E]+$/, REFUND_MESSAGES.keyInvalid);

/** The optional Idempotency-Key header of a refund request (the body's field is the other way to send it). */
export const refundRequestHeadersSchema = z.object({ 'idempotency-key': idempotencyKeySchema.optional() });

/** POST /api/admin/bookings/:id/refunds. The reason is kept exactly as written, spaces and all. */
export const refundRequestSchema = z.strictObject({
  amountMinor: z
    .number(REFUND_MESSAGES.amountInvalid)
    .int(REFUND_MESSAGES.amountInvalid)
    .min(1, REFUND_MESSAGES.amountInvalid)
    .max(MAX_REFUND_MINOR, REFUND_MESSAGES.amountInvalid),
  reason: z
    .string(REFUND_MESSAGES.reasonRequired)
    .max(MAX_REFUND_REASON_LENGTH, { message: REFUND_MESSAGES.reasonTooLong, abort: true })
    .regex(/\S/, REFUND_MESSAGES.reasonRequired),
  idempotencyKey: idempotencyKeySchema.optional(),
});
export type RefundRequest = z.infer<typeof refundRequestSchema>;

export const refundSchema = z.object({
  id: z.number().int(),
  bookingId: z.number().int(),
  amountMinor: z.number().int(),
  currency: z.string(),
  status: z.enum(REFUND_STATUSES),
  reason: z.string(),
  requestedBy: z.number().int().nullable(),
  /** The requester's name, for the members who approve; null once their account is gone. */
  requestedByName: z.string().nullable(),
  createdAt: z.string(),
  decidedAt: z.string().nullable(),
  failureReason: z.string().nullable(),
  /** The second member who approved or rejected a refund that awaited approval, when, and why if rejected. */
  reviewedBy: z.number().int().nullable(),
  reviewedByName: z.string().nullable(),
  reviewedAt: z.string().nullable(),
  rejectionReason: z.string().nullable(),
});
export type Refund = z.infer<typeof refundSchema>;

/** POST /api/admin/refunds/:id/reject: the reason is kept exactly as written. */
export const refundRejectionSchema = z.strictObject({
  reason: z
    .string(REFUND_MESSAGES.rejectionReasonRequired)
    .max(MAX_REFUND_REASON_LENGTH, { message: REFUND_MESSAGES.rejectionReasonTooLong, abort: true })
    .regex(/\S/, REFUND_MESSAGES.rejectionReasonRequired),
});
export type RefundRejection = z.infer<typeof refundRejectionSchema>;

/** GET /api/admin/bookings/:id/refunds: what was paid, what is refunded or on its way, what remains. */
export const bookingRefundsSchema = z.object({
  bookingId: z.number().int(),
  currency: z.string(),
  isPaid: z.boolean(),
  paidMinor: z.number().int(),
  /** Refunds awaiting approval, requested and succeeded: a failed or rejected one gives its amount back. */
  refundedMinor: z.number().int(),
  /** The part of refundedMinor that awaits a second member's approval. */
  awaitingApprovalMinor: z.number().int(),
  remainingMinor: z.number().int(),
  refunds: z.array(refundSchema),
});
export type BookingRefunds = z.infer<typeof bookingRefundsSchema>;

/** POST /api/payments/refunds/:id/result, the payment side's answer (signed, docs/webhooks.md). */
export const refundResultSchema = z.strictObject({
  status: z.enum(REFUND_RESULTS),
  failureReason: z.string().max(MAX_REFUND_REASON_LENGTH, REFUND_MESSAGES.failureReasonTooLong).optional(),
});
export type RefundResultRequest = z.infer<typeof refundResultSchema>;

/** Cents as a decimal of the major unit, for a screen: 1234 → "12.34" (integers only, no float on the way). */
export function formatMinor(minor: number): string {
  const sign = minor < 0 ? '-' : '';
  const digits = String(Math.abs(Math.trunc(minor))).padStart(3, '0');
  return `${sign}${digits.slice(0, -2)}.${digits.slice(-2)}`;
}

/** "12.34", "12.3" or "12" → 1234 cents; null for anything else (more than two decimals, a sign, an exponent). */
export function parseMajorToMinor(text: string): number | null {
  const match = /^(\d{1,10})(?:[.,](\d{1,2}))?$/.exec(text.trim());
  if (!match) return null;
  return Number(match[1]) * MINOR_UNITS_PER_MAJOR + Number((match[2] ?? '').padEnd(2, '0'));
}
