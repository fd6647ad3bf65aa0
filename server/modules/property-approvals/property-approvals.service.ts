// Property Approvals: approve / decline that only one browser can win (the list's rows come from
// propertyApprovalsListSource, property-approvals.repository.ts).
import {
  PROPERTY_CHANGED_MESSAGE,
  PROPERTY_NOT_FOUND_MESSAGE,
  propertyAlreadyDecidedMessage,
  type PropertyApprovalRow,
} from '../../../src/contracts/property-approvals';
import type { PropertyApprovalStatus } from '../../../src/contracts/statuses';
import type { Database, Transaction } from '../../db/client';
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
  /** Why a property did not move: gone, decided first, or changed since the version the client read. */
  async function refusal(transaction: Transaction, id: number): Promise<RowOutcome> {
    const current = await repository.findState(transaction, id);
    if (!current) return { outcome: 'notFound', status: null };
    return { outcome: current.status === 'pending' ? 'changed' : 'alreadyDecided', status: current.status };
  }

  async function decideRow(
    { transaction, administratorId, record }: DecisionScope,
    id: number,
    decision: PropertyDecision,
    options: { version?: number; reason: string | null },
  ): Promise<RowOutcome> {
    const status = DECISION_STATUS[decision];
    const updated = await repository.moveStatus(transaction, id, { from: 'pending', status, version: options.version, now: clock.now() });
    if (!updated) return refusal(transaction, id);
    await record({
      administratorId,
      action: `property.${decision}`,
      entityType: 'property',
      entityId: id,
      reason: options.reason,
      before: { status: 'pending', version: updated.version - 1 },
      after: { status, version: updated.version },
    });
    return { outcome: 'applied', status };
  }

  /** One property's decision, for the list's buttons and for batches alike (review.service.ts). */
  const decider: RowDecider = {
    entityType: 'property',
    decide: (scope, id, decision, reason) => decideRow(scope, id, decision, { reason }),

    async revert({ transaction, administratorId, record }, id, event) {
      const decided = event.after as PropertyState;
      const previous = event.before as PropertyState;
      const updated = await repository.moveStatus(transaction, id, {
        from: decided.status,
        status: previous.status,
        version: decided.version,
        now: clock.now(),
      });
      if (!updated) {
        // Decided again since the member's decision cannot happen (only pending moves); a newer version can.
        const row = await refusal(transaction, id);
        return row.outcome === 'notFound' ? row : { ...row, outcome: 'changed' };
      }
      await record({
        administratorId,
        action: 'property.undo',
        entityType: 'property',
        entityId: id,
        before: decided,
        after: { status: previous.status, version: updated.version },
      });
      return { outcome: 'applied', status: previous.status };
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
        const row = await decideRow(singleDecisionScope(audit, transaction, administratorId), id, decision, {
          version: options.version,
          reason: options.reason ?? null,
        });
        if (row.outcome === 'notFound') throw new NotFoundError(PROPERTY_NOT_FOUND_MESSAGE);
        if (row.outcome === 'alreadyDecided') throw new ConflictError(propertyAlreadyDecidedMessage(row.status as Exclude<PropertyApprovalStatus, 'pending'>));
        if (row.outcome === 'changed') throw new ConflictError(PROPERTY_CHANGED_MESSAGE);
        const status = DECISION_STATUS[decision];
        return { ...toRow(await repository.findRow(transaction, id)), message: `Status updated to ${status} successfully!` };
      });
    },

    decider,
  };
}
