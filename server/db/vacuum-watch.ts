// Vacuum the tables the marketplace's writes disturb, on a PostgreSQL server whose autovacuum is off
// (decision 025). A deep page reads its ids from an index alone only where the heap page is marked
// all-visible; each update of a row (a renamed guest's name in booking_names, decision 034) clears
// that mark, and nothing sets it again but a vacuum: with 50 writes a second, a page at offset
// 150,000 went from 13 heap reads to 101,077 in two minutes. Where autovacuum is on, migrations 0021
// and 0033 set the tables so that it does this instead.
import type { Pool, PoolClient } from 'pg';
import { every } from '../lib/every';

/** The tables whose index-only reads the lists rely on, and that the marketplace writes to. */
const WATCHED_TABLES = ['bookings', 'booking_names', 'users', 'properties'] as const;

/** Changes since the last vacuum that make one worth its cost (a vacuum of a million bookings: about 1.5 s of CPU). */
const DEAD_ROWS_THRESHOLD = 2_000;
const INSERTED_ROWS_THRESHOLD = 10_000;

/** Any constant shared by every process on the same database: one of them vacuums at a time. */
const VACUUM_LOCK_KEY = 748_201_914;

type Logger = { info: (fields: object, message: string) => void; warn: (fields: object, message: string) => void };

interface DueTable {
  name: string;
  /** Dead or new rows enough to vacuum. */
  vacuum: boolean;
  /**
   * Changed rows enough to read the table's statistics again, by the rule autovacuum would apply
   * (its threshold plus the table's scale factor, migration 0021's 2 % for bookings, of its rows).
   * A vacuum every 15 to 30 s of writes does not need fresh statistics each time: ANALYZE samples
   * 30,000 rows, 0.35 s of the 2.4 s a vacuum of a million bookings took on 28 November 2026.
   */
  analyze: boolean;
}

/** The watched tables with enough dead or new rows since their last vacuum, or changed ones since their last analysis. */
async function tablesDue(client: PoolClient): Promise<DueTable[]> {
  const result = await client.query<{ relname: string; vacuum_due: boolean; analyze_due: boolean }>(
    `SELECT relname, vacuum_due, analyze_due FROM (
       SELECT stats.relname,
              stats.n_dead_tup >= $2 OR stats.n_ins_since_vacuum >= $3 AS vacuum_due,
              stats.n_mod_since_analyze >= current_setting('autovacuum_analyze_threshold')::float8
                + coalesce(
                    (SELECT option_value::float8 FROM pg_options_to_table(class.reloptions) WHERE option_name = 'autovacuum_analyze_scale_factor'),
                    current_setting('autovacuum_analyze_scale_factor')::float8
                  ) * greatest(class.reltuples, 0) AS analyze_due
       FROM pg_stat_user_tables AS stats
       JOIN pg_class AS class ON class.oid = stats.relid
       WHERE stats.schemaname = 'public' AND stats.relname = ANY($1::text[])
     ) AS due
     WHERE vacuum_due OR analyze_due
     ORDER BY relname`,
    [WATCHED_TABLES, DEAD_ROWS_THRESHOLD, INSERTED_ROWS_THRESHOLD],
  );
  return result.rows
    .filter((row) => (WATCHED_TABLES as readonly string[]).includes(row.relname))
    .map((row) => ({ name: row.relname, vacuum: row.vacuum_due, analyze: row.analyze_due }));
}

/** The statement for a due table; the name comes from WATCHED_TABLES, never from a request. */
function maintenanceOf({ name, vacuum, analyze }: DueTable): string {
  if (!vacuum) return `ANALYZE "${name}"`;
  return analyze ? `VACUUM (ANALYZE) "${name}"` : `VACUUM "${name}"`;
}

/** One check: unless autovacuum is on or another process holds the lock, vacuums or analyses the tables that are due; answers their names. */
export async function vacuumDueTables(pool: Pool, log: Logger): Promise<string[]> {
  const client = await pool.connect();
  try {
    const setting = await client.query<{ autovacuum: string }>(`SELECT current_setting('autovacuum') AS autovacuum`);
    if (setting.rows[0]?.autovacuum === 'on') return [];
    const lock = await client.query<{ locked: boolean }>('SELECT pg_try_advisory_lock($1) AS locked', [VACUUM_LOCK_KEY]);
    if (!lock.rows[0]?.locked) return [];
    try {
      const due = await tablesDue(client);
      for (const table of due) {
        const startedAt = Date.now();
        await client.query(maintenanceOf(table));
        log.info({ table: table.name, vacuumed: table.vacuum, analyzed: table.analyze, ms: Date.now() - startedAt }, 'vacuumed');
      }
      return due.map((table) => table.name);
    } finally {
      await client.query('SELECT pg_advisory_unlock($1)', [VACUUM_LOCK_KEY]);
    }
  } finally {
    client.release();
  }
}

/** Checks every `intervalMs` (skipping a turn while a check still runs) until the returned stop is called. */
export function watchVacuum(pool: Pool, intervalMs: number, log: Logger): () => Promise<void> {
  return every(intervalMs, () => vacuumDueTables(pool, log), log, 'vacuum check failed');
}
