// SQL for Review Listings and the listing approval detail (a listing is a property under review).
import { and, asc, count, desc, eq, gt, ilike, inArray, type SQL } from 'drizzle-orm';
import type { ListingSort } from '../../../src/contracts/listings';
import type { ListingStatus } from '../../../src/contracts/statuses';
import type { Database, Transaction } from '../../db/client';
import { readCounter } from '../../db/counters';
import { properties, propertyImages, users } from '../../db/schema';

export interface ListingFilter {
  /** A LIKE pattern for the title, already escaped. */
  titlePattern?: string;
  status?: ListingStatus;
}

export interface ListingPageRequest extends ListingFilter {
  sort?: ListingSort;
  order: 'asc' | 'desc';
  limit: number;
  offset: number;
}

const rowColumns = {
  id: properties.id,
  title: properties.title,
  status: properties.listingStatus,
  address: properties.address,
  hostName: users.name,
};

const sortColumns = {
  title: properties.title,
  status: properties.listingStatus,
  address: properties.address,
  hostName: users.name,
} as const;

function whereOf(filter: ListingFilter): SQL | undefined {
  return and(
    filter.titlePattern === undefined ? undefined : ilike(properties.title, filter.titlePattern),
    filter.status === undefined ? undefined : eq(properties.listingStatus, filter.status),
  );
}

export function createListingsRepository(db: Database) {
  return {
    async listPage(request: ListingPageRequest) {
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

    async count(filter: ListingFilter): Promise<number> {
      // Unsearched totals come from the counters the triggers keep; a search is counted for real.
      if (filter.titlePattern === undefined) return readCounter(db, 'listings', filter.status);
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

    async findDetail(id: number) {
      const [row] = await db
        .select({ property: properties, hostName: users.name })
        .from(properties)
        .innerJoin(users, eq(users.id, properties.hostId))
        .where(eq(properties.id, id))
        .limit(1);
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

    /** Locks the row until the transaction ends, so two decisions on one listing run one after the other. */
    async lockStatus(executor: Transaction, id: number) {
      const [row] = await executor
        .select({ status: properties.listingStatus, declineReason: properties.listingDeclineReason })
        .from(properties)
        .where(eq(properties.id, id))
        .for('update');
      return row;
    },

    /** Moves an undecided listing only; answers undefined when it was decided meanwhile. */
    async updateStatus(
      executor: Transaction,
      id: number,
      change: { status: ListingStatus; declineReason: string | null; undecided: readonly ListingStatus[]; now: Date },
    ) {
      const [row] = await executor
        .update(properties)
        .set({
          listingStatus: change.status,
          listingDeclineReason: change.declineReason,
          updatedAt: change.now,
        })
        .where(and(eq(properties.id, id), inArray(properties.listingStatus, [...change.undecided])))
        .returning({ id: properties.id, status: properties.listingStatus });
      return row;
    },
  };
}

export type ListingsRepository = ReturnType<typeof createListingsRepository>;
