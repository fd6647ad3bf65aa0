// The maintained totals (list_counters) stay equal to real counts through inserts, status changes,
// deletes with their cascades, a truncate and a volume load; the API's totals and cards read them.
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../server/db/client';
import { seedVolume } from '../../server/db/seed/volume';
import { createLiveRepository } from '../../server/modules/live/live.repository';
import { signedInTestApp } from './helpers/app';
import { createTestDatabase } from './helpers/database';
import { foldAll } from './helpers/fold';
import { insertBooking, insertFeedback, insertGuest, insertHost, insertProperty } from './helpers/fixtures';

/** Every counter recounted from the tables, the way the triggers should have kept it. */
const RECOUNT = sql`
  SELECT 'hosts' AS name, count(*) AS value FROM users WHERE is_host
  UNION ALL SELECT 'hosts:' || status_host, count(*) FROM users WHERE is_host GROUP BY status_host
  UNION ALL SELECT 'guests', count(*) FROM users WHERE NOT is_host
  UNION ALL SELECT 'bookings', count(*) FROM bookings
  UNION ALL SELECT 'bookings:' || status, count(*) FROM bookings GROUP BY status
  UNION ALL SELECT 'listings', count(*) FROM properties
  UNION ALL SELECT 'listings:' || listing_status, count(*) FROM properties GROUP BY listing_status
  UNION ALL SELECT 'property-approvals', count(*) FROM properties
  UNION ALL SELECT 'property-approvals:' || approval_status, count(*) FROM properties GROUP BY approval_status
  UNION ALL SELECT 'feedbacks', count(*) FROM feedbacks
  UNION ALL SELECT 'feedback-ratings', COALESCE(sum(rating), 0) FROM feedbacks
  UNION ALL SELECT 'host-information', count(*) FROM host_interest_submissions
  UNION ALL SELECT 'email-subscribers', count(*) FROM email_subscribers
  UNION ALL SELECT 'activity', count(*) FROM audit_events
  UNION ALL SELECT 'activity:' || entity_type || ':' || COALESCE(administrator_id::text, '-') || ':' || action, count(*)
    FROM audit_events GROUP BY entity_type, administrator_id, action`;

async function readAll(handle: DatabaseHandle, statement: ReturnType<typeof sql>): Promise<Record<string, number>> {
  const rows = await handle.query<{ name: string; value: string | number }>(statement);
  // A counter at zero and a missing counter mean the same.
  return Object.fromEntries(rows.map((row) => [row.name, Number(row.value)]).filter(([, value]) => value !== 0));
}

/** booking_days_now by day and status, and the same recounted from the bookings. */
const DAYS_NOW = sql`
  SELECT day::text || ' ' || status AS name, sum(bookings)::text || ' ' || sum(value)::text || ' ' || sum(disputed)::text AS value
  FROM booking_days_now GROUP BY day, status HAVING sum(bookings) <> 0 OR sum(value) <> 0 OR sum(disputed) <> 0`;
const DAYS_RECOUNT = sql`
  SELECT (created_at AT TIME ZONE 'UTC')::date::text || ' ' || status AS name,
         count(*)::text || ' ' || sum(total)::text || ' ' || count(*) FILTER (WHERE is_disputed)::text AS value
  FROM bookings GROUP BY 1`;
async function readText(handle: DatabaseHandle, statement: ReturnType<typeof sql>): Promise<Record<string, string>> {
  const rows = await handle.query<{ name: string; value: string }>(statement);
  return Object.fromEntries(rows.map((row) => [row.name, row.value]));
}

const keptCounters = (handle: DatabaseHandle) => readAll(handle, sql`SELECT name, sum(value) AS value FROM list_counters_now GROUP BY name`);
const recountedCounters = (handle: DatabaseHandle) => readAll(handle, RECOUNT);

const t = signedInTestApp();

async function totalOf(url: string): Promise<number> {
  const response = await t.request({ method: 'GET', url, token: t.token });
  expect(response.statusCode, response.body).toBe(200);
  return Number(response.headers['x-total-count']);
}

describe('list counters', () => {
  it('follow inserts, status changes and deletes of every counted table', async () => {
    const host = await insertHost(t.handle, { statusHost: 'Pending' });
    const other = await insertHost(t.handle, { statusHost: 'Confirmed' });
    const guest = await insertGuest(t.handle);
    const property = await insertProperty(t.handle, host.id, { listingStatus: 'Pending', approvalStatus: 'pending' });
    await insertProperty(t.handle, other.id, { listingStatus: 'Approved', approvalStatus: 'confirmed' });
    const booking = await insertBooking(t.handle, { status: 'pending', guestId: guest.id, propertyId: property.id });
    await insertBooking(t.handle, { status: 'confirmed' });
    const feedback = await insertFeedback(t.handle, { rating: 4, userId: guest.id });
    await t.handle.query(sql`INSERT INTO host_interest_submissions (name, email, phone, address) VALUES ('A', 'a@x.so', '1', 'B')`);
    await t.handle.query(sql`INSERT INTO email_subscribers (email) VALUES ('one@x.so'), ('two@x.so')`);
    expect(await keptCounters(t.handle)).toEqual(await recountedCounters(t.handle));

    await t.handle.query(sql`UPDATE users SET status_host = 'Rejected' WHERE id = ${host.id}`);
    await t.handle.query(sql`UPDATE users SET is_host = true WHERE id = ${guest.id}`);
    await t.handle.query(sql`UPDATE bookings SET status = 'cancelled' WHERE id = ${booking.id}`);
    await t.handle.query(sql`UPDATE properties SET listing_status = 'Declined', approval_status = 'declined' WHERE id = ${property.id}`);
    await t.handle.query(sql`UPDATE feedbacks SET rating = 1 WHERE id = ${feedback.id}`);
    await t.handle.query(sql`UPDATE users SET name = 'Renamed' WHERE id = ${other.id}`);
    expect(await keptCounters(t.handle)).toEqual(await recountedCounters(t.handle));

    await t.handle.query(sql`DELETE FROM bookings WHERE id = ${booking.id}`);
    await t.handle.query(sql`DELETE FROM feedbacks WHERE id = ${feedback.id}`);
    await t.handle.query(sql`DELETE FROM email_subscribers WHERE email = 'one@x.so'`);
    expect(await keptCounters(t.handle)).toEqual(await recountedCounters(t.handle));
  });

  it('count a many-row booking insert by status, an upsert that updates once, and give the table a new version', async () => {
    const version = async () =>
      Number((await t.handle.query<{ value: string }>(sql`SELECT sum(value) AS value FROM data_versions_now WHERE name = 'bookings'`))[0].value);
    const before = await version();
    await t.handle.query(sql`INSERT INTO bookings (status) VALUES ('pending'), ('confirmed'), ('pending'), ('cancelled')`);
    const afterInsert = await version();
    expect(afterInsert).toBeGreaterThan(before);
    expect(await keptCounters(t.handle)).toEqual(await recountedCounters(t.handle));
    // A statement that inserts nothing changes no count.
    await t.handle.query(sql`INSERT INTO bookings (status) SELECT status FROM bookings WHERE false`);
    expect(await keptCounters(t.handle)).toEqual(await recountedCounters(t.handle));
    await t.handle.query(sql`UPDATE bookings SET status = 'completed' WHERE status = 'cancelled'`);
    expect(await version()).toBeGreaterThan(afterInsert);
    expect(await keptCounters(t.handle)).toEqual(await recountedCounters(t.handle));
    // An insert that finds its row and updates it instead is counted by the update alone (the insert
    // trigger fires for inserted rows only); the same statement inserting a new row counts that one.
    await t.handle.query(sql`
      INSERT INTO bookings (id, status)
      SELECT id, 'confirmed' FROM bookings WHERE status = 'completed'
      UNION ALL SELECT nextval(pg_get_serial_sequence('bookings', 'id')), 'pending'
      ON CONFLICT (id) DO UPDATE SET status = excluded.status`);
    expect(await keptCounters(t.handle)).toEqual(await recountedCounters(t.handle));
  });

  it('follow a host deleted through the API, with its properties removed by cascade', async () => {
    const host = await insertHost(t.handle, { statusHost: 'Confirmed' });
    for (const listingStatus of ['Pending', 'Approved', 'Declined'] as const) {
      await insertProperty(t.handle, host.id, { listingStatus, approvalStatus: 'pending' });
    }
    const hostsBefore = await totalOf('/api/admin/hosts?page=1&status=Confirmed');
    const listingsBefore = await totalOf('/api/admin/listings?page=1');
    const response = await t.request({ method: 'DELETE', url: `/api/hosts/${host.id}`, token: t.token });
    expect(response.statusCode, response.body).toBe(200);
    expect(await totalOf('/api/admin/hosts?page=1&status=Confirmed')).toBe(hostsBefore - 1);
    expect(await totalOf('/api/admin/listings?page=1')).toBe(listingsBefore - 3);
    expect(await keptCounters(t.handle)).toEqual(await recountedCounters(t.handle));
  });

  it('follow the upsert of a subscriber: the same address twice counts once', async () => {
    const before = await totalOf('/api/admin/email-subscribers?page=1');
    for (let attempt = 0; attempt < 2; attempt += 1) {
      const response = await t.request({ method: 'POST', url: '/api/data/add-email-subscriber', payload: { email: 'Twice@X.so' } });
      expect(response.statusCode, response.body).toBe(201);
    }
    expect(await totalOf('/api/admin/email-subscribers?page=1')).toBe(before + 1);
    expect(await keptCounters(t.handle)).toEqual(await recountedCounters(t.handle));
  });

  it('serve unsearched totals and cards while searched totals are counted', async () => {
    const host = await insertHost(t.handle, { name: 'Qorsheeye Unique', statusHost: 'Pending' });
    await insertProperty(t.handle, host.id, { title: 'Qorsheeye Villa' });
    const hosts = await t.request({ method: 'GET', url: '/api/admin/hosts/summary', token: t.token });
    const recount = await readAll(t.handle, RECOUNT);
    expect(hosts.json()).toEqual({
      total: recount.hosts ?? 0,
      approved: recount['hosts:Confirmed'] ?? 0,
      pending: recount['hosts:Pending'] ?? 0,
      rejected: recount['hosts:Rejected'] ?? 0,
    });
    expect(await totalOf('/api/admin/hosts?page=1&q=qorsheeye')).toBe(1);
    expect(await totalOf('/api/admin/property-approvals?page=1&q=qorsheeye')).toBe(1);
    expect(await totalOf('/api/admin/bookings?page=1')).toBe(recount.bookings ?? 0);
    expect(await totalOf('/api/admin/feedbacks?page=1')).toBe(recount.feedbacks ?? 0);
  });

  it('follow audit entries: one or many per statement, a staff account deleted, a delete', async () => {
    const before = await totalOf('/api/admin/activity?page=1');
    const [staff] = await t.handle.query<{ id: number }>(
      sql`INSERT INTO administrators (email, name, password_hash) VALUES ('gone@hoy.test', 'Gone Member', 'x') RETURNING id`,
    );
    await t.handle.query(sql`INSERT INTO audit_events (administrator_id, action, entity_type, entity_id) VALUES (${staff.id}, 'host.approve', 'host', 1)`);
    await t.handle.query(sql`INSERT INTO audit_events (administrator_id, action, entity_type, entity_id, reason) VALUES
      (${staff.id}, 'listing.decline', 'listing', 2, 'Blurry'), (NULL, 'listing.decline', 'listing', 3, NULL),
      (${staff.id}, 'staff.create', 'staff', ${staff.id}, NULL)`);
    expect(await keptCounters(t.handle)).toEqual(await recountedCounters(t.handle));
    expect(await totalOf('/api/admin/activity?page=1')).toBe(before + 4);
    expect(await totalOf(`/api/admin/activity?page=1&staffId=${staff.id}`)).toBe(3);
    // Deleting the account sets its entries' administrator_id to null: they move to the `-` cells.
    await t.handle.query(sql`DELETE FROM administrators WHERE id = ${staff.id}`);
    expect(await keptCounters(t.handle)).toEqual(await recountedCounters(t.handle));
    expect(await totalOf(`/api/admin/activity?page=1&staffId=${staff.id}`)).toBe(0);
    await t.handle.query(sql`DELETE FROM audit_events WHERE entity_id = 3 AND action = 'listing.decline'`);
    await t.handle.query(sql`UPDATE audit_events SET action = 'listing.approve', reason = NULL WHERE entity_id = 2 AND action = 'listing.decline'`);
    expect(await keptCounters(t.handle)).toEqual(await recountedCounters(t.handle));
    expect(await totalOf('/api/admin/activity?page=1')).toBe(before + 3);
  });

  it('are zeroed by a truncate', async () => {
    const handle = await createTestDatabase();
    try {
      const host = await insertHost(handle);
      await insertProperty(handle, host.id);
      await insertBooking(handle);
      await handle.query(sql`INSERT INTO audit_events (action, entity_type, entity_id) VALUES ('host.approve', 'host', 1)`);
      await handle.query(sql`TRUNCATE users, properties, bookings, audit_events RESTART IDENTITY CASCADE`);
      expect(await keptCounters(handle)).toEqual(await recountedCounters(handle));
    } finally {
      await handle.close();
    }
  });

  it('are exact after a volume load (counted once after COPY) and keep counting afterwards', async () => {
    const handle = await createTestDatabase();
    try {
      const versionsOf = async () =>
        Object.fromEntries(
          (await handle.query<{ name: string; value: string }>(sql`SELECT name, sum(value) AS value FROM data_versions_now GROUP BY name`)).map((row) => [
            row.name,
            Number(row.value),
          ]),
        );
      const versionsBefore = await versionsOf();
      await seedVolume(handle, { hosts: 300, bookings: 3_000 });
      expect(await keptCounters(handle)).toEqual(await recountedCounters(handle));
      // The load ran with the counter triggers off; turning them back on gave every listed table a new version.
      const versionsAfter = await versionsOf();
      expect(Object.keys(versionsAfter).filter((name) => !(versionsAfter[name] > versionsBefore[name]))).toEqual([]);
      await seedVolume(handle, { hosts: 200, bookings: 1_000, reset: true });
      expect(await keptCounters(handle)).toEqual(await recountedCounters(handle));
      const host = await insertHost(handle, { statusHost: 'Rejected' });
      await handle.query(sql`DELETE FROM users WHERE id = ${host.id} - 1`);
      expect(await keptCounters(handle)).toEqual(await recountedCounters(handle));
    } finally {
      await handle.close();
    }
  });
});

describe('booking inserts folded later (decision 033)', () => {
  const unfolded = async (handle: DatabaseHandle) =>
    Number((await handle.query<{ count: string }>(sql`SELECT count(*) AS count FROM unfolded_booking_inserts()`))[0].count);
  const bookingsVersion = async (handle: DatabaseHandle) =>
    Number((await handle.query<{ value: string }>(sql`SELECT sum(value) AS value FROM data_versions_now WHERE name = 'bookings'`))[0].value);
  const keptBookings = async (handle: DatabaseHandle) =>
    Number((await handle.query<{ value: string | null }>(sql`SELECT sum(value) AS value FROM list_counters WHERE name = 'bookings'`))[0].value ?? 0);

  it('counts a booking changed or deleted before its insert is folded once, with what it is now, before and after the fold', async () => {
    const handle = await createTestDatabase();
    try {
      await foldAll(handle);
      const keptBefore = await keptBookings(handle);
      await handle.query(
        sql`INSERT INTO bookings (status, total, is_disputed) VALUES ('pending', 100, false), ('confirmed', 250.5, true), ('pending', 80, false)`,
      );
      const [changed] = await handle.query<{ id: number }>(sql`SELECT min(id) AS id FROM bookings`);
      await handle.query(sql`UPDATE bookings SET status = 'cancelled', total = 90, created_at = now() - interval '3 days' WHERE id = ${changed.id}`);
      await handle.query(sql`DELETE FROM bookings WHERE status = 'confirmed'`);
      await insertBooking(handle, { status: 'completed', isDisputed: true });

      // Not folded yet: the counters' own rows do not have them, the views do.
      expect(await unfolded(handle)).toBe(4);
      expect(await keptBookings(handle)).toBe(keptBefore - 1);
      expect(await keptCounters(handle)).toEqual(await recountedCounters(handle));
      expect(await readText(handle, DAYS_NOW)).toEqual(await readText(handle, DAYS_RECOUNT));

      const versionBefore = await bookingsVersion(handle);
      await foldAll(handle);
      expect(await unfolded(handle)).toBe(0);
      expect(await keptBookings(handle)).toBe(keptBefore + 3);
      expect(await keptCounters(handle)).toEqual(await recountedCounters(handle));
      expect(await readText(handle, DAYS_NOW)).toEqual(await readText(handle, DAYS_RECOUNT));
      // Folding changes no answer, so it keeps the version; the next insert moves it.
      expect(await bookingsVersion(handle)).toBe(versionBefore);
      await insertBooking(handle);
      expect(await bookingsVersion(handle)).toBeGreaterThan(versionBefore);
      expect(await keptCounters(handle)).toEqual(await recountedCounters(handle));
    } finally {
      await handle.close();
    }
  });

  it('stays exact through a truncate and a recount with bookings not folded', async () => {
    const handle = await createTestDatabase();
    try {
      await insertBooking(handle, { status: 'pending' });
      await insertBooking(handle, { status: 'confirmed' });
      await handle.query(sql`TRUNCATE bookings, refunds`);
      expect(await keptCounters(handle)).toEqual(await recountedCounters(handle));
      expect(await readText(handle, DAYS_NOW)).toEqual({});
      await foldAll(handle);
      expect(await keptCounters(handle)).toEqual(await recountedCounters(handle));
      expect(await readText(handle, DAYS_NOW)).toEqual({});

      await insertBooking(handle, { status: 'pending' });
      await insertBooking(handle, { status: 'completed', total: 40 });
      await handle.query(sql`SELECT rebuild_list_counters()`);
      expect(await unfolded(handle)).toBe(2);
      expect(await keptCounters(handle)).toEqual(await recountedCounters(handle));
      expect(await readText(handle, DAYS_NOW)).toEqual(await readText(handle, DAYS_RECOUNT));
      await foldAll(handle);
      expect(await keptCounters(handle)).toEqual(await recountedCounters(handle));
      expect(await readText(handle, DAYS_NOW)).toEqual(await readText(handle, DAYS_RECOUNT));
    } finally {
      await handle.close();
    }
  });

  it('keeps a created booking in the live changes until it is folded, and forgets it after', async () => {
    const handle = await createTestDatabase();
    try {
      await insertBooking(handle);
      await handle.query(sql`UPDATE live_changes SET changed_at = now() - interval '1 day'`);
      const liveChanges = async () => Number((await handle.query<{ count: string }>(sql`SELECT count(*) AS count FROM live_changes`))[0].count);
      const repository = createLiveRepository(handle.db);
      await repository.deleteChangesBefore(new Date());
      expect(await unfolded(handle)).toBe(1);
      expect(await keptCounters(handle)).toEqual(await recountedCounters(handle));
      await foldAll(handle);
      await repository.deleteChangesBefore(new Date());
      expect(await liveChanges()).toBe(0);
      expect(await keptCounters(handle)).toEqual(await recountedCounters(handle));
    } finally {
      await handle.close();
    }
  });
});
