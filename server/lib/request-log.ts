// What a request line says about the request: Fastify's own fields, with a download ticket's path
// masked, since a ticket in a log could be redeemed by its reader within its minute
// (docs/decisions/022-exports-stream-through-download-tickets.md).
import type { FastifyRequest } from 'fastify';

/** A path segment after `/exports/` under /api: a download ticket, masked. */
const TICKET_SEGMENT = /^(\/api\/(?:.*\/)?exports\/)[^/?#]*/i;

/** The URL as logged: every ticket replaced by `[ticket]`, the rest as sent. */
function loggedUrl(url: string): string {
  return url.replace(TICKET_SEGMENT, '$1[ticket]');
}

/** Fastify's request serializer, but for the masked URL. */
export function serializeRequest(request: FastifyRequest) {
  return {
    method: request.method,
    url: loggedUrl(request.url),
    version: [request.headers?.['accept-version']].flat()[0],
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}
