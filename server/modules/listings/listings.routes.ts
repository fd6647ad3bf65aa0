// GET /api/admin/listings/:id (the list is in server/routes.ts), POST .../:id/approve and .../:id/decline.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorSchema, idParamsSchema } from '../../../src/contracts/common';
import {
  listingDecisionRequestSchema,
  listingDecisionResponseSchema,
  listingDetailSchema,
} from '../../../src/contracts/listings';

const decisionResponses = {
  200: listingDecisionResponseSchema,
  400: errorSchema,
  401: errorSchema,
  404: errorSchema,
  409: errorSchema,
};


export const listingsRoutes: FastifyPluginAsyncZod = async (app) => {
  const listings = app.services.listings;

  app.get(
    '/api/admin/listings/:id',
    {
      schema: {
        tags: ['listings'],
        summary: 'The listing approval detail',
        security: [{ bearer: [] }],
        params: idParamsSchema,
        response: { 200: listingDetailSchema, 400: errorSchema, 401: errorSchema, 404: errorSchema },
      },
    },
    async (request) => listings.findDetail(request.params.id),
  );

  app.post(
    '/api/admin/listings/:id/approve',
    {
      schema: {
        tags: ['listings'],
        summary: 'Approve a pending listing; 409 when it was already decided',
        security: [{ bearer: [] }],
        params: idParamsSchema,
        body: listingDecisionRequestSchema,
        response: decisionResponses,
      },
    },
    async (request) => listings.decide(request.admin!.administratorId, request.params.id, 'approve', request.body?.reason),
  );

  app.post(
    '/api/admin/listings/:id/decline',
    {
      schema: {
        tags: ['listings'],
        summary: 'Decline a pending listing with an optional reason; 409 when it was already decided',
        security: [{ bearer: [] }],
        params: idParamsSchema,
        body: listingDecisionRequestSchema,
        response: decisionResponses,
      },
    },
    async (request) => listings.decide(request.admin!.administratorId, request.params.id, 'decline', request.body?.reason),
  );
};
