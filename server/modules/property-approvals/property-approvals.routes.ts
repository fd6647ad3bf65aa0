// POST /api/admin/property-approvals/:id/approve and .../:id/decline (the list is in server/routes.ts).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { idParamsSchema } from '../../../src/contracts/common';
import { propertyDecisionRequestSchema, propertyDecisionResponseSchema } from '../../../src/contracts/property-approvals';
import { adminRoute } from '../../lib/route-schema';

const DECISIONS = {
  approve: 'Confirm a pending property; 409 when someone decided first or the version is stale',
  decline: 'Decline a pending property; 409 when someone decided first or the version is stale',
} as const;

export const propertyApprovalsRoutes: FastifyPluginAsyncZod = async (app) => {
  const approvals = app.services.propertyApprovals;

  for (const decision of ['approve', 'decline'] as const) {
    app.post(
      `/api/admin/property-approvals/:id/${decision}`,
      adminRoute('property-approvals', DECISIONS[decision], {
        access: 'listings.decide',
        params: idParamsSchema,
        body: propertyDecisionRequestSchema,
        ok: propertyDecisionResponseSchema,
        errors: [404, 409],
      }),
      async (request) =>
        approvals.decide(request.admin!.administratorId, request.params.id, decision, {
          version: request.body?.version,
          reason: request.body?.reason,
        }),
    );
  }
};
