// The counter triggers of the lists counted by their rows (decision 024): a one-table list whose source
// names a counter that no migration keeps (server/db/counters.ts) gets, at start, the generic row
// trigger of migration 0020 on its table, under its own name and with its status column. Installing
// is idempotent and runs under an advisory lock, so several processes may start together: the first
// installs the triggers and counts the rows once (the table locked against writes meanwhile); the
// others, and every later start, find the list in `counted_lists` and change nothing.
import { sql } from 'drizzle-orm';
import type { Database } from './client';
import { rowsOf } from './rows';

/** A list counted by its rows: its name (the counter's), its table and, with a status filter, its status column. */
export interface RowCounter {
  list: string;
  table: string;
  statusColumn?: string;
}

/** Any constant shared by every process that starts over the same database (the migrations' is another). */
const LIST_COUNTER_LOCK_KEY = 0x486f7943; // "HoyC"

const identifier = (name: string) => `"${name.replaceAll('"', '""')}"`;
const literal = (value: string) => `'${value.replaceAll("'", "''")}'`;

/** The triggers' SQL, each an idempotent statement. The names end as migration 0004's, so a bulk load turns them off and on with the others. */
function triggerStatements({ list, table, statusColumn }: RowCounter): string[] {
  const on = identifier(table);
  const args = [literal(list), ...(statusColumn ? [literal(statusColumn)] : [])].join(', ');
  const trigger = (suffix: string) => identifier(`${table}_list_counters${suffix}`);
  return [
    `LOCK TABLE ${on} IN SHARE ROW EXCLUSIVE MODE`,
    `CREATE OR REPLACE TRIGGER ${trigger('')} AFTER INSERT OR DELETE ON ${on} FOR EACH ROW EXECUTE FUNCTION count_list_rows(${args})`,
    statusColumn
      ? `CREATE OR REPLACE TRIGGER ${trigger('_update')} AFTER UPDATE OF ${identifier(statusColumn)} ON ${on} FOR EACH ROW
         WHEN (OLD.${identifier(statusColumn)} IS DISTINCT FROM NEW.${identifier(statusColumn)}) EXECUTE FUNCTION count_list_rows(${args})`
      : `DROP TRIGGER IF EXISTS ${trigger('_update')} ON ${on}`,
    `CREATE OR REPLACE TRIGGER ${trigger('_truncate')} AFTER TRUNCATE ON ${on} FOR EACH STATEMENT EXECUTE FUNCTION reset_list_counters(${literal(list)})`,
  ];
}

/** Installs the triggers of each list not yet counted so, and counts its rows once. */
export async function ensureRowCounters(db: Database, counters: readonly RowCounter[]): Promise<void> {
  for (const counter of counters) {
    const isCounted = async (executor: Pick<Database, 'execute'>) =>
      rowsOf<{ table_name: string; status_column: string | null }>(
        await executor.execute(sql`SELECT table_name, status_column FROM counted_lists WHERE name = ${counter.list}`),
      ).some((row) => row.table_name === counter.table && row.status_column === (counter.statusColumn ?? null));
    // Every start but a list's first reads one row and takes no lock.
    if (await isCounted(db)) continue;
    await db.transaction(async (transaction) => {
      await transaction.execute(sql`SELECT pg_advisory_xact_lock(${LIST_COUNTER_LOCK_KEY})`);
      if (await isCounted(transaction)) return;
      for (const statement of triggerStatements(counter)) await transaction.execute(sql.raw(statement));
      await transaction.execute(sql`INSERT INTO counted_lists (name, table_name, status_column) VALUES (${counter.list}, ${counter.table}, ${counter.statusColumn ?? null})
        ON CONFLICT (name) DO UPDATE SET table_name = excluded.table_name, status_column = excluded.status_column`);
      await transaction.execute(sql`SELECT recount_list_rows(${counter.list})`);
    });
  }
}
