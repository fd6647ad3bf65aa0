// GET /api/admin/dashboard: the counts the dashboard shows.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { dashboardSchema } from '../../../src/contracts/dashboard';
import { adminRoute } from '../../lib/route-schema';

export const dashboardRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/admin/dashboard',
    adminRoute('dashboard', 'Counts of hosts by status, open listing and property decisions, bookings by status, and feedback', {
      access: 'dashboard.read',
      ok: dashboardSchema,
    }),
    async () => app.services.dashboard.overview(),
  );
};
