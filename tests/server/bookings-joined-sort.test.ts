// The bookings' Guest and Property sorts walk booking_names, the guest's name and the property's title
// of each booking by status, which the fold fills a moment after the insert (decision 034), one status
// at a time merged into one order when no status is chosen, with the bookings not folded yet read from
// their guests and properties, and add the bookings without a name (no guest or property, or an empty
// name) at the end. Paged one after the other, every page together gives exactly the order of the
// rule: named bookings by name then id, then the unnamed ones by id, in the order asked, each booking
// once, with and without a status filter and a search, half the bookings folded and all of them. The
// names follow renames, new links, status changes and deletions, folded or not.
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { containsPattern } from '../../server/lib/paging';
import { createBookingsRepository } from '../../server/modules/bookings/bookings.repository';
import { type Booking } from '../../src/contracts/bookings';
import { declaration as bookingList } from '../../src/contracts/lists/bookings';
import { signedInTestApp } from './helpers/app';
import { foldAll } from './helpers/fold';
import { insertBooking, insertGuest, insertHost, insertProperty } from './helpers/fixtures';

const t = signedInTestApp();

beforeAll(async () => {
  const host = await insertHost(t.handle);
  // Lower-case ASCII names, some shared, so both databases' collations agree with the comparison below.
  const guests = await Promise.all(['amina', 'bashir', 'amina', 'caaliya', ''].map((name) => insertGuest(t.handle, { name })));
  const places = await Promise.all(['beach house', 'aloe villa', 'beach house', ''].map((title) => insertProperty(t.handle, host.id, { title })));
  const statuses = ['confirmed', 'pending', 'cancelled'] as const;
  for (let index = 0; index < 40; index += 1) {
    // Half the bookings folded into booking_names, the other half not yet.
    if (index === 20) await foldAll(t.handle);
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

const SORTS = [
  ['User.name', (row: Booking) => row.User?.name ?? null],
  ['Property.title', (row: Booking) => row.Property?.title ?? null],
] as const;

/**
 * Every page in turn under the sort, each booking once, unnamed ones there and last; answers the ids
 * as paged and in the rule order.
 */
async function pagedAndRuleOrder(sort: (typeof SORTS)[number][0], nameOf: (typeof SORTS)[number][1], order: 'asc' | 'desc', filter: string) {
  const { rows: paged, total } = await allPages(`sort=${sort}&order=${order}${filter}`);
  expect(paged.length).toBe(total);
  expect(new Set(paged.map((row) => row.id)).size).toBe(paged.length);
  expect(paged.length).toBeGreaterThan(bookingList.pageSize);
  expect(nameOf(paged.at(-1)!) ?? '').toBe('');
  return { paged: paged.map((row) => row.id), rule: expectedOrder(paged, nameOf, order) };
}

describe.each(SORTS)('bookings sorted by %s', (sort, nameOf) => {
  it.each([
    ['asc', ''],
    ['desc', ''],
    ['asc', '&status=confirmed'],
    ['desc', '&status=cancelled'],
  ] as const)('page after page in %s order%s give every booking once, in the rule order, half of them folded', async (order, status) => {
    const { paged, rule } = await pagedAndRuleOrder(sort, nameOf, order, status);
    expect(paged).toEqual(rule);
  });

  it('page after page of a search give the rule order', async () => {
    // "a" is in every named guest and property, and in the test host's e-mail: a broad enough search.
    const searched = await pagedAndRuleOrder(sort, nameOf, 'asc', '&q=a');
    expect(searched.paged).toEqual(searched.rule);
    const searchedPending = await pagedAndRuleOrder(sort, nameOf, 'desc', '&q=a&status=pending');
    expect(searchedPending.paged).toEqual(searchedPending.rule);
  });
});

describe('a broad search under the Guest and Property sorts', () => {
  it.each([
    ['User.name', 'asc', undefined],
    ['Property.title', 'desc', 'confirmed'],
  ] as const)('walks booking_names (%s %s) to the same pages as a narrow search sorts', async (sort, order, status) => {
    // Without its guests and properties found first, the search tests each booking the walks pass.
    const repository = createBookingsRepository(t.handle.db);
    const pattern = containsPattern('a');
    const sources = await repository.findSearchSources(pattern, 1000);
    const total = await repository.count({ pattern, status, sources });
    expect(total).toBeGreaterThan(10);
    const broad: number[] = [];
    const narrow: number[] = [];
    for (let offset = 0; offset < total + 7; offset += 7) {
      const request = { pattern, status, sort, order, limit: 7, offset };
      broad.push(...(await repository.listPage(request)).map((row) => row.id));
      narrow.push(...(await repository.listPage({ ...request, sources })).map((row) => row.id));
    }
    expect(broad).toHaveLength(total);
    expect(broad).toEqual(narrow);
  });
});

describe('the sorts with every booking folded', () => {
  it('give the same order as before the fold', async () => {
    const before = await allPages('sort=User.name&order=desc');
    await foldAll(t.handle);
    const [row] = await t.handle.query<{ unfolded: number }>(sql`SELECT count(*)::int AS unfolded FROM unfolded_booking_ids()`);
    expect(row.unfolded).toBe(0);
    expect((await allPages('sort=User.name&order=desc')).rows.map((booking) => booking.id)).toEqual(before.rows.map((booking) => booking.id));
    const byTitle = await pagedAndRuleOrder('Property.title', SORTS[1][1], 'asc', '');
    expect(byTitle.paged).toEqual(byTitle.rule);
    const pendingByName = await pagedAndRuleOrder('User.name', SORTS[0][1], 'desc', '&status=pending');
    expect(pendingByName.paged).toEqual(pendingByName.rule);
  });
});

describe('the names the Guest and Property sorts read', () => {
  const namesOf = async (bookingId: number) => {
    const [row] = await t.handle.query<{ status: string; guest_name: string | null; property_title: string | null }>(
      sql`SELECT status, guest_name, property_title FROM booking_names WHERE booking_id = ${bookingId}`,
    );
    return row;
  };

  it('come with the fold, and follow a rename, a retitle, a new guest, a new status and a deletion', async () => {
    const host = await insertHost(t.handle);
    const guest = await insertGuest(t.handle, { name: 'yasmin copy' });
    const other = await insertGuest(t.handle, { name: 'zahra copy' });
    const place = await insertProperty(t.handle, host.id, { title: 'copy lodge' });
    const booking = await insertBooking(t.handle, { guestId: guest.id, propertyId: place.id, status: 'confirmed' });
    // The insert writes nothing there; the fold does.
    expect(await namesOf(booking.id)).toBeUndefined();
    await foldAll(t.handle);
    expect(await namesOf(booking.id)).toEqual({ status: 'confirmed', guest_name: 'yasmin copy', property_title: 'copy lodge' });

    await t.handle.query(sql`UPDATE users SET name = 'amal copy' WHERE id = ${guest.id}`);
    await t.handle.query(sql`UPDATE properties SET title = '' WHERE id = ${place.id}`);
    expect(await namesOf(booking.id)).toEqual({ status: 'confirmed', guest_name: 'amal copy', property_title: null });

    await t.handle.query(sql`UPDATE bookings SET guest_id = ${other.id}, status = 'completed' WHERE id = ${booking.id}`);
    await t.handle.query(sql`UPDATE properties SET title = 'copy lodge two' WHERE id = ${place.id}`);
    expect(await namesOf(booking.id)).toEqual({ status: 'completed', guest_name: 'zahra copy', property_title: 'copy lodge two' });

    // A deleted property leaves the booking without one, and without a title to sort by.
    await t.handle.query(sql`DELETE FROM properties WHERE id = ${place.id}`);
    expect(await namesOf(booking.id)).toEqual({ status: 'completed', guest_name: 'zahra copy', property_title: null });

    await t.handle.query(sql`DELETE FROM bookings WHERE id = ${booking.id}`);
    expect(await namesOf(booking.id)).toBeUndefined();
  });

  it('are read as they stand when the booking changed before its fold', async () => {
    const guest = await insertGuest(t.handle, { name: 'hodan early' });
    const booking = await insertBooking(t.handle, { guestId: guest.id, propertyId: null, status: 'pending' });
    await t.handle.query(sql`UPDATE users SET name = 'hodan renamed' WHERE id = ${guest.id}`);
    await t.handle.query(sql`UPDATE bookings SET status = 'cancelled' WHERE id = ${booking.id}`);
    await foldAll(t.handle);
    expect(await namesOf(booking.id)).toEqual({ status: 'cancelled', guest_name: 'hodan renamed', property_title: null });
  });

  it('are made whole again by a recount after a load with the triggers off', async () => {
    const guest = await insertGuest(t.handle, { name: 'loaded quietly' });
    await t.handle.query(sql`SELECT set_list_counter_triggers(false)`);
    await t.handle.query(sql`SELECT set_live_change_triggers(false)`);
    let bookingId: number;
    try {
      bookingId = (await insertBooking(t.handle, { guestId: guest.id, propertyId: null, status: 'confirmed' })).id;
    } finally {
      await t.handle.query(sql`SELECT set_list_counter_triggers(true)`);
      await t.handle.query(sql`SELECT set_live_change_triggers(true)`);
    }
    expect(await namesOf(bookingId)).toBeUndefined();
    await t.handle.query(sql`SELECT rebuild_list_counters()`);
    expect(await namesOf(bookingId)).toEqual({ status: 'confirmed', guest_name: 'loaded quietly', property_title: null });
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

describe("a broad search under the Guest and Property sorts, read from the sort's own matches", () => {
  // The term's matches on the sort's own side are sorted by name first and their bookings read in
  // that order; those on the other side are read by key when given (few), else walked and tested.
  it.each([
    ['a', 'User.name', 'asc', undefined, 'given'],
    ['a', 'User.name', 'desc', 'confirmed', 'walked'],
    ['a', 'Property.title', 'asc', 'pending', 'given'],
    ['a', 'Property.title', 'desc', undefined, 'walked'],
    ['amina', 'User.name', 'desc', undefined, 'given'],
    ['amina', 'Property.title', 'asc', undefined, 'walked'],
    ['beach', 'User.name', 'asc', 'cancelled', 'walked'],
    ['beach', 'Property.title', 'desc', undefined, 'given'],
  ] as const)('"%s" under %s %s (status %s, the other side %s) gives the pages a narrow search sorts', async (term, sort, order, status, otherSide) => {
    const repository = createBookingsRepository(t.handle.db);
    const pattern = containsPattern(term);
    // A booking the term names by its id although neither its guest nor its property matches.
    const [named] = (
      (await t.handle.db.execute(sql`SELECT booking.id FROM bookings AS booking JOIN users AS guest ON guest.id = booking.guest_id
        JOIN properties AS property ON property.id = booking.property_id
        WHERE guest.name = 'bashir' AND property.title = 'aloe villa' AND booking.status = ${status ?? 'confirmed'} ORDER BY booking.id LIMIT 1`)) as unknown as {
        rows: { id: number }[];
      }
    ).rows;
    const id = term === 'amina' ? Number(named.id) : undefined;
    const sources = await repository.findSearchSources(pattern, 1000);
    const found = await repository.findSortSides(pattern, sort, { pattern, status });
    expect(found?.other).toBeDefined();
    const sides = otherSide === 'given' ? found! : { own: found!.own };
    const total = await repository.count({ pattern, status, id, sources });
    expect(total).toBeGreaterThan(7);
    const fromSides: number[] = [];
    const narrow: number[] = [];
    for (let offset = 0; offset < total + 7; offset += 7) {
      const request = { pattern, status, id, sort, order, limit: 7, offset };
      fromSides.push(...(await repository.listPage({ ...request, sides })).map((row) => row.id));
      narrow.push(...(await repository.listPage({ ...request, sources })).map((row) => row.id));
    }
    expect(fromSides).toHaveLength(total);
    expect(fromSides).toEqual(narrow);
    // The booking named by its id is among them, though neither its guest nor its property matches.
    expect(fromSides).toEqual(expect.arrayContaining(id === undefined ? [] : [id]));
  });

  it('are not looked up for the other sorts, nor past the side limit', async () => {
    const repository = createBookingsRepository(t.handle.db);
    expect(await repository.findSortSides(containsPattern('a'), 'total', {})).toBeUndefined();
    expect(await repository.findSortSides(containsPattern('a'), undefined, {})).toBeUndefined();
  });
});

describe("a broad search under a sort of the booking's own", () => {
  // A walk of the sort's order that meets too few matches within its bound is walked again, testing
  // each booking's guest and property against the term's, found first: the same pages either way.
  it.each([
    ['a', 'total', 'desc', undefined],
    ['a', 'checkInDate', 'asc', 'pending'],
    ['beach', 'status', 'desc', undefined],
    ['amina', 'checkOutDate', 'desc', undefined],
    ['a', undefined, 'desc', 'confirmed'],
  ] as const)('"%s" under %s %s (status %s) gives the pages a narrow search sorts, walked far or not', async (term, sort, order, status) => {
    const pattern = containsPattern(term);
    const walkedFar = createBookingsRepository(t.handle.db);
    const walkedShort = createBookingsRepository(t.handle.db, { broadWalkBound: 3 });
    const sources = await walkedFar.findSearchSources(pattern, 1000);
    const total = await walkedFar.count({ pattern, status, sources });
    expect(total).toBeGreaterThan(7);
    const far: number[] = [];
    const short: number[] = [];
    const narrow: number[] = [];
    for (let offset = 0; offset < total + 7; offset += 7) {
      const request = { pattern, status, sort, order, limit: 7, offset };
      far.push(...(await walkedFar.listPage(request)).map((row) => row.id));
      short.push(...(await walkedShort.listPage(request)).map((row) => row.id));
      narrow.push(...(await walkedFar.listPage({ ...request, sources })).map((row) => row.id));
    }
    expect(narrow).toHaveLength(total);
    expect(far).toEqual(narrow);
    expect(short).toEqual(narrow);
  });
});
