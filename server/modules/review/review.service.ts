// Batch decisions and undo for any list that declares a `batch` (docs/decisions/027-review-workbench.md).
// Each row goes through its module's own compare-and-set (the `RowDecider` the single decision uses
// too), with its own audit entry; the whole batch is one transaction, so a failure leaves nothing
// half-applied, while a row someone else decided first is skipped and reported, never overwritten.
import type { AuditEntityType } from '../../../src/contracts/audit';
import { UNDO_WINDOW_SECONDS, type BatchDecision, type BatchResult, type BatchRowResult } from '../../../src/contracts/batch-decisions';
import type { Database, Transaction } from '../../db/client';
import type { Clock } from '../../lib/clock';
import type { LatestEvent, ReviewRepository } from './review.repository';

/** What one row's compare-and-set did: `applied` when it moved, else why not, with the row's status now. */
export type RowOutcome = { outcome: 'applied' | 'alreadyDecided' | 'changed' | 'notFound'; status: string | null };

/** A module's decision on one row, shared by its single decision and the batch. */
export interface RowDecider {
  entityType: AuditEntityType;
  /** Decides one row in the caller's transaction, writing its audit entry when it moves. */
  decide(transaction: Transaction, administratorId: number, id: number, decision: BatchDecision, reason: string | null): Promise<RowOutcome>;
  /**
   * Puts a row back from what the member's decision made it (`event.after`) to what it was
   * (`event.before`), only while it still is so; writes its own audit entry (`<entity>.undo`).
   */
  revert(transaction: Transaction, administratorId: number, id: number, event: Pick<LatestEvent, 'action' | 'before' | 'after'>): Promise<RowOutcome>;
}

const isDecisionOf = (entityType: string, action: string) => action === `${entityType}.approve` || action === `${entityType}.decline`;

interface ReviewServiceDeps {
  db: Database;
  repository: ReviewRepository;
  clock: Clock;
}

export function createReviewService({ db, repository, clock }: ReviewServiceDeps) {
  /** Ascending ids lock rows in one order, so two overlapping batches cannot deadlock. */
  const ascending = (ids: readonly number[]) => [...ids].sort((a, b) => a - b);
  const inRequestOrder = (ids: readonly number[], byId: Map<number, BatchRowResult>) => ids.map((id) => byId.get(id)!);

  return {
    async decide(decider: RowDecider, administratorId: number, ids: readonly number[], decision: BatchDecision, reason: string | null): Promise<BatchResult> {
      return db.transaction(async (transaction) => {
        const byId = new Map<number, BatchRowResult>();
        const skipped: number[] = [];
        for (const id of ascending(ids)) {
          const row = await decider.decide(transaction, administratorId, id, decision, reason);
          const outcome = row.outcome === 'applied' ? 'decided' : row.outcome;
          if (outcome === 'alreadyDecided' || outcome === 'changed') skipped.push(id);
          byId.set(id, { id, outcome, status: row.status, by: null });
        }
        // Who decided first, for "2 already declined by Amina, skipped".
        const latest = await repository.latestEvents(transaction, decider.entityType, skipped);
        for (const id of skipped) byId.get(id)!.by = latest.get(id)?.administratorName ?? null;
        return { results: inRequestOrder(ids, byId), changed: [...byId.values()].filter((row) => row.outcome === 'decided').length };
      });
    },

    /** Takes back the member's own decisions of the last UNDO_WINDOW_SECONDS on these rows. */
    async undo(decider: RowDecider, administratorId: number, ids: readonly number[]): Promise<BatchResult> {
      return db.transaction(async (transaction) => {
        const byId = new Map<number, BatchRowResult>();
        const sorted = ascending(ids);
        const latest = await repository.latestEvents(transaction, decider.entityType, sorted);
        const oldest = clock.now().getTime() - UNDO_WINDOW_SECONDS * 1000;
        for (const id of sorted) {
          const event = latest.get(id);
          const isOwnRecentDecision =
            event !== undefined &&
            event.administratorId === administratorId &&
            isDecisionOf(decider.entityType, event.action) &&
            event.createdAt.getTime() >= oldest;
          if (!isOwnRecentDecision) {
            // Someone else's entry came after the member's decision: the row changed meanwhile.
            const isOvertaken = event !== undefined && event.administratorId !== administratorId;
            byId.set(id, { id, outcome: isOvertaken ? 'changed' : 'notUndoable', status: null, by: isOvertaken ? event.administratorName : null });
            continue;
          }
          const row = await decider.revert(transaction, administratorId, id, event);
          byId.set(id, { id, outcome: row.outcome === 'applied' ? 'undone' : row.outcome, status: row.status, by: null });
        }
        return { results: inRequestOrder(ids, byId), changed: [...byId.values()].filter((row) => row.outcome === 'undone').length };
      });
    },
  };
}

export type ReviewService = ReturnType<typeof createReviewService>;
