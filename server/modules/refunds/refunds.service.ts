// Refunds, exactly once (decision 043). A request locks its booking's row, checks what remains
// refundable and writes the refund, its audit entry and its event in one transaction; the database's
// trigger refuses an over-refund whoever writes. An idempotency key given again answers the refund it
// made. A refund above REFUND_APPROVAL_ABOVE_MINOR waits for a second member (decision 047), who
// approves it (then `refund.requested` goes out) or rejects it, once (compare-and-set). The payment
// side's answer moves a requested refund once, with its audit entry and event; the refunds' trigger
// records the live change.
import {
  REFUND_CURRENCY,
  REFUND_MESSAGES,
  RELEASED_REFUND_STATUSES,
  refundExceedsMessage,
  resultContradictsMessage,
  type BookingRefunds,
  type Refund,
  type RefundRequest,
  type RefundResultRequest,
  type RefundStatus,
} from '../../../src/contracts/refunds';
import type { Database, Transaction } from '../../db/client';
import { ConflictError, ForbiddenError, NotFoundError } from '../../errors';
import type { Clock } from '../../lib/clock';
import type { AuditService } from '../audit/audit.service';
import { enqueueEvents } from '../webhooks/outbox';
import type { NamedRefundRow, RefundRow, RefundsRepository } from './refunds.repository';

interface RefundsServiceDeps {
  db: Database;
  repository: RefundsRepository;
  audit: AuditService;
  clock: Clock;
  /** A refund of more cents than this awaits a second member's approval (REFUND_APPROVAL_ABOVE_MINOR). */
  approvalAboveMinor: number;
}

/** What a refund's answer says of its members: their names, when the refund names them. */
type Names = ReadonlyMap<number, string>;
const nameIn = (names: Names, id: number | null) => (id === null ? null : (names.get(id) ?? null));

const toRefund = (row: RefundRow, names: Names): Refund => ({
  id: row.id,
  bookingId: row.bookingId,
  amountMinor: row.amountMinor,
  currency: REFUND_CURRENCY,
  status: row.status as RefundStatus,
  reason: row.reason,
  requestedBy: row.requestedBy,
  requestedByName: nameIn(names, row.requestedBy),
  createdAt: row.createdAt.toISOString(),
  decidedAt: row.decidedAt?.toISOString() ?? null,
  failureReason: row.failureReason,
  reviewedBy: row.reviewedBy,
  reviewedByName: nameIn(names, row.reviewedBy),
  reviewedAt: row.reviewedAt?.toISOString() ?? null,
  rejectionReason: row.rejectionReason,
});

const toNamedRefund = (row: NamedRefundRow): Refund => {
  const names = new Map<number, string>();
  if (row.requestedBy !== null && row.requestedByName !== null) names.set(row.requestedBy, row.requestedByName);
  if (row.reviewedBy !== null && row.reviewedByName !== null) names.set(row.reviewedBy, row.reviewedByName);
  return toRefund(row, names);
};

/** What the marketplace hears of a refund (docs/webhooks.md): ids, the amount, the states, the key. */
const payloadOf = (row: RefundRow, previousStatus: RefundStatus | null) => ({
  entity: 'refund',
  id: row.id,
  bookingId: row.bookingId,
  amountMinor: row.amountMinor,
  currency: REFUND_CURRENCY,
  status: row.status,
  previousStatus,
  reason: row.reason,
  failureReason: row.failureReason,
  idempotencyKey: row.idempotencyKey,
  requestedBy: row.requestedBy,
  reviewedBy: row.reviewedBy,
  rejectionReason: row.rejectionReason,
});

/** A key given again answers its refund, if it asked for the same thing; a different request under it is refused. */
function replayOf(earlier: RefundRow, bookingId: number, request: RefundRequest): RefundRow {
  const isSame = earlier.bookingId === bookingId && earlier.amountMinor === request.amountMinor && earlier.reason === request.reason;
  if (!isSame) throw new ConflictError(REFUND_MESSAGES.keyReused, 'idempotency-key-reused');
  return earlier;
}

/** A second member's decision on a refund awaiting approval. */
type Review = { status: 'requested' } | { status: 'rejected'; reason: string };

export function createRefundsService({ db, repository, audit, clock, approvalAboveMinor }: RefundsServiceDeps) {
  /** The refund as answered to members, with the names of those it names. */
  const answerOf = async (executor: Transaction, row: RefundRow): Promise<Refund> =>
    toRefund(row, await repository.namesOf(executor, [row.requestedBy, row.reviewedBy]));

  /**
   * Approves (→ requested, and the payment side is asked) or rejects (→ rejected, the amount given
   * back) a refund awaiting approval, once: 403 to the member who asked for it, 409 when it is not
   * awaiting any more. The audit entry and the event are written in the same transaction.
   */
  async function review(administratorId: number, refundId: number, decision: Review): Promise<Refund> {
    return db.transaction(async (transaction) => {
      const current = await repository.findById(transaction, refundId);
      if (current === undefined) throw new NotFoundError(REFUND_MESSAGES.refundNotFound);
      if (current.requestedBy === administratorId) throw new ForbiddenError(REFUND_MESSAGES.ownRequest, 'refund-own-request');
      // The booking's lock first, as every other writer of its refunds takes it.
      const booking = await repository.lockBooking(transaction, current.bookingId);
      const rejectionReason = decision.status === 'rejected' ? decision.reason : null;
      const reviewed = await repository.review(transaction, refundId, {
        status: decision.status,
        reviewedBy: administratorId,
        reviewedAt: clock.now(),
        rejectionReason,
      });
      if (reviewed === undefined) throw new ConflictError(REFUND_MESSAGES.notAwaiting, 'refund-not-awaiting');
      const isApproved = decision.status === 'requested';
      const createdAt = await audit.record(transaction, {
        administratorId,
        action: isApproved ? 'booking.refund-approved' : 'booking.refund-rejected',
        entityType: 'booking',
        entityId: reviewed.bookingId,
        entityName: booking?.name || null,
        reason: rejectionReason,
        before: { refundId, amountMinor: reviewed.amountMinor, status: 'awaiting-approval' },
        after: { refundId, amountMinor: reviewed.amountMinor, status: reviewed.status },
      });
      // Approved, the payment side hears the request under the requester's own key, as a refund never held.
      const event = isApproved
        ? { type: 'refund.requested' as const, idempotencyKey: `refund.requested:${reviewed.idempotencyKey}` }
        : { type: 'refund.rejected' as const, idempotencyKey: `refund.rejected:${refundId}` };
      await enqueueEvents(transaction, [{ ...event, payload: payloadOf(reviewed, 'awaiting-approval'), createdAt }]);
      return answerOf(transaction, reviewed);
    });
  }

  return {
    /** What was paid, what is refunded or on its way, what remains, and each refund. */
    async ofBooking(bookingId: number): Promise<BookingRefunds> {
      const booking = await repository.readBooking(bookingId);
      if (booking === undefined) throw new NotFoundError(REFUND_MESSAGES.bookingNotFound);
      const rows = await repository.listOfBooking(bookingId);
      const paidMinor = booking.isPaid ? booking.paidMinor : 0;
      const sumOf = (held: readonly NamedRefundRow[]) => held.reduce((sum, row) => sum + row.amountMinor, 0);
      const isReleased = (row: RefundRow) => (RELEASED_REFUND_STATUSES as readonly string[]).includes(row.status);
      const refundedMinor = sumOf(rows.filter((row) => !isReleased(row)));
      const awaitingApprovalMinor = sumOf(rows.filter((row) => row.status === 'awaiting-approval'));
      const remainingMinor = Math.max(0, paidMinor - refundedMinor);
      return {
        bookingId,
        currency: REFUND_CURRENCY,
        isPaid: booking.isPaid,
        paidMinor,
        refundedMinor,
        awaitingApprovalMinor,
        remainingMinor,
        refunds: rows.map(toNamedRefund),
      };
    },

    /**
     * Asks for a refund of a paid booking; 409 when it would pass what was paid. The same key answers
     * the same refund. Above the approval amount it awaits a second member and nothing is asked yet.
     */
    async request(administratorId: number, bookingId: number, request: RefundRequest & { idempotencyKey: string }): Promise<Refund> {
      return db.transaction(async (transaction) => {
        const booking = await repository.lockBooking(transaction, bookingId);
        if (booking === undefined) throw new NotFoundError(REFUND_MESSAGES.bookingNotFound);
        const earlier = await repository.findByKey(transaction, request.idempotencyKey);
        if (earlier !== undefined) return answerOf(transaction, replayOf(earlier, bookingId, request));
        if (!booking.isPaid) throw new ConflictError(REFUND_MESSAGES.notPaid, 'booking-not-paid');
        const remainingMinor = booking.paidMinor - (await repository.refundedMinor(transaction, bookingId));
        if (request.amountMinor > remainingMinor) throw new ConflictError(refundExceedsMessage(Math.max(0, remainingMinor)), 'refund-exceeds-paid');
        const isAwaiting = request.amountMinor > approvalAboveMinor;
        const row = await repository.insert(transaction, {
          bookingId,
          amountMinor: request.amountMinor,
          status: isAwaiting ? 'awaiting-approval' : 'requested',
          reason: request.reason,
          requestedBy: administratorId,
          idempotencyKey: request.idempotencyKey,
          createdAt: clock.now(),
        });
        // The key was taken by a request for another booking that committed meanwhile.
        if (row === undefined) return answerOf(transaction, replayOf((await repository.findByKey(transaction, request.idempotencyKey))!, bookingId, request));
        const createdAt = await audit.record(transaction, {
          administratorId,
          action: isAwaiting ? 'booking.refund-awaiting-approval' : 'booking.refund-requested',
          entityType: 'booking',
          entityId: bookingId,
          entityName: booking.name || null,
          reason: request.reason,
          before: null,
          after: { refundId: row.id, amountMinor: row.amountMinor, status: row.status },
        });
        // Awaiting approval, the marketplace is told so; the payment side acts on refund.requested alone.
        const type = isAwaiting ? ('refund.awaiting-approval' as const) : ('refund.requested' as const);
        await enqueueEvents(transaction, [{ type, payload: payloadOf(row, null), createdAt, idempotencyKey: `${type}:${row.idempotencyKey}` }]);
        return answerOf(transaction, row);
      });
    },

    /**
     * The payment side's answer: requested → succeeded or failed, once. The same answer again changes
     * nothing and answers the refund; a different one is 409.
     */
    async decide(refundId: number, result: RefundResultRequest): Promise<Refund> {
      return db.transaction(async (transaction) => {
        const current = await repository.findById(transaction, refundId);
        if (current === undefined) throw new NotFoundError(REFUND_MESSAGES.refundNotFound);
        const booking = await repository.lockBooking(transaction, current.bookingId);
        const decided = await repository.decide(transaction, refundId, result.status, result.failureReason ?? null, clock.now());
        if (decided === undefined) {
          const now = (await repository.findById(transaction, refundId))!;
          if (now.status === result.status) return answerOf(transaction, now);
          if (now.status === 'awaiting-approval') throw new ConflictError(REFUND_MESSAGES.notRequested, 'refund-not-requested');
          throw new ConflictError(resultContradictsMessage(now.status as RefundStatus), 'refund-already-decided');
        }
        const createdAt = await audit.record(transaction, {
          administratorId: null,
          action: `booking.refund-${result.status}`,
          entityType: 'booking',
          entityId: decided.bookingId,
          entityName: booking?.name || null,
          reason: decided.failureReason,
          before: { refundId, status: 'requested' },
          after: { refundId, status: decided.status },
        });
        const type = `refund.${result.status}` as const;
        await enqueueEvents(transaction, [{ type, payload: payloadOf(decided, 'requested'), createdAt, idempotencyKey: `${type}:${refundId}` }]);
        return answerOf(transaction, decided);
      });
    },

    /** A second member approves a refund awaiting approval: it is requested of the payment side. */
    approve: (administratorId: number, refundId: number) => review(administratorId, refundId, { status: 'requested' }),

    /** A second member rejects a refund awaiting approval, with a reason: its amount is given back. */
    reject: (administratorId: number, refundId: number, reason: string) => review(administratorId, refundId, { status: 'rejected', reason }),
  };
}

export type RefundsService = ReturnType<typeof createRefundsService>;
