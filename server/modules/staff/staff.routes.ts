// Staff accounts under /api/admin/staff (administrators only; the list is in server/routes.ts): the
// members, their second factor, and which roles must use one.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { secondFactorPolicySchema } from '../../../src/contracts/account';
import { idParamsSchema } from '../../../src/contracts/common';
import * as contract from '../../../src/contracts/staff';
import { SMALL_BODY_LIMIT_BYTES } from '../../lib/body-limits';
import { adminRoute } from '../../lib/route-schema';

export const staffRoutes: FastifyPluginAsyncZod = async (app) => {
  const staff = app.services.staff;

  app.post(
    '/api/admin/staff',
    {
      bodyLimit: SMALL_BODY_LIMIT_BYTES,
      ...adminRoute('staff', 'Create a staff member with a role and a first password; 409 when the e-mail is taken (in any case)', {
        access: 'staff.manage',
        body: contract.createStaffRequestSchema,
        ok: contract.staffRowSchema,
        status: 201,
        errors: [409, 413],
      }),
    },
    async (request, reply) => reply.code(201).send(await staff.create(request.admin!.administratorId, request.body)),
  );

  app.put(
    '/api/admin/staff/:id/role',
    adminRoute('staff', "Change a staff member's role; 409 when it would leave no active administrator", {
      access: 'staff.manage',
      params: idParamsSchema,
      body: contract.changeRoleRequestSchema,
      ok: contract.staffRowSchema,
      errors: [404, 409],
    }),
    async (request) => staff.changeRole(request.admin!.administratorId, request.params.id, request.body.role),
  );

  app.post(
    '/api/admin/staff/:id/disable',
    adminRoute('staff', 'Disable a staff member: they cannot sign in and their sessions end at once; 409 for the last active administrator', {
      access: 'staff.manage',
      params: idParamsSchema,
      ok: contract.staffRowSchema,
      errors: [404, 409],
    }),
    async (request) => staff.disable(request.admin!.administratorId, request.params.id),
  );

  app.post(
    '/api/admin/staff/:id/enable',
    adminRoute('staff', 'Enable a disabled staff member: they may sign in again', {
      access: 'staff.manage',
      params: idParamsSchema,
      ok: contract.staffRowSchema,
      errors: [404],
    }),
    async (request) => staff.enable(request.admin!.administratorId, request.params.id),
  );

  app.post(
    '/api/admin/staff/:id/reset-password',
    {
      bodyLimit: SMALL_BODY_LIMIT_BYTES,
      ...adminRoute('staff', "Set a staff member's password; their sessions end", {
        access: 'staff.manage',
        params: idParamsSchema,
        body: contract.resetPasswordRequestSchema,
        ok: contract.staffRowSchema,
        errors: [404, 413],
      }),
    },
    async (request) => staff.resetPassword(request.admin!.administratorId, request.params.id, request.body.password),
  );

  app.post(
    '/api/admin/staff/:id/revoke-sessions',
    adminRoute('staff', 'Sign a staff member out of every session', {
      access: 'staff.manage',
      params: idParamsSchema,
      ok: contract.revokeSessionsResponseSchema,
      errors: [404],
    }),
    async (request) => ({ revoked: await staff.revokeSessions(request.admin!.administratorId, request.params.id) }),
  );

  app.post(
    '/api/admin/staff/:id/reset-second-factor',
    adminRoute('staff', "Reset a staff member's second factor: it is off, their recovery codes void and their sessions end; 409 when they have none", {
      access: 'staff.manage',
      params: idParamsSchema,
      ok: contract.staffRowSchema,
      errors: [404, 409],
    }),
    async (request) => staff.resetSecondFactor(request.admin!.administratorId, request.params.id),
  );

  app.get(
    '/api/admin/staff/second-factor-policy',
    adminRoute('staff', 'The roles whose members must sign in with a second factor', {
      access: 'staff.manage',
      ok: secondFactorPolicySchema,
    }),
    async () => staff.secondFactorPolicy(),
  );

  app.put(
    '/api/admin/staff/second-factor-policy',
    {
      bodyLimit: SMALL_BODY_LIMIT_BYTES,
      ...adminRoute('staff', 'Set the roles whose members must sign in with a second factor; a member of such a role without one can only set it up', {
        access: 'staff.manage',
        body: secondFactorPolicySchema,
        ok: secondFactorPolicySchema,
        errors: [413],
      }),
    },
    async (request) => staff.setSecondFactorPolicy(request.admin!.administratorId, request.body.requiredRoles),
  );
};
