// Bookings: the admin list (whole array or one page) and the counts of its cards.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { bookingListQuerySchema, bookingSchema, bookingSummarySchema } from '../../../src/contracts/bookings';
import { errorSchema } from '../../../src/contracts/common';
import { isPagedQuery, TOTAL_COUNT_HEADER } from '../../../src/contracts/paging';
import { sendJsonArray } from '../../lib/streams';

const security = [{ bearer: [] }];

export const bookingsRoutes: FastifyPluginAsyncZod = async (app) => {
  const bookings = app.services.bookings;

  // SPEC.md names both paths; the second is the one its Refresh button calls.
  for (const url of ['/api/admin/bookings', '/api/admin/admin/bookings']) {
    app.get(
      url,
      {
        schema: {
          tags: ['bookings'],
          summary: 'Bookings: the whole array, or one page with X-Total-Count when paging parameters are given',
          security,
          querystring: bookingListQuerySchema,
          response: { 200: z.array(bookingSchema), 400: errorSchema, 401: errorSchema },
        },
      },
      async (request, reply) => {
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
