// SQL for Review Listings and the listing approval detail (a listing is a property under review).
import { asc, eq } from 'drizzle-orm';
import type { ListingRow } from '../../../src/contracts/listings';
import type { ListingSort } from '../../../src/contracts/lists/listings';
import type { ListingStatus } from '../../../src/contracts/statuses';
import type { Database } from '../../db/client';
import { properties, propertyImages } from '../../db/schema';
import type { ActionTarget } from '../../lib/compare-and-set';
import { SEARCH_TOTAL_INLINE_UP_TO, tableListSource } from '../../lib/table-list-source';

const rowColumns = {
  id: properties.id,
  title: properties.title,
  status: properties.listingStatus,
  address: properties.address,
  hostName: properties.hostName,
};

/** Review Listings: properties by their review status, each with its host's name; searched by title. */
export const listingsListSource = (db: Database) =>
  tableListSource<ListingRecord, ListingRow, ListingSort, ListingStatus>({
    db,
    table: properties,
    // The host's name is the copy the triggers keep on the property (migration 0014): a rename writes
    // the host's properties, so their version covers it.
    tables: ['properties'],
    columns: rowColumns,
    sortColumns: { title: properties.title, status: properties.listingStatus, address: properties.address, hostName: properties.hostName },
    statusColumn: properties.listingStatus,
    searchColumns: { title: properties.title },
    // A common word ("road" is in half the addresses) counts tens of thousands: its total follows the rows.
    searchTotalInlineUpTo: SEARCH_TOTAL_INLINE_UP_TO,
    // Kept by migration 0004's triggers.
    migrationCounter: 'listings',
    toRow: (row) => ({ ...row, status: row.status as ListingStatus, propertyId: row.id }),
  });

type ListingRecord = { id: number; title: string; status: string; address: string; hostName: string };

export function createListingsRepository(db: Database) {
  return {
    async findDetail(id: number) {
      const [row] = await db.select({ property: properties }).from(properties).where(eq(properties.id, id)).limit(1);
      return row;
    },

    async listImageUrls(propertyId: number): Promise<string[]> {
      const rows = await db
        .select({ url: propertyImages.url })
        .from(propertyImages)
        .where(eq(propertyImages.propertyId, propertyId))
        .orderBy(asc(propertyImages.position), asc(propertyImages.id));
      return rows.map((row) => row.url);
    },
  };
}

export type ListingsRepository = ReturnType<typeof createListingsRepository>;

/** Where the listings' actions move them: a property's listing_status, with a decline's reason kept beside it (decision 044). */
export const listingsActionTarget: ActionTarget = {
  // Its table's trigger of migration 0022 tells the live stream of every change already.
  hasLiveTrigger: true,
  entityType: 'listing',
  table: { table: 'properties', statusColumn: 'listing_status', extraColumns: ['listing_decline_reason'] },
  statusField: 'status',
  keptReason: { field: 'declineReason', actions: ['decline'] },
};
