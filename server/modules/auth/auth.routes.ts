// POST /api/admin/admin-login and POST /api/admin/logout.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { loginRequestSchema, loginResponseSchema } from '../../../src/contracts/auth';
import { errorSchema } from '../../../src/contracts/common';

export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/admin/admin-login',
    {
      config: { isPublic: true },
      schema: {
        tags: ['auth'],
        summary: 'Sign an administrator in; answers a bearer token',
        body: loginRequestSchema,
        response: { 200: loginResponseSchema, 400: errorSchema, 401: errorSchema, 429: errorSchema },
      },
    },
    async (request) => app.services.auth.login(request.body.email, request.body.password, request.ip),
  );

  app.post(
    '/api/admin/logout',
    {
      schema: {
        tags: ['auth'],
        summary: 'Revoke the session of the bearer token',
        security: [{ bearer: [] }],
        response: { 204: z.null(), 401: errorSchema },
      },
    },
    async (request, reply) => {
      await app.services.auth.logout(request.admin!);
      return reply.code(204).send(null);
    },
  );
};
