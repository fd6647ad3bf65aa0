// SQL for administrators and their sessions.
import { and, eq, gt, isNull, lt, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { administrators, adminSessions } from '../../db/schema';

export type AdministratorRow = typeof administrators.$inferSelect;

export function createAuthRepository(db: Database) {
  return {
    async findAdministratorByEmail(email: string): Promise<AdministratorRow | undefined> {
      const [row] = await db
        .select()
        .from(administrators)
        .where(sql`lower(${administrators.email}) = lower(${email})`)
        .limit(1);
      return row;
    },

    async countAdministrators(): Promise<number> {
      const [row] = await db.select({ count: sql<number>`count(*)::int` }).from(administrators);
      return row.count;
    },

    async insertAdministrator(email: string, passwordHash: string): Promise<AdministratorRow> {
      const [row] = await db.insert(administrators).values({ email, passwordHash }).returning();
      return row;
    },

    /** Inserts unless the e-mail is taken (another process starting at the same time may have won). */
    async insertAdministratorUnlessTaken(email: string, passwordHash: string): Promise<boolean> {
      const rows = await db.insert(administrators).values({ email, passwordHash }).onConflictDoNothing().returning({ id: administrators.id });
      return rows.length > 0;
    },

    async updatePassword(administratorId: number, passwordHash: string, now: Date): Promise<void> {
      await db
        .update(administrators)
        .set({ passwordHash, passwordChangedAt: now, updatedAt: now })
        .where(eq(administrators.id, administratorId));
    },

    async insertSession(administratorId: number, tokenHash: string, now: Date, expiresAt: Date): Promise<void> {
      await db.insert(adminSessions).values({ administratorId, tokenHash, createdAt: now, lastSeenAt: now, expiresAt });
    },

    /** The live session for a token hash: not revoked, not past its absolute or idle expiry. */
    async findLiveSession(tokenHash: string, now: Date, idleSince: Date) {
      const [row] = await db
        .select({
          id: adminSessions.id,
          administratorId: adminSessions.administratorId,
          lastSeenAt: adminSessions.lastSeenAt,
          email: administrators.email,
        })
        .from(adminSessions)
        .innerJoin(administrators, eq(administrators.id, adminSessions.administratorId))
        .where(
          and(
            eq(adminSessions.tokenHash, tokenHash),
            isNull(adminSessions.revokedAt),
            gt(adminSessions.expiresAt, now),
            gt(adminSessions.lastSeenAt, idleSince),
          ),
        )
        .limit(1);
      return row;
    },

    async touchSession(sessionId: number, now: Date): Promise<void> {
      await db.update(adminSessions).set({ lastSeenAt: now }).where(eq(adminSessions.id, sessionId));
    },

    async revokeSession(tokenHash: string, now: Date): Promise<void> {
      await db
        .update(adminSessions)
        .set({ revokedAt: now })
        .where(and(eq(adminSessions.tokenHash, tokenHash), isNull(adminSessions.revokedAt)));
    },

    /** Revokes every live session, or one administrator's; answers how many were revoked. */
    async revokeAllSessions(now: Date, administratorId?: number): Promise<number> {
      const rows = await db
        .update(adminSessions)
        .set({ revokedAt: now })
        .where(
          and(
            isNull(adminSessions.revokedAt),
            administratorId === undefined ? undefined : eq(adminSessions.administratorId, administratorId),
          ),
        )
        .returning({ id: adminSessions.id });
      return rows.length;
    },

    /** Drops sessions that can never be used again, so the table does not grow without end. */
    async deleteDeadSessions(now: Date, idleSince: Date): Promise<void> {
      await db
        .delete(adminSessions)
        .where(or(lt(adminSessions.expiresAt, now), lt(adminSessions.lastSeenAt, idleSince), sql`${adminSessions.revokedAt} IS NOT NULL`));
    },
  };
}

export type AuthRepository = ReturnType<typeof createAuthRepository>;
