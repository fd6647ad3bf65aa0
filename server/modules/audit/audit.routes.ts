// GET /api/admin/audit?entityType=&entityId=: the history shown on host and listing details.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { auditEventSchema, auditQuerySchema } from '../../../src/contracts/audit';
import { adminRoute } from '../../lib/route-schema';

export const auditRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/admin/audit',
    adminRoute('audit', 'The newest 100 audit events of one host, listing, property or promo', {
      querystring: auditQuerySchema,
      ok: z.array(auditEventSchema),
    }),
    async (request) => app.services.audit.history(request.query.entityType, request.query.entityId),
  );
};
