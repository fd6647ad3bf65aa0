// The listing approval detail's review queue (docs/product.md §29): the pending listings of Review
// Listings' last search and order, the next one read ahead so it opens at once.
import { useOne } from '@refinedev/core';
import { useReviewQueue } from '../../review/use-review-queue';

export const useListingQueue = (id: number) => useReviewQueue({ resource: 'listings', id, pendingStatus: 'Pending', pathOf: (next) => `/listings/${next}` });

/** Reads a listing into the cache the detail reads from (the same resource and id as its route gives). */
export function ListingPrefetch({ id }: { id: number | undefined }) {
  useOne({ resource: 'listings', id: id === undefined ? undefined : String(id), queryOptions: { enabled: id !== undefined }, errorNotification: false });
  return null;
}
