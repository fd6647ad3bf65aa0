// GET /api/admin/dashboard/charts/<chart>: one call per chart, each behind the permission of what it
// counts (src/contracts/dashboard-chart-names.ts), so a role sees only the charts of what it may read.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as contract from '../../../src/contracts/dashboard-charts';
import { CHART_PERMISSIONS, chartPath } from '../../../src/contracts/dashboard-chart-names';
import { adminRoute } from '../../lib/route-schema';

const RANGE = 'from and to are UTC days (YYYY-MM-DD, both included, at most 1,096 days apart); every bucket of the range is answered, zeros included.';

export const dashboardChartRoutes: FastifyPluginAsyncZod = async (app) => {
  const charts = () => app.services.dashboardCharts;
  app.get(
    chartPath('bookings'),
    adminRoute('dashboard', 'Bookings made per day (per week past 92 days) by their status, optionally some statuses only', {
      access: CHART_PERMISSIONS.bookings,
      querystring: contract.bookingChartQuerySchema,
      ok: contract.bookingChartSchema,
      description: `${RANGE} status: a comma-separated list of booking statuses.`,
    }),
    async (request) => charts().bookings(request.query),
  );
  app.get(
    chartPath('booking-value'),
    adminRoute('dashboard', 'Gross booking value per day or week: the totals of bookings not cancelled, their mean, the range sum and mean per bucket', {
      access: CHART_PERMISSIONS['booking-value'],
      querystring: contract.chartQuerySchema,
      ok: contract.bookingValueChartSchema,
      description: RANGE,
    }),
    async (request) => charts().bookingValue(request.query),
  );
  app.get(
    chartPath('cancellations'),
    adminRoute('dashboard', 'Cancellation rate and disputed share of the bookings made per week', {
      access: CHART_PERMISSIONS.cancellations,
      querystring: contract.chartQuerySchema,
      ok: contract.cancellationChartSchema,
      description: RANGE,
    }),
    async (request) => charts().cancellations(request.query),
  );
  app.get(
    chartPath('hosts'),
    adminRoute('dashboard', 'New hosts per week and the verification backlog at the end of each week', {
      access: CHART_PERMISSIONS.hosts,
      querystring: contract.chartQuerySchema,
      ok: contract.hostChartSchema,
      description: RANGE,
    }),
    async (request) => charts().hosts(request.query),
  );
  app.get(
    chartPath('decisions'),
    adminRoute('dashboard', 'Time from submission to the first decision on listings and properties per week: count, median and 90th percentile', {
      access: CHART_PERMISSIONS.decisions,
      querystring: contract.chartQuerySchema,
      ok: contract.decisionChartSchema,
      description: `${RANGE} Read from the audit trail.`,
    }),
    async (request) => charts().decisions(request.query),
  );
  app.get(
    chartPath('chats'),
    adminRoute('dashboard', 'Conversations opened per day or week and the median time to their first staff reply', {
      access: CHART_PERMISSIONS.chats,
      querystring: contract.chartQuerySchema,
      ok: contract.chatChartSchema,
      description: RANGE,
    }),
    async (request) => charts().chats(request.query),
  );
};
