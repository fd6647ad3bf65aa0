// buildApp: the whole HTTP application from its dependencies. No listen() here, so tests drive
// the real app with inject() or a random port on a database of their own.
import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import fastifySwagger from '@fastify/swagger';
import Fastify, { type FastifyError, type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import {
  hasZodFastifySchemaValidationErrors,
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { Config } from './config';
import type { DatabaseHandle } from './db/client';
import { HttpError, UnauthorizedError } from './errors';
import { BODY_LIMIT_BYTES } from './lib/body-limits';
import { systemClock, type Clock } from './lib/clock';
import { createMemoryRateLimiter, createRedisRateLimiter, type RateLimiter } from './lib/rate-limiter';
import { registerOverloadGuard } from './lib/overload';
import { registerSecurityHeaders } from './lib/security-headers';
import { registerUnreadBodyDrain } from './lib/unread-body';
import { trustProxyOption } from './lib/trust-proxy';
import { registerWellFormedTextCheck } from './lib/well-formed-text';
import { installFieldNamedMessages } from './lib/zod-messages';
import type { AdminPrincipal } from './modules/auth/auth.service';
import { routePlugins } from './routes';
import { createServices, type ServiceDeps, type Services } from './services';

declare module 'fastify' {
  interface FastifyInstance {
    services: Services;
    deps: ServiceDeps;
  }
  interface FastifyRequest {
    /** The signed-in administrator; set by the bearer check on every guarded route. */
    admin: AdminPrincipal | null;
  }
  interface FastifyContextConfig {
    /** Routes under a guarded prefix that need no token (admin-login). */
    isPublic?: boolean;
  }
}

export interface AppOptions {
  handle: DatabaseHandle;
  config: Config;
  clock?: Clock;
  limiter?: RateLimiter;
  /** false (tests) or pino options; defaults to structured JSON logs at config.logLevel. */
  logger?: boolean | Record<string, unknown>;
}

/** Every path under these prefixes needs a bearer token unless its route says isPublic. */
const GUARDED_PATH = /^\/api\/(admin|hosts)(\/|$)/;
const HOST_DETAIL_PATH = /^\/api\/hosts(\/|$)/;
/** Sent by the web app's polling calls: they do not keep a session from going idle. */
const BACKGROUND_HEADER = 'x-hoy-activity';

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

  const limiter =
    options.limiter ?? (config.redisUrl ? createRedisRateLimiter(config.redisUrl) : createMemoryRateLimiter(clock));
  const deps: ServiceDeps = { handle, config, clock, limiter, log: app.log };
  app.decorate('deps', deps);
  app.decorate('services', createServices(deps));
  app.decorateRequest('admin', null);
  app.addHook('onClose', async () => {
    if (!options.limiter) await limiter.close();
  });

  app.addHook('onRequest', async (request) => {
    const url = request.routeOptions.url ?? request.url.split('?')[0];
    if (!GUARDED_PATH.test(url) || request.routeOptions.config?.isPublic) return;
    request.admin = await authenticate(app, request);
  });

  await registerOverloadGuard(app, config);
  registerSecurityHeaders(app);
  registerUnreadBodyDrain(app);
  registerWellFormedTextCheck(app);
  app.setErrorHandler((error, request, reply) => sendError(error as FastifyError, request, reply));
  app.setNotFoundHandler((request, reply) => sendNotFound(app, request, reply, config));

  await app.register(fastifySwagger, {
    openapi: {
      info: { title: `${config.appName} API`, version: '1.0.0' },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
    },
    transform: jsonSchemaTransform,
  });
  app.get('/api/openapi.json', { config: { isPublic: true }, schema: { hide: true } }, async () => app.swagger());

  for (const plugin of routePlugins) await app.register(plugin);

  if (fs.existsSync(path.join(config.staticDir, 'index.html'))) {
    await app.register(fastifyStatic, {
      root: config.staticDir,
      wildcard: false,
      index: false,
      // The build writes .br and .gz beside each asset (scripts/vite/precompress.ts).
      preCompressed: true,
      setHeaders(reply, filePath) {
        // Built assets carry a content hash in their names: cache them for good. index.html names
        // the current assets, so it is revalidated on every visit.
        const isHashed = filePath.includes(`${path.sep}assets${path.sep}`);
        const isIndex = path.basename(filePath) === 'index.html';
        reply.header(
          'cache-control',
          isHashed ? 'public, max-age=31536000, immutable' : isIndex ? 'no-cache' : 'public, max-age=3600',
        );
      },
    });
  }
  return app;
}

async function authenticate(app: FastifyInstance, request: FastifyRequest): Promise<AdminPrincipal> {
  const header = request.headers.authorization ?? '';
  const match = /^Bearer ([A-Za-z0-9_-]{20,100})$/.exec(header);
  if (!match) throw new UnauthorizedError();
  return app.services.auth.authenticate(match[1], request.headers[BACKGROUND_HEADER] === 'background');
}

/** SQLSTATEs that mean the client sent a value the database cannot hold: a 400, not a 500. */
const BAD_VALUE_SQLSTATES = new Set(['22001', '22003', '22007', '22008', '22021', '22P02', '22P05', '23502', '23514']);
const CONNECTION_ERROR_CODES = new Set(['53300', 'ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', '57P01', '57P02', '57P03', '08000', '08003', '08006', '08001', '08004']);

function databaseCode(error: unknown): string | undefined {
  for (let current = error as { code?: unknown; cause?: unknown } | undefined, depth = 0; current && depth < 5; depth += 1) {
    if (typeof current.code === 'string') return current.code;
    current = current.cause as typeof current;
  }
  return undefined;
}

/** node-postgres reports a dropped or timed-out connection by message only; a database closed to connections is a generic 55000. */
const CONNECTION_LOST_MESSAGE = /^(Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error)|is not currently accepting connections$/;

function isDatabaseUnavailable(error: unknown, code: string | undefined): boolean {
  if (code && CONNECTION_ERROR_CODES.has(code)) return true;
  for (let current = error as { message?: unknown; cause?: unknown; query?: unknown } | undefined, depth = 0; current && depth < 5; depth += 1) {
    // A failed-query wrapper's message quotes the parameters, i.e. user input: only its causes are read.
    if (current.query === undefined && typeof current.message === 'string' && CONNECTION_LOST_MESSAGE.test(current.message)) return true;
    current = current.cause as typeof current;
  }
  return false;
}

function statusText(statusCode: number): string {
  const texts: Record<number, string> = {
    400: 'Bad Request',
    401: 'Unauthorized',
    403: 'Forbidden',
    404: 'Not Found',
    405: 'Method Not Allowed',
    409: 'Conflict',
    413: 'Payload Too Large',
    415: 'Unsupported Media Type',
    429: 'Too Many Requests',
    500: 'Internal Server Error',
    503: 'Service Unavailable',
  };
  return texts[statusCode] ?? (statusCode < 500 ? 'Bad Request' : 'Internal Server Error');
}

function replyWithError(request: FastifyRequest, reply: FastifyReply, statusCode: number, message: string, reason?: string) {
  const body: Record<string, unknown> = { statusCode, error: statusText(statusCode), message };
  if (reason) body.reason = reason;
  if (HOST_DETAIL_PATH.test(request.url)) body.success = false;
  return reply.code(statusCode).type('application/json; charset=utf-8').send(body);
}

function sendError(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  if (error instanceof HttpError) {
    reply.headers(error.headers);
    return replyWithError(request, reply, error.statusCode, error.message, error.reason);
  }
  if (hasZodFastifySchemaValidationErrors(error)) {
    const first = error.validation[0];
    return replyWithError(request, reply, 400, first?.message ?? 'Invalid request');
  }
  const code = databaseCode(error);
  if (code === '23505') return replyWithError(request, reply, 409, 'This value is already in use.');
  if (code === '23503') return replyWithError(request, reply, 409, 'A related record does not exist or is still in use.');
  if (code && BAD_VALUE_SQLSTATES.has(code)) return replyWithError(request, reply, 400, 'A value is not valid.');
  if (isDatabaseUnavailable(error, code)) {
    request.log.error({ err: error }, 'database unavailable');
    reply.header('retry-after', '5');
    return replyWithError(request, reply, 503, 'The service is temporarily unavailable. Please try again shortly.');
  }
  const statusCode = error.statusCode ?? 500;
  if (statusCode >= 400 && statusCode < 500) return replyWithError(request, reply, statusCode, error.message);
  request.log.error({ err: error }, 'unhandled error');
  return replyWithError(request, reply, 500, 'Server error occurred');
}

function sendNotFound(app: FastifyInstance, request: FastifyRequest, reply: FastifyReply, config: Config) {
  const isApi = request.url === '/api' || request.url.startsWith('/api/') || request.url.startsWith('/api?');
  const hasWebApp = app.hasDecorator('sendFile') || fs.existsSync(path.join(config.staticDir, 'index.html'));
  if (isApi || (request.method !== 'GET' && request.method !== 'HEAD') || !hasWebApp) {
    return replyWithError(request, reply, 404, isApi ? `No API route ${request.method} ${request.url.split('?')[0]}` : 'Not found');
  }
  // History fallback: every other GET is a route of the single-page web app.
  return reply.sendFile('index.html');
}
