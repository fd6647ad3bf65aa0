// Hosts: the counts of the list's cards (the list is in server/routes.ts), the user/verification detail and approval (admin base),
// and the host detail calls (docs/product.md §21) under /api/hosts (bearer token required too).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { idParamsSchema } from '../../../src/contracts/common';
import * as contract from '../../../src/contracts/hosts';
import { declaration } from '../../../src/contracts/lists/hosts';
import { adminRoute } from '../../lib/route-schema';

/** The approve action's call for one host, as declared (src/contracts/lists/hosts.ts); decline runs only in bulk. */
const approve = declaration.actions.find((action) => action.name === 'approve')!;

export const hostsRoutes: FastifyPluginAsyncZod = async (app) => {
  const hosts = app.services.hosts;

  app.get(
    '/api/admin/hosts/summary',
    adminRoute('hosts', 'Host counts for the cards: total, approved, pending, rejected', {
      access: 'hosts.read',
      ok: contract.hostSummarySchema,
    }),
    async () => hosts.summary(),
  );

  app.get(
    '/api/admin/user/:id',
    adminRoute('hosts', "A user's details and submitted host verification", {
      access: 'hosts.read',
      params: idParamsSchema,
      ok: contract.userDetailsResponseSchema,
      errors: [404],
    }),
    async (request) => hosts.userDetails(request.params.id),
  );

  app.post(
    `/api/${approve.path}`,
    adminRoute('hosts', 'Approve a host: statusHost becomes Confirmed', {
      access: approve.permission,
      params: idParamsSchema,
      ok: contract.hostListItemSchema,
      errors: [404],
    }),
    async (request) => hosts.approveHost(request.admin!.administratorId, request.params.id),
  );

  app.get(
    '/api/hosts/:id',
    adminRoute('host detail', 'One host for the host detail screen', {
      access: 'hosts.read',
      params: idParamsSchema,
      ok: contract.hostDetailResponseSchema,
      errors: [404],
    }),
    async (request) => ({ success: true as const, data: await hosts.getHost(request.params.id) }),
  );

  app.put(
    '/api/hosts/:id',
    adminRoute('host detail', "Edit a host's name, email, phone and property address (the rules of docs/product.md §20.1)", {
      access: 'hosts.write',
      params: idParamsSchema,
      body: contract.hostEditRequestSchema,
      ok: contract.hostDetailResponseSchema,
      errors: [404],
    }),
    async (request) => ({
      success: true as const,
      data: await hosts.updateHost(request.admin!.administratorId, request.params.id, request.body),
    }),
  );

  app.delete(
    '/api/hosts/:id',
    adminRoute('host detail', 'Delete a host with its properties; its bookings stay without a property', {
      access: 'hosts.write',
      params: idParamsSchema,
      ok: contract.hostDeleteResponseSchema,
      errors: [404],
    }),
    async (request) => {
      await hosts.deleteHost(request.admin!.administratorId, request.params.id);
      return { success: true as const };
    },
  );
};
