// GET /metrics in Prometheus' text format, for the operator's scraper, behind its own bearer token
// (METRICS_TOKEN; without one the endpoint does not exist). fastify-metrics measures each route's
// requests and latency and prom-client the process (memory, event-loop lag, CPU); Hoy adds the
// database pool, the page cache and the refusals (429 limits, 503 overload).
import { timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fastifyMetrics from 'fastify-metrics';
import fp from 'fastify-plugin';
import { Counter, Gauge, Registry } from 'prom-client';

const METRICS_PATH = '/metrics';

interface MetricsOptions {
  token: string | undefined;
}

function tokenCheck(token: string) {
  const expected = Buffer.from(`Bearer ${token}`);
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const given = Buffer.from(request.headers.authorization ?? '');
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
      await reply.code(401).header('www-authenticate', 'Bearer').send({ message: 'Unauthorized' });
    }
  };
}

export const metrics = fp<MetricsOptions>(
  async (app, { token }) => {
    if (!token) return;
    // One registry per app: tests build many apps in one process.
    const register = new Registry();
    const { handle } = app.deps;
    const pages = app.services.pages;

    register.registerMetric(
      new Gauge({
        name: 'hoy_db_pool_connections',
        help: 'PostgreSQL pool connections by state (none on the embedded database)',
        labelNames: ['state'],
        registers: [],
        collect() {
          if (!handle.pool) return;
          this.set({ state: 'total' }, handle.pool.totalCount);
          this.set({ state: 'idle' }, handle.pool.idleCount);
          this.set({ state: 'waiting' }, handle.pool.waitingCount);
        },
      }),
    );
    register.registerMetric(
      new Gauge({
        name: 'hoy_page_cache',
        help: 'List answers served from memory (hits) and computed (misses) since start, and kept now (entries)',
        labelNames: ['kind'],
        registers: [],
        collect() {
          const stats = pages.stats();
          this.set({ kind: 'hits' }, stats.hits);
          this.set({ kind: 'misses' }, stats.misses);
          this.set({ kind: 'entries' }, stats.entries);
        },
      }),
    );
    const refusals = new Counter({
      name: 'hoy_refusals_total',
      help: 'Requests refused by a limit (429) or for overload or start-up (503), by route',
      labelNames: ['status', 'route'],
      registers: [register],
    });
    app.addHook('onResponse', async (request, reply) => {
      if (reply.statusCode === 429 || reply.statusCode === 503) {
        refusals.inc({ status: String(reply.statusCode), route: request.routeOptions.url ?? 'unknown' });
      }
    });

    await app.register(fastifyMetrics, {
      endpoint: { url: METRICS_PATH, method: 'GET', logLevel: 'warn', onRequest: tokenCheck(token), schema: { hide: true }, handler: () => undefined },
      defaultMetrics: { enabled: true, register },
      routeMetrics: {
        enabled: true,
        overrides: { histogram: { registers: [register] }, summary: { registers: [register] } },
      },
    });
  },
  { name: 'metrics', dependencies: [] },
);
