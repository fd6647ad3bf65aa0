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

export function createPropertyApprovalsService({ db, repository, audit, clock }: PropertyApprovalsServiceDeps) {
  return {
    async decide(
      administratorId: number,
      id: number,
      decision: PropertyDecision,
      options: { version?: number; reason?: string },
    ): Promise<PropertyApprovalRow & { message: string }> {
      const status = DECISION_STATUS[decision];
      return db.transaction(async (transaction) => {
        const updated = await repository.decidePending(transaction, id, { status, version: options.version, now: clock.now() });
        if (!updated) {
          const current = await repository.findState(transaction, id);
          if (!current) throw new NotFoundError(PROPERTY_NOT_FOUND_MESSAGE);
          if (current.status !== 'pending') {
            throw new ConflictError(propertyAlreadyDecidedMessage(current.status as Exclude<PropertyApprovalStatus, 'pending'>));
          }
          throw new ConflictError(PROPERTY_CHANGED_MESSAGE);
        }
        await audit.record(transaction, {
          administratorId,
          action: `property.${decision}`,
          entityType: 'property',
          entityId: id,
          reason: options.reason ?? null,
          before: { status: 'pending', version: updated.version - 1 },
          after: { status, version: updated.version },
        });
        const row = toRow(await repository.findRow(transaction, id));
        return { ...row, message: `Status updated to ${status} successfully!` };
      });
    },
  };
}
