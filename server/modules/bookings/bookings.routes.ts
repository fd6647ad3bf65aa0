// Bookings: the counts of the list's cards (the list is in server/routes.ts).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { bookingSummarySchema } from '../../../src/contracts/bookings';
import { adminRoute } from '../../lib/route-schema';

export const bookingsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/admin/bookings/summary',
    adminRoute('bookings', 'Booking counts for the cards: total and one per status', { access: 'bookings.read', ok: bookingSummarySchema }),
    async () => app.services.bookings.summary(),
  );
};
