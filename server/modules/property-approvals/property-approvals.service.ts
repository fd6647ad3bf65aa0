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
import type { ReviewService } from '../review/review.service';
import type { PropertyApprovalsRepository } from './property-approvals.repository';

interface PropertyApprovalsServiceDeps {
  db: Database;
  repository: PropertyApprovalsRepository;
  /** Runs the properties' declared actions (src/contracts/lists/property-approvals.ts). */
  review: ReviewService;
}

type PropertyDecision = 'approve' | 'decline';

function toRow<Row extends { status: string }>(row: Row): Row & PropertyApprovalRow {
  return { ...row, status: row.status as PropertyApprovalStatus } as Row & PropertyApprovalRow;
}

export function createPropertyApprovalsService({ db, repository, review }: PropertyApprovalsServiceDeps) {
  return {
    async decide(
      administratorId: number,
      id: number,
      decision: PropertyDecision,
      options: { version?: number; reason?: string },
    ): Promise<PropertyApprovalRow & { message: string }> {
      return db.transaction(async (transaction) => {
        const row = await review.decideOne(transaction, 'property-approvals', administratorId, id, decision, options);
        if (!row) throw new NotFoundError(PROPERTY_NOT_FOUND_MESSAGE);
        if (row.outcome === 'alreadyDecided') throw new ConflictError(propertyAlreadyDecidedMessage(row.status as Exclude<PropertyApprovalStatus, 'pending'>));
        if (row.outcome === 'changed') throw new ConflictError(PROPERTY_CHANGED_MESSAGE);
        const decided = toRow(await repository.findRow(transaction, id));
        return { ...decided, message: `Status updated to ${decided.status} successfully!` };
      });
    },
  };
}
