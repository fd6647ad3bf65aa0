// GET /api/admin/audit?entityType=&entityId=: the history shown on host and listing details; and
// GET /api/admin/activity/staff: the names Activity's staff filter offers.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { activityStaffSchema } from '../../../src/contracts/activity';
import { auditEventSchema, auditQuerySchema } from '../../../src/contracts/audit';
import { adminRoute } from '../../lib/route-schema';

export const auditRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/admin/audit',
    adminRoute('audit', 'The newest 100 audit events of one host, listing, property or promo', {
      access: 'history.read',
      querystring: auditQuerySchema,
      ok: z.array(auditEventSchema),
    }),
    async (request) => app.services.audit.history(request.query.entityType, request.query.entityId, request.admin!.role),
  );

  app.get(
    '/api/admin/activity/staff',
    adminRoute('audit', 'Every staff member by name (id and name only), disabled ones too: the choices of the Activity filter', {
      access: 'activity.read',
      ok: z.array(activityStaffSchema),
    }),
    async () => app.services.audit.staffNames(),
  );
};
