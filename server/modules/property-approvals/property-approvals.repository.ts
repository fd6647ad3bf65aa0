// SQL for Property Approvals: the paged list and the compare-and-set decision.
import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { PropertyApprovalRow, PropertyApprovalSort } from '../../../src/contracts/property-approvals';
import type { PropertyApprovalStatus } from '../../../src/contracts/statuses';
import type { Database, Transaction } from '../../db/client';
import { properties, users } from '../../db/schema';
import { tableListSource } from '../../lib/table-list-source';

const rowColumns = {
  id: properties.id,
  title: properties.title,
  address: properties.address,
  hostName: properties.hostName,
  status: properties.approvalStatus,
  version: properties.version,
};

/** A union of three index-backed searches (trigram indexes on title, address and users.name) instead of one OR across a join, which could only scan. */
function matchingIds(pattern: string): SQL {
  return sql`${properties.id} IN (
    SELECT id FROM properties WHERE title ILIKE ${pattern}
    UNION SELECT id FROM properties WHERE address ILIKE ${pattern}
    UNION SELECT owned.id FROM properties owned JOIN users owner ON owner.id = owned.host_id WHERE owner.name ILIKE ${pattern}
  )`;
}

/** Property Approvals: properties by their approval status, each with its host's name and version. */
export const propertyApprovalListSource = (db: Database) =>
  tableListSource<PropertyApprovalRecord, PropertyApprovalRow, PropertyApprovalSort, PropertyApprovalStatus>({
    db,
    table: properties,
    // The host's name is the copy the triggers keep on the property (migration 0014): a rename writes
    // the host's properties, so their version covers it.
    tables: ['properties'],
    columns: rowColumns,
    sortColumns: { title: properties.title, address: properties.address, hostName: properties.hostName, status: properties.approvalStatus },
    statusColumn: properties.approvalStatus,
    search: matchingIds,
    counter: 'property-approvals',
    toRow: (row) => ({ ...row, status: row.status as PropertyApprovalStatus }),
  });

type PropertyApprovalRecord = { id: number; title: string; address: string; hostName: string; status: string; version: number };

export function createPropertyApprovalsRepository() {
  return {
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
