// SQL for the audit trail.
import { and, desc, eq } from 'drizzle-orm';
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

/** An event as a history shows it: who by e-mail, not by id. */
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
};
const withAdministrator = eq(administrators.id, auditEvents.administratorId);

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
  };
}

export type AuditRepository = ReturnType<typeof createAuditRepository>;
