// A booking's refunds, for members (decision 043): what was paid and refunded, and a new refund
// request, which needs the step-up of decision 039 above REFUND_STEP_UP_ABOVE_MINOR cents; a second
// member's approval or rejection of one above REFUND_APPROVAL_ABOVE_MINOR (decision 047).
import { randomUUID } from 'node:crypto';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { idParamsSchema } from '../../../src/contracts/common';
import {
  bookingRefundsSchema,
  REFUND_MESSAGES,
  refundRequestHeadersSchema,
  refundRejectionSchema,
  refundRequestSchema,
  refundSchema,
  type RefundRequest,
} from '../../../src/contracts/refunds';
import { BadRequestError } from '../../errors';
import { adminRoute } from '../../lib/route-schema';

/** The request's key: the Idempotency-Key header or the body's field (one key if both); a fresh one if neither. */
function idempotencyKeyOf(headers: Record<string, unknown>, body: RefundRequest): string {
  const parsed = refundRequestHeadersSchema.safeParse({ 'idempotency-key': headers['idempotency-key'] });
  if (!parsed.success) throw new BadRequestError(REFUND_MESSAGES.keyInvalid);
  const fromHeader = parsed.data['idempotency-key'];
  if (fromHeader !== undefined && body.idempotencyKey !== undefined && fromHeader !== body.idempotencyKey)
    throw new BadRequestError(REFUND_MESSAGES.keysDiffer);
  return fromHeader ?? body.idempotencyKey ?? randomUUID();
}

export const refundsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { stepUpAboveMinor, approvalAboveMinor } = app.deps.config.refunds;

  app.get(
    '/api/admin/bookings/:id/refunds',
    adminRoute('bookings', "A booking's refunds, with what was paid, what is refunded or on its way and what remains, in cents", {
      access: 'bookings.read',
      params: idParamsSchema,
      ok: bookingRefundsSchema,
      errors: [404],
    }),
    async (request) => app.services.refunds.ofBooking(request.params.id),
  );

  app.post(
    '/api/admin/bookings/:id/refunds',
    adminRoute('bookings', 'Ask the payment side to refund a paid booking, in full or in part; 409 past what remains refundable', {
      description: `amountMinor in cents. An Idempotency-Key header (or the idempotencyKey field) sent again answers the refund it made, once per key. The refund is requested: the payment side answers by the signed callback POST /api/payments/refunds/:id/result (docs/webhooks.md). Above ${approvalAboveMinor} cents (REFUND_APPROVAL_ABOVE_MINOR) it is awaiting-approval instead, and nothing is asked of the payment side until another member approves it.`,
      access: {
        permission: 'bookings.refund',
        requiresStepUp: {
          isNeeded: (body) => (body as RefundRequest).amountMinor > stepUpAboveMinor,
          condition: `When amountMinor is above ${stepUpAboveMinor} (REFUND_STEP_UP_ABOVE_MINOR)`,
        },
      },
      params: idParamsSchema,
      body: refundRequestSchema,
      ok: refundSchema,
      status: 201,
      errors: [404, 409],
    }),
    async (request, reply) => {
      const idempotencyKey = idempotencyKeyOf(request.headers, request.body);
      const refund = await app.services.refunds.request(request.admin!.administratorId, request.params.id, { ...request.body, idempotencyKey });
      return reply.code(201).send(refund);
    },
  );

  // Every refund awaiting approval is above the step-up amount (server/config.ts keeps it so): approving one needs a step-up.
  app.post(
    '/api/admin/refunds/:id/approve',
    adminRoute('bookings', "Approve another member's refund awaiting approval: it is requested of the payment side", {
      description:
        'Once: a refund that is not awaiting-approval any more answers 409 (refund-not-awaiting); the member who asked for it answers 403 (refund-own-request). Writes the audit entry and the refund.requested event in the same transaction.',
      access: { permission: 'bookings.refund', requiresStepUp: true },
      params: idParamsSchema,
      ok: refundSchema,
      errors: [404, 409],
    }),
    async (request) => app.services.refunds.approve(request.admin!.administratorId, request.params.id),
  );

  app.post(
    '/api/admin/refunds/:id/reject',
    adminRoute('bookings', "Reject another member's refund awaiting approval, with a reason: its amount is given back", {
      description:
        'Once: a refund that is not awaiting-approval any more answers 409 (refund-not-awaiting); the member who asked for it answers 403 (refund-own-request). Writes the audit entry and the refund.rejected event in the same transaction.',
      access: 'bookings.refund',
      params: idParamsSchema,
      body: refundRejectionSchema,
      ok: refundSchema,
      errors: [404, 409],
    }),
    async (request) => app.services.refunds.reject(request.admin!.administratorId, request.params.id, request.body.reason),
  );
};
