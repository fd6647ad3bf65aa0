// SQL for hosts (users with is_host) and their verification, and the hosts list's source of rows.
import { and, asc, desc, eq, gt, isNotNull, sql, type SQL } from 'drizzle-orm';
import type { HostListItem } from '../../../src/contracts/hosts';
import type { HostSort } from '../../../src/contracts/lists/hosts';
import { normalizeHostStatus, type HostStatus } from '../../../src/contracts/statuses';
import type { Database, Transaction } from '../../db/client';
import { createdRangeCondition, createdRangeOf } from '../../lib/created-range';
import { counterName, readCounters, readNamedCounter } from '../../db/counters';
import { hostVerifications, users } from '../../db/schema';
import type { ActionTarget } from '../../lib/compare-and-set';
import { deferredPage, keysetBatches, pageRowsById, searchedPage, type ListFilter, type ListSource } from '../../lib/list-source';
import { contains } from '../../lib/paging';

export type Executor = Database | Transaction;

// `is_host` as a bare column, so the planner matches the partial indexes (WHERE is_host).
const isHost = sql`${users.isHost}`;

const listColumns = {
  id: users.id,
  name: users.name,
  email: users.email,
  statusHost: users.statusHost,
  numberOfProperties: users.numberOfProperties,
  suspendedAt: users.suspendedAt,
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
  suspendedAt: users.suspendedAt,
  suspensionReason: users.suspensionReason,
};

type HostListRow = { id: number; name: string; email: string | null; statusHost: string; numberOfProperties: number; suspendedAt: Date | null };
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
  suspendedAt: Date | null;
  suspensionReason: string | null;
};

const sortColumns = {
  name: users.name,
  statusHost: users.statusHost,
  email: users.email,
  numberOfProperties: users.numberOfProperties,
} as const;

const isEmptyText = (column: typeof users.name | typeof users.email) => sql`(${column} IS NULL OR ${column} = '')`;

/** The column behind each of the list's search fields, from the trigram indexes over hosts only (migration 0014). */
const SEARCH_COLUMNS = { name: users.name, email: users.email };

/** The hosts a search matches: name or e-mail, or the id it names. */
function searchCondition(pattern: string, id: number | undefined): SQL {
  const byId = id === undefined ? sql`` : sql` OR ${users.id} = ${id}`;
  return sql`(${sql.join(
    Object.values(SEARCH_COLUMNS).map((column) => contains(column, pattern)),
    sql` OR `,
  )}${byId})`;
}

/** The list's search (name, email, or an exact userId), status filter, joined days and Suspended filter. */
function filterCondition(filter: ListFilter<HostStatus>): SQL | undefined {
  const search = filter.pattern ? searchCondition(filter.pattern, filter.searchedId) : undefined;
  return and(
    isHost,
    filter.status ? eq(users.statusHost, filter.status) : undefined,
    search,
    createdRangeCondition(users.createdAt, createdRangeOf(filter.filters)),
    // The few suspended users come from their own index (migration 0049).
    filter.filters?.suspended ? isNotNull(users.suspendedAt) : undefined,
  );
}

function orderBy(sort: HostSort | undefined, order: 'asc' | 'desc'): SQL[] {
  if (!sort) return [desc(users.id)];
  const direction = order === 'asc' ? asc : desc;
  const column = sortColumns[sort];
  const emptyLast = column === users.name || column === users.email ? [asc(isEmptyText(column))] : [];
  return [...emptyLast, direction(column), direction(users.id)];
}

/** A host as the list shows it (and as approving one answers it). */
export const toHostListItem = (row: HostListRow): HostListItem => ({
  userId: row.id,
  name: row.name,
  email: row.email,
  statusHost: normalizeHostStatus(row.statusHost),
  numberOfProperties: row.numberOfProperties,
  suspendedAt: row.suspendedAt?.toISOString() ?? null,
});

/**
 * The hosts list: pages in the list's order, empty names and e-mails last; the whole list (the whole
 * array and CSV) in userId order, because a descending sort with empty ones last mixes directions,
 * which no row comparison resumes, while the primary key walks every host a batch at a time.
 */
export function hostsListSource(db: Database): ListSource<HostListItem, HostSort, HostStatus> {
  const selectRows = () => db.select(listColumns).from(users).$dynamic();
  const rows = pageRowsById<HostListRow>(users, selectRows());
  const counterOf = (filter: ListFilter<HostStatus>) => (filter.pattern || filter.filters ? undefined : counterName('hosts', filter.status));
  return {
    tables: ['users'],
    searches: { fields: Object.keys(SEARCH_COLUMNS), isById: true },

    async page(request) {
      if (request.pattern) {
        const searched = await searchedPage(db, {
          table: users,
          where: filterCondition({ ...request, pattern: undefined }),
          search: searchCondition(request.pattern, request.searchedId),
          order: orderBy(request.sort, request.order),
          limit: request.limit,
          offset: request.offset,
          rows,
        });
        return searched.map(toHostListItem);
      }
      const page = await deferredPage(db, {
        table: users,
        where: filterCondition(request),
        order: orderBy(request.sort, request.order),
        limit: request.limit,
        offset: request.offset,
        rows,
      });
      return page.map(toHostListItem);
    },

    // Unsearched totals come from the counters the triggers keep; a search, a created-on range or the Suspended filter is counted for real.
    counterOf,

    async count(filter) {
      const named = counterOf(filter);
      if (named !== undefined) return readNamedCounter(db, named);
      const [row] = await db
        .select({ count: sql<number>`count(*)::int` })
        .from(users)
        .where(filterCondition(filter));
      return row.count;
    },

    batches: (request) =>
      keysetBatches<HostListRow, HostListItem>(
        (last, limit) =>
          selectRows()
            .where(and(filterCondition(request), gt(users.id, last?.id ?? 0)))
            .orderBy(asc(users.id))
            .limit(limit),
        toHostListItem,
      ),
  };
}

export function createHostsRepository(db: Database) {
  return {
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
      const [row] = await executor
        .select(detailColumns)
        .from(users)
        .where(and(isHost, eq(users.id, id)))
        .limit(1);
      return row;
    },

    /** The host, locked until the transaction ends, so concurrent changes apply one after the other. */
    async lockHost(executor: Transaction, id: number): Promise<HostDetailRow | undefined> {
      const [row] = await executor
        .select(detailColumns)
        .from(users)
        .where(and(isHost, eq(users.id, id)))
        .limit(1)
        .for('update');
      return row;
    },

    async updateHost(
      executor: Transaction,
      id: number,
      values: Partial<Omit<HostDetailRow, 'id' | 'createdAt' | 'numberOfProperties' | 'suspendedAt' | 'suspensionReason'>>,
    ) {
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

/** Where the hosts' actions move them: a host's verification is its user's status_host (decision 044). */
export const hostsActionTarget: ActionTarget = {
  // Its table's trigger of migration 0022 tells the live stream of every change already.
  hasLiveTrigger: true,
  entityType: 'host',
  table: { table: 'users', statusColumn: 'status_host', kind: sql`t.is_host` },
  statusField: 'statusHost',
  statusOf: normalizeHostStatus,
};
