// The outbox, the endpoints and their deliveries: SQL only (decision 041). Every statement is
// parameterised; the claim is one statement that takes due deliveries FOR UPDATE SKIP LOCKED.
import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { DeliveryStatus } from '../../../src/contracts/webhooks';
import type { Database, Transaction } from '../../db/client';
import { outboxEvents, webhookDeliveries, webhookDeliveryAttempts, webhookEndpoints } from '../../db/schema';
import { rowsOf } from '../../db/rows';

type Executor = Database | Transaction;

export interface NewOutboxRow {
  id: string;
  type: string;
  payload: Record<string, unknown>;
  idempotencyKey: string;
  createdAt: Date;
}

/** A delivery as a worker claimed it, with what it posts and where. */
export interface ClaimedDelivery {
  id: number;
  attempts: number;
  eventId: string;
  eventType: string;
  payload: Record<string, unknown>;
  idempotencyKey: string;
  eventCreatedAt: Date;
  endpointId: string;
  url: string;
  secret: string;
}

/** How an attempt ended, as the worker records it. */
export interface AttemptOutcome {
  startedAt: Date;
  durationMs: number;
  statusCode: number | null;
  error: string | null;
  isDelivered: boolean;
  /** What the delivery becomes: delivered, pending again at `nextAttemptAt`, or dead. */
  status: Exclude<DeliveryStatus, 'delivering'>;
  nextAttemptAt: Date;
}

const deliveryColumns = {
  id: webhookDeliveries.id,
  eventId: webhookDeliveries.eventId,
  eventType: outboxEvents.type,
  endpointId: webhookDeliveries.endpointId,
  endpointUrl: webhookEndpoints.url,
  status: webhookDeliveries.status,
  attempts: webhookDeliveries.attempts,
  nextAttemptAt: webhookDeliveries.nextAttemptAt,
  lastError: webhookDeliveries.lastError,
  lastStatusCode: webhookDeliveries.lastStatusCode,
  deliveredAt: webhookDeliveries.deliveredAt,
  createdAt: webhookDeliveries.createdAt,
};

const endpointColumns = {
  id: webhookEndpoints.id,
  url: webhookEndpoints.url,
  eventTypes: webhookEndpoints.eventTypes,
  isEnabled: webhookEndpoints.isEnabled,
  createdAt: webhookEndpoints.createdAt,
  updatedAt: webhookEndpoints.updatedAt,
};

/**
 * Writes the events (a key already taken is skipped) and, in the same statement, one pending
 * delivery of each to every enabled endpoint that takes its type, due at once.
 */
export async function insertOutboxEvents(executor: Executor, events: readonly NewOutboxRow[]): Promise<void> {
  if (events.length === 0) return;
  const rows = JSON.stringify(
    events.map((event) => ({
      id: event.id,
      type: event.type,
      payload: event.payload,
      idempotency_key: event.idempotencyKey,
      created_at: event.createdAt.toISOString(),
    })),
  );
  await executor.execute(sql`WITH inserted AS (
        INSERT INTO outbox_events (id, type, payload, idempotency_key, created_at)
        SELECT id, type, payload, idempotency_key, created_at
        FROM jsonb_to_recordset(${rows}::jsonb) AS e (id uuid, type text, payload jsonb, idempotency_key text, created_at timestamptz)
        ON CONFLICT (idempotency_key) DO NOTHING
        RETURNING id, type, created_at
      )
      INSERT INTO webhook_deliveries (event_id, endpoint_id, next_attempt_at, created_at)
      SELECT i.id, w.id, i.created_at, i.created_at
      FROM inserted i JOIN webhook_endpoints w ON w.is_enabled AND i.type = ANY (w.event_types)`);
}

export function createWebhooksRepository(db: Database) {
  return {
    insertEvents: insertOutboxEvents,

    /**
     * Takes up to `limit` due deliveries of enabled endpoints for `owner` until `leaseUntil`: each
     * counts an attempt and is due again only when the lease runs out (its owner died). Rows another
     * process is claiming are skipped, never waited for.
     */
    async claimDue(owner: string, now: Date, leaseUntil: Date, limit: number): Promise<ClaimedDelivery[]> {
      const result = await db.execute(sql`WITH due AS (
          SELECT d.id FROM webhook_deliveries d
          JOIN webhook_endpoints w ON w.id = d.endpoint_id AND w.is_enabled
          WHERE d.status IN ('pending', 'delivering') AND d.next_attempt_at <= ${now}
          ORDER BY d.next_attempt_at
          LIMIT ${limit}
          FOR UPDATE OF d SKIP LOCKED
        )
        UPDATE webhook_deliveries d
        SET status = 'delivering', attempts = d.attempts + 1, lease_owner = ${owner}, lease_until = ${leaseUntil}, next_attempt_at = ${leaseUntil}
        FROM due, outbox_events e, webhook_endpoints w
        WHERE d.id = due.id AND e.id = d.event_id AND w.id = d.endpoint_id
        RETURNING d.id, d.attempts, e.id AS "eventId", e.type AS "eventType", e.payload, e.idempotency_key AS "idempotencyKey",
          e.created_at AS "eventCreatedAt", w.id AS "endpointId", w.url, w.secret`);
      return rowsOf<ClaimedDelivery & { eventCreatedAt: Date | string; id: number | string }>(result).map((row) => ({
        ...row,
        id: Number(row.id),
        attempts: Number(row.attempts),
        eventCreatedAt: new Date(row.eventCreatedAt),
      }));
    },

    /**
     * Records an attempt and, while `owner` still holds the delivery, what it becomes; answers whether
     * it did (false: its lease ran out and another process took it over).
     */
    async finish(deliveryId: number, owner: string, outcome: AttemptOutcome): Promise<boolean> {
      const result = await db.execute(sql`WITH moved AS (
          UPDATE webhook_deliveries
          SET status = ${outcome.status}, next_attempt_at = ${outcome.nextAttemptAt}, last_status_code = ${outcome.statusCode},
            last_error = ${outcome.error}, lease_owner = NULL, lease_until = NULL,
            delivered_at = ${outcome.isDelivered ? outcome.startedAt : null}
          WHERE id = ${deliveryId} AND lease_owner = ${owner} AND status = 'delivering'
          RETURNING id
        ), attempt AS (
          INSERT INTO webhook_delivery_attempts (delivery_id, started_at, duration_ms, status_code, error, is_delivered)
          VALUES (${deliveryId}, ${outcome.startedAt}, ${outcome.durationMs}, ${outcome.statusCode}, ${outcome.error}, ${outcome.isDelivered})
        )
        SELECT count(*)::int AS moved FROM moved`);
      return Number(rowsOf<{ moved: number }>(result)[0]?.moved ?? 0) === 1;
    },

    /** A pending or dead delivery made due at `now` with a fresh round of attempts; undefined when it is neither. */
    async retryNow(deliveryId: number, now: Date): Promise<number | undefined> {
      const [row] = await db
        .update(webhookDeliveries)
        .set({ status: 'pending', attempts: 0, nextAttemptAt: now, leaseOwner: null, leaseUntil: null })
        .where(and(eq(webhookDeliveries.id, deliveryId), sql`${webhookDeliveries.status} IN ('pending', 'dead')`))
        .returning({ id: webhookDeliveries.id });
      return row?.id;
    },

    async deliveryPage(status: DeliveryStatus | undefined, limit: number, offset: number) {
      const where = status === undefined ? undefined : eq(webhookDeliveries.status, status);
      const [rows, [{ total }]] = await Promise.all([
        db
          .select(deliveryColumns)
          .from(webhookDeliveries)
          .innerJoin(outboxEvents, eq(outboxEvents.id, webhookDeliveries.eventId))
          .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, webhookDeliveries.endpointId))
          .where(where)
          .orderBy(desc(webhookDeliveries.id))
          .limit(limit)
          .offset(offset),
        db.select({ total: count() }).from(webhookDeliveries).where(where),
      ]);
      return { rows, total };
    },

    async findDelivery(deliveryId: number) {
      const [row] = await db
        .select({
          ...deliveryColumns,
          event: {
            id: outboxEvents.id,
            type: outboxEvents.type,
            idempotencyKey: outboxEvents.idempotencyKey,
            payload: outboxEvents.payload,
            createdAt: outboxEvents.createdAt,
          },
        })
        .from(webhookDeliveries)
        .innerJoin(outboxEvents, eq(outboxEvents.id, webhookDeliveries.eventId))
        .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, webhookDeliveries.endpointId))
        .where(eq(webhookDeliveries.id, deliveryId));
      return row;
    },

    /** A delivery's newest attempts, oldest first. */
    async attemptsOf(deliveryId: number, limit: number) {
      const rows = await db
        .select({
          at: webhookDeliveryAttempts.startedAt,
          durationMs: webhookDeliveryAttempts.durationMs,
          statusCode: webhookDeliveryAttempts.statusCode,
          error: webhookDeliveryAttempts.error,
          isDelivered: webhookDeliveryAttempts.isDelivered,
        })
        .from(webhookDeliveryAttempts)
        .where(eq(webhookDeliveryAttempts.deliveryId, deliveryId))
        .orderBy(desc(webhookDeliveryAttempts.id))
        .limit(limit);
      return rows.reverse();
    },

    listEndpoints: () => db.select(endpointColumns).from(webhookEndpoints).orderBy(webhookEndpoints.createdAt, webhookEndpoints.id),

    async insertEndpoint(endpoint: { id: string; url: string; secret: string; eventTypes: string[]; isEnabled: boolean; createdBy: number; now: Date }) {
      const { now, ...values } = endpoint;
      const [row] = await db
        .insert(webhookEndpoints)
        .values({ ...values, createdAt: now, updatedAt: now })
        .returning(endpointColumns);
      return row;
    },

    async updateEndpoint(id: string, changes: { url?: string; eventTypes?: string[]; isEnabled?: boolean }, now: Date) {
      const [row] = await db
        .update(webhookEndpoints)
        .set({ ...changes, updatedAt: now })
        .where(eq(webhookEndpoints.id, id))
        .returning(endpointColumns);
      return row;
    },
  };
}

export type WebhooksRepository = ReturnType<typeof createWebhooksRepository>;
