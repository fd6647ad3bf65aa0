// Feedback: the admin list, newest first (whole array or one page).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorSchema } from '../../../src/contracts/common';
import { feedbackListQuerySchema, feedbackSchema } from '../../../src/contracts/feedbacks';
import { isPagedQuery, TOTAL_COUNT_HEADER } from '../../../src/contracts/paging';
import { sendJsonArray } from '../../lib/streams';

export const feedbacksRoutes: FastifyPluginAsyncZod = async (app) => {
  const feedbacks = app.services.feedbacks;

  app.get(
    '/api/admin/feedbacks',
    {
      schema: {
        tags: ['feedback'],
        summary: 'Feedback newest first: the whole array, or one page with X-Total-Count when paging parameters are given',
        security: [{ bearer: [] }],
        querystring: feedbackListQuerySchema,
        response: { 200: z.array(feedbackSchema), 400: errorSchema, 401: errorSchema },
      },
    },
    async (request, reply) => {
      if (!isPagedQuery(request.query)) return sendJsonArray(reply, feedbacks.batches(), feedbacks.toFeedback);
      const page = await feedbacks.listPage(request.query);
      reply.header(TOTAL_COUNT_HEADER, String(page.total));
      return page.rows;
    },
  );
};
