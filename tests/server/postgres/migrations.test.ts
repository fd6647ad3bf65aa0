// Runs only in the server-pg project (TEST_DATABASE_URL): behaviour PGlite cannot show.
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { Client } from 'pg';
import { describe, expect, it } from 'vitest';
import { openPostgres } from '../../../server/db/client';
import { createTestDatabase } from '../helpers/database';

describe('migrations on PostgreSQL', () => {
  it('two processes migrating one empty database at once both succeed (advisory lock)', async () => {
    const serverUrl = process.env.TEST_DATABASE_URL!;
    const name = `hoy_race_${randomBytes(5).toString('hex')}`;
    const admin = new Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    const [first, second] = await Promise.all([openPostgres(url.toString(), 2), openPostgres(url.toString(), 2)]);
    try {
      await Promise.all([first.migrate(), second.migrate()]);
      const tables = await first.query<{ count: number }>(sql`SELECT count(*)::int AS count FROM information_schema.tables WHERE table_schema = 'public'`);
      expect(tables[0].count).toBeGreaterThanOrEqual(14);
      const trgm = await first.query<{ extname: string }>(sql`SELECT extname FROM pg_extension WHERE extname = 'pg_trgm'`);
      expect(trgm).toHaveLength(1);
    } finally {
      await first.close();
      await second.close();
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    }
  });
});

describe('autovacuum of the big tables on PostgreSQL', () => {
  it('vacuums bookings, users and properties after a few thousand changes, not a fifth of the table (decision 025)', async () => {
    const handle = await createTestDatabase();
    try {
      const rows = await handle.query<{ relname: string; reloptions: string[] }>(
        sql`SELECT relname, reloptions FROM pg_class WHERE relname IN ('bookings', 'users', 'properties') AND relkind = 'r' ORDER BY relname`,
      );
      expect(rows.map((row) => row.relname)).toEqual(['bookings', 'properties', 'users']);
      for (const row of rows) {
        expect(row.reloptions, row.relname).toEqual(
          expect.arrayContaining(['autovacuum_vacuum_scale_factor=0', 'autovacuum_vacuum_threshold=2000', 'autovacuum_vacuum_insert_threshold=10000']),
        );
      }
    } finally {
      await handle.close();
    }
  });
});
