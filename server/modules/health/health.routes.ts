// GET /api/health: 200 once the database answers (it is migrated before the server listens).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ping } from '../../db/client';
import { ServiceUnavailableError } from '../../errors';
import { publicRoute } from '../../lib/route-schema';

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/health',
    publicRoute('health', 'Liveness and database reachability', { ok: z.object({ status: z.literal('ok') }), errors: [503] }),
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
