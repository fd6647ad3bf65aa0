// Batch decisions and undo for any list that declares a `batch` (docs/decisions/027-review-workbench.md).
// The rows go through their module's own compare-and-set (the `RowDecider` the single decision uses
// too, one statement for the batch), each with its own audit entry; the whole batch is one
// transaction, so a failure leaves nothing half-applied, while a row someone else decided first is
// skipped and reported, never overwritten.
import type { AuditEntityType } from '../../../src/contracts/audit';
import { UNDO_WINDOW_SECONDS, type BatchDecision, type BatchResult, type BatchRowResult } from '../../../src/contracts/batch-decisions';
import type { Database, Transaction } from '../../db/client';
import type { AuditRecord, AuditService } from '../audit/audit.service';
import type { Clock } from '../../lib/clock';
import { enqueueDecisionEvents } from '../webhooks/outbox';
import type { MovedRow, RowMove } from '../../lib/compare-and-set';
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
  record(entry: AuditRecord): Promise<void>;
}

/** A module's decision on its rows, shared by its single decision (a batch of one) and the batch. */
export interface RowDecider {
  entityType: AuditEntityType;
  /** Decides the rows (ascending ids), recording an entry for each that moves; a row not found is left out. */
  decide(scope: DecisionScope, ids: readonly number[], decision: BatchDecision, reason: string | null): Promise<Map<number, RowOutcome>>;
  /**
   * Puts each row back from what the member's decision made it (`event.after`) to what it was
   * (`event.before`), only while it still is so; records its own entry (`<entity>.undo`).
   */
  revert(scope: DecisionScope, rows: readonly { id: number; event: Pick<LatestEvent, 'before' | 'after'> }[]): Promise<Map<number, RowOutcome>>;
}

/** The audit entry every row that moves gets: `<entityType>.<decision>` or `.undo`, and the reason given. */
type MoveEntry = Pick<AuditRecord, 'action' | 'entityType' | 'reason'>;

/** What a moved row's entry records it was and became, and its status now. */
type Moved = Pick<AuditRecord, 'before' | 'after'> & { status: string };

/**
 * What a decider answers once its compare-and-set has run: a row that moved gets its audit entry
 * (`entry`, with what `moved` says) and `applied`; a row that did not, what `unmoved` makes of it
 * (decided first, or changed since it was read). A row not found is left out.
 */
export async function settleMoves(
  scope: DecisionScope,
  rows: Map<number, MovedRow>,
  entry: MoveEntry,
  moved: (row: MovedRow) => Moved,
  unmoved: (row: MovedRow) => RowOutcome,
): Promise<Map<number, RowOutcome>> {
  const outcomes = new Map<number, RowOutcome>();
  for (const row of rows.values()) {
    if (!row.isMoved) {
      outcomes.set(row.id, unmoved(row));
      continue;
    }
    const { before, after, status } = moved(row);
    await scope.record({ ...entry, administratorId: scope.administratorId, entityId: row.id, before, after });
    outcomes.set(row.id, { outcome: 'applied', status });
  }
  return outcomes;
}

/** How a decider takes the member's decisions back: `State` is what a decision's entry recorded before and after. */
interface Reversal<State> {
  entityType: AuditEntityType;
  /** The move from what the decision made the row (`decided`) back to what it was (`previous`). */
  move: (id: number, decided: State, previous: State) => RowMove;
  /** Runs the decider's compare-and-set on the moves. */
  apply: (transaction: Transaction, moves: RowMove[]) => Promise<Map<number, MovedRow>>;
  moved: (row: MovedRow, decided: State, previous: State) => Moved;
  /** The status a row that did not move is reported with (by default as stored). */
  statusOf?: (row: MovedRow) => string | null;
}

/** A decider's `revert`: each row moved back while it still is as the decision left it, else reported `changed`. */
export async function revertMoves<State>(
  scope: DecisionScope,
  undoable: Parameters<RowDecider['revert']>[1],
  { entityType, move, apply, moved, statusOf = (row) => row.before.status }: Reversal<State>,
): Promise<Map<number, RowOutcome>> {
  const states = new Map(undoable.map(({ id, event }) => [id, { decided: event.after as State, previous: event.before as State }]));
  const moves = [...states].map(([id, { decided, previous }]) => move(id, decided, previous));
  const rows = await apply(scope.transaction, moves);
  return settleMoves(
    scope,
    rows,
    { action: `${entityType}.undo`, entityType },
    (row) => {
      const { decided, previous } = states.get(row.id)!;
      return moved(row, decided, previous);
    },
    (row) => ({ outcome: 'changed', status: statusOf(row) }),
  );
}

/** A single decision's scope: its audit entry is written at once. */
export const singleDecisionScope = (audit: AuditService, transaction: Transaction, administratorId: number): DecisionScope => ({
  transaction,
  administratorId,
  record: async (entry) => {
    const createdAt = await audit.record(transaction, entry);
    // The marketplace hears it: the decision's event, in the same transaction (decision 041).
    await enqueueDecisionEvents(transaction, [{ ...entry, createdAt }]);
  },
});

const isDecisionOf = (entityType: string, action: string) => action === `${entityType}.approve` || action === `${entityType}.decline`;

interface ReviewServiceDeps {
  db: Database;
  repository: ReviewRepository;
  audit: AuditService;
  clock: Clock;
}

export function createReviewService({ db, repository, audit, clock }: ReviewServiceDeps) {
  /** Runs `work` in one transaction whose rows' audit entries are written together before it commits. */
  function inBatch<Result>(administratorId: number, work: (scope: DecisionScope) => Promise<Result>): Promise<Result> {
    return db.transaction(async (transaction) => {
      const entries: (AuditRecord & { createdAt: Date })[] = [];
      const result = await work({
        transaction,
        administratorId,
        record: async (entry) => {
          entries.push({ ...entry, createdAt: clock.now() });
        },
      });
      await audit.recordMany(transaction, entries);
      await enqueueDecisionEvents(transaction, entries);
      return result;
    });
  }

  /** Ascending ids lock rows in one order, so two overlapping batches cannot deadlock. */
  const ascending = (ids: readonly number[]) => [...ids].sort((a, b) => a - b);
  const inRequestOrder = (ids: readonly number[], byId: Map<number, BatchRowResult>) => ids.map((id) => byId.get(id)!);

  return {
    async decide(decider: RowDecider, administratorId: number, ids: readonly number[], decision: BatchDecision, reason: string | null): Promise<BatchResult> {
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

    /** Takes back the member's own decisions of the last UNDO_WINDOW_SECONDS on these rows. */
    async undo(decider: RowDecider, administratorId: number, ids: readonly number[]): Promise<BatchResult> {
      return inBatch(administratorId, async (scope) => {
        const byId = new Map<number, BatchRowResult>();
        const sorted = ascending(ids);
        const latest = await repository.latestEvents(scope.transaction, decider.entityType, sorted);
        const oldest = clock.now().getTime() - UNDO_WINDOW_SECONDS * 1000;
        const undoable: { id: number; event: LatestEvent }[] = [];
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
