// The bookings' Guest and Property sorts walk names from the joined table's index and add the
// bookings without a name (no guest or property, or an empty name) at the end. Paged one after the
// other, every page together gives exactly the order of the rule: named bookings by name then id,
// then the unnamed ones (empty names before missing ones ascending, after them descending), each
// booking once, with and without a status filter, in both orders.
import { beforeAll, describe, expect, it } from 'vitest';
import { BOOKINGS_PAGE_SIZE, type Booking } from '../../src/contracts/bookings';
import { signedInTestApp } from './helpers/app';
import { insertBooking, insertGuest, insertHost, insertProperty } from './helpers/fixtures';

const t = signedInTestApp();

beforeAll(async () => {
  const host = await insertHost(t.handle);
  // Lower-case ASCII names, some shared, so both databases' collations agree with the comparison below.
  const guests = await Promise.all(['amina', 'bashir', 'amina', 'caaliya', ''].map((name) => insertGuest(t.handle, { name })));
  const places = await Promise.all(['beach house', 'aloe villa', 'beach house', ''].map((title) => insertProperty(t.handle, host.id, { title })));
  const statuses = ['confirmed', 'pending', 'cancelled'] as const;
  for (let index = 0; index < 40; index += 1) {
    await insertBooking(t.handle, {
      guestId: index % 7 === 6 ? null : guests[index % guests.length].id,
      propertyId: index % 9 === 8 ? null : places[index % places.length].id,
      status: statuses[index % statuses.length],
    });
  }
});

/** Every page in turn, and the total the pages announced. */
async function allPages(query: string): Promise<{ rows: Booking[]; total: number }> {
  const rows: Booking[] = [];
  for (let page = 1; ; page += 1) {
    const response = await t.request({ method: 'GET', url: `/api/admin/bookings?page=${page}&${query}`, token: t.token });
    expect(response.statusCode, response.body).toBe(200);
    const batch = response.json<Booking[]>();
    rows.push(...batch);
    if (batch.length < BOOKINGS_PAGE_SIZE) return { rows, total: Number(response.headers['x-total-count']) };
  }
}

/** The rule: a name first (empty or missing last), by name in the order asked, then by id in the same order. */
function expectedOrder(rows: Booking[], nameOf: (row: Booking) => string | null, order: 'asc' | 'desc'): number[] {
  const sign = order === 'asc' ? 1 : -1;
  // Among unnamed rows: '' before a missing name ascending (nulls sort last), the reverse descending.
  const rank = (name: string | null) => (name === null ? 1 : 0);
  return [...rows]
    .sort((a, b) => {
      const [nameA, nameB] = [nameOf(a), nameOf(b)];
      const emptyA = nameA === null || nameA === '';
      const emptyB = nameB === null || nameB === '';
      if (emptyA !== emptyB) return emptyA ? 1 : -1;
      if (emptyA) return (rank(nameA) - rank(nameB)) * sign || (a.id - b.id) * sign;
      return (nameA! < nameB! ? -1 : nameA! > nameB! ? 1 : 0) * sign || (a.id - b.id) * sign;
    })
    .map((row) => row.id);
}

describe.each([
  ['User.name', (row: Booking) => row.User?.name ?? null],
  ['Property.title', (row: Booking) => row.Property?.title ?? null],
] as const)('bookings sorted by %s', (sort, nameOf) => {
  it.each([
    ['asc', ''],
    ['desc', ''],
    ['asc', '&status=confirmed'],
    ['desc', '&status=cancelled'],
  ] as const)('page after page in %s order%s give every booking once, in the rule order', async (order, status) => {
    const { rows: paged, total } = await allPages(`sort=${sort}&order=${order}${status}`);
    expect(paged.length).toBe(total);
    expect(new Set(paged.map((row) => row.id)).size).toBe(paged.length);
    expect(paged.length).toBeGreaterThan(BOOKINGS_PAGE_SIZE);
    expect(paged.map((row) => row.id)).toEqual(expectedOrder(paged, nameOf, order));
    // Unnamed bookings are there, and last.
    expect(nameOf(paged.at(-1)!) ?? '').toBe('');
  });
});
