// SQL for Property Approvals: the paged list and the compare-and-set decision.
import { and, asc, count, desc, eq, gt, sql, type SQL } from 'drizzle-orm';
import type { PropertyApprovalSort } from '../../../src/contracts/property-approvals';
import type { PropertyApprovalStatus } from '../../../src/contracts/statuses';
import type { Database, Transaction } from '../../db/client';
import { readCounter } from '../../db/counters';
import { properties, users } from '../../db/schema';

export interface PropertyApprovalFilter {
  /** A LIKE pattern for title, address or host name, already escaped. */
  pattern?: string;
  status?: PropertyApprovalStatus;
}

export interface PropertyApprovalPageRequest extends PropertyApprovalFilter {
  sort?: PropertyApprovalSort;
  order: 'asc' | 'desc';
  limit: number;
  offset: number;
}

const rowColumns = {
  id: properties.id,
  title: properties.title,
  address: properties.address,
  hostName: users.name,
  status: properties.approvalStatus,
  version: properties.version,
};

const sortColumns = {
  title: properties.title,
  address: properties.address,
  hostName: users.name,
  status: properties.approvalStatus,
} as const;

/** A union of three index-backed searches (trigram indexes on title, address and users.name) instead of one OR across a join, which could only scan. */
function matchingIds(pattern: string): SQL {
  return sql`${properties.id} IN (
    SELECT id FROM properties WHERE title ILIKE ${pattern}
    UNION SELECT id FROM properties WHERE address ILIKE ${pattern}
    UNION SELECT owned.id FROM properties owned JOIN users owner ON owner.id = owned.host_id WHERE owner.name ILIKE ${pattern}
  )`;
}

function whereOf(filter: PropertyApprovalFilter): SQL | undefined {
  return and(
    filter.pattern === undefined ? undefined : matchingIds(filter.pattern),
    filter.status === undefined ? undefined : eq(properties.approvalStatus, filter.status),
  );
}

export function createPropertyApprovalsRepository(db: Database) {
  return {
    async listPage(request: PropertyApprovalPageRequest) {
      const direction = request.order === 'desc' ? desc : asc;
      const orderBy = request.sort ? [direction(sortColumns[request.sort]), direction(properties.id)] : [direction(properties.id)];
      if (request.sort !== 'hostName') {
        // Deferred join: the page's ids come from an index alone, then only that page is joined (a deep page stays cheap).
        const page = db
          .select({ id: properties.id })
          .from(properties)
          .where(whereOf(request))
          .orderBy(...orderBy)
          .limit(request.limit)
          .offset(request.offset)
          .as('page');
        return db
          .select(rowColumns)
          .from(properties)
          .innerJoin(page, eq(page.id, properties.id))
          .innerJoin(users, eq(users.id, properties.hostId))
          .orderBy(...orderBy);
      }
      return db
        .select(rowColumns)
        .from(properties)
        .innerJoin(users, eq(users.id, properties.hostId))
        .where(whereOf(request))
        .orderBy(...orderBy)
        .limit(request.limit)
        .offset(request.offset);
    },

    async count(filter: PropertyApprovalFilter): Promise<number> {
      // Unsearched totals come from the counters the triggers keep; a search is counted for real.
      if (filter.pattern === undefined) return readCounter(db, 'property-approvals', filter.status);
      const [row] = await db.select({ total: count() }).from(properties).where(whereOf(filter));
      return row.total;
    },

    async listAfter(afterId: number, limit: number) {
      return db
        .select(rowColumns)
        .from(properties)
        .innerJoin(users, eq(users.id, properties.hostId))
        .where(gt(properties.id, afterId))
        .orderBy(asc(properties.id))
        .limit(limit);
    },

    async findRow(executor: Database | Transaction, id: number) {
      const [row] = await executor
        .select(rowColumns)
        .from(properties)
        .innerJoin(users, eq(users.id, properties.hostId))
        .where(eq(properties.id, id));
      return row;
    },

    async findState(executor: Database | Transaction, id: number) {
      const [row] = await executor
        .select({ status: properties.approvalStatus, version: properties.version })
        .from(properties)
        .where(eq(properties.id, id));
      return row;
    },

    /** One statement decides: it moves the row only while it is pending (and at the version read, when given). */
    async decidePending(
      executor: Transaction,
      id: number,
      change: { status: PropertyApprovalStatus; version?: number; now: Date },
    ) {
      const [row] = await executor
        .update(properties)
        .set({ approvalStatus: change.status, version: sql`${properties.version} + 1`, updatedAt: change.now })
        .where(
          and(
            eq(properties.id, id),
            eq(properties.approvalStatus, 'pending'),
            change.version === undefined ? undefined : eq(properties.version, change.version),
          ),
        )
        .returning({ id: properties.id, status: properties.approvalStatus, version: properties.version });
      return row;
    },
  };
}

export type PropertyApprovalsRepository = ReturnType<typeof createPropertyApprovalsRepository>;
