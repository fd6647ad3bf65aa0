// Public: POST /api/data/add-host-information and /api/data/add-email-subscriber (rate-limited).
// Admin: GET /api/admin/host-information and /api/admin/email-subscribers (paged, whole array, or CSV).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { errorSchema } from '../../../src/contracts/common';
import {
  EMAIL_SUBSCRIBER_CSV_HEADER,
  HOST_INFORMATION_CSV_HEADER,
  emailSubscriberListQuerySchema,
  emailSubscriberRequestSchema,
  emailSubscriberRowSchema,
  hostInformationListQuerySchema,
  hostInformationRequestSchema,
  hostInformationRowSchema,
  receivedResponseSchema,
} from '../../../src/contracts/landing';
import { isPagedQuery, TOTAL_COUNT_HEADER } from '../../../src/contracts/paging';
import { SMALL_BODY_LIMIT_BYTES } from '../../lib/body-limits';
import { sendCsv, sendJsonArray } from '../../lib/streams';

const publicResponses = { 201: receivedResponseSchema, 400: errorSchema, 413: errorSchema, 429: errorSchema };

export const landingRoutes: FastifyPluginAsyncZod = async (app) => {
  const landing = app.services.landing;
  // Counted before the body is validated, so malformed posts use up the allowance too.
  const limitPublicPost = async (request: FastifyRequest) => landing.limitPublicPost(request.ip);

  app.post(
    '/api/data/add-host-information',
    {
      onRequest: limitPublicPost,
      bodyLimit: SMALL_BODY_LIMIT_BYTES,
      schema: {
        tags: ['landing'],
        summary: 'The landing page host form; stored exactly as sent; answers {received: true}, never a row id',
        body: hostInformationRequestSchema,
        response: publicResponses,
      },
    },
    async (request, reply) => reply.code(201).send(await landing.addHostInformation(request.body)),
  );

  app.post(
    '/api/data/add-email-subscriber',
    {
      onRequest: limitPublicPost,
      bodyLimit: SMALL_BODY_LIMIT_BYTES,
      schema: {
        tags: ['landing'],
        summary: 'The landing page updates subscription; the same address in any letter case keeps one row; answers {received: true} either way',
        body: emailSubscriberRequestSchema,
        response: publicResponses,
      },
    },
    async (request, reply) => reply.code(201).send(await landing.addEmailSubscriber(request.body.email)),
  );

  app.get(
    '/api/admin/host-information',
    {
      schema: {
        tags: ['landing'],
        summary: 'Host form submissions, newest first: one page, every row, or format=csv (all rows or the searched ones)',
        security: [{ bearer: [] }],
        querystring: hostInformationListQuerySchema,
        response: { 200: z.array(hostInformationRowSchema), 400: errorSchema, 401: errorSchema },
      },
    },
    async (request, reply) => {
      const { query } = request;
      if (query.format === 'csv') {
        return sendCsv(reply, 'host-information.csv', HOST_INFORMATION_CSV_HEADER, landing.listAllHostInformation(query), (row) => [
          row.id,
          row.name,
          row.email,
          row.phone,
          row.address,
          row.createdAt,
        ]);
      }
      if (!isPagedQuery(query)) return sendJsonArray(reply, landing.listAllHostInformation(query), (row) => row);
      const { rows, total } = await landing.listHostInformationPage(query);
      reply.header(TOTAL_COUNT_HEADER, String(total));
      return rows;
    },
  );

  app.get(
    '/api/admin/email-subscribers',
    {
      schema: {
        tags: ['landing'],
        summary: 'E-mail subscribers, newest first: one page, every row, or format=csv (all rows or the searched ones)',
        security: [{ bearer: [] }],
        querystring: emailSubscriberListQuerySchema,
        response: { 200: z.array(emailSubscriberRowSchema), 400: errorSchema, 401: errorSchema },
      },
    },
    async (request, reply) => {
      const { query } = request;
      if (query.format === 'csv') {
        return sendCsv(reply, 'email-subscribers.csv', EMAIL_SUBSCRIBER_CSV_HEADER, landing.listAllEmailSubscribers(query), (row) => [
          row.id,
          row.email,
          row.createdAt,
        ]);
      }
      if (!isPagedQuery(query)) return sendJsonArray(reply, landing.listAllEmailSubscribers(query), (row) => row);
      const { rows, total } = await landing.listEmailSubscribersPage(query);
      reply.header(TOTAL_COUNT_HEADER, String(total));
      return rows;
    },
  );
};
