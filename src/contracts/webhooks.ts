// The marketplace hears Hoy's decisions (issue 51, point 4; docs/webhooks.md, decision 041): the
// events an outbox keeps, the endpoints an administrator configures, and their deliveries as the
// Deliveries screen reads them.
import { z } from 'zod';
import { MAX_PAGE_SIZE } from './paging';

/** Every kind of event, by what it tells the marketplace (docs/webhooks.md has each payload). */
export const WEBHOOK_EVENT_TYPES = [
  'host.verified',
  'host.declined',
  'host.decision-undone',
  'listing.approved',
  'listing.declined',
  'listing.decision-undone',
  'property.confirmed',
  'property.declined',
  'property.decision-undone',
  'booking.cancelled',
  'booking.no-show',
  'booking.completed',
  'user.suspended',
  'user.reinstated',
  'refund.awaiting-approval',
  'refund.requested',
  'refund.rejected',
  'refund.succeeded',
  'refund.failed',
  'case.opened',
  'case.taken',
  'case.released',
  'case.closed',
] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

export const DELIVERY_STATUSES = ['pending', 'delivering', 'delivered', 'dead'] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];

/** The longest endpoint URL taken, and the longest error text a delivery keeps. */
export const MAX_WEBHOOK_URL_LENGTH = 2000;
export const MAX_DELIVERY_ERROR_LENGTH = 500;

export const WEBHOOK_MESSAGES = {
  urlInvalid: 'The URL must be an https:// address.',
  urlTooLong: `The URL must be at most ${MAX_WEBHOOK_URL_LENGTH} characters.`,
  eventTypesRequired: 'Choose at least one kind of event.',
  eventTypeUnknown: `Each kind of event must be one of: ${WEBHOOK_EVENT_TYPES.join(', ')}.`,
  endpointNotFound: 'Webhook endpoint not found.',
  deliveryNotFound: 'Delivery not found.',
  notRetryable: 'Only a pending or dead delivery can be retried now.',
} as const;

/**
 * Whether `text` is an endpoint address Hoy posts to: https, or http on the loopback address when
 * `isLocalHttpAllowed` (tests and development, WEBHOOK_ALLOW_LOCAL_HTTP). No credentials in it.
 */
export function isWebhookUrl(text: string, isLocalHttpAllowed: boolean): boolean {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return false;
  }
  if (url.username !== '' || url.password !== '') return false;
  if (url.protocol === 'https:') return url.hostname !== '';
  return isLocalHttpAllowed && url.protocol === 'http:' && ['127.0.0.1', 'localhost', '[::1]'].includes(url.hostname);
}

const urlSchema = z.string(WEBHOOK_MESSAGES.urlInvalid).max(MAX_WEBHOOK_URL_LENGTH, { message: WEBHOOK_MESSAGES.urlTooLong, abort: true }).trim();

const eventTypesSchema = z
  .array(z.enum(WEBHOOK_EVENT_TYPES, WEBHOOK_MESSAGES.eventTypeUnknown), WEBHOOK_MESSAGES.eventTypesRequired)
  .min(1, WEBHOOK_MESSAGES.eventTypesRequired)
  .max(WEBHOOK_EVENT_TYPES.length * 2, WEBHOOK_MESSAGES.eventTypeUnknown)
  .transform((types) => [...new Set(types)]);

/** POST /api/admin/webhook-endpoints (the URL's scheme is checked by the server, which knows the setting). */
export const createEndpointRequestSchema = z.object({
  url: urlSchema,
  eventTypes: eventTypesSchema,
  isEnabled: z.boolean().optional(),
});
export type CreateEndpointRequest = z.infer<typeof createEndpointRequestSchema>;

/** PATCH /api/admin/webhook-endpoints/:id: what changes. */
export const updateEndpointRequestSchema = z.object({
  url: urlSchema.optional(),
  eventTypes: eventTypesSchema.optional(),
  isEnabled: z.boolean().optional(),
});
export type UpdateEndpointRequest = z.infer<typeof updateEndpointRequestSchema>;

export const endpointIdParamsSchema = z.object({ id: z.uuid() });

/** An endpoint as the screen shows it: never its secret. */
export const endpointSchema = z.object({
  id: z.string(),
  url: z.string(),
  eventTypes: z.array(z.enum(WEBHOOK_EVENT_TYPES)),
  isEnabled: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type WebhookEndpoint = z.infer<typeof endpointSchema>;

/** The answer to creating an endpoint: its signing secret, shown this once. */
export const createdEndpointSchema = z.object({ endpoint: endpointSchema, secret: z.string() });
export type CreatedEndpoint = z.infer<typeof createdEndpointSchema>;

export const endpointListSchema = z.object({ endpoints: z.array(endpointSchema) });

export const DELIVERIES_PAGE_SIZE = 20;

/** GET /api/admin/webhook-deliveries: newest first, a page at a time, of one status or all. */
export const deliveriesQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(DELIVERIES_PAGE_SIZE),
  status: z.enum(DELIVERY_STATUSES).optional(),
});
export type DeliveriesQuery = z.infer<typeof deliveriesQuerySchema>;

export const deliveryIdParamsSchema = z.object({ id: z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER) });

export const deliverySchema = z.object({
  id: z.number().int(),
  eventId: z.string(),
  eventType: z.string(),
  endpointId: z.string(),
  endpointUrl: z.string(),
  status: z.enum(DELIVERY_STATUSES),
  /** Attempts since the delivery was made or last retried by hand. */
  attempts: z.number().int(),
  nextAttemptAt: z.string().nullable(),
  lastError: z.string().nullable(),
  lastStatusCode: z.number().int().nullable(),
  deliveredAt: z.string().nullable(),
  createdAt: z.string(),
});
export type WebhookDelivery = z.infer<typeof deliverySchema>;

/** A page of deliveries; its total is in the X-Total-Count header, as every paged list's. */
export const deliveryPageSchema = z.array(deliverySchema);

export const deliveryAttemptSchema = z.object({
  at: z.string(),
  durationMs: z.number().int(),
  statusCode: z.number().int().nullable(),
  error: z.string().nullable(),
  isDelivered: z.boolean(),
});

export const deliveryDetailSchema = z.object({
  delivery: deliverySchema,
  event: z.object({ id: z.string(), type: z.string(), idempotencyKey: z.string(), payload: z.record(z.string(), z.unknown()), createdAt: z.string() }),
  attempts: z.array(deliveryAttemptSchema),
});
export type DeliveryDetail = z.infer<typeof deliveryDetailSchema>;
