// The audit trail: every admin decision and change, with who, when, what, before and after.
// Other services call record() inside their own transaction, so a change and its record land together.
import { ACTIVITY_STAFF_ACCOUNTS_PERMISSION } from '../../../src/contracts/activity';
import type { AuditEntityType, AuditEvent } from '../../../src/contracts/audit';
import { hasPermission, type Role } from '../../../src/contracts/roles';
import type { Database, Transaction } from '../../db/client';
import type { Clock } from '../../lib/clock';
import type { AuditRepository, NewAuditEvent } from './audit.repository';

/** What a service records; the time is the clock's. */
export type AuditRecord = Omit<NewAuditEvent, 'createdAt'>;

export function createAuditService({ repository, clock }: { repository: AuditRepository; clock: Clock }) {
  return {
    /** Writes the record, stamped now; answers that time. */
    async record(executor: Database | Transaction, record: AuditRecord): Promise<Date> {
      const createdAt = clock.now();
      await repository.insert(executor, { ...record, createdAt });
      return createdAt;
    },

    /** Several records in one statement (a batch decision's rows), each with the time it was made. */
    async recordMany(executor: Database | Transaction, records: readonly (AuditRecord & { createdAt: Date })[]): Promise<void> {
      if (records.length > 0) await repository.insertMany(executor, records);
    },

    /**
     * One record's newest events. Staff e-mails are for roles that manage staff (as in Activity):
     * other roles see who acted by name only.
     */
    async history(entityType: AuditEntityType, entityId: number, role: Role): Promise<AuditEvent[]> {
      const rows = await repository.listFor(entityType, entityId);
      const showsEmails = hasPermission(role, ACTIVITY_STAFF_ACCOUNTS_PERMISSION);
      return rows.map((row) => ({
        ...row,
        administratorEmail: showsEmails ? row.administratorEmail : null,
        entityType: row.entityType as AuditEntityType,
        createdAt: row.createdAt.toISOString(),
      }));
    },

    staffNames: () => repository.staffNames(),
  };
}

export type AuditService = ReturnType<typeof createAuditService>;
