// A search whose exact total costs more than its page (decision 021): the page answers its rows with
// X-Total-Pending instead of X-Total-Count, and the list's /total call answers the exact total of the
// same search and filters. A narrow search, an unsearched page and a deep page keep their total inline.
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { signedInTestApp } from './helpers/app';
import { insertBooking, insertGuest, insertHost } from './helpers/fixtures';

const t = signedInTestApp();
const get = (url: string) => t.request({ method: 'GET', url, token: t.token });

beforeAll(async () => {
  // More than 2,000 matching guests make a bookings search broad, and more than 2,000 matching comments a feedback search.
  await t.handle.query(sql`INSERT INTO users (is_host, name) SELECT false, 'Manyguests ' || n FROM generate_series(1, 2100) AS n`);
  const guests = await t.handle.query<{ id: number }>(sql`SELECT id FROM users WHERE name LIKE 'Manyguests %' ORDER BY id LIMIT 12`);
  for (const [index, guest] of guests.entries()) {
    await insertBooking(t.handle, { guestId: guest.id, status: index % 3 === 0 ? 'cancelled' : 'confirmed' });
  }
  await insertBooking(t.handle, { guestId: (await insertGuest(t.handle, { name: 'Not matching' })).id });
  await t.handle.query(sql`INSERT INTO feedbacks (rating, comments) SELECT 1 + n % 5, 'Widely liked stay number ' || n FROM generate_series(1, 2100) AS n`);
  // More than 2,000 properties with one word in their titles make that word a broad search of both property lists.
  const host = await insertHost(t.handle, { name: 'Owner of many' });
  await t.handle
    .query(sql`INSERT INTO properties (host_id, title, description, address, city, country, price_per_night, property_type, place_type, check_in_time, check_out_time, latitude, longitude)
    SELECT ${host.id}, 'Commonword cottage ' || n, 'A cottage.', n || ' Quiet Lane', 'Hargeisa', 'Somaliland', 40, 'House', 'Entire place', '14:00', '11:00', 9.56, 44.06
    FROM generate_series(1, 2050) AS n`);
});

describe('a broad search', () => {
  it('answers bookings at once without a total, and /total counts them exactly, with the status too', async () => {
    const page = await get('/api/admin/bookings?page=1&q=manyguests');
    expect(page.statusCode).toBe(200);
    expect(page.json()).toHaveLength(8);
    expect(page.headers['x-total-pending']).toBe('1');
    expect(page.headers['x-total-count']).toBeUndefined();
    const rest = await get('/api/admin/bookings?page=2&q=manyguests');
    expect(rest.json()).toHaveLength(4);

    expect((await get('/api/admin/bookings/total?q=manyguests')).json()).toEqual({ total: 12 });
    expect((await get('/api/admin/bookings/total?q=MANYGUESTS&status=cancelled')).json()).toEqual({ total: 4 });
    expect((await get('/api/admin/admin/bookings/total?q=manyguests&status=pending')).json()).toEqual({ total: 0 });
    // Paging and order change nothing in a total.
    expect((await get('/api/admin/bookings/total?q=manyguests&page=3&sort=total&order=desc')).json()).toEqual({ total: 12 });
  });

  it('answers feedback at once without a total, and /total counts it exactly', async () => {
    const page = await get('/api/admin/feedbacks?page=1&q=widely%20liked');
    expect(page.statusCode).toBe(200);
    expect(page.json()).toHaveLength(10);
    expect(page.headers['x-total-pending']).toBe('1');
    const [row] = await t.handle.query<{ total: number }>(sql`SELECT count(*)::int AS total FROM feedbacks WHERE comments ILIKE '%widely liked%'`);
    expect((await get('/api/admin/feedbacks/total?q=widely%20liked')).json()).toEqual({ total: row.total });
    expect(row.total).toBe(2100);
  });

  it.each(['/api/admin/listings', '/api/admin/property-approvals'])(
    'answers %s at once without a total for a common word, and /total counts it',
    async (path) => {
      const page = await get(`${path}?page=1&q=commonword`);
      expect(page.statusCode, page.body).toBe(200);
      expect(page.json()).toHaveLength(8);
      expect(page.headers['x-total-pending']).toBe('1');
      expect((await get(`${path}/total?q=commonword`)).json()).toEqual({ total: 2050 });
      // A narrow search of the same list keeps its total with the page.
      const narrow = await get(`${path}?page=1&q=commonword%20cottage%202049`);
      expect(narrow.headers['x-total-count']).toBe('1');
    },
  );

  it('is current: a booking added after the total was counted is in the next total', async () => {
    expect((await get('/api/admin/bookings/total?q=manyguests&status=pending')).json()).toEqual({ total: 0 });
    const [guest] = await t.handle.query<{ id: number }>(sql`SELECT id FROM users WHERE name = 'Manyguests 600'`);
    await insertBooking(t.handle, { guestId: guest.id, status: 'pending' });
    expect((await get('/api/admin/bookings/total?q=manyguests&status=pending')).json()).toEqual({ total: 1 });
  });
});

describe('totals that stay with their page', () => {
  // A narrow search, an unsearched page and a status filter.
  it.each([
    '/api/admin/bookings?page=1&q=Manyguests%20599',
    '/api/admin/bookings?page=1',
    '/api/admin/bookings?page=1&status=cancelled',
    '/api/admin/feedbacks?page=1&q=number%202099',
  ])('keeps X-Total-Count on %s', async (url) => {
    const page = await get(url);
    expect(page.statusCode, url).toBe(200);
    expect(page.headers['x-total-count'], url).toMatch(/^\d+$/);
    expect(page.headers['x-total-pending'], url).toBeUndefined();
  });

  it('answers /total without a search from the counters, equal to a count of the rows', async () => {
    const [row] = await t.handle.query<{ total: number }>(sql`SELECT count(*)::int AS total FROM bookings WHERE status = 'cancelled'`);
    expect((await get('/api/admin/bookings/total?status=cancelled')).json()).toEqual({ total: row.total });
  });
});

describe('/total refuses what a page refuses', () => {
  it('answers 401 without a token and 400 for a bad status or an over-long search, never 5xx', async () => {
    expect((await t.request({ method: 'GET', url: '/api/admin/bookings/total?q=x' })).statusCode).toBe(401);
    for (const query of ['status=lost', `q=${'a'.repeat(201)}`, 'sort=guest_id']) {
      const response = await get(`/api/admin/bookings/total?${query}`);
      expect(response.statusCode, query).toBe(400);
      expect(response.json().message).toEqual(expect.any(String));
    }
  });
});
