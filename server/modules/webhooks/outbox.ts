// The outbox (decision 041): a service enqueues an event inside the transaction of the change it tells
// of, so the event is kept exactly when the change is; the delivery worker posts it afterwards, at
// least once. Payloads carry least data: ids, the new state, the reason, who decided by member id.
import { randomUUID } from 'node:crypto';
import type { WebhookEventType } from '../../../src/contracts/webhooks';
import type { Transaction } from '../../db/client';
import type { AuditRecord } from '../audit/audit.service';
import { insertOutboxEvents } from './webhooks.repository';

export interface OutboxEvent {
  type: WebhookEventType;
  payload: Record<string, unknown>;
  /** When the change was made (the app's clock). */
  createdAt: Date;
  /** What the receiver tells repeats apart by; an event whose key is taken already is not enqueued again. Default: the event's id. */
  idempotencyKey?: string;
}

/** Enqueues the events, and their deliveries to every enabled endpoint that takes them, in `transaction`. */
export async function enqueueEvents(transaction: Transaction, events: readonly OutboxEvent[]): Promise<void> {
  await insertOutboxEvents(
    transaction,
    events.map((event) => {
      const id = randomUUID();
      return { id, type: event.type, payload: event.payload, idempotencyKey: event.idempotencyKey ?? id, createdAt: event.createdAt };
    }),
  );
}

/** A decision's audit entry with when it was made and the event its action declares it is told as (src/contracts/record-action.ts). */
export type DecisionEntry = AuditRecord & { createdAt: Date; event?: WebhookEventType };

/** A decision's state as its audit entry keeps it: a host's `statusHost`, a listing's or property's `status`. */
function statusIn(state: unknown): string | null {
  if (state === null || typeof state !== 'object') return null;
  const { status, statusHost } = state as { status?: unknown; statusHost?: unknown };
  const value = statusHost ?? status;
  return typeof value === 'string' ? value : null;
}

/** The events of review decisions, from the audit entries written beside them (an entry whose action declares none tells nothing). */
export function decisionEventsOf(entries: readonly DecisionEntry[]): OutboxEvent[] {
  return entries.flatMap((entry) => {
    const type = entry.event;
    if (type === undefined) return [];
    const payload = {
      entity: entry.entityType,
      id: entry.entityId,
      status: statusIn(entry.after),
      previousStatus: statusIn(entry.before),
      reason: entry.reason ?? null,
      decidedBy: entry.administratorId ?? null,
    };
    return [{ type, payload, createdAt: entry.createdAt }];
  });
}

/** The one call a decision makes beside its audit write: its events, in the same transaction. */
export const enqueueDecisionEvents = (transaction: Transaction, entries: readonly DecisionEntry[]): Promise<void> =>
  enqueueEvents(transaction, decisionEventsOf(entries));
