// Bookings: the counts of the list's cards (the list is in server/routes.ts) and a member's moves on a
// booking (src/contracts/booking-moves.ts).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { bookingPartiesSchema, bookingSummarySchema } from '../../../src/contracts/bookings';
import { bookingMoveRequestSchema, bookingMoveResponseSchema } from '../../../src/contracts/booking-moves';
import { idParamsSchema } from '../../../src/contracts/common';
import { adminRoute } from '../../lib/route-schema';

export const bookingsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/admin/bookings/summary',
    adminRoute('bookings', 'Booking counts for the cards: total and one per status', { access: 'bookings.read', ok: bookingSummarySchema }),
    async () => app.services.bookings.summary(),
  );

  app.get(
    '/api/admin/bookings/:id/parties',
    adminRoute('bookings', 'Who a booking is between: its guest, property and host (each null when gone), with their ids for their pages', {
      access: 'bookings.read',
      params: idParamsSchema,
      ok: bookingPartiesSchema,
      errors: [404],
    }),
    async (request) => app.services.bookings.parties(request.params.id),
  );

  app.post(
    '/api/admin/bookings/:id/moves',
    adminRoute('bookings', 'Cancel a booking, mark it a no-show or completed; 409 when its status does not allow the move', {
      description: 'cancel: pending or confirmed → cancelled, with a reason and who bears it. no-show: confirmed → cancelled. complete: confirmed → completed.',
      access: 'bookings.intervene',
      params: idParamsSchema,
      body: bookingMoveRequestSchema,
      ok: bookingMoveResponseSchema,
      errors: [404, 409],
    }),
    async (request) => app.services.bookings.move(request.admin!.administratorId, request.params.id, request.body),
  );
};
