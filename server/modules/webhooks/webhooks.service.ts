// Webhooks for administrators (decision 041): the endpoints events are posted to (each with a signing
// secret Hoy makes, shown once and stored sealed), the deliveries as the Deliveries screen reads them,
// Retry now, and the delivery worker of this process.
import { randomUUID } from 'node:crypto';
import {
  isWebhookUrl,
  WEBHOOK_MESSAGES,
  type CreatedEndpoint,
  type CreateEndpointRequest,
  type DeliveriesQuery,
  type DeliveryDetail,
  type DeliveryStatus,
  type UpdateEndpointRequest,
  type WebhookDelivery,
  type WebhookEndpoint,
  type WebhookEventType,
} from '../../../src/contracts/webhooks';
import type { WebhookSettings } from '../../config';
import { BadRequestError, ConflictError, NotFoundError } from '../../errors';
import type { Clock } from '../../lib/clock';
import type { SecretSeal } from '../auth/secret-seal';
import { createWebhookSecret } from './webhook-signature';
import { createWebhookWorker } from './webhook-worker';
import type { WebhooksRepository } from './webhooks.repository';

/** The attempts a delivery's detail shows at most (the newest). */
const SHOWN_ATTEMPTS = 50;

type Logger = Parameters<typeof createWebhookWorker>[0]['log'];

interface WebhooksServiceDeps {
  repository: WebhooksRepository;
  /** Seals endpoints' secrets, bound to the endpoint's id (decision 036's key). */
  seal: SecretSeal<string>;
  clock: Clock;
  settings: WebhookSettings;
  log: Logger;
}

const iso = (date: Date | null) => (date === null ? null : date.toISOString());

function toEndpoint(row: { id: string; url: string; eventTypes: string[]; isEnabled: boolean; createdAt: Date; updatedAt: Date }): WebhookEndpoint {
  return { ...row, eventTypes: row.eventTypes as WebhookEventType[], createdAt: row.createdAt.toISOString(), updatedAt: row.updatedAt.toISOString() };
}

type DeliveryRow = Awaited<ReturnType<WebhooksRepository['deliveryPage']>>['rows'][number];

function toDelivery(row: DeliveryRow): WebhookDelivery {
  const status = row.status as DeliveryStatus;
  return {
    ...row,
    status,
    nextAttemptAt: status === 'pending' || status === 'delivering' ? row.nextAttemptAt.toISOString() : null,
    deliveredAt: iso(row.deliveredAt),
    createdAt: row.createdAt.toISOString(),
  };
}

export function createWebhooksService({ repository, seal, clock, settings, log }: WebhooksServiceDeps) {
  const checkUrl = (url: string) => {
    if (!isWebhookUrl(url, settings.isLocalHttpAllowed)) throw new BadRequestError(WEBHOOK_MESSAGES.urlInvalid);
  };

  return {
    async listEndpoints(): Promise<WebhookEndpoint[]> {
      return (await repository.listEndpoints()).map(toEndpoint);
    },

    /** A new endpoint and its secret, which is answered this once and kept only sealed. */
    async createEndpoint(administratorId: number, request: CreateEndpointRequest): Promise<CreatedEndpoint> {
      checkUrl(request.url);
      const id = randomUUID();
      const secret = createWebhookSecret();
      const row = await repository.insertEndpoint({
        id,
        url: request.url,
        secret: seal.seal(secret, id),
        eventTypes: request.eventTypes,
        isEnabled: request.isEnabled ?? true,
        createdBy: administratorId,
        now: clock.now(),
      });
      log.info({ endpointId: id, administratorId }, 'webhook-endpoint.created');
      return { endpoint: toEndpoint(row), secret };
    },

    async updateEndpoint(administratorId: number, id: string, changes: UpdateEndpointRequest): Promise<WebhookEndpoint> {
      if (changes.url !== undefined) checkUrl(changes.url);
      const row = await repository.updateEndpoint(id, changes, clock.now());
      if (!row) throw new NotFoundError(WEBHOOK_MESSAGES.endpointNotFound);
      log.info({ endpointId: id, administratorId, isEnabled: row.isEnabled }, 'webhook-endpoint.updated');
      return toEndpoint(row);
    },

    async deliveries(query: DeliveriesQuery): Promise<{ rows: WebhookDelivery[]; total: number }> {
      const { rows, total } = await repository.deliveryPage(query.status, query.pageSize, (query.page - 1) * query.pageSize);
      return { rows: rows.map(toDelivery), total };
    },

    async delivery(id: number): Promise<DeliveryDetail> {
      const row = await repository.findDelivery(id);
      if (!row) throw new NotFoundError(WEBHOOK_MESSAGES.deliveryNotFound);
      const { event, ...delivery } = row;
      const attempts = await repository.attemptsOf(id, SHOWN_ATTEMPTS);
      return {
        delivery: toDelivery(delivery),
        event: { ...event, payload: event.payload as Record<string, unknown>, createdAt: event.createdAt.toISOString() },
        attempts: attempts.map((attempt) => ({ ...attempt, at: attempt.at.toISOString() })),
      };
    },

    /** A pending or dead delivery, due now with a fresh round of attempts; 409 while it is being delivered or once delivered. */
    async retryNow(administratorId: number, id: number): Promise<WebhookDelivery> {
      const retried = await repository.retryNow(id, clock.now());
      const row = await repository.findDelivery(id);
      if (!row) throw new NotFoundError(WEBHOOK_MESSAGES.deliveryNotFound);
      if (retried === undefined) throw new ConflictError(WEBHOOK_MESSAGES.notRetryable);
      log.info({ deliveryId: id, administratorId }, 'webhook.retry-now');
      return toDelivery(row);
    },

    /** This process's delivery worker (server/main.ts starts it; tests drive it by hand). */
    createWorker: (options: { owner?: string; random?: () => number } = {}) => createWebhookWorker({ repository, seal, clock, settings, log, ...options }),
  };
}

export type WebhooksService = ReturnType<typeof createWebhooksService>;
