// Property Approvals: approve / decline that only one browser can win (the list's rows come from
// propertyApprovalsListSource, property-approvals.repository.ts).
import {
  PROPERTY_CHANGED_MESSAGE,
  PROPERTY_NOT_FOUND_MESSAGE,
  propertyAlreadyDecidedMessage,
  type PropertyApprovalRow,
} from '../../../src/contracts/property-approvals';
import type { PropertyApprovalStatus } from '../../../src/contracts/statuses';
import type { Database } from '../../db/client';
import { ConflictError, NotFoundError } from '../../errors';
import type { Clock } from '../../lib/clock';
import type { AuditService } from '../audit/audit.service';
import { singleDecisionScope, type DecisionScope, type RowDecider, type RowOutcome } from '../review/review.service';
import type { PropertyApprovalsRepository } from './property-approvals.repository';

interface PropertyApprovalsServiceDeps {
  db: Database;
  repository: PropertyApprovalsRepository;
  audit: AuditService;
  clock: Clock;
}

type PropertyDecision = 'approve' | 'decline';

const DECISION_STATUS = { approve: 'confirmed', decline: 'declined' } as const satisfies Record<PropertyDecision, PropertyApprovalStatus>;

function toRow<Row extends { status: string }>(row: Row): Row & PropertyApprovalRow {
  return { ...row, status: row.status as PropertyApprovalStatus } as Row & PropertyApprovalRow;
}

type PropertyState = { status: PropertyApprovalStatus; version: number };

export function createPropertyApprovalsService({ db, repository, audit, clock }: PropertyApprovalsServiceDeps) {
  /** Decides properties; `version` (one row's, from the client) refuses a row changed since it was read. */
  async function decideRows(
    { transaction, administratorId, record }: DecisionScope,
    ids: readonly number[],
    decision: PropertyDecision,
    options: { version?: number; reason: string | null },
  ): Promise<Map<number, RowOutcome>> {
    const status = DECISION_STATUS[decision];
    const moves = ids.map((id) => ({ id, from: ['pending'], to: status, version: options.version }));
    const rows = await repository.moveStatuses(transaction, moves, clock.now());
    const outcomes = new Map<number, RowOutcome>();
    for (const row of rows.values()) {
      if (!row.isMoved) {
        // Still pending, so the version was stale: changed since the client read it; else decided first.
        outcomes.set(row.id, { outcome: row.before.status === 'pending' ? 'changed' : 'alreadyDecided', status: row.before.status });
        continue;
      }
      await record({
        administratorId,
        action: `property.${decision}`,
        entityType: 'property',
        entityId: row.id,
        reason: options.reason,
        before: { status: 'pending', version: row.before.version },
        after: { status, version: row.version },
      });
      outcomes.set(row.id, { outcome: 'applied', status });
    }
    return outcomes;
  }

  /** Properties' decisions, for the list's buttons (a batch of one) and for batches alike (review.service.ts). */
  const decider: RowDecider = {
    entityType: 'property',
    decide: (scope, ids, decision, reason) => decideRows(scope, ids, decision, { reason }),

    async revert({ transaction, administratorId, record }, undoable) {
      const states = new Map(undoable.map(({ id, event }) => [id, { decided: event.after as PropertyState, previous: event.before as PropertyState }]));
      const moves = undoable.map(({ id }) => {
        const { decided, previous } = states.get(id)!;
        // Only at the version the decision left: any later change to the row is reported, not overwritten.
        return { id, from: [decided.status], to: previous.status, version: decided.version };
      });
      const rows = await repository.moveStatuses(transaction, moves, clock.now());
      const outcomes = new Map<number, RowOutcome>();
      for (const row of rows.values()) {
        const { decided, previous } = states.get(row.id)!;
        if (!row.isMoved) {
          outcomes.set(row.id, { outcome: 'changed', status: row.before.status });
          continue;
        }
        await record({
          administratorId,
          action: 'property.undo',
          entityType: 'property',
          entityId: row.id,
          before: decided,
          after: { status: previous.status, version: row.version },
        });
        outcomes.set(row.id, { outcome: 'applied', status: previous.status });
      }
      return outcomes;
    },
  };

  return {
    async decide(
      administratorId: number,
      id: number,
      decision: PropertyDecision,
      options: { version?: number; reason?: string },
    ): Promise<PropertyApprovalRow & { message: string }> {
      return db.transaction(async (transaction) => {
        const scope = singleDecisionScope(audit, transaction, administratorId);
        const row = (await decideRows(scope, [id], decision, { version: options.version, reason: options.reason ?? null })).get(id);
        if (!row) throw new NotFoundError(PROPERTY_NOT_FOUND_MESSAGE);
        if (row.outcome === 'alreadyDecided') throw new ConflictError(propertyAlreadyDecidedMessage(row.status as Exclude<PropertyApprovalStatus, 'pending'>));
        if (row.outcome === 'changed') throw new ConflictError(PROPERTY_CHANGED_MESSAGE);
        const status = DECISION_STATUS[decision];
        return { ...toRow(await repository.findRow(transaction, id)), message: `Status updated to ${status} successfully!` };
      });
    },

    decider,
  };
}
