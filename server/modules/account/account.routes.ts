// The signed-in member's own account (every role, permission `account`): who am I, the password,
// the second factor. Who am I and the enrolment calls stay open to a member whose role requires a
// second factor they have not set up yet; nothing else is (docs/decisions/020-second-factor.md).
// Setting up the second factor, new recovery codes and a new password need a recent step-up
// (POST /api/admin/account/step-up, docs/decisions/039-step-up.md).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import * as contract from '../../../src/contracts/account';
import { meResponseSchema } from '../../../src/contracts/staff';
import { SMALL_BODY_LIMIT_BYTES } from '../../lib/body-limits';
import { adminRoute } from '../../lib/route-schema';

const ENROLMENT = { permission: 'account', isOpenBeforeSecondFactor: true } as const;
/** The enrolment calls also ask for a step-up: a bearer token alone cannot put its own authenticator on the account (decision 039). */
const ENROLMENT_AFTER_STEP_UP = { ...ENROLMENT, requiresStepUp: true } as const;
const ACCOUNT_AFTER_STEP_UP = { permission: 'account', requiresStepUp: true } as const;

export const accountRoutes: FastifyPluginAsyncZod = async (app) => {
  const account = app.services.account;

  app.get(
    '/api/admin/me',
    adminRoute('account', 'The signed-in staff member: id, name, e-mail, role (the web app builds its access control from it) and their second factor', {
      access: ENROLMENT,
      ok: meResponseSchema,
    }),
    async (request) => account.me(request.admin!.administratorId),
  );

  app.post(
    '/api/admin/account/step-up',
    {
      bodyLimit: SMALL_BODY_LIMIT_BYTES,
      ...adminRoute(
        'account',
        'Confirm it is you, for the calls that can take an account (the next 5 minutes, this session only): your password when you have no second factor, else a current code or a recovery code (used up). Counted on the sign-in limits; 400 when wrong',
        {
          access: ENROLMENT,
          body: contract.stepUpRequestSchema,
          ok: contract.stepUpResponseSchema,
          errors: [409, 413, 429, 503],
        },
      ),
    },
    async (request) => account.stepUp(request.admin!, request.body, request.ip),
  );

  app.post(
    '/api/admin/account/password',
    {
      bodyLimit: SMALL_BODY_LIMIT_BYTES,
      ...adminRoute(
        'account',
        'Change your own password: the current one, then a new one of 12 to 128 characters that is not among the 100,000 most common; your other sessions end',
        {
          access: ACCOUNT_AFTER_STEP_UP,
          body: contract.changePasswordRequestSchema,
          ok: z.null(),
          status: 204,
          errors: [413, 429, 503],
        },
      ),
    },
    async (request, reply) => {
      await account.changePassword(request.admin!, request.body, request.ip);
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/api/admin/account/second-factor/setup',
    adminRoute('account', 'Start setting up two-factor sign-in: a new secret, as text and as a QR code; a later setup replaces this one', {
      access: ENROLMENT_AFTER_STEP_UP,
      ok: contract.secondFactorSetupSchema,
      errors: [409],
    }),
    async (request) => account.startSecondFactor(request.admin!),
  );

  app.post(
    '/api/admin/account/second-factor/confirm',
    {
      bodyLimit: SMALL_BODY_LIMIT_BYTES,
      ...adminRoute('account', 'Turn two-factor sign-in on with one current code of the setup; answers ten single-use recovery codes, shown this once', {
        access: ENROLMENT_AFTER_STEP_UP,
        body: contract.confirmSecondFactorRequestSchema,
        ok: contract.recoveryCodesSchema,
        errors: [409, 413],
      }),
    },
    async (request) => account.confirmSecondFactor(request.admin!, request.body),
  );

  app.post(
    '/api/admin/account/second-factor/disable',
    {
      bodyLimit: SMALL_BODY_LIMIT_BYTES,
      ...adminRoute('account', 'Turn two-factor sign-in off with a current code or a recovery code; refused (409) when your role requires it', {
        access: 'account',
        body: contract.secondFactorProofSchema,
        ok: z.null(),
        status: 204,
        errors: [409, 413, 429, 503],
      }),
    },
    async (request, reply) => {
      await account.disableSecondFactor(request.admin!, request.body, request.ip);
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/api/admin/account/second-factor/recovery-codes',
    adminRoute('account', 'Ten new recovery codes; the old ones stop working. The step-up it needs is a current code or a recovery code', {
      access: ACCOUNT_AFTER_STEP_UP,
      ok: contract.recoveryCodesSchema,
      errors: [409],
    }),
    async (request) => account.renewRecoveryCodes(request.admin!),
  );
};
