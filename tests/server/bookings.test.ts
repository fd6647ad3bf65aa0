import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { type Booking } from '../../src/contracts/bookings';
import { declaration as bookingList } from '../../src/contracts/lists/bookings';
import { signedInTestApp } from './helpers/app';
import { insertBooking, insertGuest, insertHost, insertProperty } from './helpers/fixtures';

const t = signedInTestApp();

let tagCount = 0;
/** A word no other test uses, so a search for it sees only this test's rows. */
const newTag = () => `bkgtag${(tagCount += 1)}q`;

const get = (url: string, withToken = true) => t.request({ method: 'GET', url, token: withToken ? t.token : undefined });

async function page(query: Record<string, string | number>) {
  const search = new URLSearchParams(Object.entries(query).map(([key, value]) => [key, String(value)]));
  const response = await get(`/api/admin/bookings?${search}`);
  expect(response.statusCode, response.body).toBe(200);
  return {
    rows: response.json<Booking[]>(),
    total: Number(response.headers['x-total-count']),
    pending: response.headers['x-total-pending'],
    ids: response.json<Booking[]>().map((row) => row.id),
  };
}

/** A guest and a property both named after the tag, and `count` bookings between them. */
async function bookingsFor(tag: string, count: number, values: Parameters<typeof insertBooking>[1] = {}) {
  const host = await insertHost(t.handle);
  const property = await insertProperty(t.handle, host.id, { title: `Villa ${tag}` });
  const guest = await insertGuest(t.handle, { name: `Guest ${tag}` });
  const rows = [];
  for (let n = 0; n < count; n += 1) rows.push(await insertBooking(t.handle, { guestId: guest.id, propertyId: property.id, ...values }));
  return { host, property, guest, rows };
}

describe('GET /api/admin/bookings without parameters', () => {
  it('answers every booking in id order with the fields of docs/product.md §18, guest and property nested', async () => {
    const host = await insertHost(t.handle);
    const property = await insertProperty(t.handle, host.id, { title: 'Lido loft', address: '4 Lido Road' });
    const guest = await insertGuest(t.handle, { name: 'Sahra Abdi', email: 'sahra@hoy.test' });
    const full = await insertBooking(t.handle, {
      guestId: guest.id,
      propertyId: property.id,
      status: 'pending',
      checkInDate: '2025-01-05',
      checkOutDate: '2025-01-09',
      total: 180.5,
      adultCount: 2,
      childrenCount: 3,
      isPetComing: true,
      isDisputed: true,
    });
    const orphan = await insertBooking(t.handle, {
      guestId: null,
      propertyId: null,
      checkInDate: null,
      checkOutDate: null,
      status: 'cancelled',
      isCancelled: true,
    });
    const response = await get('/api/admin/bookings');
    expect(response.statusCode).toBe(200);
    expect(response.headers['x-total-count']).toBeUndefined();
    const rows = response.json<Booking[]>();
    expect(rows.find((row) => row.id === full.id)).toEqual({
      id: full.id,
      status: 'pending',
      checkInDate: '2025-01-05',
      checkOutDate: '2025-01-09',
      total: 180.5,
      adultCount: 2,
      childrenCount: 3,
      isPetComing: true,
      isCancelled: false,
      isDisputed: true,
      User: { name: 'Sahra Abdi', email: 'sahra@hoy.test', suspendedAt: null },
      Property: { title: 'Lido loft', address: '4 Lido Road' },
    });
    expect(rows.find((row) => row.id === orphan.id)).toMatchObject({ User: null, Property: null, checkInDate: null, checkOutDate: null, isCancelled: true });
    const ids = rows.map((row) => row.id);
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
  });

  it('answers the same array at /api/admin/admin/bookings (the Refresh path)', async () => {
    await insertBooking(t.handle);
    const first = await get('/api/admin/bookings');
    const second = await get('/api/admin/admin/bookings');
    expect(second.statusCode).toBe(200);
    expect(second.json()).toEqual(first.json());
  });

  it('streams more bookings than one batch, each exactly once', async () => {
    await t.handle.query(sql`INSERT INTO bookings (status, total) SELECT 'completed', n FROM generate_series(1, 1100) AS n`);
    const rows = (await get('/api/admin/bookings')).json<Booking[]>();
    const [{ count }] = await t.handle.query<{ count: number }>(sql`SELECT count(*)::int AS count FROM bookings`);
    expect(rows).toHaveLength(count);
    expect(new Set(rows.map((row) => row.id)).size).toBe(count);
  });

  it('refuses a missing or unknown token with 401', async () => {
    expect((await get('/api/admin/bookings', false)).statusCode).toBe(401);
    expect((await get('/api/admin/admin/bookings', false)).statusCode).toBe(401);
    expect((await t.request({ method: 'GET', url: '/api/admin/bookings?page=1', token: 'y'.repeat(43) })).statusCode).toBe(401);
  });
});

describe('GET /api/admin/bookings, paged form', () => {
  it('answers one page of 8 by default, newest first, with the total in X-Total-Count', async () => {
    const tag = newTag();
    const { rows } = await bookingsFor(tag, 10);
    const first = await page({ q: tag, page: 1 });
    expect(first.rows).toHaveLength(bookingList.pageSize);
    expect(first.total).toBe(10);
    const second = await page({ q: tag, page: 2 });
    expect([...first.ids, ...second.ids]).toEqual(rows.map((row) => row.id).reverse());
    expect((await page({ q: tag, page: 5 })).rows).toEqual([]);
    expect((await page({ q: tag, pageSize: 3, page: 4 })).ids).toEqual([rows[0].id]);
  });

  it('filters by status', async () => {
    const tag = newTag();
    const { guest, property } = await bookingsFor(tag, 0);
    const ids: Record<string, number> = {};
    for (const status of ['confirmed', 'pending', 'cancelled', 'completed'] as const) {
      ids[status] = (await insertBooking(t.handle, { guestId: guest.id, propertyId: property.id, status })).id;
    }
    for (const status of ['confirmed', 'pending', 'cancelled', 'completed']) {
      const result = await page({ q: tag, status });
      expect(result.ids, status).toEqual([ids[status]]);
      expect(result.total).toBe(1);
    }
  });

  it('searches guest name, guest e-mail, property title and property address case-insensitively', async () => {
    const tag = newTag();
    const host = await insertHost(t.handle);
    const byTitle = await insertBooking(t.handle, { propertyId: (await insertProperty(t.handle, host.id, { title: `Loft ${tag.toUpperCase()}` })).id });
    const byAddress = await insertBooking(t.handle, { propertyId: (await insertProperty(t.handle, host.id, { address: `7 ${tag} Street` })).id });
    const byName = await insertBooking(t.handle, { guestId: (await insertGuest(t.handle, { name: `Nimco ${tag}` })).id });
    const byEmail = await insertBooking(t.handle, { guestId: (await insertGuest(t.handle, { email: `${tag}@MAIL.test` })).id });
    const result = await page({ q: tag.toUpperCase(), sort: 'id' });
    expect(result.ids).toEqual([byTitle.id, byAddress.id, byName.id, byEmail.id]);
    expect((await page({ q: `${tag}@mail` })).ids).toEqual([byEmail.id]);
  });

  it('finds a long term that is a whole value, as long as the value itself, and nothing for one character more', async () => {
    const tag = newTag();
    const host = await insertHost(t.handle);
    const title = `${tag} (sea) view, 2-bed!`;
    const email = `${tag}.first.last@mail.test`;
    const byTitle = await insertBooking(t.handle, { propertyId: (await insertProperty(t.handle, host.id, { title })).id });
    const byEmail = await insertBooking(t.handle, { guestId: (await insertGuest(t.handle, { email })).id });
    // Each value's length equals the term's: the length tried before a long match lets it through.
    expect((await page({ q: title.toUpperCase() })).ids).toEqual([byTitle.id]);
    expect((await page({ q: email.toUpperCase() })).ids).toEqual([byEmail.id]);
    expect((await page({ q: `${title}!` })).ids).toEqual([]);
    expect((await page({ q: `x${email}` })).ids).toEqual([]);
    expect((await page({ q: '!?'.repeat(100) })).ids).toEqual([]);
  });

  it('matches a booking id as 123 or #123', async () => {
    const booking = await insertBooking(t.handle);
    expect((await page({ q: String(booking.id), pageSize: 100 })).ids).toContain(booking.id);
    expect((await page({ q: `#${booking.id}`, pageSize: 100 })).ids).toEqual([booking.id]);
    expect((await page({ q: `#${booking.id}`, status: booking.status === 'pending' ? 'confirmed' : 'pending' })).ids).toEqual([]);
  });

  it('takes % and _ in a search literally', async () => {
    const tag = newTag();
    const host = await insertHost(t.handle);
    const percent = await insertBooking(t.handle, { propertyId: (await insertProperty(t.handle, host.id, { title: `${tag} 50% off` })).id });
    const underscore = await insertBooking(t.handle, { propertyId: (await insertProperty(t.handle, host.id, { title: `${tag} snake_case` })).id });
    await insertBooking(t.handle, { propertyId: (await insertProperty(t.handle, host.id, { title: `${tag} 500 off` })).id });
    await insertBooking(t.handle, { propertyId: (await insertProperty(t.handle, host.id, { title: `${tag} snakeXcase` })).id });
    expect((await page({ q: `${tag} 50%` })).ids).toEqual([percent.id]);
    expect((await page({ q: 'snake_case' })).ids).toEqual([underscore.id]);
  });

  it('sorts by guest name and property title both ways with missing values last', async () => {
    const tag = newTag();
    const host = await insertHost(t.handle);
    const property = await insertProperty(t.handle, host.id, { title: `Home ${tag}` });
    const zahra = await insertBooking(t.handle, { propertyId: property.id, guestId: (await insertGuest(t.handle, { name: 'Zahra' })).id });
    const abdi = await insertBooking(t.handle, { propertyId: property.id, guestId: (await insertGuest(t.handle, { name: 'Abdi' })).id });
    const blank = await insertBooking(t.handle, { propertyId: property.id, guestId: (await insertGuest(t.handle, { name: '' })).id });
    const noGuest = await insertBooking(t.handle, { propertyId: property.id, guestId: null });
    const ascending = (await page({ q: tag, sort: 'User.name', order: 'asc' })).ids;
    expect(ascending.slice(0, 2)).toEqual([abdi.id, zahra.id]);
    expect(ascending.slice(2).sort()).toEqual([blank.id, noGuest.id].sort());
    const descending = (await page({ q: tag, sort: 'User.name', order: 'desc' })).ids;
    expect(descending.slice(0, 2)).toEqual([zahra.id, abdi.id]);
    expect(descending.slice(2).sort()).toEqual([blank.id, noGuest.id].sort());

    const guest = await insertGuest(t.handle, { name: `Traveller ${tag}x` });
    const bravo = await insertBooking(t.handle, { guestId: guest.id, propertyId: (await insertProperty(t.handle, host.id, { title: 'Bravo' })).id });
    const alpha = await insertBooking(t.handle, { guestId: guest.id, propertyId: (await insertProperty(t.handle, host.id, { title: 'Alpha' })).id });
    const noProperty = await insertBooking(t.handle, { guestId: guest.id, propertyId: null });
    expect((await page({ q: `${tag}x`, sort: 'Property.title', order: 'asc' })).ids).toEqual([alpha.id, bravo.id, noProperty.id]);
    expect((await page({ q: `${tag}x`, sort: 'Property.title', order: 'desc' })).ids).toEqual([bravo.id, alpha.id, noProperty.id]);
  });

  it('sorts by check-in and check-out both ways with missing dates last', async () => {
    const tag = newTag();
    const { guest, property } = await bookingsFor(tag, 0);
    const at = (checkInDate: string | null, checkOutDate: string | null) =>
      insertBooking(t.handle, { guestId: guest.id, propertyId: property.id, checkInDate, checkOutDate });
    const early = await at('2025-01-05', '2025-03-01');
    const late = await at('2025-06-01', '2025-02-01');
    const missing = await at(null, null);
    expect((await page({ q: tag, sort: 'checkInDate', order: 'asc' })).ids).toEqual([early.id, late.id, missing.id]);
    expect((await page({ q: tag, sort: 'checkInDate', order: 'desc' })).ids).toEqual([late.id, early.id, missing.id]);
    expect((await page({ q: tag, sort: 'checkOutDate', order: 'asc' })).ids).toEqual([late.id, early.id, missing.id]);
    expect((await page({ q: tag, sort: 'checkOutDate', order: 'desc' })).ids).toEqual([early.id, late.id, missing.id]);
  });

  it('sorts by total, status and id both ways, the id breaking ties', async () => {
    const tag = newTag();
    const { guest, property } = await bookingsFor(tag, 0);
    const make = (total: number, status: 'confirmed' | 'pending' | 'completed') =>
      insertBooking(t.handle, { guestId: guest.id, propertyId: property.id, total, status });
    const cheap = await make(50, 'pending');
    const dear = await make(900.25, 'completed');
    const cheapTwin = await make(50, 'confirmed');
    expect((await page({ q: tag, sort: 'total', order: 'asc' })).ids).toEqual([cheap.id, cheapTwin.id, dear.id]);
    expect((await page({ q: tag, sort: 'total', order: 'desc' })).ids).toEqual([dear.id, cheapTwin.id, cheap.id]);
    expect((await page({ q: tag, sort: 'status', order: 'asc' })).ids).toEqual([dear.id, cheapTwin.id, cheap.id]);
    expect((await page({ q: tag, sort: 'status', order: 'desc' })).ids).toEqual([cheap.id, cheapTwin.id, dear.id]);
    expect((await page({ q: tag, sort: 'id', order: 'asc' })).ids).toEqual([cheap.id, dear.id, cheapTwin.id]);
    expect((await page({ q: tag, sort: 'id', order: 'desc' })).ids).toEqual([cheapTwin.id, dear.id, cheap.id]);
    expect((await page({ q: tag, sort: 'total', order: 'desc' })).rows[0].total).toBe(900.25);
  });

  it('pages a narrow search in id order both ways, each booking once though its guest and property both match', async () => {
    const tag = newTag();
    const { rows } = await bookingsFor(tag, 5, { status: 'confirmed' });
    const { guest, property } = await bookingsFor(`${tag}p`, 0);
    const pending = [await insertBooking(t.handle, { guestId: guest.id, propertyId: property.id, status: 'pending' })];
    const ids = [...rows, ...pending].map((row) => row.id).sort((a, b) => a - b);
    expect(await page({ q: tag, sort: 'id', order: 'asc', pageSize: 2, page: 2 })).toMatchObject({ ids: ids.slice(2, 4), total: 6 });
    expect((await page({ q: tag, sort: 'id', order: 'desc', pageSize: 4, page: 2 })).ids).toEqual([...ids].reverse().slice(4));
    expect((await page({ q: tag })).ids).toEqual([...ids].reverse());
    expect(await page({ q: tag, status: 'pending' })).toMatchObject({ ids: pending.map((row) => row.id), total: 1 });
    expect((await page({ q: tag, sort: 'id', page: 4, pageSize: 2 })).ids).toEqual([]);
  });

  // Up to 2,000 matching guests and properties whose bookings number at most 10,000 are read by key,
  // with the total on the page; more guests make the search broad: rows first, total from /total.
  it.each([
    { guestCount: 600, plan: 'their few bookings read by key', isBroad: false },
    { guestCount: 2100, plan: 'the broad search plan', isBroad: true },
  ])('answers the same way when a search matches $guestCount guests ($plan)', async ({ guestCount, isBroad }) => {
    const tag = newTag();
    await t.handle.query(sql`INSERT INTO users (is_host, name) SELECT false, ${`Broad ${tag} `} || n FROM generate_series(1, ${guestCount}::int) AS n`);
    const guests = await t.handle.query<{ id: number }>(sql`SELECT id FROM users WHERE name LIKE ${`Broad ${tag} %`} ORDER BY id LIMIT 3`);
    const made = [];
    for (const [index, guest] of guests.entries()) {
      made.push(await insertBooking(t.handle, { guestId: guest.id, status: index === 0 ? 'pending' : 'confirmed', total: 10 * (index + 1) }));
    }
    const other = await insertBooking(t.handle, { guestId: (await insertGuest(t.handle, { name: 'Someone else' })).id });
    const all = await page({ q: `broad ${tag.toUpperCase()}` });
    expect(all.ids).toEqual(made.map((row) => row.id).reverse());
    // A broad search's rows come first; its exact total from /total (decision 021).
    expect(all.pending).toBe(isBroad ? '1' : undefined);
    expect(all.total).toBe(isBroad ? Number.NaN : 3);
    expect((await get(`/api/admin/bookings/total?q=${encodeURIComponent(`broad ${tag.toUpperCase()}`)}`)).json()).toEqual({ total: 3 });
    expect((await page({ q: `Broad ${tag}`, status: 'pending' })).ids).toEqual([made[0].id]);
    expect((await page({ q: `Broad ${tag}`, sort: 'total', order: 'desc', pageSize: 2, page: 2 })).ids).toEqual([made[0].id]);
    const byCheckIn = await page({ q: `Broad ${tag}`, sort: 'checkInDate', order: 'asc' });
    expect(byCheckIn.ids).toHaveLength(3);
    expect(byCheckIn.ids).toEqual(expect.arrayContaining(made.map((row) => row.id)));
    expect((await page({ q: `Broad ${tag}`, sort: 'User.name' })).ids).toHaveLength(3);
    expect(all.ids).not.toContain(other.id);
  });

  // Past 500 matching guests, when the first 501 found already have more than 2,500 bookings the
  // search is broad without finding the rest: 600 guests with five bookings each.
  it('treats 600 matching guests with 3,000 bookings as a broad search, its page and total exact', async () => {
    const tag = newTag();
    await t.handle.query(sql`INSERT INTO users (is_host, name) SELECT false, ${`Busy ${tag} `} || n FROM generate_series(1, 600) AS n`);
    await t.handle.query(
      sql`INSERT INTO bookings (guest_id, status, total) SELECT guest.id, 'confirmed', 5 FROM users AS guest, generate_series(1, 5) WHERE guest.name LIKE ${`Busy ${tag} %`}`,
    );
    const [{ newest }] = await t.handle.query<{ newest: number[] }>(
      sql`SELECT ARRAY(SELECT booking.id FROM bookings AS booking JOIN users AS guest ON guest.id = booking.guest_id WHERE guest.name LIKE ${`Busy ${tag} %`} ORDER BY booking.id DESC LIMIT 10) AS newest`,
    );
    const first = await page({ q: `busy ${tag}`, pageSize: 10 });
    expect(first.pending).toBe('1');
    expect(first.ids).toEqual(newest.map(Number));
    expect((await get(`/api/admin/bookings/total?q=${encodeURIComponent(`busy ${tag}`)}`)).json()).toEqual({ total: 3000 });
  });

  it('answers 400 for a bad page, page size, sort, order or status', async () => {
    for (const query of ['page=0', 'pageSize=101', 'pageSize=x', 'sort=guest_id', 'sort=User.email', 'order=sideways', 'status=Confirmed', 'status=lost']) {
      const response = await get(`/api/admin/bookings?${query}`);
      expect(response.statusCode, query).toBe(400);
      expect(response.json().message).toEqual(expect.any(String));
    }
  });
});

describe('GET /api/admin/bookings/summary', () => {
  it('counts every booking and each status', async () => {
    const before = (await get('/api/admin/bookings/summary')).json();
    for (const status of ['confirmed', 'confirmed', 'pending', 'cancelled', 'completed'] as const) await insertBooking(t.handle, { status });
    const response = await get('/api/admin/bookings/summary');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      total: before.total + 5,
      confirmed: before.confirmed + 2,
      pending: before.pending + 1,
      cancelled: before.cancelled + 1,
      completed: before.completed + 1,
    });
    const [{ count }] = await t.handle.query<{ count: number }>(sql`SELECT count(*)::int AS count FROM bookings`);
    expect(response.json().total).toBe(count);
  });

  it('refuses a missing token with 401', async () => {
    expect((await get('/api/admin/bookings/summary', false)).statusCode).toBe(401);
  });
});

/** Splits an RFC 4180 text into rows of fields (quoted fields may hold commas, quotes and line breaks). */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let isQuoted = false;
  for (let index = 0; index < text.length; index += 1) {
    const character = text[index];
    if (isQuoted) {
      if (character === '"' && text[index + 1] === '"') {
        field += '"';
        index += 1;
      } else if (character === '"') isQuoted = false;
      else field += character;
    } else if (character === '"') isQuoted = true;
    else if (character === ',') {
      row.push(field);
      field = '';
    } else if (character === '\r' && text[index + 1] === '\n') {
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
      index += 1;
    } else field += character;
  }
  return rows;
}

async function exportCsv(query: Record<string, string>) {
  const response = await get(`/api/admin/bookings?${new URLSearchParams({ ...query, format: 'csv' })}`);
  expect(response.statusCode, response.body).toBe(200);
  const [header, ...rows] = parseCsv(response.body.replace(/^\uFEFF/, ''));
  return { response, header, rows, ids: rows.map((row) => Number(row[0])) };
}

describe('GET /api/admin/bookings?format=csv', () => {
  it('downloads the bookings a search and status select, in id order, whatever the paging and sort', async () => {
    const tag = newTag();
    const { guest, property } = await bookingsFor(tag, 0);
    const made = [];
    for (const status of ['pending', 'confirmed', 'pending', 'completed'] as const) {
      made.push(await insertBooking(t.handle, { guestId: guest.id, propertyId: property.id, status }));
    }
    const all = await exportCsv({ q: tag, page: '2', pageSize: '1', sort: 'total', order: 'desc' });
    expect(all.response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(all.response.headers['content-disposition']).toBe('attachment; filename="bookings.csv"');
    expect(all.response.headers['x-total-count']).toBeUndefined();
    expect(all.response.body.startsWith('\uFEFFid,status,')).toBe(true);
    expect(all.ids).toEqual(made.map((row) => row.id));
    expect((await exportCsv({ q: tag, status: 'pending' })).ids).toEqual([made[0].id, made[2].id]);
    expect((await exportCsv({ q: `#${made[3].id}` })).ids).toEqual([made[3].id]);
  });

  it('writes every field of a booking, empty cells for a missing guest, property or date', async () => {
    const tag = newTag();
    const host = await insertHost(t.handle);
    const property = await insertProperty(t.handle, host.id, { title: `Loft, "big" ${tag}`, address: '4 Lido Road\nMogadishu' });
    const guest = await insertGuest(t.handle, { name: 'Sahra Abdi', email: 'sahra@hoy.test' });
    const full = await insertBooking(t.handle, {
      guestId: guest.id,
      propertyId: property.id,
      status: 'confirmed',
      checkInDate: '2025-01-05',
      checkOutDate: '2025-01-09',
      total: 180.5,
      adultCount: 2,
      childrenCount: 1,
      isPetComing: true,
    });
    const orphan = await insertBooking(t.handle, {
      guestId: null,
      propertyId: null,
      checkInDate: null,
      checkOutDate: null,
      status: 'cancelled',
      isCancelled: true,
    });
    const { header, rows } = await exportCsv({ q: tag });
    expect(header).toEqual([
      'id',
      'status',
      'checkInDate',
      'checkOutDate',
      'total',
      'adultCount',
      'childrenCount',
      'isPetComing',
      'isCancelled',
      'isDisputed',
      'guestName',
      'guestEmail',
      'propertyTitle',
      'propertyAddress',
    ]);
    expect(rows).toEqual([
      [
        String(full.id),
        'confirmed',
        '2025-01-05',
        '2025-01-09',
        '180.5',
        '2',
        '1',
        'true',
        'false',
        'false',
        'Sahra Abdi',
        'sahra@hoy.test',
        `Loft, "big" ${tag}`,
        '4 Lido Road\nMogadishu',
      ],
    ]);
    const orphanRow = (await exportCsv({ q: `#${orphan.id}` })).rows[0];
    expect(orphanRow).toEqual([
      String(orphan.id),
      'cancelled',
      '',
      '',
      expect.any(String),
      expect.any(String),
      expect.any(String),
      'false',
      'true',
      'false',
      '',
      '',
      '',
      '',
    ]);
  });

  it('neutralizes text a spreadsheet would run as a formula', async () => {
    const tag = newTag();
    const host = await insertHost(t.handle);
    const guest = await insertGuest(t.handle, { name: `=HYPERLINK("http://evil.test") ${tag}` });
    await insertBooking(t.handle, { guestId: guest.id, propertyId: (await insertProperty(t.handle, host.id, { title: '@SUM(A1)' })).id });
    const [row] = (await exportCsv({ q: tag })).rows;
    expect(row[10]).toBe(`'=HYPERLINK("http://evil.test") ${tag}`);
    expect(row[12]).toBe("'@SUM(A1)");
  });

  it('streams more bookings than one batch, each exactly once', async () => {
    await t.handle.query(sql`INSERT INTO bookings (status, total) SELECT 'completed', n FROM generate_series(1, 5100) AS n`);
    const { ids } = await exportCsv({});
    const [{ count }] = await t.handle.query<{ count: number }>(sql`SELECT count(*)::int AS count FROM bookings`);
    expect(ids).toHaveLength(count);
    expect(new Set(ids).size).toBe(count);
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
    const [{ completed }] = await t.handle.query<{ completed: number }>(sql`SELECT count(*)::int AS completed FROM bookings WHERE status = 'completed'`);
    expect((await exportCsv({ status: 'completed' })).ids).toHaveLength(completed);
  });

  it('refuses a missing token with 401 and an unknown format with 400', async () => {
    expect((await get('/api/admin/bookings?format=csv', false)).statusCode).toBe(401);
    expect((await get('/api/admin/bookings?format=xml')).statusCode).toBe(400);
  });
});
