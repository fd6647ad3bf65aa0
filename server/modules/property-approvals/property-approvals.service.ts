// Property Approvals: paging, and approve / decline that only one browser can win.
import type { ListQuery } from '../../../src/contracts/paging';
import {
  PROPERTY_APPROVAL_PAGE_SIZE,
  PROPERTY_CHANGED_MESSAGE,
  PROPERTY_NOT_FOUND_MESSAGE,
  propertyAlreadyDecidedMessage,
  type PropertyApprovalRow,
  type PropertyApprovalSort,
} from '../../../src/contracts/property-approvals';
import type { PropertyApprovalStatus } from '../../../src/contracts/statuses';
import type { Database } from '../../db/client';
import { ConflictError, NotFoundError } from '../../errors';
import type { Clock } from '../../lib/clock';
import type { PageCache, VersionedTable } from '../../lib/page-cache';
import { batchesById, containsPattern, resolvePage, searchTerm } from '../../lib/paging';
import type { AuditService } from '../audit/audit.service';
import type { PropertyApprovalsRepository } from './property-approvals.repository';

/** The tables a page of this list reads: a write to any of them renews its cached pages. */
const LISTED_TABLES: readonly VersionedTable[] = ['properties', 'users'];

interface PropertyApprovalsServiceDeps {
  db: Database;
  repository: PropertyApprovalsRepository;
  audit: AuditService;
  clock: Clock;
  pages: PageCache;
}

type PropertyDecision = 'approve' | 'decline';

const DECISION_STATUS = { approve: 'confirmed', decline: 'declined' } as const satisfies Record<PropertyDecision, PropertyApprovalStatus>;

function toRow<Row extends { status: string }>(row: Row): Row & PropertyApprovalRow {
  return { ...row, status: row.status as PropertyApprovalStatus } as Row & PropertyApprovalRow;
}

export function createPropertyApprovalsService({ db, repository, audit, clock, pages }: PropertyApprovalsServiceDeps) {
  return {
    async listPage(
      query: ListQuery<PropertyApprovalSort, PropertyApprovalStatus>,
    ): Promise<{ rows: PropertyApprovalRow[]; total: number }> {
      return pages.page('property-approvals', LISTED_TABLES, query, async (rememberTotal) => {
        const window = resolvePage(query, PROPERTY_APPROVAL_PAGE_SIZE);
        const search = searchTerm(query.q);
        const filter = { pattern: search === undefined ? undefined : containsPattern(search), status: query.status };
        const [rows, total] = await Promise.all([
          repository.listPage({ ...filter, sort: query.sort, order: query.order ?? 'asc', limit: window.limit, offset: window.offset }),
          rememberTotal(() => repository.count(filter)),
        ]);
        return { rows: rows.map(toRow), total };
      });
    },

    async *listAll(): AsyncGenerator<PropertyApprovalRow[]> {
      for await (const rows of batchesById((afterId, limit) => repository.listAfter(afterId, limit))) yield rows.map(toRow);
    },

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

export type PropertyApprovalsService = ReturnType<typeof createPropertyApprovalsService>;
