// GET /api/admin/property-approvals, POST .../:id/approve and .../:id/decline.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorSchema, idParamsSchema } from '../../../src/contracts/common';
import { isPagedQuery, TOTAL_COUNT_HEADER } from '../../../src/contracts/paging';
import {
  propertyApprovalListQuerySchema,
  propertyApprovalRowSchema,
  propertyDecisionRequestSchema,
  propertyDecisionResponseSchema,
} from '../../../src/contracts/property-approvals';
import { sendJsonArray } from '../../lib/streams';

const decisionSchema = {
  tags: ['property-approvals'],
  security: [{ bearer: [] }],
  params: idParamsSchema,
  body: propertyDecisionRequestSchema,
  response: { 200: propertyDecisionResponseSchema, 400: errorSchema, 401: errorSchema, 404: errorSchema, 409: errorSchema },
};

export const propertyApprovalsRoutes: FastifyPluginAsyncZod = async (app) => {
  const approvals = app.services.propertyApprovals;

  app.get(
    '/api/admin/property-approvals',
    {
      schema: {
        tags: ['property-approvals'],
        summary: 'Property Approvals: one page (q over title, address and host name) or, without paging parameters, every property',
        security: [{ bearer: [] }],
        querystring: propertyApprovalListQuerySchema,
        response: { 200: z.array(propertyApprovalRowSchema), 400: errorSchema, 401: errorSchema },
      },
    },
    async (request, reply) => {
      if (!isPagedQuery(request.query)) return sendJsonArray(reply, approvals.listAll(), (row) => row);
      const { rows, total } = await approvals.listPage(request.query);
      reply.header(TOTAL_COUNT_HEADER, String(total));
      return rows;
    },
  );

  app.post(
    '/api/admin/property-approvals/:id/approve',
    { schema: { ...decisionSchema, summary: 'Confirm a pending property; 409 when someone decided first or the version is stale' } },
    async (request) =>
      approvals.decide(request.admin!.administratorId, request.params.id, 'approve', {
        version: request.body?.version,
        reason: request.body?.reason,
      }),
  );

  app.post(
    '/api/admin/property-approvals/:id/decline',
    { schema: { ...decisionSchema, summary: 'Decline a pending property; 409 when someone decided first or the version is stale' } },
    async (request) =>
      approvals.decide(request.admin!.administratorId, request.params.id, 'decline', {
        version: request.body?.version,
        reason: request.body?.reason,
      }),
  );
};
