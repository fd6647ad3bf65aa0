// A bookings search first estimates how many guests and properties its term matches, from a sample of
// each table (booking_search_estimate, migration 0050, decision 045): a term estimated in more than a
// narrow search reads is broad at once, with no trigram index read, and a Guest or Property sort skips
// the look-up of a side estimated far past its limit. The estimate is the sampled share times the rows
// the planner counts, so after ANALYZE of a table smaller than the sample it is the exact count.
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { containsPattern } from '../../server/lib/paging';
import { bookingsListSource, createBookingsRepository } from '../../server/modules/bookings/bookings.repository';
import { signedInTestApp } from './helpers/app';
import { insertBooking, insertGuest, insertHost, insertProperty } from './helpers/fixtures';

const t = signedInTestApp();
const analyse = () => t.handle.db.execute(sql`ANALYZE users, properties`);
/** What the planner believes of a table's size, as a table that many rows would have it. */
const believeRows = (table: 'users' | 'properties', rows: number) =>
  t.handle.db.execute(sql`UPDATE pg_class SET reltuples = ${rows} WHERE oid = ${table}::regclass`);

beforeAll(async () => {
  const host = await insertHost(t.handle);
  const guests = await Promise.all(['Idil Warsame', 'Idil Jama', 'Ayaan Warsame'].map((name) => insertGuest(t.handle, { name, email: null })));
  const properties = await Promise.all(['Warsame Lodge', 'Sea view'].map((title) => insertProperty(t.handle, host.id, { title, address: 'Jigjiga Yar' })));
  for (const [index, guest] of guests.entries()) {
    await insertBooking(t.handle, { guestId: guest.id, propertyId: properties[index % 2].id, status: 'confirmed' });
  }
  await analyse();
});

describe('the estimate of a term', () => {
  const repository = () => createBookingsRepository(t.handle.db);

  it('counts the guests and properties a term matches when each table is within the sample', async () => {
    expect(await repository().estimateSources(containsPattern('warsame'))).toEqual({ guests: 2, properties: 1 });
    expect(await repository().estimateSources(containsPattern('IDIL'))).toEqual({ guests: 2, properties: 0 });
    expect(await repository().estimateSources(containsPattern('jigjiga'))).toEqual({ guests: 0, properties: 2 });
    expect(await repository().estimateSources(containsPattern('nowhere-at-all'))).toEqual({ guests: 0, properties: 0 });
  });

  it('scales the sampled share to the rows the planner counts, and skips the properties once the guests are enough', async () => {
    await believeRows('users', 1_000_000);
    try {
      const { guests, properties } = await repository().estimateSources(containsPattern('warsame'));
      // 2 of the few users sampled, as a share of a million.
      expect(guests).toBeGreaterThan(2000);
      expect(properties).toBeUndefined();
    } finally {
      await analyse();
    }
  });

  it('is unknown for a table the planner never counted', async () => {
    await believeRows('properties', -1);
    try {
      expect(await repository().estimateSources(containsPattern('jigjiga'))).toEqual({ guests: 0, properties: undefined });
    } finally {
      await analyse();
    }
  });
});

describe('a search estimated broad', () => {
  const repository = () => createBookingsRepository(t.handle.db);
  const source = () => bookingsListSource(t.handle.db);
  const request = { pattern: containsPattern('warsame'), order: 'asc' as const };

  it('finds no guests and properties first, and its pages are the narrow ones', async () => {
    const narrow = await source().prepare!(request);
    expect(narrow.hints?.sources).toEqual({ guestIds: expect.any(Array), propertyIds: expect.any(Array) });
    await believeRows('users', 1_000_000);
    let broad;
    try {
      broad = await source().prepare!(request);
    } finally {
      await analyse();
    }
    expect(broad.hints?.sources).toBeUndefined();
    for (const sort of [undefined, 'User.name', 'total'] as const) {
      const page = (hints: typeof broad.hints) => source().page({ ...request, sort, hints, limit: 10, offset: 0 });
      const [broadRows, narrowRows] = [await page(broad.hints), await page(narrow.hints)];
      expect(broadRows.map((row) => row.id)).toEqual(narrowRows.map((row) => row.id));
      // Idil and Ayaan Warsame, the second at the Warsame Lodge.
      expect(broadRows).toHaveLength(2);
    }
  });

  it('skips the look-up of a sort side estimated past its limit', async () => {
    const pattern = containsPattern('warsame');
    // Two guests match in truth; estimated at 70,000, the Guest sort walks its order instead.
    expect(await repository().findSortSides(pattern, 'User.name', {}, { guests: 70_000 })).toBeUndefined();
    const sides = await repository().findSortSides(pattern, 'User.name', {}, { guests: 2, properties: 5000 });
    expect(sides).toEqual({ own: { ids: expect.any(Array), ranks: expect.any(Array) } });
    expect(sides?.own.ids).toHaveLength(2);
    expect((await repository().findSortSides(pattern, 'User.name', {}, { guests: 2, properties: 1 }))?.other).toHaveLength(1);
  });
});
