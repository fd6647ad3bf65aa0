// POST /api/admin/property-approvals/:id/approve and .../:id/decline (the list is in server/routes.ts).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorSchema, idParamsSchema } from '../../../src/contracts/common';
import {
  propertyDecisionRequestSchema,
  propertyDecisionResponseSchema,
} from '../../../src/contracts/property-approvals';

const decisionSchema = {
  tags: ['property-approvals'],
  security: [{ bearer: [] }],
  params: idParamsSchema,
  body: propertyDecisionRequestSchema,
  response: { 200: propertyDecisionResponseSchema, 400: errorSchema, 401: errorSchema, 404: errorSchema, 409: errorSchema },
};


export const propertyApprovalsRoutes: FastifyPluginAsyncZod = async (app) => {
  const approvals = app.services.propertyApprovals;

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
