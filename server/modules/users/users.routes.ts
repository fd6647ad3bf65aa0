// Suspend and reinstate a guest or a host (src/contracts/user-suspension.ts): a step-up first
// (decision 039), a reason always.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { idParamsSchema } from '../../../src/contracts/common';
import { userSuspensionRequestSchema, userSuspensionResponseSchema, type UserSuspensionMove } from '../../../src/contracts/user-suspension';
import { adminRoute } from '../../lib/route-schema';

const SUMMARIES: Record<UserSuspensionMove, string> = {
  suspend: 'Suspend a guest or a host, with a reason; 409 when already suspended',
  reinstate: 'Reinstate a suspended guest or host, with a reason; 409 when not suspended',
};

export const usersRoutes: FastifyPluginAsyncZod = async (app) => {
  for (const move of ['suspend', 'reinstate'] as const) {
    app.post(
      `/api/admin/users/:id/${move}`,
      adminRoute('users', SUMMARIES[move], {
        access: { permission: 'users.suspend', requiresStepUp: true },
        params: idParamsSchema,
        body: userSuspensionRequestSchema,
        ok: userSuspensionResponseSchema,
        errors: [404, 409],
      }),
      async (request) => app.services.users.changeSuspension(request.admin!.administratorId, request.params.id, move, request.body.reason),
    );
  }
};
