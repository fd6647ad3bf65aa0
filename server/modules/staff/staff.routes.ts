// Staff accounts under /api/admin/staff (administrators only; the list is in server/routes.ts): the
// members, their second factor, and which roles must use one. A role change, a disable, a password
// set and a second factor's reset need a recent step-up of the caller's session (decision 039): so an
// administrator resets even their own second factor only after giving a code.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { secondFactorPolicySchema } from '../../../src/contracts/account';
import { idParamsSchema } from '../../../src/contracts/common';
import * as contract from '../../../src/contracts/staff';
import { SMALL_BODY_LIMIT_BYTES } from '../../lib/body-limits';
import { adminRoute } from '../../lib/route-schema';

/**
 * A call about one member, `/api/admin/staff/:id/...`, for those who manage staff; `isStepUp` for one
 * that can take an account (a role, a disable, a password, the second factor: decision 039).
 */
function memberRoute<const S extends Omit<Parameters<typeof adminRoute>[2], 'access' | 'params'>>(summary: string, spec: S, isStepUp = false) {
  return adminRoute('staff', summary, { access: { permission: 'staff.manage', requiresStepUp: isStepUp }, params: idParamsSchema, ...spec });
}

export const staffRoutes: FastifyPluginAsyncZod = async (app) => {
  const staff = app.services.staff;

  /** POST `/api/admin/staff/:id/<action>`, no body: the service does it on behalf of the caller and answers the member's row. */
  const memberAction = (
    action: string,
    summary: string,
    errors: readonly (404 | 409)[],
    run: (actorId: number, id: number) => Promise<contract.StaffRow>,
    isStepUp = false,
  ) =>
    app.post(`/api/admin/staff/:id/${action}`, memberRoute(summary, { ok: contract.staffRowSchema, errors }, isStepUp), async (request) =>
      run(request.admin!.administratorId, request.params.id),
    );

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
    memberRoute(
      "Change a staff member's role; 409 when it would leave no active administrator",
      {
        body: contract.changeRoleRequestSchema,
        ok: contract.staffRowSchema,
        errors: [404, 409],
      },
      true,
    ),
    async (request) => staff.changeRole(request.admin!.administratorId, request.params.id, request.body.role),
  );

  memberAction(
    'disable',
    'Disable a staff member: they cannot sign in and their sessions end at once; 409 for the last active administrator',
    [404, 409],
    staff.disable,
    true,
  );

  memberAction('enable', 'Enable a disabled staff member: they may sign in again', [404], staff.enable);

  app.post(
    '/api/admin/staff/:id/reset-password',
    {
      bodyLimit: SMALL_BODY_LIMIT_BYTES,
      ...memberRoute(
        "Set a staff member's password; their sessions end",
        {
          body: contract.resetPasswordRequestSchema,
          ok: contract.staffRowSchema,
          errors: [404, 413],
        },
        true,
      ),
    },
    async (request) => staff.resetPassword(request.admin!.administratorId, request.params.id, request.body.password),
  );

  app.post(
    '/api/admin/staff/:id/revoke-sessions',
    memberRoute('Sign a staff member out of every session', {
      ok: contract.revokeSessionsResponseSchema,
      errors: [404],
    }),
    async (request) => ({ revoked: await staff.revokeSessions(request.admin!.administratorId, request.params.id) }),
  );

  memberAction(
    'reset-second-factor',
    "Reset a staff member's second factor: it is off, their recovery codes void and their sessions end; 409 when they have none",
    [404, 409],
    staff.resetSecondFactor,
    true,
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
