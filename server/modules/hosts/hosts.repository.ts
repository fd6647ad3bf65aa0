// SQL for hosts (users with is_host) and their verification.
import { and, asc, desc, eq, gt, sql, type SQL } from 'drizzle-orm';
import type { HostSort } from '../../../src/contracts/hosts';
import type { HostStatus } from '../../../src/contracts/statuses';
import type { Database, Transaction } from '../../db/client';
import { readCounter, readCounters } from '../../db/counters';
import { hostVerifications, users } from '../../db/schema';
import { deferredPage } from '../../lib/table-list-source';

export type Executor = Database | Transaction;

export interface HostFilter {
  status?: HostStatus;
  /** A LIKE pattern for name and email, already escaped. */
  pattern?: string;
  /** A userId the search names exactly. */
  id?: number;
}

export interface HostPageRequest extends HostFilter {
  sort?: HostSort;
  order: 'asc' | 'desc';
  limit: number;
  offset: number;
}

// `is_host` as a bare column, so the planner matches the partial indexes (WHERE is_host).
const isHost = sql`${users.isHost}`;

const listColumns = {
  id: users.id,
  name: users.name,
  email: users.email,
  statusHost: users.statusHost,
  numberOfProperties: users.numberOfProperties,
};

const detailColumns = {
  id: users.id,
  name: users.name,
  email: users.email,
  phone: users.phone,
  propertyAddress: users.propertyAddress,
  statusHost: users.statusHost,
  numberOfProperties: users.numberOfProperties,
  createdAt: users.createdAt,
  updatedAt: users.updatedAt,
};

export type HostListRow = { id: number; name: string; email: string | null; statusHost: string; numberOfProperties: number };
export type HostDetailRow = {
  id: number;
  name: string;
  email: string | null;
  phone: string | null;
  propertyAddress: string | null;
  statusHost: string;
  numberOfProperties: number;
  createdAt: Date;
  updatedAt: Date;
};

const sortColumns = {
  name: users.name,
  statusHost: users.statusHost,
  email: users.email,
  numberOfProperties: users.numberOfProperties,
} as const;

const isEmptyText = (column: typeof users.name | typeof users.email) => sql`(${column} IS NULL OR ${column} = '')`;

/**
 * The hosts a search matches: name or e-mail, from the trigram indexes over hosts only (migration
 * 0014), or the id it names.
 */
function searchCondition(pattern: string, id: number | undefined): SQL {
  const byId = id === undefined ? sql`` : sql` OR ${users.id} = ${id}`;
  return sql`(${users.name} ILIKE ${pattern} OR ${users.email} ILIKE ${pattern}${byId})`;
}

function filterCondition(filter: HostFilter): SQL | undefined {
  const search = filter.pattern ? searchCondition(filter.pattern, filter.id) : undefined;
  return and(isHost, filter.status ? eq(users.statusHost, filter.status) : undefined, search);
}

function orderBy(sort: HostSort | undefined, order: 'asc' | 'desc'): SQL[] {
  if (!sort) return [desc(users.id)];
  const direction = order === 'asc' ? asc : desc;
  const column = sortColumns[sort];
  const emptyLast = column === users.name || column === users.email ? [asc(isEmptyText(column))] : [];
  return [...emptyLast, direction(column), direction(users.id)];
}

export function createHostsRepository(db: Database) {
  return {
    /** One batch of the whole list (or of the hosts the filter selects), in id order, after `afterId`. */
    async listAfter(afterId: number, limit: number, filter: HostFilter = {}): Promise<HostListRow[]> {
      return db
        .select(listColumns)
        .from(users)
        .where(and(filterCondition(filter), gt(users.id, afterId)))
        .orderBy(asc(users.id))
        .limit(limit);
    },

    async listPage(request: HostPageRequest): Promise<HostListRow[]> {
      const order = orderBy(request.sort, request.order);
      return deferredPage<HostListRow>(db, {
        table: users,
        where: filterCondition(request),
        order,
        limit: request.limit,
        offset: request.offset,
        rows: () => db.select(listColumns).from(users).$dynamic(),
      });
    },

    async count(filter: HostFilter): Promise<number> {
      // Unsearched totals come from the counters the triggers keep; a search is counted for real.
      if (!filter.pattern) return readCounter(db, 'hosts', filter.status);
      const [row] = await db.select({ count: sql<number>`count(*)::int` }).from(users).where(filterCondition(filter));
      return row.count;
    },

    async summarize() {
      const counters = await readCounters(db, ['hosts', 'hosts:Confirmed', 'hosts:Pending', 'hosts:Rejected']);
      return {
        total: counters.hosts,
        approved: counters['hosts:Confirmed'],
        pending: counters['hosts:Pending'],
        rejected: counters['hosts:Rejected'],
      };
    },

    /** Any user (host or guest) with the verification they submitted, if any. */
    async findUserWithVerification(id: number) {
      const [row] = await db
        .select({
          name: users.name,
          email: users.email,
          phoneCountryCode: users.phoneCountryCode,
          phone: users.phone,
          about: users.about,
          createdAt: users.createdAt,
          profilePictureUrl: users.profilePictureUrl,
          verification: {
            idType: hostVerifications.idType,
            country: hostVerifications.country,
            createdAt: hostVerifications.createdAt,
            idDocumentUrl: hostVerifications.idDocumentUrl,
          },
        })
        .from(users)
        .leftJoin(hostVerifications, eq(hostVerifications.userId, users.id))
        .where(eq(users.id, id))
        .limit(1);
      return row;
    },

    async findHost(id: number, executor: Executor = db): Promise<HostDetailRow | undefined> {
      const [row] = await executor.select(detailColumns).from(users).where(and(isHost, eq(users.id, id))).limit(1);
      return row;
    },

    /** The host, locked until the transaction ends, so concurrent changes apply one after the other. */
    async lockHost(executor: Transaction, id: number): Promise<HostDetailRow | undefined> {
      const [row] = await executor.select(detailColumns).from(users).where(and(isHost, eq(users.id, id))).limit(1).for('update');
      return row;
    },

    async updateHost(executor: Transaction, id: number, values: Partial<Omit<HostDetailRow, 'id' | 'createdAt' | 'numberOfProperties'>>) {
      const [row] = await executor.update(users).set(values).where(eq(users.id, id)).returning(detailColumns);
      return row;
    },

    /** Deletes the host; the foreign keys remove its properties and detach its bookings. */
    async deleteHost(executor: Transaction, id: number): Promise<void> {
      await executor.delete(users).where(eq(users.id, id));
    },
  };
}

export type HostsRepository = ReturnType<typeof createHostsRepository>;
