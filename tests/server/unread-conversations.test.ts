// The sidebar's unread-conversations badge is counted from a partial index of the conversations with
// unread messages (migration 0029): the live streams count it again whenever a change may move a
// badge, several times a second while the marketplace writes, and a scan of every conversation cost
// 3 to 27 ms each time at 20,000 of them.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../server/db/client';
import { createLiveRepository } from '../../server/modules/live/live.repository';
import { createTestDatabase } from './helpers/database';
import { planWithout } from './helpers/plan';

let database: DatabaseHandle;

beforeAll(async () => {
  database = await createTestDatabase();
});

afterAll(async () => {
  await database.close();
});

describe('the unread conversations badge', () => {
  it('counts exactly the conversations with unread messages', async () => {
    const [{ before }] = await database.query<{ before: number }>(sql`SELECT count(*)::int AS before FROM conversations WHERE unread_count > 0`);
    await database.query(sql`
      INSERT INTO conversations (title, unread_count)
      SELECT 'Badge ' || n, CASE WHEN n % 7 = 0 THEN n % 5 + 1 ELSE 0 END FROM generate_series(1, 700) AS n`);
    const badges = await createLiveRepository(database.db).badges([]);
    // 100 of the 700 have unread messages.
    expect(badges.chats).toBe(before + 100);
    await database.query(sql`UPDATE conversations SET unread_count = 0 WHERE title IN ('Badge 7', 'Badge 14')`);
    expect((await createLiveRepository(database.db).badges([])).chats).toBe(before + 98);
  });

  it('reads them from the partial index, not from every conversation', async () => {
    const plan = await planWithout(database, ['seqscan'], 'SELECT count(*)::int AS unread FROM conversations WHERE unread_count > 0');
    expect(plan).toContain('conversations_unread_idx');
    const [index] = await database.query<{ definition: string }>(
      sql`SELECT pg_get_indexdef(indexrelid) AS definition FROM pg_index WHERE indexrelid = 'conversations_unread_idx'::regclass`,
    );
    expect(index.definition).toContain('WHERE (unread_count > 0)');
  });
});
