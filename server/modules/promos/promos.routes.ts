// GET /api/admin/promos, GET /api/admin/promos/:kind, PUT /api/admin/promos/guest and PUT /api/admin/promos/:kind (host kinds).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorSchema } from '../../../src/contracts/common';
import {
  guestPromoStateSchema,
  guestPromoUpdateSchema,
  hostPromoStateSchema,
  hostPromoUpdateSchema,
  promoKindParamsSchema,
  promoStateSchema,
  promoSummarySchema,
} from '../../../src/contracts/promos';

export const promosRoutes: FastifyPluginAsyncZod = async (app) => {
  const promos = app.services.promos;

  app.get(
    '/api/admin/promos',
    {
      schema: {
        tags: ['promos'],
        summary: 'The three promos for the overview cards',
        security: [{ bearer: [] }],
        response: { 200: z.array(promoSummarySchema), 401: errorSchema },
      },
    },
    async () => promos.listSummaries(),
  );

  app.get(
    '/api/admin/promos/:kind',
    {
      schema: {
        tags: ['promos'],
        summary: 'One promo screen state; kind is guest, host-new-joiner or host-regular',
        security: [{ bearer: [] }],
        params: promoKindParamsSchema,
        response: { 200: promoStateSchema, 400: errorSchema, 401: errorSchema, 404: errorSchema },
      },
    },
    async (request) => promos.findState(request.params.kind),
  );

  app.put(
    '/api/admin/promos/guest',
    {
      schema: {
        tags: ['promos'],
        summary: 'Save the guest promo (code, date not in the past, value 1..100 percent, activation)',
        security: [{ bearer: [] }],
        body: guestPromoUpdateSchema,
        response: { 200: guestPromoStateSchema, 400: errorSchema, 401: errorSchema, 409: errorSchema },
      },
    },
    async (request) => promos.updateGuest(request.admin!.administratorId, request.body),
  );

  app.put(
    '/api/admin/promos/:kind',
    {
      schema: {
        tags: ['promos'],
        summary: 'Save a host promo (host-new-joiner or host-regular): date not in the past, free stays 1..365, activation',
        security: [{ bearer: [] }],
        params: promoKindParamsSchema,
        body: hostPromoUpdateSchema,
        response: { 200: hostPromoStateSchema, 400: errorSchema, 401: errorSchema, 404: errorSchema, 409: errorSchema },
      },
    },
    async (request) => promos.updateHost(request.admin!.administratorId, request.params.kind, request.body),
  );
};
