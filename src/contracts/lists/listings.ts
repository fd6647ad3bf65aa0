// The admin list `listings`: its declaration (what the back-office's first load reads) and its definition
// (the row schema and OpenAPI summary, built when the server asks). docs/adding-a-resource.md.
import { declareList, defineList } from '../list-declaration';
import { approveAndDecline } from '../record-action';
import type { ListSort } from '../list-resource';
import { LISTING_STATUS_FILTERS, LISTING_STATUSES, UNDECIDED_LISTING_STATUSES } from '../statuses';
import { listingRowSchema } from '../listings';

/** Review Listings: `q` matches the title; without `sort`, the repository's own order. */
export const declaration = declareList({
  name: 'listings',
  sorts: ['title', 'status', 'address', 'hostName'],
  statuses: LISTING_STATUSES,
  defaultOrder: { order: 'asc' },
  searchFields: ['title'],
  /** docs/product.md §23: 8 listings per page. */
  pageSize: 8,
  statusFilter: LISTING_STATUS_FILTERS,
  /** The sidebar counts the listings awaiting a decision. */
  badge: { status: 'Pending' },
  labels: 'admin.listings.list',
  access: 'listings.read',
  actions: approveAndDecline({
    permission: 'listings.decide',
    approve: { from: UNDECIDED_LISTING_STATUSES, to: 'Approved', path: 'admin/listings/:id/approve', event: 'listing.approved' },
    decline: { from: UNDECIDED_LISTING_STATUSES, to: 'Declined', path: 'admin/listings/:id/decline', event: 'listing.declined' },
    undoneEvent: 'listing.decision-undone',
  }),
  batch: { nameField: 'title', awaiting: { field: 'status', values: UNDECIDED_LISTING_STATUSES }, recordType: 'listing' },
  notes: { kind: 'listing' },
  icon: 'unordered-list',
  menuOrder: 30,
  resource: {
    routes: { show: '/listings/:id' },
    endpoints: { getOne: { path: 'admin/listings/:id' } },
  },
});

export const definition = defineList(declaration, () => ({
  row: listingRowSchema,
  summary: 'Review Listings: one page (page, pageSize, q over title, status, sort, order) or, without them, every listing',
}));
export type ListingSort = ListSort<typeof declaration>;
