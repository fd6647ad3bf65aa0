// The guests list (every user who is not a host) through the real app: paging, every sort both ways,
// search by name, e-mail and #id, exact totals from the counter, CSV, the guard; and that each sort
// walks its partial index (migration 0045).
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { GuestBooking, GuestConversation, GuestDetail, GuestFeedback, GuestListItem, GuestSectionPage } from '../../src/contracts/guests';
import { declaration as guestList } from '../../src/contracts/lists/guests';
import { signedInTestApp } from './helpers/app';
import { conversations } from '../../server/db/schema';
import { insertBooking, insertFeedback, insertGuest, insertHost, insertProperty } from './helpers/fixtures';
import { planWithout } from './helpers/plan';
import { createStaff, loginAs } from './helpers/staff';

const t = signedInTestApp();

let tagCount = 0;
/** A word no other test uses, so a search for it sees only this test's rows. */
const newTag = () => `gsttag${(tagCount += 1)}q`;

/** A GET with the administrator's token, another member's, or none (null). */
const get = (url: string, token: string | null = t.token) => t.request({ method: 'GET', url, token: token ?? undefined });

async function page(query: Record<string, string | number>) {
  const search = new URLSearchParams(Object.entries(query).map(([key, value]) => [key, String(value)]));
  const response = await get(`/api/admin/guests?${search}`);
  expect(response.statusCode, response.body).toBe(200);
  return { rows: response.json<GuestListItem[]>(), total: Number(response.headers['x-total-count']) };
}
const idsOf = (result: { rows: GuestListItem[] }) => result.rows.map((row) => row.id);

/** The list's unsearched total, as the sidebar and the pager read it. */
const total = async () => (await page({ page: 1 })).total;
const countGuests = async () => (await t.handle.query<{ count: number }>(sql`SELECT count(*)::int AS count FROM users WHERE NOT is_host`))[0].count;

/** Each sort's ORDER BY, as guests.repository.ts writes it: empty names, e-mails and phones last both ways, then the id. */
const ORDERS: Record<string, (direction: 'ASC' | 'DESC') => string> = {
  id: (direction) => `id ${direction}`,
  name: (direction) => `(name IS NULL OR name = '') ASC, name ${direction}, id ${direction}`,
  email: (direction) => `(email IS NULL OR email = '') ASC, email ${direction}, id ${direction}`,
  phone: (direction) => `(phone IS NULL OR phone = '') ASC, phone ${direction}, id ${direction}`,
  createdAt: (direction) => `created_at ${direction}, id ${direction}`,
};

describe('GET /api/admin/guests, paged form', () => {
  it('lists guests only, newest first, a page of 10 with the exact total', async () => {
    const tag = newTag();
    const guests = [];
    for (let n = 0; n < 12; n += 1) guests.push(await insertGuest(t.handle, { name: `${tag} ${n}` }));
    const host = await insertHost(t.handle, { name: `${tag} host` });
    const first = await page({ q: tag, page: 1 });
    expect(first.rows).toHaveLength(guestList.pageSize);
    expect(first.total).toBe(12);
    const second = await page({ q: tag, page: 2 });
    expect(idsOf(second)).toHaveLength(2);
    const ids = [...idsOf(first), ...idsOf(second)];
    expect(ids).toEqual(guests.map((guest) => guest.id).reverse());
    expect(ids).not.toContain(host.id);
    const unsearched = await page({ page: 1, pageSize: 5 });
    expect(idsOf(unsearched)).toEqual(
      guests
        .map((guest) => guest.id)
        .reverse()
        .slice(0, 5),
    );
  });

  it('answers each guest with the six fields: id, name, e-mail, phone with its code, joined, suspended since', async () => {
    const tag = newTag();
    const guest = await insertGuest(t.handle, { name: `${tag} Hodan`, email: `${tag}@hoy.test`, phoneCountryCode: '+252', phone: '615550101' });
    const bare = await insertGuest(t.handle, { name: `${tag} Bare`, email: null, phone: '  ' });
    const rows = (await page({ q: tag, sort: 'id' })).rows;
    expect(rows).toEqual([
      { id: guest.id, name: `${tag} Hodan`, email: `${tag}@hoy.test`, phone: '+252 615550101', createdAt: guest.createdAt.toISOString(), suspendedAt: null },
      { id: bare.id, name: `${tag} Bare`, email: null, phone: null, createdAt: bare.createdAt.toISOString(), suspendedAt: null },
    ]);
  });

  it('searches name and e-mail case-insensitively, literally, and the id as 12 or #12', async () => {
    const tag = newTag();
    const byName = await insertGuest(t.handle, { name: `Fadumo ${tag.toUpperCase()}` });
    const byEmail = await insertGuest(t.handle, { email: `${tag}@Example.test` });
    await insertHost(t.handle, { name: `Host ${tag}` });
    expect(idsOf(await page({ q: tag, sort: 'id' }))).toEqual([byName.id, byEmail.id]);
    expect(idsOf(await page({ q: `${tag}@EXAMPLE` }))).toEqual([byEmail.id]);
    expect(idsOf(await page({ q: `${tag}%` }))).toEqual([]);
    for (const q of [String(byName.id), `#${byName.id}`]) {
      const found = await page({ q, pageSize: 100 });
      expect(idsOf(found)).toContain(byName.id);
      expect(found.rows.filter((row) => row.id !== byName.id).every((row) => `${row.name} ${row.email}`.includes(String(byName.id)))).toBe(true);
    }
    const host = await insertHost(t.handle);
    expect(idsOf(await page({ q: `#${host.id}` }))).not.toContain(host.id);
  });

  it('sorts a search by every column both ways, the id breaking ties', async () => {
    const tag = newTag();
    const b = await insertGuest(t.handle, { name: `Bravo ${tag}`, email: `b.${tag}@hoy.test`, phone: '2' });
    const a = await insertGuest(t.handle, { name: `Alpha ${tag}`, email: `a.${tag}@hoy.test`, phone: '1' });
    const twin = await insertGuest(t.handle, { name: `Alpha ${tag}`, email: `a.${tag}@hoy.test`, phone: '1' });
    const sorted = async (sort: string, order: string) => idsOf(await page({ q: tag, sort, order }));
    expect(await sorted('name', 'asc')).toEqual([a.id, twin.id, b.id]);
    expect(await sorted('name', 'desc')).toEqual([b.id, twin.id, a.id]);
    expect(await sorted('email', 'asc')).toEqual([a.id, twin.id, b.id]);
    expect(await sorted('email', 'desc')).toEqual([b.id, twin.id, a.id]);
    expect(await sorted('id', 'asc')).toEqual([b.id, a.id, twin.id]);
    expect(await sorted('id', 'desc')).toEqual([twin.id, a.id, b.id]);
    await t.handle.query(sql`UPDATE users SET created_at = now() - interval '1 day' WHERE id = ${b.id}`);
    expect(await sorted('createdAt', 'asc')).toEqual([b.id, a.id, twin.id]);
    expect(await sorted('createdAt', 'desc')).toEqual([twin.id, a.id, b.id]);
    expect(await sorted('phone', 'asc')).toEqual([a.id, twin.id, b.id]);
    expect(await sorted('phone', 'desc')).toEqual([b.id, twin.id, a.id]);
  });

  it('pages every sort both ways without a search in the order the database gives, empty values last', async () => {
    await insertGuest(t.handle, { name: '', email: '', phone: null });
    await insertGuest(t.handle, { name: 'Zeynab', email: null, phone: '' });
    for (const [sort, order] of Object.entries(ORDERS)) {
      for (const direction of ['ASC', 'DESC'] as const) {
        const expected = await t.handle.query<{ id: number }>(sql.raw(`SELECT id FROM users WHERE NOT is_host ORDER BY ${order(direction)} LIMIT 8`));
        const pages = [];
        for (const number of [1, 2]) pages.push(...idsOf(await page({ sort, order: direction.toLowerCase(), page: number, pageSize: 4 })));
        expect(pages, `${sort} ${direction}`).toEqual(expected.map((row) => row.id));
      }
    }
  });

  it('keeps the total exact as guests come, go and become hosts', async () => {
    const before = await total();
    expect(before).toBe(await countGuests());
    const guests = [await insertGuest(t.handle), await insertGuest(t.handle), await insertGuest(t.handle)];
    await insertHost(t.handle);
    expect(await total()).toBe(before + 3);
    await t.handle.query(sql`DELETE FROM users WHERE id = ${guests[0].id}`);
    await t.handle.query(sql`UPDATE users SET is_host = true WHERE id = ${guests[1].id}`);
    expect(await total()).toBe(before + 1);
    await t.handle.query(sql`UPDATE users SET is_host = false WHERE id = ${guests[1].id}`);
    expect(await total()).toBe(before + 2);
    expect(await total()).toBe(await countGuests());
    await t.handle.query(sql`SELECT rebuild_list_counters()`);
    expect(await total()).toBe(await countGuests());
  });

  it('counts a search exactly', async () => {
    const tag = newTag();
    for (let n = 0; n < 3; n += 1) await insertGuest(t.handle, { name: `${tag} ${n}` });
    expect((await page({ q: tag, pageSize: 1 })).total).toBe(3);
  });

  it('answers 400 for a bad page, page size, sort, order or status', async () => {
    for (const query of ['page=0', 'pageSize=101', 'sort=password', 'sort=statusHost', 'order=up', 'status=Confirmed', `q=${'x'.repeat(201)}`]) {
      expect((await get(`/api/admin/guests?${query}`)).statusCode, query).toBe(400);
    }
  });
});

describe('GET /api/admin/guests as CSV and whole array', () => {
  it('exports the selected guests in id order with the six columns', async () => {
    const tag = newTag();
    const second = await insertGuest(t.handle, { name: `${tag} b`, email: `${tag}@hoy.test`, phoneCountryCode: '+254', phone: '700' });
    const first = await insertGuest(t.handle, { name: `${tag} a`, email: null });
    await insertHost(t.handle, { name: `${tag} host` });
    const response = await get(`/api/admin/guests?format=csv&q=${tag}&sort=name`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/csv');
    expect(response.headers['content-disposition']).toContain('guests.csv');
    const lines = response.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines).toEqual([
      'id,name,email,phone,createdAt,suspendedAt',
      `${second.id},${tag} b,${tag}@hoy.test,+254 700,${second.createdAt.toISOString()},`,
      `${first.id},${tag} a,,,${first.createdAt.toISOString()},`,
    ]);
  });

  it('answers the whole array without paging parameters: every guest, no host', async () => {
    const host = await insertHost(t.handle);
    const rows = (await get('/api/admin/guests')).json<GuestListItem[]>();
    expect(rows).toHaveLength(await countGuests());
    expect(rows.map((row) => row.id)).not.toContain(host.id);
  });
});

describe('who may read the guests', () => {
  it('refuses a call without a token with 401', async () => {
    expect((await get('/api/admin/guests?page=1', null)).statusCode).toBe(401);
    expect((await get('/api/admin/guests/total', null)).statusCode).toBe(401);
  });

  it('lets every role that reads Hosts read a page, and refuses the export to a role without export (403)', async () => {
    for (const role of ['moderator', 'support', 'viewer'] as const) {
      const member = await createStaff(t, t.token, role, `${role}.guests@hoy.test`);
      const token = await loginAs(t, member.email);
      expect((await get('/api/admin/guests?page=1', token)).statusCode, role).toBe(200);
      expect((await get('/api/admin/guests?format=csv', token)).statusCode, role).toBe(role === 'viewer' ? 403 : 200);
    }
  });
});

describe('the guest page', () => {
  it('answers the guest with their details, and 404 for an unknown id or a host', async () => {
    const guest = await insertGuest(t.handle, { name: 'Hodan Guest', email: 'hodan@hoy.test', phoneCountryCode: '+252', phone: '61', country: 'Somalia' });
    const response = await get(`/api/admin/guests/${guest.id}`);
    expect(response.statusCode).toBe(200);
    expect(response.json<GuestDetail>()).toEqual({
      id: guest.id,
      name: 'Hodan Guest',
      email: 'hodan@hoy.test',
      phone: '+252 61',
      createdAt: guest.createdAt.toISOString(),
      country: 'Somalia',
      lastSeenAt: null,
      suspendedAt: null,
      suspensionReason: null,
    });
    const host = await insertHost(t.handle);
    for (const id of [host.id, 999_999]) {
      for (const path of ['', '/bookings', '/feedback', '/conversations']) {
        const missing = await get(`/api/admin/guests/${id}${path}`);
        expect(missing.statusCode, `${id}${path}`).toBe(404);
        expect(missing.json<{ message: string }>().message).toBe('Guest not found');
      }
    }
    expect((await get('/api/admin/guests/abc')).statusCode).toBe(400);
  });

  it("pages the guest's bookings, feedback and conversations newest first, five at a time, with their counts", async () => {
    const guest = await insertGuest(t.handle);
    const other = await insertGuest(t.handle);
    const host = await insertHost(t.handle);
    const property = await insertProperty(t.handle, host.id, { title: 'Lido Beach House' });
    const booked = [];
    for (let n = 0; n < 7; n += 1) booked.push(await insertBooking(t.handle, { guestId: guest.id, propertyId: property.id, total: 100 + n }));
    await insertBooking(t.handle, { guestId: other.id });
    const bookingsPage = (number: number) =>
      get(`/api/admin/guests/${guest.id}/bookings?page=${number}`).then((answer) => answer.json<GuestSectionPage<GuestBooking>>());
    const first = await bookingsPage(1);
    expect(first.total).toBe(7);
    expect(first.rows.map((row) => row.id)).toEqual(
      booked
        .map((row) => row.id)
        .reverse()
        .slice(0, 5),
    );
    expect(first.rows[0]).toEqual({
      id: booked[6].id,
      status: 'confirmed',
      checkInDate: '2025-01-05',
      checkOutDate: '2025-01-08',
      total: 106,
      propertyTitle: 'Lido Beach House',
    });
    expect((await bookingsPage(2)).rows.map((row) => row.id)).toEqual([booked[1].id, booked[0].id]);

    const older = await insertFeedback(t.handle, { userId: guest.id, rating: 2, comments: 'Noisy', createdAt: new Date('2026-01-01T00:00:00Z') });
    const newer = await insertFeedback(t.handle, { userId: guest.id, rating: 5, createdAt: new Date('2026-02-01T00:00:00Z') });
    await insertFeedback(t.handle, { userId: other.id });
    const feedback = (await get(`/api/admin/guests/${guest.id}/feedback`)).json<GuestSectionPage<GuestFeedback>>();
    expect(feedback).toEqual({
      total: 2,
      rows: [
        { id: newer.id, rating: 5, comments: 'Lovely stay.', createdAt: '2026-02-01T00:00:00.000Z' },
        { id: older.id, rating: 2, comments: 'Noisy', createdAt: '2026-01-01T00:00:00.000Z' },
      ],
    });

    const [chat] = await t.handle.db
      .insert(conversations)
      .values({ userId: guest.id, title: 'About the beach house', unreadCount: 2, lastMessageAt: new Date('2026-03-01T00:00:00Z') })
      .returning();
    await t.handle.db.insert(conversations).values({ userId: other.id, title: 'Someone else' });
    expect((await get(`/api/admin/guests/${guest.id}/conversations`)).json<GuestSectionPage<GuestConversation>>()).toEqual({
      total: 1,
      rows: [{ id: chat.id, title: 'About the beach house', unreadCount: 2, lastMessageAt: '2026-03-01T00:00:00.000Z' }],
    });
  });

  it('refuses without a token (401) and each section to a role that may not read it (403)', async () => {
    const guest = await insertGuest(t.handle);
    expect((await get(`/api/admin/guests/${guest.id}`, null)).statusCode).toBe(401);
    const moderator = await createStaff(t, t.token, 'moderator', 'moderator.guest-page@hoy.test');
    const token = await loginAs(t, moderator.email);
    expect((await get(`/api/admin/guests/${guest.id}`, token)).statusCode).toBe(200);
    expect((await get(`/api/admin/guests/${guest.id}/feedback`, token)).statusCode).toBe(200);
    expect((await get(`/api/admin/guests/${guest.id}/bookings`, token)).statusCode).toBe(403);
    expect((await get(`/api/admin/guests/${guest.id}/conversations`, token)).statusCode).toBe(403);
  });
});

describe('the guests orders', () => {
  for (const [sort, orderBy] of Object.entries(ORDERS)) {
    for (const direction of ['ASC', 'DESC'] as const) {
      it(`walks ${sort} ${direction} from a guests' index, with no sort`, async () => {
        const plan = await planWithout(
          t.handle,
          ['seqscan', 'sort', 'incremental_sort'],
          `SELECT id FROM users WHERE NOT is_host ORDER BY ${orderBy(direction)} LIMIT 20 OFFSET 30000`,
        );
        expect(plan).toMatch(/Index (Only )?Scan (Backward )?using users_guests_/);
        expect(plan).not.toMatch(/Sort/);
      });
    }
  }
});
