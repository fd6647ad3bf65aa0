// The admin list `bookings`: its declaration (what the back-office's first load reads) and its definition
// (the row schema and OpenAPI summary, built when the server asks). docs/adding-a-resource.md.
import { declareList, defineList } from '../list-declaration';
import { SUSPENSIONS_LIVE_RESOURCE } from '../live';
import type { ListSort } from '../list-resource';
import { BOOKING_STATUSES } from '../statuses';
import { bookingSchema } from '../bookings';

/**
 * GET /api/admin/bookings (and /api/admin/admin/bookings, the Refresh path of docs/product.md §21). `q` matches guest
 * name, guest e-mail, property title and property address (case-insensitive, `%` and `_` literal)
 * and, as `123` or `#123`, the booking id exactly. Without `sort` a page lists the newest bookings
 * first (id descending); with `sort`, `order` defaults to asc, empty values (null or '') come last
 * in both directions and the id breaks ties. The CSV lists the selected bookings in id order.
 */
export const declaration = declareList({
  name: 'bookings',
  paths: ['/api/admin/bookings', '/api/admin/admin/bookings'],
  sorts: ['id', 'User.name', 'Property.title', 'checkInDate', 'checkOutDate', 'total', 'status'],
  statuses: BOOKING_STATUSES,
  defaultOrder: { order: 'desc' },
  searchFields: ['User.name', 'User.email', 'Property.title', 'Property.address'],
  idSearch: { allowHash: true },
  /** Booked from and to these days (UTC, both included): a bar of the dashboard's booking charts. */
  filters: { createdFrom: 'date', createdTo: 'date' },
  /** docs/product.md §23: 8 bookings per page. */
  pageSize: 8,
  csvColumns: [
    'id',
    'status',
    'checkInDate',
    'checkOutDate',
    'total',
    'adultCount',
    'childrenCount',
    'isPetComing',
    'isCancelled',
    'isDisputed',
    { header: 'guestName', field: 'User.name' },
    { header: 'guestEmail', field: 'User.email' },
    { header: 'propertyTitle', field: 'Property.title' },
    { header: 'propertyAddress', field: 'Property.address' },
  ],
  statusFilter: BOOKING_STATUSES,
  access: 'bookings.read',
  notes: { kind: 'booking' },
  icon: 'schedule',
  menuOrder: 40,
  /** A row names its guest, suspended or not. */
  follows: [SUSPENSIONS_LIVE_RESOURCE],
  resource: {
    actions: {
      summary: { method: 'get', path: 'admin/bookings/summary' },
      /** Cancel, no-show, complete (src/contracts/booking-moves.ts). */
      moves: { method: 'post', path: 'admin/bookings/:id/moves' },
      /** Who a booking is between, with ids for their pages (src/contracts/bookings.ts). */
      parties: { method: 'get', path: 'admin/bookings/:id/parties' },
      /** A booking's refunds, and a new one (src/contracts/refunds.ts). */
      refunds: { method: 'get', path: 'admin/bookings/:id/refunds' },
      refund: { method: 'post', path: 'admin/bookings/:id/refunds' },
      /** A second member's decision on a refund awaiting approval, named by the refund's id (decision 047). */
      approveRefund: { method: 'post', path: 'admin/refunds/:id/approve' },
      rejectRefund: { method: 'post', path: 'admin/refunds/:id/reject' },
    },
  },
});

export const definition = defineList(declaration, () => ({
  row: bookingSchema,
  summary:
    'Bookings: the whole array, one page with X-Total-Count when paging parameters are given, or with format=csv every booking the search and status select (id order) as CSV',
}));
export type BookingSort = ListSort<typeof declaration>;
