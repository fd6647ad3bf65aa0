// GET /api/admin/listings/:id (the list is in server/routes.ts), and each declared action's call for one
// listing (POST .../:id/approve and .../:id/decline; src/contracts/lists/listings.ts).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { idParamsSchema } from '../../../src/contracts/common';
import { listingDecisionRequestSchema, listingDecisionResponseSchema, listingDetailSchema } from '../../../src/contracts/listings';
import { declaration } from '../../../src/contracts/lists/listings';
import { adminRoute } from '../../lib/route-schema';

const DECISIONS = {
  approve: 'Approve a pending listing; 409 when it was already decided',
  decline: 'Decline a pending listing with an optional reason; 409 when it was already decided',
} as const;

export const listingsRoutes: FastifyPluginAsyncZod = async (app) => {
  const listings = app.services.listings;

  app.get(
    '/api/admin/listings/:id',
    adminRoute('listings', 'The listing approval detail', { access: 'listings.read', params: idParamsSchema, ok: listingDetailSchema, errors: [404] }),
    async (request) => listings.findDetail(request.params.id),
  );

  for (const { name: decision, path, permission } of declaration.actions) {
    if (!path) continue;
    app.post(
      `/api/${path}`,
      adminRoute('listings', DECISIONS[decision], {
        access: permission,
        params: idParamsSchema,
        body: listingDecisionRequestSchema,
        ok: listingDecisionResponseSchema,
        errors: [404, 409],
      }),
      async (request) => listings.decide(request.admin!.administratorId, request.params.id, decision, request.body?.reason),
    );
  }
};
