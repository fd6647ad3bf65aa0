// The audit trail: every admin decision and change, with who, when, what, before and after.
// Other services call record() inside their own transaction, so a change and its record land together.
import type { AuditEntityType, AuditEvent } from '../../../src/contracts/audit';
import type { Database, Transaction } from '../../db/client';
import type { Clock } from '../../lib/clock';
import type { AuditRepository, NewAuditEvent } from './audit.repository';

/** What a service records; the time is the clock's. */
export type AuditRecord = Omit<NewAuditEvent, 'createdAt'>;

export function createAuditService({ repository, clock }: { repository: AuditRepository; clock: Clock }) {
  return {
    async record(executor: Database | Transaction, record: AuditRecord): Promise<void> {
      await repository.insert(executor, { ...record, createdAt: clock.now() });
    },

    async history(entityType: AuditEntityType, entityId: number): Promise<AuditEvent[]> {
      const rows = await repository.listFor(entityType, entityId);
      return rows.map((row) => ({
        ...row,
        entityType: row.entityType as AuditEntityType,
        createdAt: row.createdAt.toISOString(),
      }));
    },

    staffNames: () => repository.staffNames(),
  };
}

export type AuditService = ReturnType<typeof createAuditService>;
