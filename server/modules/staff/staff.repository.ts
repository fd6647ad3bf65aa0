// SQL for staff accounts: the Staff list, and the changes an administrator makes to an account.
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { Role } from '../../../src/contracts/roles';
import type { StaffRow } from '../../../src/contracts/staff';
import type { Database, Transaction } from '../../db/client';
import { administrators, adminSessions } from '../../db/schema';
import { tableListSource } from '../../lib/table-list-source';
import { nextEpoch } from '../auth/auth.repository';

const staffColumns = {
  id: administrators.id,
  name: administrators.name,
  email: administrators.email,
  role: administrators.role,
  disabledAt: administrators.disabledAt,
  hasSecondFactor: sql<boolean>`(${administrators.totpSecret} IS NOT NULL)`,
  createdAt: administrators.createdAt,
};
export type StaffRecord = {
  id: number;
  name: string;
  email: string;
  role: Role;
  disabledAt: Date | null;
  hasSecondFactor: boolean;
  createdAt: Date;
};

export const toStaffRow = (record: StaffRecord): StaffRow => ({
  ...record,
  disabledAt: record.disabledAt?.toISOString() ?? null,
  createdAt: record.createdAt.toISOString(),
});

/** The Staff list: one small table, read afresh (it is not versioned); `status` is the role. */
export const staffListSource = (db: Database) =>
  tableListSource<StaffRecord, StaffRow, 'name' | 'email' | 'role' | 'createdAt', Role>({
    db,
    table: administrators,
    columns: staffColumns,
    sortColumns: { name: administrators.name, email: administrators.email, role: administrators.role, createdAt: administrators.createdAt },
    statusColumn: administrators.role,
    searchColumns: { name: administrators.name, email: administrators.email },
    toRow: toStaffRow,
  });

export function createStaffRepository(db: Database) {
  return {
    async find(executor: Database | Transaction, id: number): Promise<StaffRecord | undefined> {
      const [row] = await executor.select(staffColumns).from(administrators).where(eq(administrators.id, id)).limit(1);
      return row;
    },

    /** The row, locked until the transaction ends. */
    async lock(transaction: Transaction, id: number): Promise<StaffRecord | undefined> {
      const [row] = await transaction.select(staffColumns).from(administrators).where(eq(administrators.id, id)).limit(1).for('update');
      return row;
    },

    /**
     * The ids of the active administrators, locked in id order until the transaction ends. A change
     * that could leave none takes this lock first, so two such changes at once are decided one after
     * the other: the second sees the first's result (PostgreSQL re-reads a locked row that changed).
     */
    async lockActiveAdministrators(transaction: Transaction): Promise<number[]> {
      const rows = await transaction
        .select({ id: administrators.id })
        .from(administrators)
        .where(and(eq(administrators.role, 'administrator'), isNull(administrators.disabledAt)))
        .orderBy(asc(administrators.id))
        .for('update');
      return rows.map((row) => row.id);
    },

    async isEmailTaken(email: string): Promise<boolean> {
      const rows = await db
        .select({ id: administrators.id })
        .from(administrators)
        .where(sql`lower(${administrators.email}) = lower(${email})`)
        .limit(1);
      return rows.length > 0;
    },

    /** Inserts unless the e-mail is taken (case-insensitively); undefined when it was. */
    async insert(
      transaction: Transaction,
      values: { name: string; email: string; role: Role; passwordHash: string; now: Date },
    ): Promise<StaffRecord | undefined> {
      const { now, ...fields } = values;
      const [row] = await transaction
        .insert(administrators)
        .values({ ...fields, passwordChangedAt: now, createdAt: now, updatedAt: now })
        .onConflictDoNothing()
        .returning(staffColumns);
      return row;
    },

    async update(
      transaction: Transaction,
      id: number,
      values: { role?: Role; disabledAt?: Date | null; passwordHash?: string; passwordChangedAt?: Date; now: Date },
    ): Promise<StaffRecord> {
      const { now, ...fields } = values;
      const [row] = await transaction
        .update(administrators)
        .set({ ...fields, updatedAt: now })
        .where(eq(administrators.id, id))
        .returning(staffColumns);
      return row;
    },

    /**
     * Revokes every live session of one account and moves its credentials epoch on, so a sign-in
     * under way cannot add a session afterwards and its device cookies spare nothing; answers how many.
     */
    async revokeSessions(transaction: Transaction, administratorId: number, now: Date): Promise<number> {
      await transaction.update(administrators).set({ credentialsEpoch: nextEpoch }).where(eq(administrators.id, administratorId));
      const rows = await transaction
        .update(adminSessions)
        .set({ revokedAt: now })
        .where(and(eq(adminSessions.administratorId, administratorId), isNull(adminSessions.revokedAt)))
        .returning({ id: adminSessions.id });
      return rows.length;
    },
  };
}

export type StaffRepository = ReturnType<typeof createStaffRepository>;
