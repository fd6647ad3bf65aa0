// SQL for Property Approvals: the paged list, one row, and where the decisions move a property.
import { eq } from 'drizzle-orm';
import type { PropertyApprovalRow } from '../../../src/contracts/property-approvals';
import type { PropertyApprovalSort } from '../../../src/contracts/lists/property-approvals';
import type { PropertyApprovalStatus } from '../../../src/contracts/statuses';
import type { Database, Transaction } from '../../db/client';
import { properties } from '../../db/schema';
import type { ActionTarget } from '../../lib/compare-and-set';
import { SEARCH_TOTAL_INLINE_UP_TO, tableListSource } from '../../lib/table-list-source';

const rowColumns = {
  id: properties.id,
  title: properties.title,
  address: properties.address,
  hostName: properties.hostName,
  status: properties.approvalStatus,
  version: properties.version,
};

/** Property Approvals: properties by their approval status, each with its host's name and version. */
export const propertyApprovalsListSource = (db: Database) =>
  tableListSource<PropertyApprovalRecord, PropertyApprovalRow, PropertyApprovalSort, PropertyApprovalStatus>({
    db,
    table: properties,
    // The host's name is the copy the triggers keep on the property (migration 0014): a rename writes
    // the host's properties, so their version covers it.
    tables: ['properties'],
    columns: rowColumns,
    sortColumns: { title: properties.title, address: properties.address, hostName: properties.hostName, status: properties.approvalStatus },
    statusColumn: properties.approvalStatus,
    // Each from its trigram index (the host's name is the copy on the property).
    searchColumns: { title: properties.title, address: properties.address, hostName: properties.hostName },
    // A common word ("road" is in half the addresses) counts tens of thousands: its total follows the rows.
    searchTotalInlineUpTo: SEARCH_TOTAL_INLINE_UP_TO,
    // Kept by migration 0004's triggers.
    migrationCounter: 'property-approvals',
    toRow: (row) => ({ ...row, status: row.status as PropertyApprovalStatus }),
  });

type PropertyApprovalRecord = { id: number; title: string; address: string; hostName: string; status: string; version: number };

export function createPropertyApprovalsRepository() {
  return {
    async findRow(executor: Database | Transaction, id: number) {
      const [row] = await executor.select(rowColumns).from(properties).where(eq(properties.id, id));
      return row;
    },
  };
}

export type PropertyApprovalsRepository = ReturnType<typeof createPropertyApprovalsRepository>;

/** Where the properties' actions move them: approval_status, each at its version when the client gives one (decision 044). */
export const propertyApprovalsActionTarget: ActionTarget = {
  // Its table's trigger of migration 0022 tells the live stream of every change already.
  hasLiveTrigger: true,
  entityType: 'property',
  table: { table: 'properties', statusColumn: 'approval_status', isVersioned: true },
  statusField: 'status',
};
