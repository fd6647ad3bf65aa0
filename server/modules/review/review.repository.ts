// SQL for batch decisions and their undo: the newest audit entry of each record in a batch.
import { and, desc, eq, inArray } from 'drizzle-orm';
import type { AuditEntityType } from '../../../src/contracts/audit';
import type { Database, Transaction } from '../../db/client';
import { administrators, auditEvents } from '../../db/schema';

export interface LatestEvent {
  entityId: number;
  administratorId: number | null;
  administratorName: string | null;
  action: string;
  before: unknown;
  after: unknown;
  createdAt: Date;
}

export function createReviewRepository() {
  return {
    /** Each record's newest entry, from the (entity_type, entity_id, id desc) index: one short read per record. */
    async latestEvents(executor: Database | Transaction, entityType: AuditEntityType, ids: readonly number[]): Promise<Map<number, LatestEvent>> {
      if (ids.length === 0) return new Map();
      const rows = await executor
        .selectDistinctOn([auditEvents.entityId], {
          entityId: auditEvents.entityId,
          administratorId: auditEvents.administratorId,
          administratorName: administrators.name,
          action: auditEvents.action,
          before: auditEvents.before,
          after: auditEvents.after,
          createdAt: auditEvents.createdAt,
        })
        .from(auditEvents)
        .leftJoin(administrators, eq(administrators.id, auditEvents.administratorId))
        .where(and(eq(auditEvents.entityType, entityType), inArray(auditEvents.entityId, [...ids])))
        .orderBy(auditEvents.entityId, desc(auditEvents.id));
      return new Map(rows.map((row) => [row.entityId, row]));
    },
  };
}

export type ReviewRepository = ReturnType<typeof createReviewRepository>;
