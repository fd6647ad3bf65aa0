// The guest page's calls (the list is the list engine's, server/routes.ts): the guest, and their
// bookings, feedback and conversations a short page at a time, each read by the roles that read those.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { idParamsSchema } from '../../../src/contracts/common';
import * as contract from '../../../src/contracts/guests';
import { adminRoute } from '../../lib/route-schema';

export const guestsRoutes: FastifyPluginAsyncZod = async (app) => {
  const guests = app.services.guests;
  const section = { params: idParamsSchema, querystring: contract.guestSectionQuerySchema, errors: [404] } as const;

  app.get(
    '/api/admin/guests/:id',
    adminRoute('guests', 'One guest for the guest page; 404 for an unknown id or a host', {
      access: 'guests.read',
      params: idParamsSchema,
      ok: contract.guestDetailSchema,
      errors: [404],
    }),
    async (request) => guests.getGuest(request.params.id),
  );

  app.get(
    '/api/admin/guests/:id/bookings',
    adminRoute('guests', "The guest's bookings, newest first, a page of 5 with their count", {
      access: 'bookings.read',
      ...section,
      ok: contract.guestBookingsPageSchema,
    }),
    async (request) => guests.bookings(request.params.id, request.query.page),
  );

  app.get(
    '/api/admin/guests/:id/feedback',
    adminRoute('guests', 'The feedback the guest gave, newest first, a page of 5 with their count', {
      access: 'feedback.read',
      ...section,
      ok: contract.guestFeedbackPageSchema,
    }),
    async (request) => guests.feedback(request.params.id, request.query.page),
  );

  app.get(
    '/api/admin/guests/:id/conversations',
    adminRoute('guests', "The guest's conversations, latest message first, a page of 5 with their count", {
      access: 'chats.read',
      ...section,
      ok: contract.guestConversationsPageSchema,
    }),
    async (request) => guests.conversations(request.params.id, request.query.page),
  );
};
