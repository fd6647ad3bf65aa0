// The lists' trigram search indexes take each change at once, never through GIN's pending list, which
// every search would read whole until a vacuum merged it (migration 0028, decision 025).
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../server/db/client';
import { createTestDatabase } from './helpers/database';

let database: DatabaseHandle;

beforeAll(async () => {
  database = await createTestDatabase();
});

afterAll(async () => {
  await database.close();
});

describe('search indexes', () => {
  it('every trigram index is written at once (fastupdate off)', async () => {
    const indexes = await database.query<{ name: string; options: string[] | null }>(sql`
      SELECT index_class.relname AS name, index_class.reloptions AS options
      FROM pg_index AS entry
      JOIN pg_class AS index_class ON index_class.oid = entry.indexrelid
      WHERE pg_get_indexdef(entry.indexrelid) LIKE '%gin_trgm_ops%'
      ORDER BY 1`);
    // Every list's search: users, properties, feedback, conversations, Activity, landing data.
    expect(indexes.length).toBeGreaterThanOrEqual(13);
    for (const index of indexes) expect(index.options ?? [], index.name).toContain('fastupdate=off');
  });

  it('a renamed guest and a new subscriber leave nothing pending for the next search to read', async () => {
    await database.query(sql`INSERT INTO users (is_host, name) SELECT false, 'Pending guest ' || n FROM generate_series(1, 20) AS n`);
    await database.query(sql`UPDATE users SET name = 'Renamed ' || id WHERE name LIKE 'Pending guest %'`);
    await database.query(sql`INSERT INTO email_subscribers (email) VALUES ('pending.list@example.com')`);
    // gin_clean_pending_list answers how many pending pages it merged: none, since none were left.
    const [merged] = await database.query<{ users: number; subscribers: number }>(sql`
      SELECT gin_clean_pending_list('users_name_trgm_idx'::regclass)::int AS users,
             gin_clean_pending_list('email_subscribers_email_trgm_idx'::regclass)::int AS subscribers`);
    expect(merged).toEqual({ users: 0, subscribers: 0 });
    const renamed = await database.query<{ id: number }>(sql`SELECT id FROM users WHERE name LIKE '%Renamed%'`);
    expect(renamed).toHaveLength(20);
  });
});
