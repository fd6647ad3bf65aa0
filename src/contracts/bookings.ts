// Bookings: the list (the fields of docs/product.md §18, User and Property nested) and its count cards.
import { z } from 'zod';
import { countsSchema } from './common';
import { defineList, type ListSort } from './list-resource';
import { BOOKING_STATUSES } from './statuses';

/** Rows per page of the bookings list (docs/product.md §23: 8). */
export const BOOKINGS_PAGE_SIZE = 8;

export const bookingSchema = z.object({
  id: z.number().int(),
  status: z.enum(BOOKING_STATUSES),
  /** YYYY-MM-DD, or null when unknown. */
  checkInDate: z.string().nullable(),
  checkOutDate: z.string().nullable(),
  total: z.number(),
  adultCount: z.number().int(),
  childrenCount: z.number().int(),
  isPetComing: z.boolean(),
  isCancelled: z.boolean(),
  isDisputed: z.boolean(),
  /** null when the guest's account is gone. */
  User: z.object({ name: z.string(), email: z.string().nullable() }).nullable(),
  /** null when the property is gone. */
  Property: z.object({ title: z.string(), address: z.string() }).nullable(),
});
export type Booking = z.infer<typeof bookingSchema>;

/**
 * GET /api/admin/bookings (and /api/admin/admin/bookings, the Refresh path of docs/product.md §21). `q` matches guest
 * name, guest e-mail, property title and property address (case-insensitive, `%` and `_` literal)
 * and, as `123` or `#123`, the booking id exactly. Without `sort` a page lists the newest bookings
 * first (id descending); with `sort`, `order` defaults to asc, empty values (null or '') come last
 * in both directions and the id breaks ties. The CSV lists the selected bookings in id order.
 */
export const bookingList = defineList({
  name: 'bookings',
  paths: ['/api/admin/bookings', '/api/admin/admin/bookings'],
  row: bookingSchema,
  sorts: ['id', 'User.name', 'Property.title', 'checkInDate', 'checkOutDate', 'total', 'status'],
  statuses: BOOKING_STATUSES,
  defaultOrder: { order: 'desc' },
  searchFields: ['User.name', 'User.email', 'Property.title', 'Property.address', 'id'],
  idSearch: { allowHash: true },
  pageSize: BOOKINGS_PAGE_SIZE,
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
  statusFilter: { confirmed: 'confirmed', pending: 'pending', cancelled: 'cancelled', completed: 'completed' },
  summary:
    'Bookings: the whole array, one page with X-Total-Count when paging parameters are given, or with format=csv every booking the search and status select (id order) as CSV',
  access: 'bookings.read',
});
export type BookingSort = ListSort<typeof bookingList>;

/** The count cards, the total and one for each status: every booking, whatever the search or filter of the list. */
export const bookingSummarySchema = countsSchema(['total', ...BOOKING_STATUSES]);
export type BookingSummary = z.infer<typeof bookingSummarySchema>;
