// GET /api/admin/audit?entityType=&entityId=: the history shown on host and listing details; and
// GET /api/admin/activity/staff: the names Activity's staff filter offers.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { activityKindPermission, activityStaffSchema } from '../../../src/contracts/activity';
import { auditEventSchema, auditQuerySchema } from '../../../src/contracts/audit';
import { adminRoute } from '../../lib/route-schema';
import { requirePermissions } from '../../plugins/auth-guard';

export const auditRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/admin/audit',
    adminRoute('audit', 'The newest 100 audit events of one host, listing, property or promo', {
      description: 'A promo’s history needs promos.read as well (403 otherwise), as its entries in Activity do.',
      access: 'history.read',
      querystring: auditQuerySchema,
      ok: z.array(auditEventSchema),
    }),
    async (request) => {
      const { administratorId, role } = request.admin!;
      // A kind of record some roles may not read (a promo) keeps its history from them as Activity does.
      const needed = activityKindPermission(request.query.entityType);
      if (needed) requirePermissions(request, { administratorId, role }, [needed]);
      return app.services.audit.history(request.query.entityType, request.query.entityId, role);
    },
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
