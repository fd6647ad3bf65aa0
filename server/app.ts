// buildApp: the whole HTTP application from its dependencies. No listen() here, so tests drive
// the real app with inject() or a random port on a database of their own. It composes: request-wide
// safeguards, then the plugins (server/plugins/), then the route modules in their two scopes
// (server/routes.ts), then the built web app.
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config';
import type { DatabaseHandle } from './db/client';
import { BODY_LIMIT_BYTES } from './lib/body-limits';
import { systemClock, type Clock } from './lib/clock';
import { createMemoryRateLimiter, createRedisRateLimiter, type RateLimiter } from './lib/rate-limiter';
import { registerOverloadGuard } from './lib/overload';
import { serializeRequest } from './lib/request-log';
import { registerSecurityHeaders } from './lib/security-headers';
import { registerUnreadBodyDrain } from './lib/unread-body';
import { trustProxyOption } from './lib/trust-proxy';
import { registerWellFormedTextCheck } from './lib/well-formed-text';
import { installFieldNamedMessages } from './lib/zod-messages';
import { authGuard, guardedScope, publicScope } from './plugins/auth-guard';
import { errorHandler } from './plugins/error-handler';
import { metrics } from './plugins/metrics';
import { openApi } from './plugins/openapi';
import { historyFallback, staticFiles } from './plugins/static-files';
import { guardedRoutePlugins, PUBLIC_CALLS, publicRoutePlugins } from './routes';
import { rowCountersOf } from './lists';
import { ensureRowCounters } from './db/list-counter-triggers';
import { createServices, type ServiceDeps, type Services } from './services';

declare module 'fastify' {
  interface FastifyInstance {
    services: Services;
    deps: ServiceDeps;
    /** Whether the process takes traffic: false while it migrates and seeds, and once it shuts down. */
    readiness: { isReady: boolean };
    /**
     * Installs the counter triggers of the lists counted by their rows (decision 024), and writes the
     * settings the database's triggers read (the cases' deadline, decision 048), once it is migrated.
     */
    ensureListCounters(): Promise<void>;
  }
}

/** Readable lines for a person at a terminal, JSON lines for a log collector. */
function isPrettyLog(format: Config['logFormat']): boolean {
  return format === 'pretty' || (format === 'auto' && process.stdout.isTTY === true);
}

interface AppOptions {
  handle: DatabaseHandle;
  config: Config;
  clock?: Clock;
  limiter?: RateLimiter;
  /** false (tests) or pino options; defaults to structured JSON logs at config.logLevel. */
  logger?: boolean | Record<string, unknown>;
  /** false: every call but the liveness probe answers 503 until `app.readiness.isReady` is set (server/main.ts). */
  isReady?: boolean;
}

/** While starting, only the probes answer; everything else is 503 with Retry-After. */
function registerStartingGate(app: FastifyInstance): void {
  app.addHook('onRequest', async (request, reply) => {
    if (app.readiness.isReady || request.url.startsWith('/api/health')) return;
    await reply.code(503).header('retry-after', '2').send({ message: 'Hoy is starting. Please try again in a few seconds.' });
  });
}

export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const { handle, config } = options;
  const clock = options.clock ?? systemClock;
  installFieldNamedMessages();

  const app = Fastify({
    logger:
      options.logger === false
        ? false
        : {
            level: config.logLevel,
            redact: ['req.headers.authorization', 'req.headers.cookie', 'body.password'],
            // A download ticket in a URL is a credential for a minute: request lines mask it.
            serializers: { req: serializeRequest },
            ...(options.logger === undefined && isPrettyLog(config.logFormat) ? { transport: { target: 'pino-pretty' } } : {}),
            ...(typeof options.logger === 'object' ? options.logger : {}),
          },
    bodyLimit: BODY_LIMIT_BYTES,
    trustProxy: trustProxyOption(config.trustProxy),
    return503OnClosing: true,
    forceCloseConnections: 'idle',
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 200 },
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const limiter = options.limiter ?? (config.redisUrl ? createRedisRateLimiter(config.redisUrl) : createMemoryRateLimiter(clock));
  const deps: ServiceDeps = { handle, config, clock, limiter, log: app.log };
  app.decorate('deps', deps);
  app.decorate('services', createServices(deps));
  app.decorate('readiness', { isReady: options.isReady ?? true });
  app.decorate('ensureListCounters', async () => {
    await ensureRowCounters(handle.db, rowCountersOf(handle.db));
    await app.services.cases.applySettings();
  });
  // Built over a migrated database (tests), the app installs them as it gets ready; server/main.ts
  // does once it has migrated.
  if (options.isReady !== false) app.addHook('onReady', () => app.ensureListCounters());
  registerStartingGate(app);
  app.addHook('preClose', async () => {
    app.readiness.isReady = false;
    // Open streams would hold the close until its deadline: end them, their browsers reconnect elsewhere.
    app.services.live.shutdown();
  });
  app.addHook('onClose', async () => {
    if (!options.limiter) await limiter.close();
  });

  await app.register(metrics, { token: config.metricsToken });
  await registerOverloadGuard(app, config);
  registerSecurityHeaders(app, { mapTileOrigin: config.mapTileOrigin });
  registerUnreadBodyDrain(app);
  registerWellFormedTextCheck(app);

  // Before any route: the guard checks each route's scope as it is added, the document collects them.
  await app.register(authGuard, { publicCalls: PUBLIC_CALLS });
  await app.register(openApi, { appName: config.appName });
  await app.register(errorHandler, { pageFallback: historyFallback(config.staticDir) });

  await app.register(publicScope(publicRoutePlugins));
  await app.register(guardedScope(guardedRoutePlugins));

  await app.register(staticFiles, { root: config.staticDir });
  return app;
}
