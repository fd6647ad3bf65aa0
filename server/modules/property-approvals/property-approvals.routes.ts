// Each declared action's call for one property (POST /api/admin/property-approvals/:id/approve and
// .../:id/decline; src/contracts/lists/property-approvals.ts). The list is in server/routes.ts.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { idParamsSchema } from '../../../src/contracts/common';
import { declaration } from '../../../src/contracts/lists/property-approvals';
import { propertyDecisionRequestSchema, propertyDecisionResponseSchema } from '../../../src/contracts/property-approvals';
import { adminRoute } from '../../lib/route-schema';

const DECISIONS = {
  approve: 'Confirm a pending property; 409 when someone decided first or the version is stale',
  decline: 'Decline a pending property; 409 when someone decided first or the version is stale',
} as const;

export const propertyApprovalsRoutes: FastifyPluginAsyncZod = async (app) => {
  const approvals = app.services.propertyApprovals;

  for (const { name: decision, path, permission } of declaration.actions) {
    if (!path) continue;
    app.post(
      `/api/${path}`,
      adminRoute('property-approvals', DECISIONS[decision], {
        access: permission,
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
