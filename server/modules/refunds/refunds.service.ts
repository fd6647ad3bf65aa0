// Refunds, exactly once (decision 043). A request locks its booking's row, checks what remains
// refundable and writes the refund, its audit entry and its `refund.requested` event in one
// transaction; the database's trigger refuses an over-refund whoever writes. An idempotency key given
// again answers the refund it made. The payment side's answer moves a requested refund once
// (compare-and-set), with its audit entry and event; the refunds' trigger records the live change.
import {
  REFUND_CURRENCY,
  REFUND_MESSAGES,
  refundExceedsMessage,
  resultContradictsMessage,
  type BookingRefunds,
  type Refund,
  type RefundRequest,
  type RefundResultRequest,
  type RefundStatus,
} from '../../../src/contracts/refunds';
import type { Database } from '../../db/client';
import { ConflictError, NotFoundError } from '../../errors';
import type { Clock } from '../../lib/clock';
import type { AuditService } from '../audit/audit.service';
import { enqueueEvents } from '../webhooks/outbox';
import type { RefundRow, RefundsRepository } from './refunds.repository';

interface RefundsServiceDeps {
  db: Database;
  repository: RefundsRepository;
  audit: AuditService;
  clock: Clock;
}

const toRefund = (row: RefundRow): Refund => ({
  id: row.id,
  bookingId: row.bookingId,
  amountMinor: row.amountMinor,
  currency: REFUND_CURRENCY,
  status: row.status as RefundStatus,
  reason: row.reason,
  requestedBy: row.requestedBy,
  createdAt: row.createdAt.toISOString(),
  decidedAt: row.decidedAt?.toISOString() ?? null,
  failureReason: row.failureReason,
});

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
});

/** A key given again answers its refund, if it asked for the same thing; a different request under it is refused. */
function replayOf(earlier: RefundRow, bookingId: number, request: RefundRequest): Refund {
  const isSame = earlier.bookingId === bookingId && earlier.amountMinor === request.amountMinor && earlier.reason === request.reason;
  if (!isSame) throw new ConflictError(REFUND_MESSAGES.keyReused, 'idempotency-key-reused');
  return toRefund(earlier);
}

export function createRefundsService({ db, repository, audit, clock }: RefundsServiceDeps) {
  return {
    /** What was paid, what is refunded or on its way, what remains, and each refund. */
    async ofBooking(bookingId: number): Promise<BookingRefunds> {
      const booking = await repository.readBooking(bookingId);
      if (booking === undefined) throw new NotFoundError(REFUND_MESSAGES.bookingNotFound);
      const rows = await repository.listOfBooking(bookingId);
      const paidMinor = booking.isPaid ? booking.paidMinor : 0;
      const refundedMinor = rows.filter((row) => row.status !== 'failed').reduce((sum, row) => sum + row.amountMinor, 0);
      const remainingMinor = Math.max(0, paidMinor - refundedMinor);
      return { bookingId, currency: REFUND_CURRENCY, isPaid: booking.isPaid, paidMinor, refundedMinor, remainingMinor, refunds: rows.map(toRefund) };
    },

    /** Asks for a refund of a paid booking; 409 when it would pass what was paid. The same key answers the same refund. */
    async request(administratorId: number, bookingId: number, request: RefundRequest & { idempotencyKey: string }): Promise<Refund> {
      return db.transaction(async (transaction) => {
        const booking = await repository.lockBooking(transaction, bookingId);
        if (booking === undefined) throw new NotFoundError(REFUND_MESSAGES.bookingNotFound);
        const earlier = await repository.findByKey(transaction, request.idempotencyKey);
        if (earlier !== undefined) return replayOf(earlier, bookingId, request);
        if (!booking.isPaid) throw new ConflictError(REFUND_MESSAGES.notPaid, 'booking-not-paid');
        const remainingMinor = booking.paidMinor - (await repository.refundedMinor(transaction, bookingId));
        if (request.amountMinor > remainingMinor) throw new ConflictError(refundExceedsMessage(Math.max(0, remainingMinor)), 'refund-exceeds-paid');
        const row = await repository.insert(transaction, {
          bookingId,
          amountMinor: request.amountMinor,
          reason: request.reason,
          requestedBy: administratorId,
          idempotencyKey: request.idempotencyKey,
          createdAt: clock.now(),
        });
        // The key was taken by a request for another booking that committed meanwhile.
        if (row === undefined) return replayOf((await repository.findByKey(transaction, request.idempotencyKey))!, bookingId, request);
        const createdAt = await audit.record(transaction, {
          administratorId,
          action: 'booking.refund-requested',
          entityType: 'booking',
          entityId: bookingId,
          entityName: booking.name || null,
          reason: request.reason,
          before: null,
          after: { refundId: row.id, amountMinor: row.amountMinor, status: row.status },
        });
        const event = { type: 'refund.requested' as const, payload: payloadOf(row, null), createdAt, idempotencyKey: `refund.requested:${row.idempotencyKey}` };
        await enqueueEvents(transaction, [event]);
        return toRefund(row);
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
          if (now.status === result.status) return toRefund(now);
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
        return toRefund(decided);
      });
    },
  };
}

export type RefundsService = ReturnType<typeof createRefundsService>;
