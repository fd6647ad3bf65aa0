// SQL for the three promos (one row per kind).
import { and, asc, eq, ne, sql } from 'drizzle-orm';
import type { PromoKind } from '../../../src/contracts/statuses';
import type { Database, Transaction } from '../../db/client';
import { promos } from '../../db/schema';

export type PromoRecord = typeof promos.$inferSelect;
export type NewPromo = typeof promos.$inferInsert;
export type PromoChange = Partial<Pick<NewPromo, 'promoCode' | 'validUntil' | 'promoValue' | 'freeStays' | 'isActive'>>;

export function createPromosRepository(db: Database) {
  return {
    async listAll(): Promise<PromoRecord[]> {
      return db.select().from(promos).orderBy(asc(promos.id));
    },

    /** Inserts the rows whose kind is missing; a row that exists is left as it is. */
    async insertMissing(rows: NewPromo[]): Promise<void> {
      await db.insert(promos).values(rows).onConflictDoNothing();
    },

    async lockByKind(executor: Transaction, kind: PromoKind): Promise<PromoRecord | undefined> {
      const [row] = await executor.select().from(promos).where(eq(promos.kind, kind)).for('update');
      return row;
    },

    async isCodeUsedByOther(executor: Transaction, code: string, kind: PromoKind): Promise<boolean> {
      const [row] = await executor
        .select({ id: promos.id })
        .from(promos)
        .where(and(sql`upper(${promos.promoCode}) = upper(${code})`, ne(promos.kind, kind)))
        .limit(1);
      return row !== undefined;
    },

    async update(executor: Transaction, id: number, change: PromoChange, now: Date): Promise<PromoRecord> {
      const [row] = await executor
        .update(promos)
        .set({ ...change, version: sql`${promos.version} + 1`, updatedAt: now })
        .where(eq(promos.id, id))
        .returning();
      return row;
    },
  };
}

export type PromosRepository = ReturnType<typeof createPromosRepository>;
