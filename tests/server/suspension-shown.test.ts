// A suspension shows wherever a guest or host is named (issue 51, point 3): the Guests and Hosts rows
// and their CSV, their Suspended filter with its exact total, the guest of a booking, the author of a
// feedback, the user of a conversation; cached pages are read afresh after a suspension (migration
// 0049), and the live stream hears of it.
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Booking } from '../../src/contracts/bookings';
import type { ConversationRow } from '../../src/contracts/chats';
import type { Feedback } from '../../src/contracts/feedbacks';
import type { GuestListItem } from '../../src/contracts/guests';
import type { HostListItem } from '../../src/contracts/hosts';
import { conversations } from '../../server/db/schema';
import { signedInTestApp, TEST_ADMIN_PASSWORD } from './helpers/app';
import { insertBooking, insertFeedback, insertGuest, insertHost, insertProperty } from './helpers/fixtures';
import { stepUp } from './helpers/staff';

const t = signedInTestApp();

beforeAll(async () => {
  await stepUp(t, t.token, { password: TEST_ADMIN_PASSWORD });
});

const get = (url: string) => t.request({ method: 'GET', url, token: t.token });
const move = (verb: 'suspend' | 'reinstate', id: number) =>
  t.request({ method: 'POST', url: `/api/admin/users/${id}/${verb}`, token: t.token, payload: { reason: `${verb} in a test` } });

/** A CSV answer's lines, without the byte-order mark and the CRLF ends. */
const csvLines = (body: string) =>
  body
    .replace(/^\uFEFF/, '')
    .trim()
    .split(/\r?\n/);

async function rowsOf<Row>(url: string) {
  const response = await get(url);
  expect(response.statusCode, response.body).toBe(200);
  return { rows: response.json<Row[]>(), total: Number(response.headers['x-total-count']) };
}

describe('a suspension on the lists that name the user', () => {
  it('shows on the Guests rows and CSV, and a cached page is read afresh after it', async () => {
    const guest = await insertGuest(t.handle, { name: 'Shownguest Warsame' });
    const before = await rowsOf<GuestListItem>('/api/admin/guests?page=1&pageSize=10');
    expect(before.rows.find((row) => row.id === guest.id)?.suspendedAt).toBeNull();
    expect((await move('suspend', guest.id)).statusCode).toBe(200);
    const after = await rowsOf<GuestListItem>('/api/admin/guests?page=1&pageSize=10');
    expect(after.rows.find((row) => row.id === guest.id)?.suspendedAt).toEqual(expect.any(String));
    const csv = await get('/api/admin/guests?format=csv&q=Shownguest');
    const [header, line] = csvLines(csv.body);
    expect(header).toBe('id,name,email,phone,createdAt,suspendedAt');
    expect(line).toMatch(/,\d{4}-\d\d-\d\dT[\d:.]+Z$/);
  });

  it('filters the Guests and the Hosts to the suspended ones, with exact totals, and refuses any other value', async () => {
    const guests = await Promise.all([1, 2, 3].map((n) => insertGuest(t.handle, { name: `Filterguest ${n}` })));
    const hosts = await Promise.all([1, 2].map((n) => insertHost(t.handle, { name: `Filterhost ${n}`, statusHost: n === 1 ? 'Confirmed' : 'Pending' })));
    for (const user of [guests[0], guests[2], ...hosts]) expect((await move('suspend', user.id)).statusCode).toBe(200);
    await move('reinstate', guests[2].id);
    const suspendedGuests = await rowsOf<GuestListItem>('/api/admin/guests?page=1&pageSize=10&suspended=true');
    const [{ total: everySuspendedGuest }] = await t.handle.query<{ total: number }>(
      sql`SELECT count(*)::int AS total FROM users WHERE NOT is_host AND suspended_at IS NOT NULL`,
    );
    expect(suspendedGuests.total).toBe(everySuspendedGuest);
    expect(suspendedGuests.rows.map((row) => row.id)).toContain(guests[0].id);
    expect(suspendedGuests.rows.map((row) => row.id)).not.toContain(guests[2].id);
    expect(suspendedGuests.rows.every((row) => row.suspendedAt !== null)).toBe(true);
    const searched = await rowsOf<GuestListItem>('/api/admin/guests?page=1&pageSize=10&suspended=true&q=Filterguest');
    expect(searched).toMatchObject({ total: 1, rows: [{ id: guests[0].id }] });

    const suspendedHosts = await rowsOf<HostListItem>('/api/admin/hosts?page=1&pageSize=8&suspended=true&q=Filterhost');
    expect(suspendedHosts.total).toBe(2);
    expect(suspendedHosts.rows.every((row) => row.suspendedAt !== null)).toBe(true);
    const confirmed = await rowsOf<HostListItem>('/api/admin/hosts?page=1&pageSize=8&suspended=true&status=Confirmed&q=Filterhost');
    expect(confirmed).toMatchObject({ total: 1, rows: [{ userId: hosts[0].id }] });
    const hostCsv = await get('/api/admin/hosts?format=csv&q=Filterhost&suspended=true');
    expect(csvLines(hostCsv.body)[0]).toBe('userId,name,email,statusHost,numberOfProperties,suspendedAt');
    expect(csvLines(hostCsv.body)).toHaveLength(3);

    for (const value of ['false', '1', 'yes']) expect((await get(`/api/admin/guests?page=1&pageSize=10&suspended=${value}`)).statusCode).toBe(400);
  });

  it("shows on a booking's guest, a feedback's author and a conversation's user", async () => {
    const guest = await insertGuest(t.handle, { name: 'Namedguest Cabdi' });
    const host = await insertHost(t.handle, { name: 'Namedhost' });
    const property = await insertProperty(t.handle, host.id, { title: 'Named flat' });
    await insertBooking(t.handle, { guestId: guest.id, propertyId: property.id });
    await insertFeedback(t.handle, { userId: guest.id, comments: 'Namedguest wrote this' });
    await t.handle.db.insert(conversations).values({ userId: guest.id, title: 'Namedguest chat' });
    const read = async () => ({
      booking: (await rowsOf<Booking>('/api/admin/bookings?page=1&pageSize=10&q=Namedguest')).rows[0].User,
      feedback: (await rowsOf<Feedback>('/api/admin/feedbacks?page=1&pageSize=10&q=Namedguest')).rows[0].User,
      conversation: (await get('/api/admin/conversations?q=Namedguest')).json<ConversationRow[]>()[0],
    });
    const active = await read();
    expect([active.booking?.suspendedAt, active.feedback?.suspendedAt, active.conversation.suspendedAt]).toEqual([null, null, null]);
    expect((await move('suspend', guest.id)).statusCode).toBe(200);
    const suspended = await read();
    const at = suspended.booking?.suspendedAt;
    expect(at).toEqual(expect.any(String));
    expect([suspended.feedback?.suspendedAt, suspended.conversation.suspendedAt]).toEqual([at, at]);
  });

  it('tells the live stream: the guest or host changed, and a suspension happened', async () => {
    const guest = await insertGuest(t.handle, { name: 'Liveguest' });
    const host = await insertHost(t.handle, { name: 'Livehost' });
    await move('suspend', guest.id);
    await move('suspend', host.id);
    await move('reinstate', host.id);
    const changes = await t.handle.query<{ resource: string; action: string }>(
      sql`SELECT resource, action FROM live_changes WHERE row_id = ${guest.id} AND resource IN ('guests', 'suspensions') ORDER BY id`,
    );
    expect(changes).toEqual([
      { resource: 'guests', action: 'created' },
      { resource: 'guests', action: 'updated' },
      { resource: 'suspensions', action: 'updated' },
    ]);
    const hostChanges = await t.handle.query<{ resource: string }>(
      sql`SELECT resource FROM live_changes WHERE row_id = ${host.id} AND resource IN ('hosts', 'suspensions') AND action = 'updated' ORDER BY id`,
    );
    expect(hostChanges.map((row) => row.resource)).toEqual(['hosts', 'suspensions', 'hosts', 'suspensions']);
  });
});
