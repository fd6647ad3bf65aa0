// GET /metrics in Prometheus' text format, for the operator's scraper, behind its own bearer token
// (METRICS_TOKEN; without one the endpoint does not exist). fastify-metrics measures each route's
// requests and latency and prom-client the process (memory, event-loop lag, CPU); Hoy adds the
// database pool, the page cache, the refusals (429 limits, 503 overload) and the cases (decision 048).
import { timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fastifyMetrics from 'fastify-metrics';
import fp from 'fastify-plugin';
import { Counter, Gauge, Histogram, Registry } from 'prom-client';
import { CASE_QUEUES } from '../../src/contracts/cases';

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
    // The cases: open and overdue by queue, read from the database at each scrape (every process
    // answers the same); the time to a first action, observed by the process that took it.
    const cases = app.services.cases;
    let openCases: Promise<{ queue: string; open: number; overdue: number }[]> | undefined;
    /** One read for both gauges of a scrape. */
    const readOpenCases = () => (openCases ??= cases.openByQueue().finally(() => setImmediate(() => (openCases = undefined))));
    const caseGauge = (name: string, help: string, field: 'open' | 'overdue') =>
      new Gauge({
        name,
        help,
        labelNames: ['queue'],
        registers: [register],
        async collect() {
          const counts = await readOpenCases();
          for (const queue of CASE_QUEUES) this.set({ queue }, counts.find((count) => count.queue === queue)?.[field] ?? 0);
        },
      });
    caseGauge('hoy_cases_open', 'Open cases by queue', 'open');
    caseGauge('hoy_cases_overdue', 'Open cases past their deadline by queue', 'overdue');
    const firstAction = new Histogram({
      name: 'hoy_case_first_action_seconds',
      help: 'Seconds from a case opening to its first action (taken, released or closed), by queue, as observed by this process',
      labelNames: ['queue'],
      buckets: [60, 300, 900, 1800, 3600, 4 * 3600, 8 * 3600, 24 * 3600, 48 * 3600, 7 * 24 * 3600],
      registers: [register],
    });
    const stopListening = cases.onFirstAction(({ queue, seconds }) => firstAction.observe({ queue }, seconds));
    app.addHook('onClose', async () => void stopListening());
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
