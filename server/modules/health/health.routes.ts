// Probes: GET /api/health/live (the process answers), GET /api/health/ready and GET /api/health
// (migrated, seeded, not shutting down, and the database answers). A load balancer sends traffic on
// ready; an orchestrator restarts on live.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ping } from '../../db/client';
import { ServiceUnavailableError } from '../../errors';
import { publicRoute } from '../../lib/route-schema';

const ok = z.object({ status: z.literal('ok') });

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  const ready = async () => {
    if (!app.readiness.isReady) throw new ServiceUnavailableError();
    try {
      await ping(app.deps.handle);
    } catch {
      throw new ServiceUnavailableError();
    }
    return { status: 'ok' as const };
  };

  app.get(
    '/api/health',
    publicRoute('health', 'Ready: migrated, seeded and the database answers (the same as /api/health/ready)', { ok, errors: [503] }),
    ready,
  );
  app.get(
    '/api/health/ready',
    publicRoute('health', 'Ready: migrated, seeded and the database answers; 503 while starting or shutting down', { ok, errors: [503] }),
    ready,
  );
  app.get(
    '/api/health/live',
    publicRoute('health', 'Live: the process answers, whatever the database (a restart will not help a database outage)', { ok }),
    async () => ({ status: 'ok' as const }),
  );
};
