// The delivery worker every server process runs (decision 041): it claims due deliveries under a
// lease (FOR UPDATE SKIP LOCKED, so two processes never post one delivery at once), posts each signed,
// and records the attempt: 2xx delivered; anything else, a redirect or a timeout a failure, retried
// after an exponential wait with jitter until the last attempt makes it dead. A process killed
// mid-delivery loses nothing: its lease runs out and another process claims the delivery again.
import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { MAX_DELIVERY_ERROR_LENGTH } from '../../../src/contracts/webhooks';
import type { WebhookSettings } from '../../config';
import type { Clock } from '../../lib/clock';
import { every } from '../../lib/every';
import type { SecretSeal } from '../auth/secret-seal';
import { signWebhook, WEBHOOK_HEADERS } from './webhook-signature';
import type { AttemptOutcome, ClaimedDelivery, WebhooksRepository } from './webhooks.repository';

type Logger = { warn: (fields: object, message: string) => void; info: (fields: object, message: string) => void };

/** The most of an answer's body read (for the attempt's error text); the rest is never read. */
const ANSWER_READ_BYTES = 1024;

export interface WebhookWorkerDeps {
  repository: WebhooksRepository;
  seal: SecretSeal<string>;
  clock: Clock;
  settings: WebhookSettings;
  log: Logger;
  /** Who holds the leases this worker takes (a fresh id per worker unless a test names it). */
  owner?: string;
  /** A number in [0, 1) for the jitter (tests pass a fixed one). */
  random?: () => number;
}

/**
 * The wait before attempt `attempts + 1` after `attempts` failed: base × 2^(attempts - 1), at most the
 * cap, of which a random half is taken off (so receivers that failed together are not retried together).
 */
export function retryDelayMs(settings: Pick<WebhookSettings, 'retryBaseMs' | 'retryCapMs'>, attempts: number, random: number): number {
  const full = Math.min(settings.retryCapMs, settings.retryBaseMs * 2 ** Math.max(0, attempts - 1));
  return Math.round(full / 2 + (full / 2) * random);
}

const bounded = (text: string) => (text.length > MAX_DELIVERY_ERROR_LENGTH ? `${text.slice(0, MAX_DELIVERY_ERROR_LENGTH - 1)}…` : text);

/** Up to ANSWER_READ_BYTES of an answer's body as text; the rest is cancelled unread. */
async function readStart(response: Response): Promise<string> {
  if (!response.body) return '';
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let length = 0;
  try {
    while (length < ANSWER_READ_BYTES) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks.push(value);
      length += value.length;
    }
  } finally {
    await reader.cancel().catch(() => undefined);
  }
  return Buffer.concat(chunks).subarray(0, ANSWER_READ_BYTES).toString('utf8');
}

/** Why a POST failed without an answer, in words that name no secret (a timeout, a refused connection). */
function failureOf(error: unknown, timeoutMs: number): string {
  if (error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError')) return `No answer within ${timeoutMs / 1000} s`;
  const cause = error instanceof Error ? (error.cause as { code?: unknown; message?: unknown } | undefined) : undefined;
  if (typeof cause?.code === 'string') return `Could not connect: ${cause.code}`;
  return `Could not post: ${error instanceof Error ? error.message : String(error)}`;
}

export function createWebhookWorker({ repository, seal, clock, settings, log, owner = randomUUID(), random = Math.random }: WebhookWorkerDeps) {
  /** Posts one claimed delivery and answers how the attempt ended. */
  async function attempt(delivery: ClaimedDelivery): Promise<AttemptOutcome> {
    const startedAt = clock.now();
    const started = performance.now();
    const ended = (result: { statusCode: number | null; error: string | null }): AttemptOutcome => {
      const isDelivered = result.error === null;
      const isDead = !isDelivered && delivery.attempts >= settings.maxAttempts;
      const now = clock.now();
      return {
        startedAt,
        durationMs: Math.round(performance.now() - started),
        ...result,
        isDelivered,
        status: isDelivered ? 'delivered' : isDead ? 'dead' : 'pending',
        nextAttemptAt: isDelivered || isDead ? now : new Date(now.getTime() + retryDelayMs(settings, delivery.attempts, random())),
      };
    };
    const secret = seal.open(delivery.secret, delivery.endpointId);
    if (secret === undefined) return ended({ statusCode: null, error: "The endpoint's secret does not open: was SECOND_FACTOR_KEY changed?" });
    const body = JSON.stringify({
      id: delivery.eventId,
      type: delivery.eventType,
      createdAt: delivery.eventCreatedAt.toISOString(),
      data: delivery.payload,
    });
    const timestamp = Math.floor(startedAt.getTime() / 1000);
    try {
      const response = await fetch(delivery.url, {
        method: 'POST',
        body,
        // Never followed: a redirect is a failed attempt, so a delivery goes nowhere but the configured address.
        redirect: 'manual',
        signal: AbortSignal.timeout(settings.timeoutMs),
        headers: {
          'content-type': 'application/json',
          'user-agent': 'Hoy-Webhooks/1',
          [WEBHOOK_HEADERS.eventId]: delivery.eventId,
          [WEBHOOK_HEADERS.eventType]: delivery.eventType,
          [WEBHOOK_HEADERS.idempotencyKey]: delivery.idempotencyKey,
          [WEBHOOK_HEADERS.timestamp]: String(timestamp),
          [WEBHOOK_HEADERS.signature]: signWebhook(secret, timestamp, body),
          [WEBHOOK_HEADERS.attempt]: String(delivery.attempts),
        },
      });
      const isSuccess = response.status >= 200 && response.status < 300;
      const answer = isSuccess ? (await response.body?.cancel(), '') : await readStart(response);
      return ended({
        statusCode: response.status,
        error: isSuccess ? null : bounded(`HTTP ${response.status}${answer.trim() === '' ? '' : `: ${answer.trim()}`}`),
      });
    } catch (error) {
      return ended({ statusCode: null, error: bounded(failureOf(error, settings.timeoutMs)) });
    }
  }

  async function deliver(delivery: ClaimedDelivery): Promise<void> {
    const outcome = await attempt(delivery);
    const isStillOurs = await repository.finish(delivery.id, owner, outcome);
    if (!isStillOurs) log.warn({ deliveryId: delivery.id }, 'webhook.lease-lost: the delivery was taken over before its attempt was recorded');
    else if (outcome.status === 'dead')
      log.warn({ deliveryId: delivery.id, eventType: delivery.eventType, endpointId: delivery.endpointId, attempts: delivery.attempts }, 'webhook.dead');
  }

  /** Claims what is due (up to the concurrency) and delivers it all; answers how many it claimed. */
  async function deliverDue(): Promise<number> {
    const now = clock.now();
    const claimed = await repository.claimDue(owner, now, new Date(now.getTime() + settings.leaseMs), settings.concurrency);
    await Promise.all(claimed.map(deliver));
    return claimed.length;
  }

  /** Delivers batch after batch while batches come full. */
  async function drain(): Promise<void> {
    while ((await deliverDue()) === settings.concurrency);
  }

  return {
    owner,
    deliverDue,
    drain,
    /** Looks for due deliveries every `pollMs` until the returned stop is called (which waits for the batch in flight). */
    start: () => every(settings.pollMs, drain, log, 'webhook delivery failed'),
  };
}

export type WebhookWorker = ReturnType<typeof createWebhookWorker>;
