// Runs only in the server-pg project (TEST_DATABASE_URL): behaviour PGlite cannot show.
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { Client } from 'pg';
import { describe, expect, it } from 'vitest';
import { openPostgres } from '../../../server/db/client';

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
