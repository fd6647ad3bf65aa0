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
import { revertMoves, settleMoves, singleDecisionScope, type DecisionScope, type RowDecider, type RowOutcome } from '../review/review.service';
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
    scope: DecisionScope,
    ids: readonly number[],
    decision: PropertyDecision,
    options: { version?: number; reason: string | null },
  ): Promise<Map<number, RowOutcome>> {
    const status = DECISION_STATUS[decision];
    const moves = ids.map((id) => ({ id, from: ['pending'], to: status, version: options.version }));
    const rows = await repository.moveStatuses(scope.transaction, moves, clock.now());
    return settleMoves(
      scope,
      rows,
      { action: `property.${decision}`, entityType: 'property', reason: options.reason },
      (row) => ({ before: { status: 'pending', version: row.before.version }, after: { status, version: row.version }, status }),
      // Still pending, so the version was stale: changed since the client read it; else decided first.
      (row) => ({ outcome: row.before.status === 'pending' ? 'changed' : 'alreadyDecided', status: row.before.status }),
    );
  }

  /** Properties' decisions, for the list's buttons (a batch of one) and for batches alike (review.service.ts). */
  const decider: RowDecider = {
    entityType: 'property',
    decide: (scope, ids, decision, reason) => decideRows(scope, ids, decision, { reason }),

    revert: (scope, undoable) =>
      revertMoves<PropertyState>(scope, undoable, {
        entityType: 'property',
        // Only at the version the decision left: any later change to the row is reported, not overwritten.
        move: (id, decided, previous) => ({ id, from: [decided.status], to: previous.status, version: decided.version }),
        apply: (transaction, moves) => repository.moveStatuses(transaction, moves, clock.now()),
        moved: (row, decided, previous) => ({ before: decided, after: { status: previous.status, version: row.version }, status: previous.status }),
      }),
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
