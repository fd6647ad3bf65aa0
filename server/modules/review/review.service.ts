// Record actions, single, in bulk and undone, for every list that declares them (decisions 027 and 044).
// Each list's rows go through the compare-and-set its declared actions make (`actionDecider`, one
// statement for the batch), each with its own audit entry; the whole batch is one transaction, so a
// failure leaves nothing half-applied, while a row someone else decided first is skipped and
// reported, never overwritten.
import type { AuditEntityType } from '../../../src/contracts/audit';
import type { BatchResult, BatchRowResult } from '../../../src/contracts/batch-decisions';
import type { RecordAction, RecordActionName } from '../../../src/contracts/record-action';
import type { WebhookEventType } from '../../../src/contracts/webhooks';
import type { Database, Transaction } from '../../db/client';
import type { AuditRecord, AuditService } from '../audit/audit.service';
import type { Clock } from '../../lib/clock';
import { enqueueDecisionEvents, type DecisionEntry } from '../webhooks/outbox';
import type { LatestEvent, ReviewRepository } from './review.repository';

/** What one row's compare-and-set did (server/lib/compare-and-set.ts): `applied` when it moved, else why not, with the row's status now. */
export type RowOutcome = { outcome: 'applied' | 'alreadyDecided' | 'changed' | 'notFound'; status: string | null };

/**
 * Where a row is decided: the caller's transaction, the member, and how its audit entry is kept (at
 * once for a single decision; gathered and written in one statement at the end of a batch, in the
 * same transaction, so a batch's entries land with its changes or not at all).
 */
export interface DecisionScope {
  transaction: Transaction;
  administratorId: number;
  /** Keeps a row's entry, and tells the marketplace the event its action declares, if any. */
  record(entry: AuditRecord, event: WebhookEventType | undefined): Promise<void>;
}

/** A list's actions on its rows, shared by its single decision (a batch of one) and the batch (action-decider.ts). */
export interface RowDecider {
  entityType: AuditEntityType;
  actions: readonly RecordAction[];
  /**
   * Decides the rows (ascending ids), recording an entry for each that moves; a row not found is left
   * out. `version` (one row's, from the client) refuses a row of a versioned table changed since it was read.
   */
  decide(scope: DecisionScope, ids: readonly number[], action: RecordActionName, reason: string | null, version?: number): Promise<Map<number, RowOutcome>>;
  /**
   * Puts each row back from what the member's decision made it (`event.after`) to what it was
   * (`event.before`), only while it still is so; records its own entry (`<entity>.undo`).
   */
  revert(scope: DecisionScope, rows: readonly { id: number; event: Pick<LatestEvent, 'action' | 'before' | 'after'> }[]): Promise<Map<number, RowOutcome>>;
}

/** A single decision's scope: its audit entry is written at once. */
export const singleDecisionScope = (audit: AuditService, transaction: Transaction, administratorId: number): DecisionScope => ({
  transaction,
  administratorId,
  record: async (entry, event) => {
    const createdAt = await audit.record(transaction, entry);
    // The marketplace hears it: the decision's event, in the same transaction (decision 041).
    await enqueueDecisionEvents(transaction, [{ ...entry, createdAt, event }]);
  },
});

/** How long the member may undo the entry's action, in seconds, when it is one of the decider's undoable actions. */
const undoSecondsOf = (decider: RowDecider, entryAction: string) =>
  decider.actions.find((action) => entryAction === `${decider.entityType}.${action.name}`)?.undoSeconds;

interface ReviewServiceDeps {
  db: Database;
  repository: ReviewRepository;
  audit: AuditService;
  clock: Clock;
  /** Each list's decider, by list name, made from its declared actions (server/services.ts). */
  deciders: ReadonlyMap<string, RowDecider>;
}

export function createReviewService({ db, repository, audit, clock, deciders }: ReviewServiceDeps) {
  /** Runs `work` in one transaction whose rows' audit entries are written together before it commits. */
  function inBatch<Result>(administratorId: number, work: (scope: DecisionScope) => Promise<Result>): Promise<Result> {
    return db.transaction(async (transaction) => {
      const entries: (AuditRecord & { createdAt: Date })[] = [];
      const events: DecisionEntry[] = [];
      const result = await work({
        transaction,
        administratorId,
        record: async (entry, event) => {
          const kept = { ...entry, createdAt: clock.now() };
          entries.push(kept);
          events.push({ ...kept, event });
        },
      });
      await audit.recordMany(transaction, entries);
      await enqueueDecisionEvents(transaction, events);
      return result;
    });
  }

  /** Ascending ids lock rows in one order, so two overlapping batches cannot deadlock. */
  const ascending = (ids: readonly number[]) => [...ids].sort((a, b) => a - b);
  const inRequestOrder = (ids: readonly number[], byId: Map<number, BatchRowResult>) => ids.map((id) => byId.get(id)!);

  const deciderOf = (list: string) => {
    const decider = deciders.get(list);
    if (!decider) throw new Error(`The list "${list}" declares no actions`);
    return decider;
  };

  async function decideOne(
    transaction: Transaction,
    list: string,
    administratorId: number,
    id: number,
    action: RecordActionName,
    options: { reason?: string; version?: number },
  ): Promise<RowOutcome | undefined> {
    const scope = singleDecisionScope(audit, transaction, administratorId);
    return (await deciderOf(list).decide(scope, [id], action, options.reason ?? null, options.version)).get(id);
  }

  return {
    /** Whether the list declares actions, so has a decider. */
    hasActions: (list: string) => deciders.has(list),

    /**
     * One record's action inside the caller's transaction, its entry written at once: how it went, or
     * undefined when there is no such record. The list's module turns it into its call's answer.
     */
    decideOne,

    /** One record's action in its own transaction (the list engine's call for one record, server/lib/list-batch.ts). */
    decideRecord(list: string, administratorId: number, id: number, action: RecordActionName, reason: string | undefined): Promise<RowOutcome | undefined> {
      return db.transaction((transaction) => decideOne(transaction, list, administratorId, id, action, { reason }));
    },

    async decide(list: string, administratorId: number, ids: readonly number[], decision: RecordActionName, reason: string | null): Promise<BatchResult> {
      const decider = deciderOf(list);
      return inBatch(administratorId, async (scope) => {
        const byId = new Map<number, BatchRowResult>();
        const skipped: number[] = [];
        const outcomes = await decider.decide(scope, ascending(ids), decision, reason);
        for (const id of ids) {
          const row = outcomes.get(id) ?? { outcome: 'notFound', status: null };
          const outcome = row.outcome === 'applied' ? 'decided' : row.outcome;
          if (outcome === 'alreadyDecided' || outcome === 'changed') skipped.push(id);
          byId.set(id, { id, outcome, status: row.status, by: null });
        }
        // Who decided first, for "2 already declined by Amina, skipped".
        const latest = await repository.latestEvents(scope.transaction, decider.entityType, skipped);
        for (const id of skipped) byId.get(id)!.by = latest.get(id)?.administratorName ?? null;
        return { results: inRequestOrder(ids, byId), changed: [...byId.values()].filter((row) => row.outcome === 'decided').length };
      });
    },

    /** Takes back the member's own actions on these rows, each within its declared undo window. */
    async undo(list: string, administratorId: number, ids: readonly number[]): Promise<BatchResult> {
      const decider = deciderOf(list);
      return inBatch(administratorId, async (scope) => {
        const byId = new Map<number, BatchRowResult>();
        const sorted = ascending(ids);
        const latest = await repository.latestEvents(scope.transaction, decider.entityType, sorted);
        const now = clock.now().getTime();
        const undoable: { id: number; event: LatestEvent }[] = [];
        for (const id of sorted) {
          const event = latest.get(id);
          const undoSeconds = event === undefined ? undefined : undoSecondsOf(decider, event.action);
          const isOwnRecentDecision =
            event !== undefined &&
            event.administratorId === administratorId &&
            undoSeconds !== undefined &&
            event.createdAt.getTime() >= now - undoSeconds * 1000;
          if (!isOwnRecentDecision) {
            // Someone else's entry came after the member's decision: the row changed meanwhile.
            const isOvertaken = event !== undefined && event.administratorId !== administratorId;
            byId.set(id, { id, outcome: isOvertaken ? 'changed' : 'notUndoable', status: null, by: isOvertaken ? event.administratorName : null });
            continue;
          }
          undoable.push({ id, event });
        }
        const outcomes = await decider.revert(scope, undoable);
        for (const { id } of undoable) {
          const row = outcomes.get(id) ?? { outcome: 'notFound', status: null };
          byId.set(id, { id, outcome: row.outcome === 'applied' ? 'undone' : row.outcome, status: row.status, by: null });
        }
        return { results: inRequestOrder(ids, byId), changed: [...byId.values()].filter((row) => row.outcome === 'undone').length };
      });
    },
  };
}

export type ReviewService = ReturnType<typeof createReviewService>;
