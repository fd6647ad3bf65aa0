// A bookings search first finds its guests and properties (`findSearchSources`): a term with a trigram
// through booking_search_sources (migration 0035), in the trigram indexes; any other term through the
// planner. Both answer exactly the matching guests and properties, case-insensitively, with % and _
// taken literally, and at most `limit` of them in all, guests first. A term without a trigram matches
// ASCII values without ILIKE (server/lib/paging.ts `contains`), and answers exactly what ILIKE does.
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { containsPattern } from '../../server/lib/paging';
import { createBookingsRepository } from '../../server/modules/bookings/bookings.repository';
import { signedInTestApp } from './helpers/app';
import { insertBooking, insertGuest, insertHost, insertProperty } from './helpers/fixtures';

const t = signedInTestApp();
const ids = { guests: [] as number[], properties: [] as number[], others: [] as number[] };

beforeAll(async () => {
  const host = await insertHost(t.handle);
  // Three guests and two properties say "qorax" (by name, e-mail, title and address, in any case), one
  // guest and one property "~~" (punctuation: no trigram); one guest holds the letters apart.
  const guests = await Promise.all([
    insertGuest(t.handle, { name: 'Hodan QORAX Ali' }),
    insertGuest(t.handle, { name: 'Warsan', email: 'warsan.qorax@mail.test' }),
    insertGuest(t.handle, { name: 'Qoraxley Cabdi ~~' }),
  ]);
  const properties = await Promise.all([
    insertProperty(t.handle, host.id, { title: 'Villa Qorax' }),
    insertProperty(t.handle, host.id, { title: 'Garden rooms 50%_off ~~', address: '12 Qorax Street' }),
  ]);
  const other = await insertGuest(t.handle, { name: 'Qo rax' });
  ids.guests = guests.map((guest) => guest.id);
  ids.properties = properties.map((property) => property.id);
  ids.others = [other.id];
  await insertBooking(t.handle, { guestId: guests[0].id, propertyId: properties[0].id, status: 'confirmed' });
});

const sorted = (values: readonly number[]) => [...values].sort((a, b) => a - b);

describe('the guests and properties of a search', () => {
  const repository = () => createBookingsRepository(t.handle.db);

  it('finds every guest and property a term with a trigram matches, in any case, and no other', async () => {
    const found = await repository().findSearchSources(containsPattern('qOrAx'), 100);
    expect(sorted(found.guestIds)).toEqual(sorted(ids.guests));
    expect(sorted(found.propertyIds)).toEqual(sorted(ids.properties));
    expect(found.guestIds).not.toContain(ids.others[0]);
  });

  it('takes % and _ literally, and finds a term without a trigram as well', async () => {
    const literal = await repository().findSearchSources(containsPattern('50%_off'), 100);
    expect(literal).toEqual({ guestIds: [], propertyIds: [ids.properties[1]] });
    const wildcardLike = await repository().findSearchSources(containsPattern('50%off'), 100);
    expect(wildcardLike).toEqual({ guestIds: [], propertyIds: [] });
    const punctuation = await repository().findSearchSources(containsPattern('~~'), 100);
    expect(punctuation).toEqual({ guestIds: [ids.guests[2]], propertyIds: [ids.properties[1]] });
  });

  it('matches a long term against the whole value, as short ones are', async () => {
    // 12 characters or more: each value's length is tested first (server/lib/paging.ts `contains`).
    const found = await repository().findSearchSources(containsPattern('WARSAN.QORAX@MAIL'), 100);
    expect(found).toEqual({ guestIds: [ids.guests[1]], propertyIds: [] });
  });

  it.each([
    ['qorax', 'a trigram'],
    ['~~', 'no trigram'],
  ])('answers at most the limit in all, guests first (%s: %s)', async (term) => {
    const pattern = containsPattern(term);
    const all = await repository().findSearchSources(pattern, 100);
    const total = all.guestIds.length + all.propertyIds.length;
    expect(all.propertyIds.length).toBeGreaterThan(0);
    for (let limit = 1; limit <= total + 1; limit += 1) {
      const found = await repository().findSearchSources(pattern, limit);
      expect(found.guestIds.length + found.propertyIds.length).toBe(Math.min(limit, total));
      // Properties only with what the guests leave of the limit.
      expect(found.guestIds.length).toBe(Math.min(limit, all.guestIds.length));
      for (const id of found.guestIds) expect(all.guestIds).toContain(id);
      for (const id of found.propertyIds) expect(all.propertyIds).toContain(id);
    }
  });

  it('gives the bookings list the same answer either way', async () => {
    const response = await t.request({ method: 'GET', url: '/api/admin/bookings?page=1&q=QORAX', token: t.token });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['x-total-count']).toBe('1');
    expect(response.json<{ User: { name: string } | null }[]>().map((row) => row.User?.name)).toEqual(['Hodan QORAX Ali']);
  });
});

describe('a term without a trigram', () => {
  beforeAll(async () => {
    // ASCII values in any case, and values with letters that fold to ASCII ones (the Kelvin sign to "k")
    // or that ASCII case folding leaves alone.
    const names = ['ZQ-Villa guest', 'zq lower', 'a_b c', 'fifty 50% off', '\u212Aelvin Kx', 'Café Éa', 'İstanbul İi', 'plain'];
    for (const name of names) await insertGuest(t.handle, { name, email: `${name.length}.${names.indexOf(name)}@case.test` });
  });

  it.each(['zq', 'ZQ', 'k', 'KX', 'x', '_', '%', '-', 'é', 'É', 'i', 'İ', 'a_', '0%'])('finds the guests ILIKE finds for "%s"', async (term) => {
    const pattern = containsPattern(term);
    const found = await createBookingsRepository(t.handle.db).findSearchSources(pattern, 100_000);
    const expected = await t.handle.query<{ id: number }>(sql`SELECT id FROM users WHERE name ILIKE ${pattern} OR email ILIKE ${pattern}`);
    expect(sorted(found.guestIds)).toEqual(sorted(expected.map((row) => Number(row.id))));
  });

  it('matches the Kelvin sign as ILIKE does, and ASCII letters in any case', async () => {
    const byName = async (term: string) => {
      const found = await createBookingsRepository(t.handle.db).findSearchSources(containsPattern(term), 100_000);
      const rows = await t.handle.query<{ name: string }>(sql`SELECT name FROM users WHERE id = ANY(${`{${found.guestIds.join(',')}}`}::int[])`);
      return rows.map((row) => row.name);
    };
    expect(await byName('zQ')).toEqual(expect.arrayContaining(['ZQ-Villa guest', 'zq lower']));
    expect(await byName('a_')).toEqual(['a_b c']);
    // Whether the database's locale folds the Kelvin sign (C.UTF-8 does; the embedded database's C does not), the search agrees.
    const [kelvin] = await t.handle.query<{ matches: boolean }>(sql`SELECT ${'\u212Aelvin Kx'} ILIKE ${'%ke%'} AS matches`);
    expect((await byName('ke')).includes('\u212Aelvin Kx')).toBe(kelvin.matches);
  });
});
