// Webhooks under /api/admin (administrators only, permission webhooks.manage; decision 041): the
// endpoints events are posted to, and their deliveries for the Deliveries screen, with Retry now.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { TOTAL_COUNT_HEADER } from '../../../src/contracts/paging';
import * as contract from '../../../src/contracts/webhooks';
import { SMALL_BODY_LIMIT_BYTES } from '../../lib/body-limits';
import { adminRoute } from '../../lib/route-schema';

const ACCESS = 'webhooks.manage';

export const webhooksRoutes: FastifyPluginAsyncZod = async (app) => {
  const webhooks = app.services.webhooks;

  app.get(
    '/api/admin/webhook-endpoints',
    adminRoute('webhooks', 'The endpoints events are posted to; never their secrets', { access: ACCESS, ok: contract.endpointListSchema }),
    async () => ({ endpoints: await webhooks.listEndpoints() }),
  );

  app.post(
    '/api/admin/webhook-endpoints',
    {
      bodyLimit: SMALL_BODY_LIMIT_BYTES,
      ...adminRoute('webhooks', 'Add an endpoint; its signing secret is in this answer only', {
        access: ACCESS,
        body: contract.createEndpointRequestSchema,
        ok: contract.createdEndpointSchema,
        status: 201,
        errors: [413],
        description:
          'The URL must be https:// (http://127.0.0.1 or localhost only where WEBHOOK_ALLOW_LOCAL_HTTP is on). Events are signed as docs/webhooks.md says.',
      }),
    },
    async (request, reply) => reply.code(201).send(await webhooks.createEndpoint(request.admin!.administratorId, request.body)),
  );

  app.patch(
    '/api/admin/webhook-endpoints/:id',
    {
      bodyLimit: SMALL_BODY_LIMIT_BYTES,
      ...adminRoute('webhooks', "Change an endpoint's URL or events, or enable or disable it", {
        access: ACCESS,
        params: contract.endpointIdParamsSchema,
        body: contract.updateEndpointRequestSchema,
        ok: contract.endpointSchema,
        errors: [404, 413],
      }),
    },
    async (request) => webhooks.updateEndpoint(request.admin!.administratorId, request.params.id, request.body),
  );

  app.get(
    '/api/admin/webhook-deliveries',
    adminRoute('webhooks', 'Deliveries, newest first, a page at a time (the total in X-Total-Count), of one status or all', {
      access: ACCESS,
      querystring: contract.deliveriesQuerySchema,
      ok: contract.deliveryPageSchema,
    }),
    async (request, reply) => {
      const { rows, total } = await webhooks.deliveries(request.query);
      reply.header(TOTAL_COUNT_HEADER, String(total));
      return rows;
    },
  );

  app.get(
    '/api/admin/webhook-deliveries/:id',
    adminRoute('webhooks', 'One delivery with its event and its attempts', {
      access: ACCESS,
      params: contract.deliveryIdParamsSchema,
      ok: contract.deliveryDetailSchema,
      errors: [404],
    }),
    async (request) => webhooks.delivery(request.params.id),
  );

  app.post(
    '/api/admin/webhook-deliveries/:id/retry',
    adminRoute('webhooks', 'Retry now: a pending or dead delivery is due at once with a fresh round of attempts; 409 otherwise', {
      access: ACCESS,
      params: contract.deliveryIdParamsSchema,
      ok: contract.deliverySchema,
      errors: [404, 409],
    }),
    async (request) => webhooks.retryNow(request.admin!.administratorId, request.params.id),
  );
};
