// Cases (docs/decisions/048-cases.md): the list and one case with cases.read; take the next, release
// one's own, close with a resolution, and flag a booking with cases.work (the flag also needs
// bookings.read: the member sees the booking they flag).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  CASE_PATHS,
  caseParamsSchema,
  caseSchema,
  casesQuerySchema,
  closeCaseRequestSchema,
  flagBookingRequestSchema,
  flaggedBookingSchema,
  MAX_RESOLUTION_LENGTH,
  takenCaseSchema,
} from '../../../src/contracts/cases';
import { idParamsSchema } from '../../../src/contracts/common';
import { TOTAL_COUNT_HEADER } from '../../../src/contracts/list-headers';
import { z } from 'zod';
import { adminRoute } from '../../lib/route-schema';
import { requirePermissions } from '../../plugins/auth-guard';

const TAG = 'cases';
const api = (path: string) => `/api/${path}`;

export const casesRoutes: FastifyPluginAsyncZod = async (app) => {
  const cases = app.services.cases;

  app.get(
    api(CASE_PATHS.list),
    adminRoute(TAG, 'Cases: open ones soonest deadline first, or of one filter (mine, unowned, overdue, closed), one page (the total in X-Total-Count)', {
      access: 'cases.read',
      querystring: casesQuerySchema,
      ok: z.array(caseSchema),
    }),
    async (request, reply) => {
      const { cases: rows, total } = await cases.page(request.query.filter, request.admin!.administratorId!, request.query.page, request.query.pageSize);
      reply.header(TOTAL_COUNT_HEADER, String(total));
      return rows;
    },
  );

  app.post(
    api(CASE_PATHS.takeNext),
    adminRoute(TAG, 'Take the next case: the open, unowned case with the soonest deadline becomes the caller’s', {
      description:
        'One statement locks the case it picks and skips those other takers hold, so two members never get the same case. `case` is null when no case is free. Writes the event case.taken.',
      access: 'cases.work',
      ok: takenCaseSchema,
    }),
    async (request) => ({ case: await cases.takeNext(request.admin!.administratorId!) }),
  );

  app.get(
    api(CASE_PATHS.one),
    adminRoute(TAG, 'One case: its source, holder and deadline', { access: 'cases.read', params: caseParamsSchema, ok: caseSchema, errors: [404] }),
    async (request) => cases.find(request.params.id),
  );

  app.post(
    api(CASE_PATHS.release),
    adminRoute(TAG, 'Give one’s own open case back to the queue', {
      description: '409 when the case is closed or held by someone else. Writes the event case.released.',
      access: 'cases.work',
      params: caseParamsSchema,
      ok: caseSchema,
      errors: [404, 409],
    }),
    async (request) => cases.release(request.params.id, request.admin!.administratorId!),
  );

  app.post(
    api(CASE_PATHS.close),
    adminRoute(TAG, 'Close an open case with its resolution', {
      description: `The resolution is required, at most ${MAX_RESOLUTION_LENGTH} characters, stored as sent. 409 when the case is closed already. Writes the event case.closed.`,
      access: 'cases.work',
      params: caseParamsSchema,
      body: closeCaseRequestSchema,
      ok: caseSchema,
      errors: [404, 409],
    }),
    async (request) => cases.close(request.params.id, request.admin!.administratorId!, request.body.resolution),
  );

  app.post(
    api(CASE_PATHS.flagBooking),
    adminRoute(TAG, 'Flag a booking: open its case, or answer the one open already', {
      description:
        'Needs bookings.read besides. isNew is true when this call opened the case (event case.opened), false when the booking had an open case already (nothing changes).',
      access: 'cases.work',
      params: idParamsSchema,
      body: flagBookingRequestSchema,
      ok: flaggedBookingSchema,
      errors: [404],
    }),
    async (request) => {
      requirePermissions(request, request.admin!, ['bookings.read']);
      return cases.flagBooking(request.params.id, request.admin!.administratorId!, request.body.reason);
    },
  );
};
