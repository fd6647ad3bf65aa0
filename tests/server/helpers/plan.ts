// The planner's plan of a statement, with some of its choices turned off for that statement alone:
// a test then proves that an index can serve a query, whatever the size of the test's tables.
import { sql } from 'drizzle-orm';
import type { DatabaseHandle } from '../../../server/db/client';

/** Planner settings a test may turn off (`enable_<name>`). */
type PlanChoice = 'seqscan' | 'sort' | 'incremental_sort';

/** EXPLAIN of `statement` with `off` turned off, in one transaction (one connection), as text. */
export async function planWithout(database: DatabaseHandle, off: readonly PlanChoice[], statement: string): Promise<string> {
  return database.db.transaction(async (transaction) => {
    for (const choice of off) await transaction.execute(sql.raw(`SET LOCAL enable_${choice} = off`));
    const result = (await transaction.execute(sql.raw(`EXPLAIN ${statement}`))) as unknown as { rows: { 'QUERY PLAN': string }[] };
    return result.rows.map((row) => row['QUERY PLAN']).join('\n');
  });
}
