// The compare-and-set of a list's declared actions (docs/decisions/044-actions-are-declarations.md):
// from the actions (the statuses each moves from and to) and the list's `ActionTarget` (its table and
// how an entry records a row), one decider serves the single call (a batch of one), the batch and the
// undo of every list alike (decision 027). Each row that moves gets its audit entry; one that does not
// is answered with why.
import { sql } from 'drizzle-orm';
import { isMovedBy, type RecordAction } from '../../../src/contracts/record-action';
import type { WebhookEventType } from '../../../src/contracts/webhooks';
import type { Clock } from '../../lib/clock';
import { moveRows, type ActionTarget, type MovedRow, type RowMove } from '../../lib/compare-and-set';
import type { AuditRecord } from '../audit/audit.service';
import type { DecisionScope, RowDecider, RowOutcome } from './review.service';

/** A row's state as its audit entry records it: its status, and where the table keeps them its reason and version. */
type RowState = Record<string, unknown>;

/** What a moved row's entry records it was and became, and its status now. */
type Moved = Pick<AuditRecord, 'before' | 'after'> & { status: string };

/** A row that moved gets its entry (`entry`, with what `moved` says) and `applied`; one that did not, what `unmoved` makes of it. */
async function settleMoves(
  scope: DecisionScope,
  rows: Map<number, MovedRow>,
  entry: Pick<AuditRecord, 'action' | 'entityType' | 'reason'>,
  moved: (row: MovedRow) => Moved & { event: WebhookEventType | undefined },
  unmoved: (row: MovedRow) => RowOutcome,
): Promise<Map<number, RowOutcome>> {
  const outcomes = new Map<number, RowOutcome>();
  for (const row of rows.values()) {
    if (!row.isMoved) {
      outcomes.set(row.id, unmoved(row));
      continue;
    }
    const { before, after, status, event } = moved(row);
    // The record by name, where the target reads it (else the audit trail's trigger names the kinds it knows).
    const named = row.name === undefined ? {} : { entityName: row.name };
    await scope.record({ ...entry, administratorId: scope.administratorId, entityId: row.id, before, after, ...named }, event);
    outcomes.set(row.id, { outcome: 'applied', status });
  }
  return outcomes;
}

/** Tells the live stream the rows of `list` that moved (a table without a live trigger of its own). */
async function recordLiveChanges(scope: DecisionScope, list: string, outcomes: Map<number, RowOutcome>): Promise<void> {
  const moved = [...outcomes].filter(([, row]) => row.outcome === 'applied').map(([id]) => id);
  if (moved.length === 0) return;
  await scope.transaction.execute(
    sql`INSERT INTO live_changes (resource, action, row_id) SELECT ${list}, 'updated', unnest(${`{${moved.join(',')}}`}::bigint[])`,
  );
}

/** The decider of a list's actions over its table; `list` names its live changes. */
export function actionDecider(target: ActionTarget, actions: readonly RecordAction[], clock: Clock, list: string): RowDecider {
  const { entityType, statusField, keptReason } = target;
  const statusOf = target.statusOf ?? ((stored: string) => stored);
  const isVersioned = target.table.isVersioned === true;
  const byName = new Map(actions.map((action) => [action.name, action]));
  const stateOf = (status: string, kept: string | null, version: number | null): RowState => ({
    [statusField]: status,
    ...(keptReason ? { [keptReason.field]: kept } : {}),
    ...(isVersioned ? { version } : {}),
  });
  const move = (scope: DecisionScope, moves: RowMove[]) => moveRows(scope.transaction, target.table, moves, clock.now());
  const told = async (scope: DecisionScope, outcomes: Promise<Map<number, RowOutcome>>) => {
    const settled = await outcomes;
    if (!target.hasLiveTrigger) await recordLiveChanges(scope, list, settled);
    return settled;
  };

  return {
    entityType,
    actions,

    async decide(scope, ids, name, reason, version) {
      const action = byName.get(name);
      if (!action) throw new Error(`The ${entityType} has no action "${name}"`);
      const kept = keptReason?.actions.includes(name) ? reason : null;
      const moves = ids.map((id) => ({
        id,
        from: action.from,
        isExcept: action.isFromExcept,
        to: action.to,
        version,
        ...(keptReason ? { extra: [kept] } : {}),
      }));
      return told(
        scope,
        settleMoves(
          scope,
          await move(scope, moves),
          { action: `${entityType}.${name}`, entityType, reason },
          (row) => ({
            before: stateOf(row.before.status, row.before.extra[0] ?? null, row.before.version),
            after: stateOf(action.to, kept, row.version),
            status: action.to,
            event: action.events?.done,
          }),
          // Still movable, so the version given was stale: changed since the client read it; else decided first.
          (row) => ({ outcome: isVersioned && isMovedBy(action, row.before.status) ? 'changed' : 'alreadyDecided', status: statusOf(row.before.status) }),
        ),
      );
    },

    // Each row goes back while it still is as the decision left it (at its version, where kept), else is answered `changed`.
    async revert(scope, undoable) {
      const states = new Map(
        undoable.map(({ id, event }) => {
          // What the marketplace hears of the undo: what the action taken back declares.
          const undone = actions.find((action) => event.action === `${entityType}.${action.name}`)?.events?.undone;
          return [id, { decided: event.after as RowState, previous: event.before as RowState, undone }];
        }),
      );
      const moves = [...states].map(([id, { decided, previous }]) => ({
        id,
        from: [String(decided[statusField])],
        to: String(previous[statusField]),
        ...(keptReason ? { extra: [(previous[keptReason.field] ?? null) as string | null] } : {}),
        ...(isVersioned ? { version: decided.version as number } : {}),
      }));
      return told(
        scope,
        settleMoves(
          scope,
          await move(scope, moves),
          { action: `${entityType}.undo`, entityType },
          (row) => {
            const { decided, previous, undone } = states.get(row.id)!;
            const after = isVersioned ? { ...previous, version: row.version } : previous;
            return { before: decided, after, status: statusOf(String(previous[statusField])), event: undone };
          },
          (row) => ({ outcome: 'changed', status: statusOf(row.before.status) }),
        ),
      );
    },
  };
}
