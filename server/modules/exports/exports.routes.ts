// Download tickets (docs/decisions/022-exports-stream-through-download-tickets.md). POST asks for one
// with the bearer token (guarded: the `export` permission, then the named list's own permission);
// GET redeems it without a token (a public call, server/routes.ts): the browser's download manager
// fetches it and writes the CSV to disk as it streams.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { EXPORT_DOWNLOAD_PATH, exportTicketParamsSchema, exportTicketRequestSchema, exportTicketSchema } from '../../../src/contracts/exports';
import { SMALL_BODY_LIMIT_BYTES } from '../../lib/body-limits';
import { adminRoute, publicRoute } from '../../lib/route-schema';
import { requirePermissions } from '../../plugins/auth-guard';

export const exportTicketRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    EXPORT_DOWNLOAD_PATH,
    {
      bodyLimit: SMALL_BODY_LIMIT_BYTES,
      ...adminRoute('exports', 'Ask for a download ticket: one list’s CSV, good once for 60 seconds, fetched without the token', {
        description: `Names a list's path (one that answers format=csv) and its query (q, status, sort, order, the list's own filters). The member needs the list's own permission as well. Answers the URL to fetch, GET ${EXPORT_DOWNLOAD_PATH}/{ticket}, which streams exactly what the list's format=csv call would. 503 exports-busy while this process streams as many exports as it may, or the member streams one already.`,
        body: exportTicketRequestSchema,
        ok: exportTicketSchema,
        status: 201,
        errors: [413, 503],
        access: 'export',
      }),
    },
    async (request, reply) => {
      const { exports } = app.services;
      const admin = request.admin!;
      const csvExport = exports.exportAt(request.body.path);
      // The guard checked `export`; the list's own permission depends on the list named.
      requirePermissions(request, { administratorId: admin.administratorId, role: admin.role }, [csvExport.permission]);
      const ticket = await exports.createTicket(admin, request.body.path, csvExport, request.body.query);
      return reply.code(201).send(ticket);
    },
  );
};

export const exportDownloadRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    `${EXPORT_DOWNLOAD_PATH}/:ticket`,
    publicRoute('exports', 'Download the CSV a ticket names, once, without a bearer token', {
      description: `The ticket from POST ${EXPORT_DOWNLOAD_PATH} is the credential: good once, for 60 seconds, for the member who asked while their session lives and their role may export the list. 404 for an unknown, used or expired ticket, before any export slot is taken; 503 exports-busy, the ticket still good, when the process has no slot free for its member; 401 when the session ended or the member was disabled; 403 when their role no longer may.`,
      params: exportTicketParamsSchema,
      ok: z.string().describe('The CSV file, as an attachment'),
      errors: [401, 403, 404, 503],
    }),
    async (request, reply) => {
      // The ticket URL must not linger: no copy in any cache, no Referer naming it.
      reply.header('referrer-policy', 'no-referrer');
      const { exports, exportShares } = app.services;
      // The ticket is checked before it costs anything: an unknown, used or expired one is refused
      // (404) without taking an export slot. The slot is then taken for the ticket's member (one
      // export at a time each, server/lib/export-shares.ts) before the ticket is used up, so a busy
      // process leaves the ticket for a second try.
      exportShares.hold(await exports.ticketHolder(request.params.ticket), reply);
      const { csvExport, query, member } = await exports.redeemTicket(request.params.ticket);
      requirePermissions(request, member, [csvExport.permission, 'export']);
      return csvExport.send(reply, query, member);
    },
  );
};
