// Bookings: the admin list from its definition (whole array, one page, or the filtered set as CSV)
// and the counts of its cards.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { bookingList, bookingSummarySchema } from '../../../src/contracts/bookings';
import { errorSchema } from '../../../src/contracts/common';
import { listRoutes } from '../../lib/list-engine';

export const bookingListRoutes = listRoutes(bookingList, (services) => services.bookings.listSource);

export const bookingsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/admin/bookings/summary',
    {
      schema: {
        tags: ['bookings'],
        summary: 'Booking counts for the cards: total and one per status',
        security: [{ bearer: [] }],
        response: { 200: bookingSummarySchema, 401: errorSchema },
      },
    },
    async () => app.services.bookings.summary(),
  );
};
