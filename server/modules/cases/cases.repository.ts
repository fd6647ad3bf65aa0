// SQL for cases (docs/decisions/048-cases.md): the table, the one-row settings the feedback trigger
// reads, and the reads and compare-and-set writes of the list, take-next, release, close and flag.
// The triggers (a 1-2 star feedback opens its case; every case change is a live change) are migration 0055's.
import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { CaseFilter, CaseQueue, CaseSource, CaseStatus } from '../../../src/contracts/cases';
import type { Database, Transaction } from '../../db/client';
import { administrators } from '../../db/schema';
import { rowsOf } from '../../db/rows';

export const cases = pgTable(
  'cases',
  {
    id: serial('id').primaryKey(),
    source: text('source').$type<CaseSource>().notNull(),
    sourceId: integer('source_id').notNull(),
    queue: text('queue').$type<CaseQueue>().notNull(),
    status: text('status').$type<CaseStatus>().notNull().default('open'),
    /** Who holds it; null until a member takes it (or after they release it). */
    ownerId: integer('owner_id').references(() => administrators.id, { onDelete: 'set null' }),
    openedAt: timestamp('opened_at', { withTimezone: true, mode: 'date' }).notNull(),
    dueAt: timestamp('due_at', { withTimezone: true, mode: 'date' }).notNull(),
    /** The first take, release or close: the queue's time to a first action is measured to it. */
    firstActionAt: timestamp('first_action_at', { withTimezone: true, mode: 'date' }),
    closedAt: timestamp('closed_at', { withTimezone: true, mode: 'date' }),
    closedBy: integer('closed_by').references(() => administrators.id, { onDelete: 'set null' }),
    resolution: text('resolution'),
    /** Why a member flagged the booking (a flagged booking's case). */
    reason: text('reason'),
  },
  (table) => [
    check('cases_source_check', sql`${table.source} IN ('feedback', 'booking')`),
    check(
      'cases_queue_check',
      sql`(${table.source} = 'feedback' AND ${table.queue} = 'low-rating') OR (${table.source} = 'booking' AND ${table.queue} = 'flagged-booking')`,
    ),
    check('cases_status_check', sql`${table.status} IN ('open', 'closed')`),
    // A closed case has its time, its closer's id when it was closed, and a resolution of 1 to 2,000 characters.
    check(
      'cases_closed_check',
      sql`${table.status} = 'open' OR (${table.closedAt} IS NOT NULL AND ${table.resolution} IS NOT NULL AND length(btrim(${table.resolution})) > 0 AND length(${table.resolution}) <= 2000)`,
    ),
    check('cases_reason_check', sql`${table.reason} IS NULL OR length(${table.reason}) <= 500`),
    // One open case a source: a second flag, or the trigger firing twice, opens nothing.
    uniqueIndex('cases_open_source_key')
      .on(table.source, table.sourceId)
      .where(sql`${table.status} = 'open'`),
    // The open cases by deadline: the list, take-next, the overdue badge and the metrics walk it.
    index('cases_open_due_idx')
      .on(table.dueAt, table.id)
      .where(sql`${table.status} = 'open'`),
    index('cases_owner_idx')
      .on(table.ownerId, table.dueAt)
      .where(sql`${table.status} = 'open'`),
    index('cases_closed_idx')
      .on(table.closedAt, table.id)
      .where(sql`${table.status} = 'closed'`),
  ],
);

/** One row: the deadline in hours the feedback trigger opens cases with; the server writes CASE_DEADLINE_HOURS to it at start. */
export const caseSettings = pgTable(
  'case_settings',
  {
    id: boolean('id').primaryKey().default(true),
    deadlineHours: integer('deadline_hours').notNull().default(24),
  },
  (table) => [check('case_settings_one_row', sql`${table.id}`), check('case_settings_hours_check', sql`${table.deadlineHours} BETWEEN 1 AND 720`)],
);

/** A case as read: its row, its holder's name, and its feedback's stars and comment. */
export interface CaseRecord {
  id: number;
  source: CaseSource;
  sourceId: number;
  queue: CaseQueue;
  status: CaseStatus;
  ownerId: number | null;
  ownerName: string | null;
  openedAt: Date;
  dueAt: Date;
  firstActionAt: Date | null;
  closedAt: Date | null;
  closedBy: number | null;
  resolution: string | null;
  reason: string | null;
  rating: number | null;
  comment: string | null;
}

/** A case's first action: its queue and the seconds from its opening (for the metrics' histogram). */
export interface FirstAction {
  queue: CaseQueue;
  seconds: number;
}

const dateOf = (value: unknown) => (value === null || value === undefined ? null : value instanceof Date ? value : new Date(value as string));

const SELECT_CASE = sql`
  SELECT c.id, c.source, c.source_id AS "sourceId", c.queue, c.status, c.owner_id AS "ownerId", a.name AS "ownerName",
         c.opened_at AS "openedAt", c.due_at AS "dueAt", c.first_action_at AS "firstActionAt", c.closed_at AS "closedAt",
         c.closed_by AS "closedBy", c.resolution, c.reason, f.rating, f.comments AS comment
  FROM cases c
  LEFT JOIN administrators a ON a.id = c.owner_id
  LEFT JOIN feedbacks f ON c.source = 'feedback' AND f.id = c.source_id`;

function recordOf(row: Record<string, unknown>): CaseRecord {
  return {
    ...(row as unknown as CaseRecord),
    id: Number(row.id),
    sourceId: Number(row.sourceId),
    ownerId: row.ownerId === null ? null : Number(row.ownerId),
    closedBy: row.closedBy === null ? null : Number(row.closedBy),
    rating: row.rating === null ? null : Number(row.rating),
    openedAt: dateOf(row.openedAt)!,
    dueAt: dateOf(row.dueAt)!,
    firstActionAt: dateOf(row.firstActionAt),
    closedAt: dateOf(row.closedAt),
  };
}

/** The condition and order of each filter; `now` decides what is overdue. */
function filterOf(filter: CaseFilter, administratorId: number, now: Date) {
  switch (filter) {
    case 'mine':
      return { where: sql`c.status = 'open' AND c.owner_id = ${administratorId}`, order: sql`c.due_at, c.id` };
    case 'unowned':
      return { where: sql`c.status = 'open' AND c.owner_id IS NULL`, order: sql`c.due_at, c.id` };
    case 'overdue':
      return { where: sql`c.status = 'open' AND c.due_at <= ${now.toISOString()}::timestamptz`, order: sql`c.due_at, c.id` };
    case 'closed':
      return { where: sql`c.status = 'closed'`, order: sql`c.closed_at DESC, c.id DESC` };
    case 'open':
      return { where: sql`c.status = 'open'`, order: sql`c.due_at, c.id` };
  }
}

/** A case's first action, when the statement that returned `row` was it (its `before` was null). */
const firstActionOf = (row: { queue: CaseQueue; before: unknown; openedAt: unknown; at: unknown }): FirstAction | null =>
  row.before === null ? { queue: row.queue, seconds: Math.max(0, (dateOf(row.at)!.getTime() - dateOf(row.openedAt)!.getTime()) / 1000) } : null;

export function createCasesRepository(db: Database) {
  const one = async (executor: Database | Transaction, id: number): Promise<CaseRecord | undefined> => {
    const [row] = rowsOf<Record<string, unknown>>(await executor.execute(sql`${SELECT_CASE} WHERE c.id = ${id}`));
    return row && recordOf(row);
  };

  return {
    find: (id: number, executor: Database | Transaction = db) => one(executor, id),

    /** Writes the deadline the feedback trigger opens cases with. */
    async setDeadlineHours(hours: number): Promise<void> {
      await db.execute(
        sql`INSERT INTO case_settings (id, deadline_hours) VALUES (true, ${hours}) ON CONFLICT (id) DO UPDATE SET deadline_hours = EXCLUDED.deadline_hours`,
      );
    },

    async page(filter: CaseFilter, administratorId: number, now: Date, page: number, pageSize: number): Promise<{ records: CaseRecord[]; total: number }> {
      const { where, order } = filterOf(filter, administratorId, now);
      const rows = rowsOf<Record<string, unknown>>(
        await db.execute(sql`${SELECT_CASE} WHERE ${where} ORDER BY ${order} LIMIT ${pageSize} OFFSET ${(page - 1) * pageSize}`),
      );
      const [{ total }] = rowsOf<{ total: number }>(await db.execute(sql`SELECT count(*)::int AS total FROM cases c WHERE ${where}`));
      return { records: rows.map(recordOf), total: Number(total) };
    },

    /**
     * Gives the member the open, unowned case with the soonest deadline, in one statement: the row is
     * locked as it is picked and rows locked by a concurrent taker are skipped, so two members never
     * get the same case. Undefined when no case is free.
     */
    async takeNext(transaction: Transaction, administratorId: number, now: Date): Promise<{ id: number; firstAction: FirstAction | null } | undefined> {
      const [row] = rowsOf<{ id: number; queue: CaseQueue; before: unknown; openedAt: unknown; at: unknown }>(
        await transaction.execute(sql`
          WITH picked AS (
            SELECT id, first_action_at FROM cases
            WHERE status = 'open' AND owner_id IS NULL
            ORDER BY due_at, id
            LIMIT 1
            FOR UPDATE SKIP LOCKED
          )
          UPDATE cases c SET owner_id = ${administratorId}, first_action_at = coalesce(c.first_action_at, ${now.toISOString()}::timestamptz)
          FROM picked WHERE c.id = picked.id AND c.owner_id IS NULL AND c.status = 'open'
          RETURNING c.id, c.queue, picked.first_action_at AS before, c.opened_at AS "openedAt", c.first_action_at AS at`),
      );
      return row && { id: Number(row.id), firstAction: firstActionOf(row) };
    },

    /** The holder gives an open case back to the queue; undefined when it is not open or not theirs. */
    async release(transaction: Transaction, id: number, administratorId: number, now: Date): Promise<{ firstAction: FirstAction | null } | undefined> {
      const [row] = rowsOf<{ queue: CaseQueue; before: unknown; openedAt: unknown; at: unknown }>(
        await transaction.execute(sql`
          WITH held AS (SELECT id, first_action_at FROM cases WHERE id = ${id} AND status = 'open' AND owner_id = ${administratorId} FOR UPDATE)
          UPDATE cases c SET owner_id = NULL, first_action_at = coalesce(c.first_action_at, ${now.toISOString()}::timestamptz)
          FROM held WHERE c.id = held.id
          RETURNING c.queue, held.first_action_at AS before, c.opened_at AS "openedAt", c.first_action_at AS at`),
      );
      return row && { firstAction: firstActionOf(row) };
    },

    /** Closes an open case with its resolution (compare-and-set on its status); undefined when it is not open. */
    async close(
      transaction: Transaction,
      id: number,
      administratorId: number,
      resolution: string,
      now: Date,
    ): Promise<{ firstAction: FirstAction | null; previousOwnerId: number | null } | undefined> {
      const at = now.toISOString();
      const [row] = rowsOf<{ queue: CaseQueue; before: unknown; openedAt: unknown; at: unknown; previousOwnerId: number | null }>(
        await transaction.execute(sql`
          WITH open_case AS (SELECT id, first_action_at, owner_id FROM cases WHERE id = ${id} AND status = 'open' FOR UPDATE)
          UPDATE cases c SET status = 'closed', closed_at = ${at}::timestamptz, closed_by = ${administratorId}, resolution = ${resolution},
                             owner_id = coalesce(c.owner_id, ${administratorId}), first_action_at = coalesce(c.first_action_at, ${at}::timestamptz)
          FROM open_case WHERE c.id = open_case.id AND c.status = 'open'
          RETURNING c.queue, open_case.first_action_at AS before, c.opened_at AS "openedAt", c.first_action_at AS at, open_case.owner_id AS "previousOwnerId"`),
      );
      return row && { firstAction: firstActionOf(row), previousOwnerId: row.previousOwnerId === null ? null : Number(row.previousOwnerId) };
    },

    /**
     * Opens the booking's case, unless it has an open one (the unique index decides, so two flags at
     * once open one case). Answers the new case's id, or undefined.
     */
    async openForBooking(transaction: Transaction, bookingId: number, reason: string, now: Date, deadlineHours: number): Promise<number | undefined> {
      const [row] = rowsOf<{ id: number }>(
        await transaction.execute(sql`
          INSERT INTO cases (source, source_id, queue, status, opened_at, due_at, reason)
          SELECT 'booking', b.id, 'flagged-booking', 'open', ${now.toISOString()}::timestamptz,
                 ${now.toISOString()}::timestamptz + make_interval(hours => ${deadlineHours}::int), ${reason}
          FROM bookings b WHERE b.id = ${bookingId}
          ON CONFLICT (source, source_id) WHERE status = 'open' DO NOTHING
          RETURNING id`),
      );
      return row && Number(row.id);
    },

    async bookingExists(bookingId: number): Promise<boolean> {
      const [row] = rowsOf<{ exists: boolean }>(await db.execute(sql`SELECT EXISTS (SELECT 1 FROM bookings WHERE id = ${bookingId}) AS "exists"`));
      return Boolean(row?.exists);
    },

    async openCaseOf(source: CaseSource, sourceId: number): Promise<CaseRecord | undefined> {
      const [row] = rowsOf<{ id: number }>(
        await db.execute(sql`SELECT id FROM cases WHERE source = ${source} AND source_id = ${sourceId} AND status = 'open'`),
      );
      return row && one(db, Number(row.id));
    },

    /** The overdue open cases (the sidebar's badge). */
    async overdueCount(now: Date): Promise<number> {
      const [row] = rowsOf<{ count: number }>(
        await db.execute(sql`SELECT count(*)::int AS count FROM cases WHERE status = 'open' AND due_at <= ${now.toISOString()}::timestamptz`),
      );
      return Number(row.count);
    },

    /** Open and overdue cases by queue (the metrics' gauges). */
    async openByQueue(now: Date): Promise<{ queue: CaseQueue; open: number; overdue: number }[]> {
      const rows = rowsOf<{ queue: CaseQueue; open: number; overdue: number }>(
        await db.execute(sql`
          SELECT queue, count(*)::int AS open, (count(*) FILTER (WHERE due_at <= ${now.toISOString()}::timestamptz))::int AS overdue
          FROM cases WHERE status = 'open' GROUP BY queue`),
      );
      return rows.map((row) => ({ queue: row.queue, open: Number(row.open), overdue: Number(row.overdue) }));
    },
  };
}

export type CasesRepository = ReturnType<typeof createCasesRepository>;
