// GET /api/admin/live: one Server-Sent Events stream per back-office tab (docs/decisions/026-live-changes.md,
// wire format in src/contracts/live.ts). The bearer token comes in the Authorization header, so it is
// never in a URL or a log; opening or holding the stream is not activity, so the session still goes
// idle; the stream ends with the session. A small handler of our own rather than a plugin: the stream
// must be dropped when its reader falls behind and closed when its session ends, which is this file.
import { PassThrough } from 'node:stream';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { LIVE_STREAM_PATH, LIVE_STREAMS_PER_SESSION } from '../../../src/contracts/live';
import { TooManyRequestsError, UnauthorizedError } from '../../errors';
import { adminRoute } from '../../lib/route-schema';
import { MAX_BUFFERED_BYTES } from './live.service';

/** What a browser that lost its stream waits before reconnecting (the SSE `retry` field), in ms. */
const RETRY_MS = 2000;

export const liveRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    LIVE_STREAM_PATH,
    adminRoute('live', 'The live stream: what changes, as it changes (text/event-stream)', {
      description: `Server-Sent Events: \`changes\` (rows that changed, each with the list it belongs to; its \`id\` goes back as Last-Event-ID on reconnecting, and what was missed is replayed), \`badges\` (the sidebar's counts), \`resync\` (what was missed cannot be replayed: read the screen again) and \`end\` (the session ended). A member receives only what their role may read. Holding the stream open does not keep the session from going idle. 429 past ${LIVE_STREAMS_PER_SESSION} streams for one session.`,
      ok: z.string().describe('text/event-stream'),
      errors: [429],
      access: { permission: 'account', isBackground: true },
    }),
    async (request, reply) => {
      const admin = request.admin!;
      const state = await app.services.auth.sessionState(admin.sessionId);
      if (!state.isLive) throw new UnauthorizedError();
      const body = new PassThrough();
      const connection = {
        write: (message: string) => {
          if (body.writableLength + reply.raw.writableLength > MAX_BUFFERED_BYTES) return false;
          body.write(message);
          return true;
        },
        close: () => {
          body.end();
        },
        abort: () => {
          reply.raw.destroy();
        },
      };
      const lastEventId = request.headers['last-event-id'];
      const stream = await app.services.live.open(
        { sessionId: admin.sessionId, administratorId: admin.administratorId, role: state.role, endsAt: state.endsAt },
        connection,
        typeof lastEventId === 'string' ? lastEventId : undefined,
      );
      if (!stream) throw new TooManyRequestsError(STREAM_RETRY_SECONDS, `At most ${LIVE_STREAMS_PER_SESSION} live streams per session.`);
      body.write(`retry: ${RETRY_MS}\n\n`);
      reply.raw.on('close', () => app.services.live.close(stream));
      return (
        reply
          .header('content-type', 'text/event-stream; charset=utf-8')
          .header('cache-control', 'no-cache, no-transform')
          .header('x-accel-buffering', 'no')
          // The connection ends with the stream: one left idle would hold a shutting-down process open.
          .header('connection', 'close')
          .send(body)
      );
    },
  );
};

/** A refused stream's Retry-After: by then a stream of the session has usually closed. */
const STREAM_RETRY_SECONDS = 30;
