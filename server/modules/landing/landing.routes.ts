// Public: POST /api/data/add-host-information and /api/data/add-email-subscriber (rate-limited).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { errorSchema } from '../../../src/contracts/common';
import {
  emailSubscriberRequestSchema,
  hostInformationRequestSchema,
  receivedResponseSchema,
} from '../../../src/contracts/landing';
import { SMALL_BODY_LIMIT_BYTES } from '../../lib/body-limits';

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
};
