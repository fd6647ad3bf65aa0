// Bookings: the admin list (whole array, one page, or the filtered set as CSV) and the counts of its cards.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { bookingListQuerySchema, bookingSchema, bookingSummarySchema } from '../../../src/contracts/bookings';
import { errorSchema } from '../../../src/contracts/common';
import { isPagedQuery, TOTAL_COUNT_HEADER } from '../../../src/contracts/paging';
import { sendCsv, sendJsonArray } from '../../lib/streams';
import type { BookingRow } from './bookings.repository';

const security = [{ bearer: [] }];

// The list's query plus `format=csv`: the bookings its search and status filter select, as a download.
const bookingListOrExportQuerySchema = bookingListQuerySchema.extend({ format: z.enum(['json', 'csv']).optional() });

export const BOOKING_CSV_HEADER = [
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
  'guestName',
  'guestEmail',
  'propertyTitle',
  'propertyAddress',
] as const;

/** One CSV line of a booking (sendCsv neutralizes would-be formulas in its texts, decision 005). */
function toCsvFields(row: BookingRow): unknown[] {
  return [
    row.id,
    row.status,
    row.checkInDate,
    row.checkOutDate,
    Number(row.total),
    row.adultCount,
    row.childrenCount,
    row.isPetComing,
    row.isCancelled,
    row.isDisputed,
    row.guestName,
    row.guestEmail,
    row.propertyTitle,
    row.propertyAddress,
  ];
}

export const bookingsRoutes: FastifyPluginAsyncZod = async (app) => {
  const bookings = app.services.bookings;

  // SPEC.md names both paths; the second is the one its Refresh button calls.
  for (const url of ['/api/admin/bookings', '/api/admin/admin/bookings']) {
    app.get(
      url,
      {
        schema: {
          tags: ['bookings'],
          summary:
            'Bookings: the whole array, one page with X-Total-Count when paging parameters are given, or with format=csv every booking the search and status select (id order) as CSV',
          security,
          querystring: bookingListOrExportQuerySchema,
          response: { 200: z.array(bookingSchema), 400: errorSchema, 401: errorSchema },
        },
      },
      async (request, reply) => {
        if (request.query.format === 'csv') {
          return sendCsv(reply, 'bookings.csv', BOOKING_CSV_HEADER, bookings.filteredBatches(request.query), toCsvFields);
        }
        if (!isPagedQuery(request.query)) return sendJsonArray(reply, bookings.batches(), bookings.toBooking);
        const page = await bookings.listPage(request.query);
        reply.header(TOTAL_COUNT_HEADER, String(page.total));
        return page.rows;
      },
    );
  }

  app.get(
    '/api/admin/bookings/summary',
    {
      schema: {
        tags: ['bookings'],
        summary: 'Booking counts for the cards: total and one per status',
        security,
        response: { 200: bookingSummarySchema, 401: errorSchema },
      },
    },
    async () => bookings.summary(),
  );
};
