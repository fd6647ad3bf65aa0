// The bookings' Guest and Property sorts walk the copies of the guest's name and the property's title
// each booking keeps (migration 0016), one status at a time merged into one order when no status is
// chosen (migration 0032), and add the bookings without a name (no guest or property, or an empty
// name) at the end. Paged one after the other, every page together gives exactly the order
// of the rule: named bookings by name then id, then the unnamed ones by id, in the order asked, each
// booking once, with and without a status filter. The copies follow renames and deletions, and a
// statement cannot write them.
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { type Booking } from '../../src/contracts/bookings';
import { declaration as bookingList } from '../../src/contracts/lists/bookings';
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
    if (batch.length < bookingList.pageSize) return { rows, total: Number(response.headers['x-total-count']) };
  }
}

/** The rule: a name first (empty or missing last), by name in the order asked, then by id in the same order. */
function expectedOrder(rows: Booking[], nameOf: (row: Booking) => string | null, order: 'asc' | 'desc'): number[] {
  const sign = order === 'asc' ? 1 : -1;
  return [...rows]
    .sort((a, b) => {
      const [nameA, nameB] = [nameOf(a), nameOf(b)];
      const emptyA = nameA === null || nameA === '';
      const emptyB = nameB === null || nameB === '';
      if (emptyA !== emptyB) return emptyA ? 1 : -1;
      if (emptyA) return (a.id - b.id) * sign;
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
    expect(paged.length).toBeGreaterThan(bookingList.pageSize);
    expect(paged.map((row) => row.id)).toEqual(expectedOrder(paged, nameOf, order));
    // Unnamed bookings are there, and last.
    expect(nameOf(paged.at(-1)!) ?? '').toBe('');
  });
});

describe('the copies the Guest and Property sorts read', () => {
  const copiesOf = async (bookingId: number) => {
    const [row] = await t.handle.query<{ guest_name: string | null; property_title: string | null }>(
      sql`SELECT guest_name, property_title FROM bookings WHERE id = ${bookingId}`,
    );
    return row;
  };

  it('follow a rename, a retitle, a new guest and a deleted property, and ignore a forged write', async () => {
    const host = await insertHost(t.handle);
    const guest = await insertGuest(t.handle, { name: 'yasmin copy' });
    const other = await insertGuest(t.handle, { name: 'zahra copy' });
    const place = await insertProperty(t.handle, host.id, { title: 'copy lodge' });
    const booking = await insertBooking(t.handle, { guestId: guest.id, propertyId: place.id, status: 'confirmed' });
    expect(await copiesOf(booking.id)).toEqual({ guest_name: 'yasmin copy', property_title: 'copy lodge' });

    await t.handle.query(sql`UPDATE users SET name = 'amal copy' WHERE id = ${guest.id}`);
    await t.handle.query(sql`UPDATE properties SET title = '' WHERE id = ${place.id}`);
    expect(await copiesOf(booking.id)).toEqual({ guest_name: 'amal copy', property_title: null });

    await t.handle.query(sql`UPDATE bookings SET guest_id = ${other.id} WHERE id = ${booking.id}`);
    await t.handle.query(sql`UPDATE properties SET title = 'copy lodge two' WHERE id = ${place.id}`);
    expect(await copiesOf(booking.id)).toEqual({ guest_name: 'zahra copy', property_title: 'copy lodge two' });

    // Whatever a statement writes into a copy, it is read from the guest and the property.
    await t.handle.query(sql`UPDATE bookings SET guest_name = 'aaa forged', property_title = 'aaa forged' WHERE id = ${booking.id}`);
    expect(await copiesOf(booking.id)).toEqual({ guest_name: 'zahra copy', property_title: 'copy lodge two' });

    // A deleted property leaves the booking without one, and without a title to sort by.
    await t.handle.query(sql`DELETE FROM properties WHERE id = ${place.id}`);
    expect(await copiesOf(booking.id)).toEqual({ guest_name: 'zahra copy', property_title: null });
  });

  it("sort a renamed guest's bookings under the new name at once", async () => {
    const guest = await insertGuest(t.handle, { name: 'aaaa first' });
    const booking = await insertBooking(t.handle, { guestId: guest.id, propertyId: null, status: 'pending' });
    const firstId = async () =>
      (await t.request({ method: 'GET', url: '/api/admin/bookings?page=1&sort=User.name&order=asc', token: t.token })).json<Booking[]>()[0].id;
    expect(await firstId()).toBe(booking.id);
    await t.handle.query(sql`UPDATE users SET name = 'zzzz last' WHERE id = ${guest.id}`);
    expect(await firstId()).not.toBe(booking.id);
    const lastNamed = await t.request({ method: 'GET', url: '/api/admin/bookings?page=1&sort=User.name&order=desc', token: t.token });
    expect(lastNamed.json<Booking[]>()[0]).toMatchObject({ id: booking.id, User: { name: 'zzzz last' } });
  });
});
