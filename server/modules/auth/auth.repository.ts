// SQL for administrators and their sessions.
import { and, desc, eq, gt, isNull, lt, ne, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { adminDevices, administrators, adminSessions } from '../../db/schema';

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

    /**
     * The session of a token hash, live or not: the caller tells expired from revoked. With its
     * account's role and whether the account is disabled, read afresh on every call, so a role change
     * or a disable takes effect on the next request.
     */
    async findSession(tokenHash: string) {
      const [row] = await db
        .select({
          id: adminSessions.id,
          administratorId: adminSessions.administratorId,
          lastSeenAt: adminSessions.lastSeenAt,
          expiresAt: adminSessions.expiresAt,
          revokedAt: adminSessions.revokedAt,
          role: administrators.role,
          disabledAt: administrators.disabledAt,
        })
        .from(adminSessions)
        .innerJoin(administrators, eq(administrators.id, adminSessions.administratorId))
        .where(eq(adminSessions.tokenHash, tokenHash))
        .limit(1);
      return row;
    },

    /** One administrator's sessions that still work, newest first. */
    async listLiveSessions(administratorId: number, now: Date, idleSince: Date) {
      return db
        .select({ id: adminSessions.id, createdAt: adminSessions.createdAt, lastSeenAt: adminSessions.lastSeenAt, expiresAt: adminSessions.expiresAt })
        .from(adminSessions)
        .where(
          and(
            eq(adminSessions.administratorId, administratorId),
            isNull(adminSessions.revokedAt),
            gt(adminSessions.expiresAt, now),
            gt(adminSessions.lastSeenAt, idleSince),
          ),
        )
        .orderBy(desc(adminSessions.lastSeenAt), desc(adminSessions.id))
        .limit(100);
    },

    /** Revokes an administrator's live sessions but one; answers how many were revoked. */
    async revokeOtherSessions(administratorId: number, keptSessionId: number, now: Date): Promise<number> {
      const rows = await db
        .update(adminSessions)
        .set({ revokedAt: now })
        .where(and(eq(adminSessions.administratorId, administratorId), ne(adminSessions.id, keptSessionId), isNull(adminSessions.revokedAt)))
        .returning({ id: adminSessions.id });
      return rows.length;
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

    /**
     * Drops sessions and devices dead for over a week. A session that just expired is kept a while,
     * so that its token is still answered "your session has expired" rather than as unknown.
     */
    async deleteDeadSessions(before: Date, idleBefore: Date): Promise<void> {
      await db
        .delete(adminSessions)
        .where(or(lt(adminSessions.expiresAt, before), lt(adminSessions.lastSeenAt, idleBefore), lt(adminSessions.revokedAt, before)));
      await db.delete(adminDevices).where(lt(adminDevices.expiresAt, before));
    },

    /** Replaces a hash by a stronger one of the same password: sessions and the change date stay. */
    async replacePasswordHash(administratorId: number, passwordHash: string): Promise<void> {
      await db.update(administrators).set({ passwordHash }).where(eq(administrators.id, administratorId));
    },

    async insertDevice(administratorId: number, tokenHash: string, now: Date, expiresAt: Date): Promise<void> {
      await db.insert(adminDevices).values({ administratorId, tokenHash, createdAt: now, expiresAt });
    },

    /** Whether a device cookie belongs to the administrator of this e-mail and has not expired. */
    async isKnownDevice(tokenHash: string, email: string, now: Date): Promise<boolean> {
      const rows = await db
        .select({ id: adminDevices.id })
        .from(adminDevices)
        .innerJoin(administrators, eq(administrators.id, adminDevices.administratorId))
        .where(and(eq(adminDevices.tokenHash, tokenHash), sql`lower(${administrators.email}) = lower(${email})`, gt(adminDevices.expiresAt, now)))
        .limit(1);
      return rows.length > 0;
    },
  };
}

export type AuthRepository = ReturnType<typeof createAuthRepository>;
