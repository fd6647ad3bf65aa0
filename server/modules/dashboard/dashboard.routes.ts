// GET /api/admin/dashboard: the counts the dashboard shows.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorSchema } from '../../../src/contracts/common';
import { dashboardSchema } from '../../../src/contracts/dashboard';

export const dashboardRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/admin/dashboard',
    {
      schema: {
        tags: ['dashboard'],
        summary: 'Counts of hosts by status, open listing and property decisions, bookings by status, and feedback',
        security: [{ bearer: [] }],
        response: { 200: dashboardSchema, 401: errorSchema },
      },
    },
    async () => app.services.dashboard.overview(),
  );
};
