// Every error and every unknown path answered in one shape, {statusCode, error, message} (plus
// `reason` when a client acts on it, and `success: false` under /api/hosts): typed domain errors
// (server/errors.ts), validation errors, and database errors mapped to 400, 409 or 503; anything
// else is a logged 500 that tells the client nothing more.
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { HttpError } from '../errors';

/** Answers a request that no route serves, instead of the 404. */
export type PageFallback = (request: FastifyRequest, reply: FastifyReply) => unknown;

interface ErrorHandlerOptions {
  /** For a GET or HEAD outside /api (the web app's history fallback); without it such requests get 404 too. */
  pageFallback?: PageFallback;
}

/** The host detail calls (docs/product.md §21) answer `success: false` on failure. */
const HOST_DETAIL_PATH = /^\/api\/hosts(\/|$)/;

/** SQLSTATEs that mean the client sent a value the database cannot hold: a 400, not a 500. */
const BAD_VALUE_SQLSTATES = new Set(['22001', '22003', '22007', '22008', '22021', '22P02', '22P05', '23502', '23514']);
const CONNECTION_ERROR_CODES = new Set([
  '53300',
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  '57P01',
  '57P02',
  '57P03',
  '08000',
  '08003',
  '08006',
  '08001',
  '08004',
]);

function databaseCode(error: unknown): string | undefined {
  for (let current = error as { code?: unknown; cause?: unknown } | undefined, depth = 0; current && depth < 5; depth += 1) {
    if (typeof current.code === 'string') return current.code;
    current = current.cause as typeof current;
  }
  return undefined;
}

/** node-postgres reports a dropped or timed-out connection by message only; a database closed to connections is a generic 55000. */
const CONNECTION_LOST_MESSAGE =
  /^(Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error)|is not currently accepting connections$/;

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

function sendNotFound(request: FastifyRequest, reply: FastifyReply, pageFallback: PageFallback | undefined) {
  const isApi = request.url === '/api' || request.url.startsWith('/api/') || request.url.startsWith('/api?');
  if (pageFallback && !isApi && (request.method === 'GET' || request.method === 'HEAD')) return pageFallback(request, reply);
  return replyWithError(request, reply, 404, isApi ? `No API route ${request.method} ${request.url.split('?')[0]}` : 'Not found');
}

export const errorHandler = fp<ErrorHandlerOptions>(
  async (app, { pageFallback }) => {
    app.setErrorHandler((error, request, reply) => sendError(error as FastifyError, request, reply));
    app.setNotFoundHandler((request, reply) => sendNotFound(request, reply, pageFallback));
  },
  { name: 'error-handler' },
);
