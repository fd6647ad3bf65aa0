// Refunds: SQL only (decision 043). What a booking's guest paid is read in cents by the database
// ((total * 100)::bigint of a numeric(12, 2): exact), never through a float.
import { and, asc, eq, inArray, notInArray, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { PAID_BOOKING_STATUSES, RELEASED_REFUND_STATUSES, type RefundResult } from '../../../src/contracts/refunds';
import type { Database, Transaction } from '../../db/client';
import { administrators, bookings, properties, refunds, users } from '../../db/schema';

type Executor = Database | Transaction;

export type RefundRow = typeof refunds.$inferSelect;
export type NewRefundRow = typeof refunds.$inferInsert;
/** A refund with the names of the members who asked for it and who approved or rejected it. */
export type NamedRefundRow = RefundRow & { requestedByName: string | null; reviewedByName: string | null };

const requesters = alias(administrators, 'requester');
const reviewers = alias(administrators, 'reviewer');

/** A booking as a refund sees it: whether it was paid, how much, and its name for the audit. */
export interface RefundableBooking {
  isPaid: boolean;
  paidMinor: number;
  name: string;
}

const bookingColumns = {
  isPaid: sql<boolean>`${bookings.status} IN (${sql.join(
    PAID_BOOKING_STATUSES.map((status) => sql`${status}`),
    sql`, `,
  )})`,
  paidMinor: sql<number>`(${bookings.total} * 100)::bigint`.mapWith(Number),
  name: sql<string>`concat_ws(' · ', ${users.name}, ${properties.title})`,
};

export function createRefundsRepository(db: Database) {
  const readBooking = async (executor: Executor, bookingId: number, isLocking: boolean): Promise<RefundableBooking | undefined> => {
    const query = executor
      .select(bookingColumns)
      .from(bookings)
      .leftJoin(users, eq(users.id, bookings.guestId))
      .leftJoin(properties, eq(properties.id, bookings.propertyId))
      .where(eq(bookings.id, bookingId));
    const [row] = await (isLocking ? query.for('update', { of: bookings }) : query);
    return row === undefined ? undefined : { ...row, isPaid: row.isPaid === true, paidMinor: row.paidMinor };
  };

  return {
    /** The booking, its row locked until the transaction ends: its refunds are then written one writer at a time. */
    lockBooking: (transaction: Transaction, bookingId: number) => readBooking(transaction, bookingId, true),

    readBooking: (bookingId: number) => readBooking(db, bookingId, false),

    /** The booking's refunds that count against what was paid, in cents (a failed or rejected one gave its amount back). */
    async refundedMinor(executor: Executor, bookingId: number): Promise<number> {
      const [row] = await executor
        .select({ total: sql<number>`COALESCE(sum(${refunds.amountMinor}), 0)`.mapWith(Number) })
        .from(refunds)
        .where(and(eq(refunds.bookingId, bookingId), notInArray(refunds.status, [...RELEASED_REFUND_STATUSES])));
      return row.total;
    },

    async findByKey(executor: Executor, idempotencyKey: string): Promise<RefundRow | undefined> {
      const [row] = await executor.select().from(refunds).where(eq(refunds.idempotencyKey, idempotencyKey));
      return row;
    },

    async findById(executor: Executor, id: number): Promise<RefundRow | undefined> {
      const [row] = await executor.select().from(refunds).where(eq(refunds.id, id));
      return row;
    },

    /** The new refund; undefined when its idempotency key is taken (by a request that committed meanwhile). */
    async insert(transaction: Transaction, values: NewRefundRow): Promise<RefundRow | undefined> {
      const [row] = await transaction.insert(refunds).values(values).onConflictDoNothing({ target: refunds.idempotencyKey }).returning();
      return row;
    },

    /** The booking's refunds, oldest first, with their members' names. */
    async listOfBooking(bookingId: number): Promise<NamedRefundRow[]> {
      const rows = await db
        .select({ refund: refunds, requestedByName: requesters.name, reviewedByName: reviewers.name })
        .from(refunds)
        .leftJoin(requesters, eq(requesters.id, refunds.requestedBy))
        .leftJoin(reviewers, eq(reviewers.id, refunds.reviewedBy))
        .where(eq(refunds.bookingId, bookingId))
        .orderBy(asc(refunds.id));
      return rows.map(({ refund, requestedByName, reviewedByName }) => ({ ...refund, requestedByName, reviewedByName }));
    },

    /** The names of members, by id, for one refund's answer. */
    async namesOf(executor: Executor, ids: readonly (number | null)[]): Promise<Map<number, string>> {
      const known = ids.filter((id): id is number => id !== null);
      if (known.length === 0) return new Map();
      const rows = await executor.select({ id: administrators.id, name: administrators.name }).from(administrators).where(inArray(administrators.id, known));
      return new Map(rows.map((row) => [row.id, row.name]));
    },

    /**
     * Compare-and-set: a refund awaiting approval becomes requested (approved) or rejected, by a member
     * who did not ask for it; undefined when it is not awaiting any more (someone decided it first).
     */
    async review(
      transaction: Transaction,
      id: number,
      change: { status: 'requested' | 'rejected'; reviewedBy: number; reviewedAt: Date; rejectionReason: string | null },
    ): Promise<RefundRow | undefined> {
      const [row] = await transaction
        .update(refunds)
        .set(change)
        .where(and(eq(refunds.id, id), eq(refunds.status, 'awaiting-approval')))
        .returning();
      return row;
    },

    /** Compare-and-set: a requested refund takes the result; undefined when it is not requested any more. */
    async decide(transaction: Transaction, id: number, result: RefundResult, failureReason: string | null, decidedAt: Date): Promise<RefundRow | undefined> {
      const [row] = await transaction
        .update(refunds)
        .set({ status: result, failureReason, decidedAt })
        .where(and(eq(refunds.id, id), eq(refunds.status, 'requested')))
        .returning();
      return row;
    },
  };
}

export type RefundsRepository = ReturnType<typeof createRefundsRepository>;
