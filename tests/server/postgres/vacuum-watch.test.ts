// Runs only in the server-pg project (TEST_DATABASE_URL): PGlite has no statistics of dead rows to read.
import { sql } from 'drizzle-orm';
import { Client } from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../../server/db/client';
import { vacuumDueTables } from '../../../server/db/vacuum-watch';
import { createTestDatabase } from '../helpers/database';

const silent = { info: () => {}, warn: () => {} };
let handle: DatabaseHandle;

beforeAll(async () => {
  handle = await createTestDatabase();
});
afterAll(async () => {
  await handle.close();
});

/** Flushes this backend's row counts into the shared statistics the check reads. */
async function flushStatistics(): Promise<void> {
  await handle.query(sql`SELECT pg_stat_force_next_flush()`);
  await handle.query(sql`SELECT 1`);
}

describe('the vacuum check (decision 025)', () => {
  it('vacuums a watched table with 2,000 dead rows, once, and leaves quiet tables alone', async () => {
    await handle.query(sql`INSERT INTO users (is_host, name) SELECT false, 'Renamed ' || n FROM generate_series(1, 2100) AS n`);
    await handle.query(sql`UPDATE users SET name = name || ' again' WHERE name LIKE 'Renamed %'`);
    await flushStatistics();
    const [{ autovacuum }] = await handle.query<{ autovacuum: string }>(sql`SELECT current_setting('autovacuum') AS autovacuum`);
    // Where autovacuum is on (not on our machines), the server does this itself with migration 0021's thresholds.
    const isOurs = autovacuum !== 'on';
    expect(await vacuumDueTables(handle.pool!, silent)).toEqual(isOurs ? ['users'] : []);
    const [stats] = await handle.query<{ vacuums: number }>(sql`SELECT vacuum_count::int AS vacuums FROM pg_stat_user_tables WHERE relname = 'users'`);
    expect(stats.vacuums).toBe(isOurs ? 1 : 0);
    // Done: the next check finds nothing to do.
    expect(await vacuumDueTables(handle.pool!, silent)).toEqual([]);
  });

  it('reads the statistics again only when enough rows changed since the last reading, as autovacuum would', async () => {
    const [{ autovacuum }] = await handle.query<{ autovacuum: string }>(sql`SELECT current_setting('autovacuum') AS autovacuum`);
    // Where autovacuum is on (not on our machines), the check leaves every table to it.
    const ours = (names: string[]) => (autovacuum === 'on' ? [] : names);
    const runs = (count: number) => (autovacuum === 'on' ? 0 : count);
    // 30,000 more users: then 2,000 dead rows make a vacuum due, and fall short of the 50 + 10 % of the
    // table's rows that make an analysis due.
    await handle.query(sql`INSERT INTO users (is_host, name) SELECT false, 'Listed ' || n FROM generate_series(1, 30000) AS n`);
    await flushStatistics();
    expect(await vacuumDueTables(handle.pool!, silent)).toEqual(ours(['users']));
    const counts = async () => {
      const [row] = await handle.query<{ vacuums: number; analyses: number }>(
        sql`SELECT vacuum_count::int AS vacuums, analyze_count::int AS analyses FROM pg_stat_user_tables WHERE relname = 'users'`,
      );
      return row;
    };
    const before = await counts();
    await handle.query(sql`UPDATE users SET name = name || ' again' WHERE id IN (SELECT id FROM users WHERE name LIKE 'Listed %' ORDER BY id LIMIT 2000)`);
    await flushStatistics();
    expect(await vacuumDueTables(handle.pool!, silent)).toEqual(ours(['users']));
    expect(await counts()).toEqual({ vacuums: before.vacuums + runs(1), analyses: before.analyses });
    // 3,100 more changed rows, 5,100 since the last analysis, pass 50 + 10 % of some 32,000: vacuumed and analysed.
    await handle.query(sql`UPDATE users SET name = name || '!' WHERE id IN (SELECT id FROM users WHERE name LIKE 'Listed %' ORDER BY id LIMIT 3100)`);
    await flushStatistics();
    expect(await vacuumDueTables(handle.pool!, silent)).toEqual(ours(['users']));
    expect(await counts()).toEqual({ vacuums: before.vacuums + runs(2), analyses: before.analyses + runs(1) });
  });

  it('leaves the work to the process that holds the lock', async () => {
    await handle.query(sql`UPDATE users SET name = name || '!' WHERE name LIKE 'Renamed %'`);
    await flushStatistics();
    // Advisory locks belong to one database: hold the lock in the test's own.
    const [{ database, autovacuum }] = await handle.query<{ database: string; autovacuum: string }>(
      sql`SELECT current_database() AS database, current_setting('autovacuum') AS autovacuum`,
    );
    const url = new URL(process.env.TEST_DATABASE_URL!);
    url.pathname = `/${database}`;
    const holder = new Client({ connectionString: url.toString() });
    await holder.connect();
    try {
      await holder.query('SELECT pg_advisory_lock(748201914)');
      expect(await vacuumDueTables(handle.pool!, silent)).toEqual([]);
      await holder.query('SELECT pg_advisory_unlock(748201914)');
    } finally {
      await holder.end();
    }
    // Once the lock is free, the same check does the work.
    expect(await vacuumDueTables(handle.pool!, silent)).toEqual(autovacuum === 'on' ? [] : ['users']);
  });
});
