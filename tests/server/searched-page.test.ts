// A searched page walks the list's order only so far, then reads the matches themselves and sorts
// them (server/lib/list-source.ts `searchedPage`, issue 48): a word that begins the sort's values
// gathers its matches in one stretch of the order, which a walk would reach last. Either way, every
// page is the rule's: the matches in the order asked, by id within equal keys, each once.
import { and, asc, desc, eq, ilike, or } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../server/db/client';
import { properties } from '../../server/db/schema';
import { pageRowsById, searchedPage } from '../../server/lib/list-source';
import { createTestDatabase } from './helpers/database';
import { insertHost, insertProperty } from './helpers/fixtures';

let database: DatabaseHandle;
const titles = ['Aloe villa', 'Beach house', 'Coral flat', 'Sunny loft', 'Sunny room', 'sunny garden', 'Zebra house'];

beforeAll(async () => {
  database = await createTestDatabase();
  const host = await insertHost(database);
  // The "sunny" titles sit together near the end of the title order, behind many that do not match.
  for (let index = 0; index < 70; index += 1) {
    await insertProperty(database, host.id, { title: titles[index % titles.length], approvalStatus: index % 3 === 0 ? 'pending' : 'confirmed' });
  }
});

afterAll(async () => {
  await database.close();
});

describe('a searched page', () => {
  it.each([
    ['asc', undefined],
    ['desc', undefined],
    ['asc', 'pending'],
    ['desc', 'confirmed'],
  ] as const)('gives the rule order (%s, status %s) whether the walk reaches the matches or not', async (order, status) => {
    const rows = pageRowsById<{ id: number; title: string }>(
      properties,
      database.db.select({ id: properties.id, title: properties.title }).from(properties).$dynamic(),
    );
    const direction = order === 'asc' ? asc : desc;
    const pageOf = (walkBound: number, offset: number) =>
      searchedPage(database.db, {
        table: properties,
        where: status === undefined ? undefined : eq(properties.approvalStatus, status),
        search: or(ilike(properties.title, '%sunny%'), ilike(properties.address, '%sunny%'))!,
        order: [direction(properties.title), direction(properties.id)],
        limit: 4,
        offset,
        rows,
        walkBound,
      });
    const expected = await database.db
      .select({ id: properties.id })
      .from(properties)
      .where(and(ilike(properties.title, '%sunny%'), status === undefined ? undefined : eq(properties.approvalStatus, status)))
      .orderBy(direction(properties.title), direction(properties.id));
    const wanted = expected.map((row) => row.id);
    expect(wanted.length).toBeGreaterThan(8);
    for (const walkBound of [1, 5, 10_000]) {
      const paged: number[] = [];
      for (let offset = 0; offset < wanted.length + 4; offset += 4) paged.push(...(await pageOf(walkBound, offset)).map((row) => row.id));
      expect(paged, `walking at most ${walkBound} rows`).toEqual(wanted);
    }
  });
});
