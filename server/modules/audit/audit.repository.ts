// SQL for the audit trail.
import { and, asc, desc, eq, ilike, or, type SQL } from 'drizzle-orm';
import type { ActivityRow } from '../../../src/contracts/activity';
import { tableListSource } from '../../lib/table-list-source';
import type { Database, Transaction } from '../../db/client';
import { administrators, auditEvents } from '../../db/schema';
import type { AuditEntityType } from '../../../src/contracts/audit';

export interface NewAuditEvent {
  administratorId: number | null;
  action: string;
  entityType: AuditEntityType;
  entityId: number;
  reason?: string | null;
  before?: unknown;
  after?: unknown;
  createdAt: Date;
}

/** An event as a history shows it: who by e-mail and name, not by id. */
const shownEvent = {
  id: auditEvents.id,
  action: auditEvents.action,
  entityType: auditEvents.entityType,
  entityId: auditEvents.entityId,
  reason: auditEvents.reason,
  before: auditEvents.before,
  after: auditEvents.after,
  createdAt: auditEvents.createdAt,
  administratorEmail: administrators.email,
  administratorName: administrators.name,
};
const withAdministrator = eq(administrators.id, auditEvents.administratorId);

/** Activity: the whole trail with each administrator's e-mail, read afresh (it is not versioned). */
export const activitySource = (db: Database) =>
  tableListSource<ActivityRow & { createdAt: Date }, ActivityRow, 'createdAt', AuditEntityType>({
    db,
    table: auditEvents,
    join: (query) => query.leftJoin(administrators, withAdministrator),
    columns: shownEvent,
    sortColumns: { createdAt: auditEvents.createdAt },
    statusColumn: auditEvents.entityType,
    search: (pattern) =>
      or(
        ilike(administrators.email, pattern),
        ilike(administrators.name, pattern),
        ilike(auditEvents.action, pattern),
        ilike(auditEvents.reason, pattern),
      ) as SQL,
    filter: (filters) => (typeof filters.staffId === 'number' ? eq(auditEvents.administratorId, filters.staffId) : undefined),
    toRow: (row) => ({ ...row, createdAt: row.createdAt.toISOString() }),
  });

export function createAuditRepository(db: Database) {
  return {
    async insert(executor: Database | Transaction, event: NewAuditEvent): Promise<void> {
      await executor.insert(auditEvents).values({
        ...event,
        reason: event.reason ?? null,
        before: event.before ?? null,
        after: event.after ?? null,
      });
    },

    async listFor(entityType: AuditEntityType, entityId: number, limit = 100) {
      return db
        .select(shownEvent)
        .from(auditEvents)
        .leftJoin(administrators, withAdministrator)
        .where(and(eq(auditEvents.entityType, entityType), eq(auditEvents.entityId, entityId)))
        .orderBy(desc(auditEvents.id))
        .limit(limit);
    },

    /** Every staff account, disabled ones too (their entries stay), by name: Activity's staff filter. */
    async staffNames() {
      return db.select({ id: administrators.id, name: administrators.name }).from(administrators).orderBy(asc(administrators.name), asc(administrators.id));
    },
  };
}

export type AuditRepository = ReturnType<typeof createAuditRepository>;
