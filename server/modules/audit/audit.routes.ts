// GET /api/admin/audit?entityType=&entityId=: the history shown on host and listing details.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { auditEventSchema, auditQuerySchema } from '../../../src/contracts/audit';
import { errorSchema } from '../../../src/contracts/common';

export const auditRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/admin/audit',
    {
      schema: {
        tags: ['audit'],
        summary: 'The newest 100 audit events of one host, listing, property or promo',
        security: [{ bearer: [] }],
        querystring: auditQuerySchema,
        response: { 200: z.array(auditEventSchema), 400: errorSchema, 401: errorSchema },
      },
    },
    async (request) => app.services.audit.history(request.query.entityType, request.query.entityId),
  );
};
