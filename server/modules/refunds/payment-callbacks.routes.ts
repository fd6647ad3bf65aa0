// The payment side's answer to a refund request (decision 043, docs/webhooks.md): no member's session,
// but an HMAC-SHA256 signature under PAYMENTS_CALLBACK_SECRET over the timestamp, a dot and the body's
// bytes, as Hoy signs its own webhooks, refused when older than 5 minutes. Unconfigured, it is a 404, as /metrics without its token.
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { idParamsSchema } from '../../../src/contracts/common';
import { REFUND_MESSAGES, refundResultSchema, refundSchema } from '../../../src/contracts/refunds';
import { BadRequestError, NotFoundError, UnauthorizedError } from '../../errors';
import { publicRoute } from '../../lib/route-schema';
import { isValidWebhookSignature, WEBHOOK_HEADERS } from '../webhooks/webhook-signature';

declare module 'fastify' {
  interface FastifyRequest {
    /** The body's text as it arrived, which the signature covers (this scope's requests only). */
    rawBody: string;
  }
}

const headerText = (value: string | string[] | undefined): string => (typeof value === 'string' ? value : '');

export const paymentCallbackRoutes: FastifyPluginAsyncZod = async (app) => {
  const secret = app.deps.config.refunds.callbackSecret;
  const { clock } = app.deps;

  app.decorateRequest('rawBody', '');
  // A re-serialised body would not match the signature: this scope keeps the text beside the JSON.
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    request.rawBody = body as string;
    try {
      done(null, JSON.parse(body as string));
    } catch {
      done(new BadRequestError('The body is not valid JSON.'), undefined);
    }
  });

  /** 401 unless the callback is signed with the secret within the replay window; logged without the secret or the signature. */
  async function requireSignature(request: FastifyRequest): Promise<void> {
    if (secret === undefined) throw new NotFoundError(REFUND_MESSAGES.callbackOff);
    const headers = { timestamp: headerText(request.headers[WEBHOOK_HEADERS.timestamp]), signature: headerText(request.headers[WEBHOOK_HEADERS.signature]) };
    if (isValidWebhookSignature(secret, headers, request.rawBody, Math.floor(clock.now().getTime() / 1000))) return;
    request.log.warn({ event: 'refund-callback.refused', route: request.routeOptions.url ?? null, clientAddress: request.ip }, 'refund callback refused');
    throw new UnauthorizedError(REFUND_MESSAGES.signatureInvalid, 'signature-invalid');
  }

  app.post(
    '/api/payments/refunds/:id/result',
    {
      ...publicRoute('payments', "The payment side's answer to a refund request: succeeded or failed", {
        description:
          'Signed: Hoy-Timestamp (seconds since 1970) and Hoy-Signature (v1= and hex HMAC-SHA256 under PAYMENTS_CALLBACK_SECRET of the timestamp, a dot and the raw body), refused when more than 5 minutes away (docs/webhooks.md). The same answer again is a 200 that changes nothing; a different one is 409. 404 while PAYMENTS_CALLBACK_SECRET is not set, as if the route did not exist.',
        params: idParamsSchema,
        body: refundResultSchema,
        ok: refundSchema,
        errors: [401, 404, 409],
      }),
      // The secret is checked before the body is parsed; the signature once its text is read, before validation.
      onRequest: async () => {
        if (secret === undefined) throw new NotFoundError(REFUND_MESSAGES.callbackOff);
      },
      preValidation: requireSignature,
    },
    async (request) => app.services.refunds.decide(request.params.id, request.body),
  );
};
