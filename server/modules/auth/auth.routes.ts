// Sign-in (public), sign-out and the signed-in administrator's own sessions (guarded).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { loginStepSchema, secondFactorLoginRequestSchema, signedInSchema } from '../../../src/contracts/account';
import { loginRequestSchema, revokeOthersResponseSchema, sessionRowSchema } from '../../../src/contracts/auth';
import { SMALL_BODY_LIMIT_BYTES } from '../../lib/body-limits';
import { adminRoute, publicRoute } from '../../lib/route-schema';
import { DEVICE_LIFETIME_MS } from './auth.service';

/**
 * The device cookie (auth.service.ts): sent back only to the sign-in call, never readable by scripts,
 * never sent by another site. It proves "this browser signed in here before", nothing more.
 */
const DEVICE_COOKIE = 'hoy_device';
const DEVICE_COOKIE_PATH = '/api/admin/admin-login';
const DEVICE_TOKEN = /^[A-Za-z0-9_-]{43}$/;

/** The device cookie's value, read without a regular expression over the whole header. */
function readDeviceToken(request: FastifyRequest): string | undefined {
  const header = request.headers.cookie;
  if (typeof header !== 'string') return undefined;
  for (const part of header.split(';')) {
    const separator = part.indexOf('=');
    if (separator > 0 && part.slice(0, separator).trim() === DEVICE_COOKIE) {
      const value = part.slice(separator + 1).trim();
      return DEVICE_TOKEN.test(value) ? value : undefined;
    }
  }
  return undefined;
}

function setDeviceCookie(request: FastifyRequest, reply: FastifyReply, deviceToken: string): void {
  const attributes = [
    `${DEVICE_COOKIE}=${deviceToken}`,
    `Path=${DEVICE_COOKIE_PATH}`,
    `Max-Age=${Math.floor(DEVICE_LIFETIME_MS / 1000)}`,
    'HttpOnly',
    'SameSite=Strict',
  ];
  if (request.protocol === 'https') attributes.push('Secure');
  reply.header('set-cookie', attributes.join('; '));
}

/** A sign-in step: public, a small body, and refused (401), throttled (429) or busy (503) like every sign-in. */
function signInStep<const S extends { description: string; body: z.ZodType; ok: z.ZodType }>(summary: string, spec: S) {
  return { bodyLimit: SMALL_BODY_LIMIT_BYTES, ...publicRoute('auth', summary, { ...spec, errors: [401, 413, 429, 503] as const }) };
}

/**
 * Runs a sign-in step for who is signing in, as the step's limits count them (the client's address
 * and the browser's device cookie), and sets the device cookie the step grants.
 */
async function signIn<Result extends { deviceToken?: string }>(
  request: FastifyRequest,
  reply: FastifyReply,
  step: (who: { clientAddress: string; deviceToken?: string }) => Promise<Result>,
): Promise<Result> {
  const result = await step({ clientAddress: request.ip, deviceToken: readDeviceToken(request) });
  if (result.deviceToken) setDeviceCookie(request, reply, result.deviceToken);
  return result;
}

export const adminLoginRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/admin/admin-login',
    signInStep('Sign a staff member in: a bearer token, or a challenge for the second factor', {
      description:
        'Limited per client address (an IPv6 /64 as one), per address and e-mail, and per account (docs/security.md). A right password answers `step: signed-in` with a token, or `step: second-factor` with a challenge for POST /api/admin/admin-login/second-factor when the member has a second factor. A browser that signed in before gets a device cookie that spares it the per-account waits.',
      body: loginRequestSchema,
      ok: loginStepSchema,
    }),
    async (request, reply) => (await signIn(request, reply, (who) => app.services.auth.login({ ...request.body, ...who }))).step,
  );

  app.post(
    '/api/admin/admin-login/second-factor',
    signInStep("The second step of a sign-in: a code from the member's authenticator app, or one recovery code", {
      description:
        'Within five minutes of the password step and five wrong codes; each code is accepted once, each recovery code works once. Wrong codes count on the same limits as wrong passwords.',
      body: secondFactorLoginRequestSchema,
      ok: signedInSchema,
    }),
    async (request, reply) => {
      const { token } = await signIn(request, reply, (who) => app.services.auth.loginSecondFactor({ ...request.body, ...who }));
      return { token };
    },
  );
};

export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/admin/logout',
    adminRoute('auth', 'Revoke the session of the bearer token', {
      access: { permission: 'account', isOpenBeforeSecondFactor: true },
      ok: z.null(),
      status: 204,
    }),
    async (request, reply) => {
      await app.services.auth.logout(request.admin!);
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/api/admin/sessions',
    adminRoute('auth', "The signed-in administrator's sessions that still work, the current one marked", {
      access: 'account',
      ok: z.array(sessionRowSchema),
    }),
    async (request) => app.services.auth.listSessions(request.admin!),
  );

  app.post(
    '/api/admin/sessions/revoke-others',
    adminRoute('auth', 'Sign the administrator out of every other session; the current one stays', {
      access: 'account',
      ok: revokeOthersResponseSchema,
    }),
    async (request) => ({ revoked: await app.services.auth.revokeOtherSessions(request.admin!) }),
  );
};
