// Hosts: the counts of the list's cards (the list is in server/routes.ts), the user/verification detail and approval (admin base),
// and the host detail calls of SPEC.md section 7 under /api/hosts (bearer token required too).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorSchema, idParamsSchema } from '../../../src/contracts/common';
import {
  hostDeleteResponseSchema,
  hostDetailResponseSchema,
  hostEditRequestSchema,
  hostListItemSchema,
  hostSummarySchema,
  userDetailsResponseSchema,
} from '../../../src/contracts/hosts';

const security = [{ bearer: [] }];


export const hostsRoutes: FastifyPluginAsyncZod = async (app) => {
  const hosts = app.services.hosts;

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
