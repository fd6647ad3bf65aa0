// GET /api/health: 200 once the database answers (it is migrated before the server listens).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorSchema } from '../../../src/contracts/common';
import { ping } from '../../db/client';
import { ServiceUnavailableError } from '../../errors';

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/health',
    {
      schema: {
        tags: ['health'],
        summary: 'Liveness and database reachability',
        response: { 200: z.object({ status: z.literal('ok') }), 503: errorSchema },
      },
    },
    async () => {
      try {
        await ping(app.deps.handle);
      } catch {
        throw new ServiceUnavailableError();
      }
      return { status: 'ok' as const };
    },
  );
};
