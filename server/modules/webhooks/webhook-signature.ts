// How a delivery proves it comes from Hoy (docs/webhooks.md): HMAC-SHA256 under the endpoint's secret
// over the timestamp, a dot and the body, in hex. A receiver recomputes it and refuses a timestamp
// older than REPLAY_WINDOW_SECONDS, so a captured delivery cannot be replayed later.
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

export const WEBHOOK_HEADERS = {
  eventId: 'hoy-event-id',
  eventType: 'hoy-event-type',
  idempotencyKey: 'idempotency-key',
  timestamp: 'hoy-timestamp',
  signature: 'hoy-signature',
  attempt: 'hoy-delivery-attempt',
} as const;

/** What the signature header's value starts with: the scheme, so a later one can sit beside it. */
const SIGNATURE_PREFIX = 'v1=';

/** How old a timestamp a receiver should still take. */
export const REPLAY_WINDOW_SECONDS = 5 * 60;

/** A new endpoint's signing secret: 32 random bytes, shown to the administrator once. */
export const createWebhookSecret = (): string => `whsec_${randomBytes(32).toString('base64url')}`;

/** The signature header's value for a body sent at `timestamp` (whole seconds since 1970). */
export function signWebhook(secret: string, timestamp: number, body: string): string {
  return `${SIGNATURE_PREFIX}${createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex')}`;
}

/** A receiver's check (the tests are one): the signature matches and the timestamp is recent. */
export function isValidWebhookSignature(secret: string, headers: { timestamp: string; signature: string }, body: string, nowSeconds: number): boolean {
  if (!/^\d{1,12}$/.test(headers.timestamp)) return false;
  const timestamp = Number(headers.timestamp);
  if (Math.abs(nowSeconds - timestamp) > REPLAY_WINDOW_SECONDS) return false;
  const expected = Buffer.from(signWebhook(secret, timestamp, body));
  const given = Buffer.from(headers.signature);
  return expected.length === given.length && timingSafeEqual(expected, given);
}
