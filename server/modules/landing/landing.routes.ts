// Public: POST /api/data/add-host-information and /api/data/add-email-subscriber (rate-limited).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { emailSubscriberRequestSchema, hostInformationRequestSchema, receivedResponseSchema } from '../../../src/contracts/landing';
import { SMALL_BODY_LIMIT_BYTES } from '../../lib/body-limits';
import { publicRoute } from '../../lib/route-schema';

/** Both forms answer 201 {received: true}, or 413 and 429 besides the 400 of a bad body. */
const received = { ok: receivedResponseSchema, status: 201, errors: [413, 429] } as const;

export const landingRoutes: FastifyPluginAsyncZod = async (app) => {
  const landing = app.services.landing;
  // Counted before the body is validated, so malformed posts use up the allowance too.
  const limitPublicPost = async (request: FastifyRequest) => landing.limitPublicPost(request.ip);

  app.post(
    '/api/data/add-host-information',
    {
      onRequest: limitPublicPost,
      bodyLimit: SMALL_BODY_LIMIT_BYTES,
      ...publicRoute('landing', 'The landing page host form; stored exactly as sent; answers {received: true}, never a row id', {
        body: hostInformationRequestSchema,
        ...received,
      }),
    },
    async (request, reply) => reply.code(201).send(await landing.addHostInformation(request.body)),
  );

  app.post(
    '/api/data/add-email-subscriber',
    {
      onRequest: limitPublicPost,
      bodyLimit: SMALL_BODY_LIMIT_BYTES,
      ...publicRoute(
        'landing',
        'The landing page updates subscription; the same address in any letter case keeps one row; answers {received: true} either way',
        { body: emailSubscriberRequestSchema, ...received },
      ),
    },
    async (request, reply) => reply.code(201).send(await landing.addEmailSubscriber(request.body.email)),
  );
};
