// GET /api/admin/live: one Server-Sent Events stream per back-office tab (docs/decisions/026-live-changes.md,
// wire format in src/contracts/live.ts). The bearer token comes in the Authorization header, so it is
// never in a URL or a log; opening or holding the stream is not activity, so the session still goes
// idle; the stream ends with the session. A small handler of our own rather than a plugin: the stream
// must be dropped when its reader falls behind and closed when its session ends, which is this file.
import { PassThrough } from 'node:stream';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { LIVE_PRESENCE_PATH, LIVE_PRESENCE_RENEW_SECONDS, LIVE_PRESENCE_STALE_SECONDS, LIVE_STREAM_PATH } from '../../../src/contracts/live';
import { presenceListSchema, presenceQuerySchema, presenceTargetSchema } from '../../../src/contracts/live-presence';
import { SMALL_BODY_LIMIT_BYTES } from '../../lib/body-limits';
import { NotFoundError, ServiceUnavailableError, TooManyRequestsError } from '../../errors';
import { requirePermissions } from '../../plugins/auth-guard';
import { adminRoute } from '../../lib/route-schema';
import { MAX_BUFFERED_BYTES, type LiveService } from './live.service';

/** What a browser that lost its stream waits before reconnecting (the SSE `retry` field), in ms. */
const RETRY_MS = 2000;

export const liveRoutes: FastifyPluginAsyncZod = async (app) => {
  const { limits } = app.services.live;
  app.get(
    LIVE_STREAM_PATH,
    adminRoute('live', 'The live stream: what changes, as it changes (text/event-stream)', {
      description: `Server-Sent Events: \`changes\` (rows that changed, each with the list it belongs to; its \`id\` goes back as Last-Event-ID on reconnecting, and what was missed is replayed), \`badges\` (the sidebar's counts), \`resync\` (what was missed cannot be replayed: read the screen again) and \`end\` (the session ended). A member receives only what their role may read: a list's changes and counts only if the role reads the list, and an Activity entry only if the role reads its kind of record in Activity. Holding the stream open does not keep the session from going idle. 429 (with Retry-After) past ${limits.streamsPerSession} streams for one session or ${limits.streamsPerMember} for one member across their sessions, on all processes; 503 (with Retry-After) when this process holds ${limits.streamsPerProcess}.`,
      ok: z.string().describe('text/event-stream'),
      errors: [429, 503],
      access: { permission: 'account', isBackground: true },
    }),
    async (request, reply) => {
      const admin = request.admin!;
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
      const { stream, refused } = await app.services.live.open(
        { sessionId: admin.sessionId, administratorId: admin.administratorId, role: admin.role, endsAt: admin.endsAt },
        connection,
        typeof lastEventId === 'string' ? lastEventId : undefined,
      );
      if (refused === 'session') throw new TooManyRequestsError(STREAM_RETRY_SECONDS, `At most ${limits.streamsPerSession} live streams per session.`);
      if (refused === 'member') throw new TooManyRequestsError(STREAM_RETRY_SECONDS, `At most ${limits.streamsPerMember} live streams per member.`);
      if (!stream) throw new ServiceUnavailableError('This server holds as many live streams as it may; try again shortly.', PROCESS_FULL_RETRY_SECONDS);
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

/** Presence is about a record of a list: the member must be able to read that list. */
function requireReader(request: FastifyRequest, live: LiveService, resource: string): void {
  const admin = request.admin!;
  const permission = live.permissionOf(resource);
  requirePermissions(request, { administratorId: admin.administratorId, role: permission ? admin.role : null }, permission ? [permission] : []);
}

/** Who reviews which record, said by the review screens themselves (src/contracts/live.ts). Never counts as activity. */
export const livePresenceRoutes: FastifyPluginAsyncZod = async (app) => {
  const access = { permission: 'account', isBackground: true } as const;
  const perMember = app.services.live.limits.presencePerMember;
  const about = `A review screen says so when it opens and every ${LIVE_PRESENCE_RENEW_SECONDS} s while it stays open; one not renewed for ${LIVE_PRESENCE_STALE_SECONDS} s is gone. Every live stream that may read the list gets a presence event when someone opens or leaves one of its records.`;
  app.put(
    LIVE_PRESENCE_PATH,
    {
      bodyLimit: SMALL_BODY_LIMIT_BYTES,
      ...adminRoute('live', 'Say that this member reviews a record (a host, a listing, a property)', {
        description: `${about} 403 for a list the role does not read, 404 for a record the list does not have, 429 (with Retry-After) while the member reviews ${perMember} other records.`,
        body: presenceTargetSchema,
        ok: z.null(),
        status: 204,
        errors: [404, 429],
        access,
      }),
    },
    async (request, reply) => {
      requireReader(request, app.services.live, request.body.resource);
      const outcome = await app.services.live.present(request.admin!.administratorId, request.body);
      if (outcome === 'no-record') throw new NotFoundError('There is no such record.');
      if (outcome === 'too-many') throw new TooManyRequestsError(LIVE_PRESENCE_STALE_SECONDS, `A member reviews at most ${perMember} records at once.`);
      return reply.code(204).send(null);
    },
  );
  app.delete(
    LIVE_PRESENCE_PATH,
    adminRoute('live', 'Say that this member no longer reviews a record', {
      description: about,
      querystring: presenceTargetSchema.extend({ id: z.coerce.number().int().positive().max(2_147_483_647) }),
      ok: z.null(),
      status: 204,
      access,
    }),
    async (request, reply) => {
      requireReader(request, app.services.live, request.query.resource);
      await app.services.live.absent(request.admin!.administratorId, request.query.resource, request.query.id);
      return reply.code(204).send(null);
    },
  );
  app.get(
    LIVE_PRESENCE_PATH,
    adminRoute('live', "Who reviews which record of a list now, by name (the reader's own screens included)", {
      description: about,
      querystring: presenceQuerySchema,
      ok: presenceListSchema,
      access,
    }),
    async (request) => {
      requireReader(request, app.services.live, request.query.resource);
      return app.services.live.viewers(request.query.resource);
    },
  );
};

/** A refused stream's Retry-After: by then a stream of the session has usually closed. */
const STREAM_RETRY_SECONDS = 30;
/** A stream refused by a full process: a few seconds, and the load balancer may send it to another. */
const PROCESS_FULL_RETRY_SECONDS = 5;
