// SQL for the landing page's forms and the admin screen "Data from Landing Page".
import { and, asc, count, desc, ilike, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { EmailSubscriberSort, HostInformationSort } from '../../../src/contracts/landing';
import type { Database } from '../../db/client';
import { readCounter } from '../../db/counters';
import { emailSubscribers, hostInterestSubmissions } from '../../db/schema';

export interface LandingListRequest<Sort extends string> {
  /** A LIKE pattern, already escaped. */
  pattern?: string;
  sort: Sort;
  order: 'asc' | 'desc';
}

export type SubmissionRecord = typeof hostInterestSubmissions.$inferSelect;
export type SubscriberRecord = Pick<typeof emailSubscribers.$inferSelect, 'id' | 'email' | 'createdAt'>;

const submissionSortColumns: Record<HostInformationSort, AnyColumn> = {
  createdAt: hostInterestSubmissions.createdAt,
  name: hostInterestSubmissions.name,
  email: hostInterestSubmissions.email,
  phone: hostInterestSubmissions.phone,
  address: hostInterestSubmissions.address,
};

const subscriberSortColumns: Record<EmailSubscriberSort, AnyColumn> = {
  createdAt: emailSubscribers.createdAt,
  email: emailSubscribers.email,
};

const subscriberColumns = { id: emailSubscribers.id, email: emailSubscribers.email, createdAt: emailSubscribers.createdAt };

/** The same expression as the trigram index host_interest_search_trgm_idx, so a search can use it. */
function submissionSearch(pattern: string): SQL {
  const table = hostInterestSubmissions;
  return sql`(${table.name} || ' ' || ${table.email} || ' ' || ${table.phone} || ' ' || ${table.address}) ILIKE ${pattern}`;
}

function orderOf(column: AnyColumn, id: AnyColumn, order: 'asc' | 'desc'): SQL[] {
  const direction = order === 'desc' ? desc : asc;
  return [direction(column), direction(id)];
}

/**
 * Keyset condition: rows after the row `afterId` in (column, id) order. The cursor's values are read
 * back from the row itself, so timestamps keep their full database precision.
 */
function afterRow(table: typeof hostInterestSubmissions | typeof emailSubscribers, column: AnyColumn, afterId: number, order: 'asc' | 'desc'): SQL {
  const operator = sql.raw(order === 'desc' ? '<' : '>');
  return sql`(${column}, ${table.id}) ${operator} (SELECT ${column}, ${table.id} FROM ${table} WHERE ${table.id} = ${afterId})`;
}

export function createLandingRepository(db: Database) {
  return {
    async insertSubmission(values: { name: string; email: string; phone: string; address: string; createdAt: Date }): Promise<number> {
      const [row] = await db.insert(hostInterestSubmissions).values(values).returning({ id: hostInterestSubmissions.id });
      return row.id;
    },

    /** One row per address whatever its letter case: the first spelling is kept. */
    async upsertSubscriber(email: string, now: Date): Promise<number> {
      const at = now.toISOString();
      const rows = await db.execute(sql`
        INSERT INTO email_subscribers (email, created_at, updated_at) VALUES (${email}, ${at}::timestamptz, ${at}::timestamptz)
        ON CONFLICT ((lower(email))) DO UPDATE SET updated_at = excluded.updated_at
        RETURNING id`);
      return Number((rows as unknown as { rows: { id: number }[] }).rows[0].id);
    },

    async listSubmissions(request: LandingListRequest<HostInformationSort> & { limit: number; afterId?: number; offset?: number }) {
      const column = submissionSortColumns[request.sort];
      return db
        .select()
        .from(hostInterestSubmissions)
        .where(
          and(
            request.pattern === undefined ? undefined : submissionSearch(request.pattern),
            request.afterId === undefined ? undefined : afterRow(hostInterestSubmissions, column, request.afterId, request.order),
          ),
        )
        .orderBy(...orderOf(column, hostInterestSubmissions.id, request.order))
        .limit(request.limit)
        .offset(request.offset ?? 0);
    },

    async countSubmissions(pattern: string | undefined): Promise<number> {
      // The unsearched total comes from the counter the triggers keep; a search is counted for real.
      if (pattern === undefined) return readCounter(db, 'host-information');
      const [row] = await db
        .select({ total: count() })
        .from(hostInterestSubmissions)
        .where(pattern === undefined ? undefined : submissionSearch(pattern));
      return row.total;
    },

    async listSubscribers(request: LandingListRequest<EmailSubscriberSort> & { limit: number; afterId?: number; offset?: number }) {
      const column = subscriberSortColumns[request.sort];
      return db
        .select(subscriberColumns)
        .from(emailSubscribers)
        .where(
          and(
            request.pattern === undefined ? undefined : ilike(emailSubscribers.email, request.pattern),
            request.afterId === undefined ? undefined : afterRow(emailSubscribers, column, request.afterId, request.order),
          ),
        )
        .orderBy(...orderOf(column, emailSubscribers.id, request.order))
        .limit(request.limit)
        .offset(request.offset ?? 0);
    },

    async countSubscribers(pattern: string | undefined): Promise<number> {
      // The unsearched total comes from the counter the triggers keep; a search is counted for real.
      if (pattern === undefined) return readCounter(db, 'email-subscribers');
      const [row] = await db
        .select({ total: count() })
        .from(emailSubscribers)
        .where(pattern === undefined ? undefined : ilike(emailSubscribers.email, pattern));
      return row.total;
    },
  };
}

export type LandingRepository = ReturnType<typeof createLandingRepository>;
