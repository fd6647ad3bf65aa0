// Hosts: the admin list and its counts, the user/verification detail and approval (admin base),
// and the host detail calls of SPEC.md section 7 under /api/hosts (bearer token required too).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorSchema, idParamsSchema } from '../../../src/contracts/common';
import {
  hostDeleteResponseSchema,
  hostDetailResponseSchema,
  hostEditRequestSchema,
  hostListItemSchema,
  hostListQuerySchema,
  hostSummarySchema,
  userDetailsResponseSchema,
} from '../../../src/contracts/hosts';
import { isPagedQuery, TOTAL_COUNT_HEADER } from '../../../src/contracts/paging';
import { sendCsv, sendJsonArray } from '../../lib/streams';

const security = [{ bearer: [] }];

/** The columns of the hosts CSV export, the list's own field names. */
export const HOST_CSV_HEADER = ['userId', 'name', 'email', 'statusHost', 'numberOfProperties'] as const;

// The list's query plus format=csv: the hosts the search and status filter select, in userId order.
const hostListExportQuerySchema = hostListQuerySchema.extend({ format: z.enum(['json', 'csv']).optional() });

export const hostsRoutes: FastifyPluginAsyncZod = async (app) => {
  const hosts = app.services.hosts;

  // SPEC.md names both paths; the second is the one its Refresh button calls.
  for (const url of ['/api/admin/hosts', '/api/admin/admin/hosts']) {
    app.get(
      url,
      {
        schema: {
          tags: ['hosts'],
          summary:
            'Hosts: the whole array, one page with X-Total-Count when paging parameters are given, or format=csv (every host the search and status select, in userId order)',
          security,
          querystring: hostListExportQuerySchema,
          response: { 200: z.array(hostListItemSchema), 400: errorSchema, 401: errorSchema },
        },
      },
      async (request, reply) => {
        const { format, ...query } = request.query;
        if (format === 'csv') {
          return sendCsv(reply, 'hosts.csv', HOST_CSV_HEADER, hosts.batches(query), (row) => {
            const host = hosts.toListItem(row);
            // See docs/decisions/005: a cell a spreadsheet would evaluate gets a leading apostrophe.
            return [host.userId, host.name, host.email, host.statusHost, host.numberOfProperties];
          });
        }
        if (!isPagedQuery(query)) return sendJsonArray(reply, hosts.batches(), hosts.toListItem);
        const page = await hosts.listPage(query);
        reply.header(TOTAL_COUNT_HEADER, String(page.total));
        return page.rows;
      },
    );
  }

  app.get(
    '/api/admin/hosts/summary',
    {
      schema: {
        tags: ['hosts'],
        summary: 'Host counts for the cards: total, approved, pending, rejected',
        security,
        response: { 200: hostSummarySchema, 401: errorSchema },
      },
    },
    async () => hosts.summary(),
  );

  app.get(
    '/api/admin/user/:id',
    {
      schema: {
        tags: ['hosts'],
        summary: "A user's details and submitted host verification",
        security,
        params: idParamsSchema,
        response: { 200: userDetailsResponseSchema, 400: errorSchema, 401: errorSchema, 404: errorSchema },
      },
    },
    async (request) => hosts.userDetails(request.params.id),
  );

  app.post(
    '/api/admin/update-status-host/:id',
    {
      schema: {
        tags: ['hosts'],
        summary: 'Approve a host: statusHost becomes Confirmed',
        security,
        params: idParamsSchema,
        response: { 200: hostListItemSchema, 400: errorSchema, 401: errorSchema, 404: errorSchema },
      },
    },
    async (request) => hosts.approveHost(request.admin!.administratorId, request.params.id),
  );

  app.get(
    '/api/hosts/:id',
    {
      schema: {
        tags: ['host detail'],
        summary: 'One host for the host detail screen',
        security,
        params: idParamsSchema,
        response: { 200: hostDetailResponseSchema, 400: errorSchema, 401: errorSchema, 404: errorSchema },
      },
    },
    async (request) => ({ success: true as const, data: await hosts.getHost(request.params.id) }),
  );

  app.put(
    '/api/hosts/:id',
    {
      schema: {
        tags: ['host detail'],
        summary: "Edit a host's name, email, phone and property address (SPEC.md section 5 rules)",
        security,
        params: idParamsSchema,
        body: hostEditRequestSchema,
        response: { 200: hostDetailResponseSchema, 400: errorSchema, 401: errorSchema, 404: errorSchema },
      },
    },
    async (request) => ({
      success: true as const,
      data: await hosts.updateHost(request.admin!.administratorId, request.params.id, request.body),
    }),
  );

  app.delete(
    '/api/hosts/:id',
    {
      schema: {
        tags: ['host detail'],
        summary: 'Delete a host with its properties; its bookings stay without a property',
        security,
        params: idParamsSchema,
        response: { 200: hostDeleteResponseSchema, 400: errorSchema, 401: errorSchema, 404: errorSchema },
      },
    },
    async (request) => {
      await hosts.deleteHost(request.admin!.administratorId, request.params.id);
      return { success: true as const };
    },
  );
};
