// GET /api/admin/promos, GET /api/admin/promos/:kind, PUT /api/admin/promos/guest and PUT /api/admin/promos/:kind (host kinds).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import * as contract from '../../../src/contracts/promos';
import { adminRoute } from '../../lib/route-schema';

export const promosRoutes: FastifyPluginAsyncZod = async (app) => {
  const promos = app.services.promos;

  app.get(
    '/api/admin/promos',
    adminRoute('promos', 'The three promos for the overview cards', { access: 'promos.read', ok: z.array(contract.promoSummarySchema) }),
    async () => promos.listSummaries(),
  );

  app.get(
    '/api/admin/promos/:kind',
    adminRoute('promos', 'One promo screen state; kind is guest, host-new-joiner or host-regular', {
      access: 'promos.read',
      params: contract.promoKindParamsSchema,
      ok: contract.promoStateSchema,
      errors: [404],
    }),
    async (request) => promos.findState(request.params.kind),
  );

  app.put(
    '/api/admin/promos/guest',
    adminRoute('promos', 'Save the guest promo (code, a real date, past ones included, value 1..100 percent, activation)', {
      access: 'promos.write',
      body: contract.guestPromoUpdateSchema,
      ok: contract.guestPromoStateSchema,
      errors: [409],
    }),
    async (request) => promos.updateGuest(request.admin!.administratorId, request.body),
  );

  app.put(
    '/api/admin/promos/:kind',
    adminRoute('promos', 'Save a host promo (host-new-joiner or host-regular): a real date, past ones included, free stays 1..365, activation', {
      access: 'promos.write',
      params: contract.promoKindParamsSchema,
      body: contract.hostPromoUpdateSchema,
      ok: contract.hostPromoStateSchema,
      errors: [404, 409],
    }),
    async (request) => promos.updateHost(request.admin!.administratorId, request.params.kind, request.body),
  );
};
