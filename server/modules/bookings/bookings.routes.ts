// Bookings: the counts of the list's cards (the list is in server/routes.ts).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { bookingSummarySchema } from '../../../src/contracts/bookings';
import { errorSchema } from '../../../src/contracts/common';

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
