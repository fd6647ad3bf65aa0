// SQL for the signed-in member's own account: where their second factor stands, an enrolment's
// pending secret, turning the second factor on and off, recovery codes, a session's step-up.
import { and, count, eq, isNotNull, isNull, or, sql } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client';
import { administrators, adminRecoveryCodes, adminSessions, staffRolePolicies } from '../../db/schema';
import { nextEpoch, roleRequiresSecondFactor } from '../auth/auth.repository';

type Executor = Database | Transaction;

export function createAccountRepository(db: Database) {
  return {
    /** The member as their account screen needs them: never their hash or secret beyond the service. */
    async find(executor: Executor, administratorId: number) {
      const [row] = await executor
        .select({
          id: administrators.id,
          name: administrators.name,
          email: administrators.email,
          role: administrators.role,
          passwordHash: administrators.passwordHash,
          totpSecret: administrators.totpSecret,
          totpPendingSecret: administrators.totpPendingSecret,
          totpPendingId: administrators.totpPendingId,
          isSecondFactorRequired: roleRequiresSecondFactor,
          recoveryCodesLeft: sql<number>`(SELECT count(*)::int FROM ${adminRecoveryCodes} AS code WHERE code.administrator_id = "administrators"."id" AND code.used_at IS NULL)`,
        })
        .from(administrators)
        .where(eq(administrators.id, administratorId))
        .limit(1);
      return row;
    },

    /** Every member's stored secret and pending secret, where they have one (their sealing at start, decision 036). */
    async storedSecrets() {
      return db
        .select({ id: administrators.id, totpSecret: administrators.totpSecret, totpPendingSecret: administrators.totpPendingSecret })
        .from(administrators)
        .where(or(isNotNull(administrators.totpSecret), isNotNull(administrators.totpPendingSecret)));
    },

    /** Stores a secret in another form (sealed), unless it changed since it was read (another process sealed it, a new setup). */
    async replaceStoredSecret(administratorId: number, column: 'totpSecret' | 'totpPendingSecret', from: string, to: string): Promise<void> {
      await db
        .update(administrators)
        .set({ [column]: to })
        .where(and(eq(administrators.id, administratorId), eq(administrators[column], from)));
    },

    /** Keeps a new secret to confirm; any earlier unconfirmed one is replaced. */
    async setPendingSecret(administratorId: number, secret: string, setupId: string, now: Date): Promise<boolean> {
      const rows = await db
        .update(administrators)
        .set({ totpPendingSecret: secret, totpPendingId: setupId, totpPendingAt: now })
        .where(and(eq(administrators.id, administratorId), isNull(administrators.totpSecret)))
        .returning({ id: administrators.id });
      return rows.length > 0;
    },

    /**
     * Turns the pending secret of setup `setupId` on, with `step` as its last accepted step; false
     * when another setup replaced it or a second factor is on already.
     */
    async confirmPendingSecret(transaction: Transaction, administratorId: number, setupId: string, step: number): Promise<boolean> {
      const rows = await transaction
        .update(administrators)
        .set({
          totpSecret: sql`${administrators.totpPendingSecret}`,
          totpLastStep: step,
          totpPendingSecret: null,
          totpPendingId: null,
          totpPendingAt: null,
          credentialsEpoch: nextEpoch,
        })
        .where(and(eq(administrators.id, administratorId), eq(administrators.totpPendingId, setupId), isNull(administrators.totpSecret)))
        .returning({ id: administrators.id });
      return rows.length > 0;
    },

    /** Replaces the member's recovery codes by these (salted hashes). */
    async replaceRecoveryCodes(transaction: Transaction, administratorId: number, codes: { salt: string; codeHash: string }[], now: Date): Promise<void> {
      await transaction.delete(adminRecoveryCodes).where(eq(adminRecoveryCodes.administratorId, administratorId));
      await transaction.insert(adminRecoveryCodes).values(codes.map((code) => ({ ...code, administratorId, createdAt: now })));
    },

    /** Takes the second factor off (secret, pending setup, recovery codes); false when there was none. */
    async clearSecondFactor(transaction: Transaction, administratorId: number): Promise<boolean> {
      const rows = await transaction
        .update(administrators)
        .set({ totpSecret: null, totpLastStep: null, totpPendingSecret: null, totpPendingId: null, totpPendingAt: null, credentialsEpoch: nextEpoch })
        .where(and(eq(administrators.id, administratorId), sql`${administrators.totpSecret} IS NOT NULL`))
        .returning({ id: administrators.id });
      await transaction.delete(adminRecoveryCodes).where(eq(adminRecoveryCodes.administratorId, administratorId));
      return rows.length > 0;
    },

    /** Records that the member proved it was them in this session now, and with what (decision 039). */
    async recordStepUp(executor: Executor, sessionId: number, steppedUpWith: 'password' | 'second-factor', now: Date): Promise<void> {
      await executor.update(adminSessions).set({ steppedUpAt: now, steppedUpWith }).where(eq(adminSessions.id, sessionId));
    },

    /** The session's last step-up, and whether its member has a second factor now; read from the database, so every process sees it. */
    async findStepUp(sessionId: number) {
      const [row] = await db
        .select({
          steppedUpAt: adminSessions.steppedUpAt,
          steppedUpWith: adminSessions.steppedUpWith,
          hasSecondFactor: sql<boolean>`(${administrators.totpSecret} IS NOT NULL)`,
        })
        .from(adminSessions)
        .innerJoin(administrators, eq(administrators.id, adminSessions.administratorId))
        .where(eq(adminSessions.id, sessionId))
        .limit(1);
      return row;
    },

    /** The roles whose members must use a second factor. */
    async requiredRoles(executor: Executor) {
      const rows = await executor.select({ role: staffRolePolicies.role }).from(staffRolePolicies).where(eq(staffRolePolicies.secondFactorRequired, true));
      return rows.map((row) => row.role);
    },

    async setRequired(transaction: Transaction, role: string, isRequired: boolean, now: Date): Promise<void> {
      await transaction
        .insert(staffRolePolicies)
        .values({ role: role as never, secondFactorRequired: isRequired, updatedAt: now })
        .onConflictDoUpdate({ target: staffRolePolicies.role, set: { secondFactorRequired: isRequired, updatedAt: now } });
    },

    async countUnusedRecoveryCodes(administratorId: number): Promise<number> {
      const [row] = await db
        .select({ count: count() })
        .from(adminRecoveryCodes)
        .where(and(eq(adminRecoveryCodes.administratorId, administratorId), isNull(adminRecoveryCodes.usedAt)));
      return row.count;
    },
  };
}

export type AccountRepository = ReturnType<typeof createAccountRepository>;
