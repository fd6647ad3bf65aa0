// SQL for the audit trail.
import { and, asc, desc, eq, ilike, ne, or, type SQL } from 'drizzle-orm';
import type { PgSelect } from 'drizzle-orm/pg-core';
import { ACTIVITY_STAFF_ACCOUNTS_PERMISSION, type ActivityRow } from '../../../src/contracts/activity';
import { hasPermission } from '../../../src/contracts/roles';
import type { ListFilter, ListSource } from '../../lib/list-engine';
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

/** An event with who did it by name, not by id (for a role that may not read staff e-mails). */
const shownEventByName = {
  id: auditEvents.id,
  action: auditEvents.action,
  entityType: auditEvents.entityType,
  entityId: auditEvents.entityId,
  reason: auditEvents.reason,
  before: auditEvents.before,
  after: auditEvents.after,
  createdAt: auditEvents.createdAt,
  administratorName: administrators.name,
};
/** An event as a history shows it: who by e-mail and name, not by id. */
const shownEvent = { ...shownEventByName, administratorEmail: administrators.email };
const withAdministrator = eq(administrators.id, auditEvents.administratorId);

type ActivityRecord = ActivityRow & { createdAt: Date };

/** Activity's views: the whole trail, or the trail without staff accounts and staff e-mails (src/contracts/activity.ts). */
const EVERY_ENTRY = 'every entry';
const WITHOUT_STAFF_ACCOUNTS = 'without staff accounts';

/** Activity's `staffId`: one staff member's entries. */
const byStaffMember = (filters: { readonly [name: string]: unknown }) =>
  typeof filters.staffId === 'number' ? eq(auditEvents.administratorId, filters.staffId) : undefined;

/**
 * Activity: the whole trail, read afresh (it is not versioned), as the caller's role may see it. A
 * role with ACTIVITY_STAFF_ACCOUNTS_PERMISSION reads every entry with each staff member's e-mail;
 * any other reads no entry about a staff account, and who acted by name only: the e-mail is neither
 * read, nor shown, nor searched (a search would spell it out letter by letter).
 */
export function activitySource(db: Database): ListSource<ActivityRow, 'createdAt', AuditEntityType> {
  const trail = {
    db,
    table: auditEvents,
    join: (query: PgSelect) => query.leftJoin(administrators, withAdministrator),
    sortColumns: { createdAt: auditEvents.createdAt },
    statusColumn: auditEvents.entityType,
  };
  const everyEntry = tableListSource<ActivityRecord, ActivityRow, 'createdAt', AuditEntityType>({
    ...trail,
    columns: shownEvent,
    search: (pattern) =>
      or(
        ilike(administrators.email, pattern),
        ilike(administrators.name, pattern),
        ilike(auditEvents.action, pattern),
        ilike(auditEvents.reason, pattern),
      ) as SQL,
    filter: byStaffMember,
    toRow: (row) => ({ ...row, createdAt: row.createdAt.toISOString() }),
  });
  const withoutStaffAccounts = tableListSource<Omit<ActivityRecord, 'administratorEmail'>, ActivityRow, 'createdAt', AuditEntityType>({
    ...trail,
    columns: shownEventByName,
    search: (pattern) => or(ilike(administrators.name, pattern), ilike(auditEvents.action, pattern), ilike(auditEvents.reason, pattern)) as SQL,
    filter: (filters) => and(ne(auditEvents.entityType, 'staff'), byStaffMember(filters)),
    toRow: (row) => ({ ...row, administratorEmail: null, createdAt: row.createdAt.toISOString() }),
  });
  /**
   * The source that answers a call's view, and the call as it must read it. A call without a view
   * (an unknown caller) gets the narrower one. tableListSource applies `filter` only to a call that
   * gives filters, so a call of the narrower view always gives some, if none of the list's own.
   */
  const viewed = <Filter extends ListFilter<AuditEntityType>>(filter: Filter) =>
    filter.view === EVERY_ENTRY
      ? { source: everyEntry, filter }
      : { source: withoutStaffAccounts, filter: { ...filter, filters: filter.filters ?? {} } };
  return {
    tables: [],
    viewOf: (caller) => (hasPermission(caller.role, ACTIVITY_STAFF_ACCOUNTS_PERMISSION) ? EVERY_ENTRY : WITHOUT_STAFF_ACCOUNTS),
    page(request) {
      const { source, filter } = viewed(request);
      return source.page(filter);
    },
    count(request) {
      const { source, filter } = viewed(request);
      return source.count(filter);
    },
    batches(request) {
      const { source, filter } = viewed(request);
      return source.batches(filter);
    },
  };
}

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
