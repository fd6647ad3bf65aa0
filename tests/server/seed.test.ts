// The data generators: the demo set is deterministic and fills every screen; the volume set keeps
// its proportions, foreign keys and counters. Each test seeds a fresh copy of the migrated
// template (PGlite, or PostgreSQL in the server-pg project).
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../server/db/client';
import { DEMO_STAFF, seedDemo } from '../../server/db/seed/demo';
import { NonEmptyDatabaseError, seedVolume } from '../../server/db/seed/volume';
import { createTestApp } from './helpers/app';
import { createTestDatabase } from './helpers/database';

const opened: DatabaseHandle[] = [];
afterAll(async () => {
  for (const handle of opened.splice(0)) await handle.close();
});

const databases = {
  async open(): Promise<DatabaseHandle> {
    const handle = await createTestDatabase();
    opened.push(handle);
    return handle;
  },
};

async function count(handle: DatabaseHandle, statement: string): Promise<number> {
  const rows = await handle.query<{ count: number | string }>(sql.raw(statement));
  return Number(rows[0]?.count);
}

async function countBy(handle: DatabaseHandle, table: string, column: string): Promise<Record<string, number>> {
  const rows = await handle.query<{ value: string; count: number | string }>(
    sql.raw(`SELECT ${column} AS value, count(*) AS count FROM ${table} GROUP BY ${column}`),
  );
  return Object.fromEntries(rows.map((row) => [row.value, Number(row.count)]));
}

const HASHED_TABLES = [
  'administrators',
  'audit_events',
  'users',
  'host_verifications',
  'properties',
  'property_images',
  'bookings',
  'feedbacks',
  'promos',
  'conversations',
  'messages',
  'host_interest_submissions',
  'email_subscribers',
];

async function fingerprint(handle: DatabaseHandle): Promise<Record<string, string>> {
  const result: Record<string, string> = {};
  for (const table of HASHED_TABLES) {
    const key = table === 'host_verifications' ? 'user_id' : 'id';
    const rows = await handle.query<{ digest: string }>(
      sql.raw(`SELECT md5(string_agg(row_value::text, '|' ORDER BY ${key})) AS digest FROM ${table} AS row_value`),
    );
    result[table] = rows[0]?.digest ?? '';
  }
  return result;
}

/** Hosts whose number_of_properties differs from the properties they own. */
const MISCOUNTED_HOSTS = `
  SELECT count(*) AS count FROM users
  WHERE is_host AND number_of_properties <> (SELECT count(*) FROM properties WHERE host_id = users.id)`;

describe('seedDemo', () => {
  let handle: DatabaseHandle;

  beforeAll(async () => {
    handle = await databases.open();
    const summary = await seedDemo(handle);
    if (summary.isSkipped) throw new Error(`demo seed skipped: ${summary.reason}`);
  }, 60_000);

  it('fills several pages of every list (8 per page, 10 for feedback)', async () => {
    expect(await count(handle, 'SELECT count(*) FROM users WHERE is_host')).toBeGreaterThanOrEqual(24);
    expect(await count(handle, 'SELECT count(*) FROM users WHERE NOT is_host')).toBeGreaterThanOrEqual(24);
    expect(await count(handle, 'SELECT count(*) FROM properties')).toBeGreaterThanOrEqual(24);
    expect(await count(handle, 'SELECT count(*) FROM bookings')).toBeGreaterThanOrEqual(24);
    expect(await count(handle, 'SELECT count(*) FROM feedbacks')).toBeGreaterThanOrEqual(30);
    expect(await count(handle, 'SELECT count(*) FROM host_interest_submissions')).toBeGreaterThanOrEqual(24);
    expect(await count(handle, 'SELECT count(*) FROM email_subscribers')).toBeGreaterThanOrEqual(24);
    expect(await count(handle, 'SELECT count(*) FROM conversations')).toBeGreaterThanOrEqual(3);
  });

  it('spreads hosts, listings, approvals and bookings over every status', async () => {
    expect(Object.keys(await countBy(handle, 'users WHERE is_host', 'status_host')).sort()).toEqual(['Confirmed', 'Pending', 'Rejected']);
    const listings = await countBy(handle, 'properties', 'listing_status');
    for (const status of ['Pending', 'Approved', 'Declined', 'Rejected', 'Pending For Verification']) {
      expect(listings[status], status).toBeGreaterThan(0);
    }
    const approvals = await countBy(handle, 'properties', 'approval_status');
    expect(Object.values(approvals).reduce((sum, value) => sum + value, 0)).toBeGreaterThanOrEqual(25);
    for (const status of ['pending', 'confirmed', 'declined']) expect(approvals[status], status).toBeGreaterThan(0);
    expect(Object.keys(await countBy(handle, 'bookings', 'status')).sort()).toEqual(['cancelled', 'completed', 'confirmed', 'pending']);
  });

  it('creates the three promos with their documented defaults', async () => {
    const promos = await handle.query<Record<string, unknown>>(
      sql`SELECT kind, name, promo_code, valid_until::text AS valid_until, promo_value, free_stays, is_active FROM promos ORDER BY id`,
    );
    expect(promos).toEqual([
      expect.objectContaining({ kind: 'guest', name: 'Guest Promo', promo_code: 'HOY5', valid_until: '2025-10-31', promo_value: 5, is_active: true }),
      expect.objectContaining({ kind: 'host_new_joiner', name: 'New Joiner Promo', valid_until: '2025-10-31', free_stays: 5, is_active: true }),
      expect.objectContaining({ kind: 'host_regular', name: 'Regular Promo', valid_until: '2025-10-31', free_stays: 5, is_active: true }),
    ]);
  });

  it("keeps each host's number_of_properties equal to its properties", async () => {
    expect(await count(handle, MISCOUNTED_HOSTS)).toBe(0);
  });

  it('gives every property 5 to 7 images under /demo/', async () => {
    const outside = `
      SELECT count(*) AS count FROM properties
      WHERE (SELECT count(*) FROM property_images WHERE property_id = properties.id) NOT BETWEEN 5 AND 7`;
    expect(await count(handle, outside)).toBe(0);
    expect(await count(handle, "SELECT count(*) FROM property_images WHERE url NOT LIKE '/demo/%'")).toBe(0);
  });

  it('keeps conversation counters and last messages consistent with the messages', async () => {
    const inconsistent = `
      SELECT count(*) AS count FROM conversations
      WHERE unread_count <> (SELECT count(*) FROM messages WHERE conversation_id = conversations.id AND NOT is_from_admin AND read_at IS NULL)
         OR last_message_text IS DISTINCT FROM (SELECT body FROM messages WHERE conversation_id = conversations.id ORDER BY id DESC LIMIT 1)
         OR last_message_at <> (SELECT max(created_at) FROM messages WHERE conversation_id = conversations.id)`;
    expect(await count(handle, inconsistent)).toBe(0);
    expect(await count(handle, 'SELECT count(*) FROM conversations WHERE unread_count > 0')).toBeGreaterThan(0);
    expect(await count(handle, 'SELECT count(*) FROM conversations WHERE is_declined')).toBeGreaterThan(0);
    expect(await count(handle, 'SELECT count(*) FROM messages GROUP BY conversation_id ORDER BY 1 LIMIT 1')).toBeGreaterThanOrEqual(3);
  });

  it('prices bookings as nights times the nightly price and flags only cancelled ones as cancelled', async () => {
    const mispriced = `
      SELECT count(*) AS count FROM bookings JOIN properties ON properties.id = bookings.property_id
      WHERE check_in_date IS NOT NULL AND total <> (check_out_date - check_in_date) * price_per_night`;
    expect(await count(handle, mispriced)).toBe(0);
    expect(await count(handle, "SELECT count(*) FROM bookings WHERE is_cancelled AND status <> 'cancelled'")).toBe(0);
    expect(await count(handle, 'SELECT count(*) FROM bookings WHERE guest_id IS NULL')).toBeGreaterThan(0);
    expect(await count(handle, 'SELECT count(*) FROM bookings WHERE property_id IS NULL')).toBeGreaterThan(0);
    expect(await count(handle, 'SELECT count(*) FROM bookings WHERE check_in_date IS NULL')).toBeGreaterThan(0);
  });

  it('writes varied feedback: every rating, long comments and missing ones', async () => {
    expect(Object.keys(await countBy(handle, 'feedbacks', 'rating')).length).toBe(5);
    expect(await count(handle, 'SELECT count(*) FROM feedbacks WHERE length(comments) > 200')).toBeGreaterThan(0);
    expect(await count(handle, 'SELECT count(*) FROM feedbacks WHERE comments IS NULL')).toBeGreaterThan(0);
  });

  it('adds four named staff members, one per role (decision 018)', async () => {
    const staff = await handle.query<{ name: string; email: string; role: string }>(sql`SELECT name, email, role FROM administrators ORDER BY id`);
    expect(staff).toEqual(DEMO_STAFF);
    expect(staff.map((member) => member.role)).toEqual(['administrator', 'moderator', 'support', 'viewer']);
  });

  it('names a staff member in every Activity entry: decisions by the moderator or the administrator, the others added by the administrator', async () => {
    expect(await count(handle, 'SELECT count(*) FROM audit_events')).toBeGreaterThan(100);
    expect(await count(handle, 'SELECT count(*) FROM audit_events WHERE administrator_id IS NULL')).toBe(0);
    const actors = await handle.query<{ action: string; role: string; count: number | string }>(
      sql`SELECT split_part(action, '.', 1) AS action, role, count(*) AS count FROM audit_events JOIN administrators ON administrators.id = administrator_id
          GROUP BY 1, 2 ORDER BY 1, 2`,
    );
    expect(actors.map(({ action, role }) => `${action} by ${role}`)).toEqual([
      'host by administrator',
      'host by moderator',
      'listing by administrator',
      'listing by moderator',
      'property by administrator',
      'property by moderator',
      'staff by administrator',
    ]);
    const added = await handle.query<{ name: string }>(sql`SELECT entity_name AS name FROM audit_events WHERE action = 'staff.create' ORDER BY id`);
    expect(added.map((entry) => entry.name)).toEqual(DEMO_STAFF.slice(1).map((member) => member.name));
    // The trail is append-only: its ids follow time.
    expect(
      await count(
        handle,
        'SELECT count(*) FROM audit_events AS later JOIN audit_events AS earlier ON earlier.id = later.id - 1 WHERE later.created_at < earlier.created_at',
      ),
    ).toBe(0);
  });

  it("names the staff member who sent each of the chats' staff messages: the support member or the administrator", async () => {
    const senders = await handle.query<{ role: string | null }>(
      sql`SELECT DISTINCT role FROM messages LEFT JOIN administrators ON administrators.id = administrator_id WHERE is_from_admin ORDER BY role`,
    );
    expect(senders.map((sender) => sender.role)).toEqual(['administrator', 'support']);
    expect(await count(handle, 'SELECT count(*) FROM messages WHERE NOT is_from_admin AND administrator_id IS NOT NULL')).toBe(0);
  });

  it('does nothing when the database already has users', async () => {
    const before = await fingerprint(handle);
    const summary = await seedDemo(handle, { seed: 7 });
    expect(summary.isSkipped).toBe(true);
    expect(await fingerprint(handle)).toEqual(before);
  });
});

describe("the demo's staff", () => {
  it('cannot sign in until a password is set for them; the first administrator still can', async () => {
    const t = await createTestApp();
    try {
      await seedDemo(t.handle);
      const signIn = (email: string, password: string) => t.request({ method: 'POST', url: '/api/admin/admin-login', payload: { email, password } });
      for (const { email } of DEMO_STAFF) {
        expect((await signIn(email, 'correct horse battery staple')).statusCode, email).toBe(401);
        expect((await signIn(email, '')).statusCode, email).toBe(400);
      }
      await t.login();
      // As `npm run admin -- set-password` does.
      const [moderator] = DEMO_STAFF.filter((member) => member.role === 'moderator');
      await t.app.services.auth.setPassword(moderator.email, 'a moderator password of 12+');
      const response = await signIn(moderator.email, 'a moderator password of 12+');
      expect(response.statusCode).toBe(200);
      expect(response.json<{ token: string }>().token).toEqual(expect.any(String));
    } finally {
      await t.close();
    }
  }, 60_000);
});

describe('seedDemo determinism', () => {
  it('writes the same rows on every run with the same seed', async () => {
    const first = await databases.open();
    await seedDemo(first);
    const firstPrint = await fingerprint(first);
    const second = await databases.open();
    await seedDemo(second);
    expect(await fingerprint(second)).toEqual(firstPrint);
  }, 60_000);
});

describe('seedVolume', () => {
  it('loads the requested hosts and bookings with users, properties and feedback in proportion', async () => {
    const handle = await databases.open();
    const summary = await seedVolume(handle, { hosts: 200, bookings: 2_000 });
    const { counts } = summary;
    expect(counts.users).toBe(600);
    expect(await count(handle, 'SELECT count(*) FROM users WHERE is_host')).toBe(200);
    expect(counts.bookings).toBe(2_000);
    expect(counts.feedbacks).toBe(200);
    expect(counts.properties).toBeGreaterThan(200);
    expect(counts.properties).toBeLessThan(400);
    expect(counts.property_images).toBe(counts.properties * 5);
    expect(counts.promos).toBe(3);
    expect(counts.host_interest_submissions).toBeGreaterThan(0);
    expect(counts.email_subscribers).toBeGreaterThan(0);
    expect(await count(handle, MISCOUNTED_HOSTS)).toBe(0);
    expect(await count(handle, "SELECT count(*) FROM pg_constraint WHERE contype = 'f'")).toBeGreaterThanOrEqual(11);
    expect(await count(handle, "SELECT count(*) FROM pg_indexes WHERE indexname = 'bookings_status_idx'")).toBe(1);
  }, 60_000);

  it('writes as many audit entries as bookings unless told, by the administrators there are, the same on every run', async () => {
    const first = await databases.open();
    await first.query(sql`INSERT INTO administrators (email, name, password_hash) VALUES ('one@hoy.test', 'One', 'x'), ('two@hoy.test', 'Two', 'x')`);
    expect((await seedVolume(first, { hosts: 20, bookings: 500 })).counts.audit_events).toBe(500);
    const summary = await seedVolume(first, { hosts: 20, bookings: 500, audit: 1_200, reset: true });
    expect(summary.counts.audit_events).toBe(1_200);
    expect(await countBy(first, 'audit_events', 'administrator_id')).toEqual({ 1: expect.any(Number), 2: expect.any(Number) });
    expect(Object.keys(await countBy(first, 'audit_events', 'entity_type')).sort()).toEqual([
      'booking',
      'guest',
      'host',
      'listing',
      'promo',
      'property',
      'staff',
    ]);
    // Reasons on declines and suspensions only (a suspension always has one), and on most declines.
    expect(await count(first, "SELECT count(*) FROM audit_events WHERE reason IS NOT NULL AND action NOT LIKE '%.decline' AND entity_type <> 'guest'")).toBe(0);
    expect(await count(first, "SELECT count(*) FROM audit_events WHERE reason IS NULL AND entity_type = 'guest'")).toBe(0);
    expect(await count(first, 'SELECT count(*) FROM audit_events WHERE reason IS NOT NULL')).toBeGreaterThan(0);
    // In id order over the past years, as an append-only trail.
    expect(
      await count(
        first,
        'SELECT count(*) FROM audit_events AS later JOIN audit_events AS earlier ON earlier.id = later.id - 1 WHERE later.created_at < earlier.created_at',
      ),
    ).toBe(0);
    const digest = "SELECT md5(string_agg(entry::text, '|' ORDER BY id)) AS count FROM audit_events AS entry";
    const firstDigest = (await first.query<{ count: string }>(sql.raw(digest)))[0].count;
    const second = await databases.open();
    await second.query(sql`INSERT INTO administrators (email, name, password_hash) VALUES ('one@hoy.test', 'One', 'x'), ('two@hoy.test', 'Two', 'x')`);
    await seedVolume(second, { hosts: 20, bookings: 500, audit: 1_200 });
    expect((await second.query<{ count: string }>(sql.raw(digest)))[0].count).toBe(firstDigest);
    // Without administrators the entries name nobody, and none is about a staff account.
    const third = await databases.open();
    await seedVolume(third, { hosts: 20, bookings: 100, audit: 300 });
    expect(await countBy(third, 'audit_events', "COALESCE(administrator_id::text, 'none')")).toEqual({ none: 300 });
    expect(await count(third, "SELECT count(*) FROM audit_events WHERE entity_type = 'staff'")).toBe(0);
  }, 60_000);

  it("takes the number of guests when told, and copies every booking's names for the sorts with their indexes", async () => {
    const handle = await databases.open();
    const summary = await seedVolume(handle, { hosts: 20, guests: 150, bookings: 700 });
    expect(summary.counts.users).toBe(170);
    expect(await count(handle, 'SELECT count(*) FROM users WHERE NOT is_host')).toBe(150);
    // Every booking's guest is one of the 150 guests.
    expect(await count(handle, 'SELECT count(*) FROM bookings AS booking JOIN users AS guest ON guest.id = booking.guest_id WHERE guest.is_host')).toBe(0);
    // The names the Guest and Property sorts walk: one row a booking, equal to its guest's and property's.
    expect(await count(handle, 'SELECT count(*) FROM booking_names')).toBe(700);
    const differing = `SELECT count(*) FROM bookings AS booking
      JOIN booking_names AS named ON named.booking_id = booking.id
      LEFT JOIN users AS guest ON guest.id = booking.guest_id
      LEFT JOIN properties AS property ON property.id = booking.property_id
      WHERE (named.status, named.guest_name, named.property_title) IS DISTINCT FROM (booking.status, NULLIF(guest.name, ''), NULLIF(property.title, ''))`;
    expect(await count(handle, differing)).toBe(0);
    expect(await count(handle, "SELECT count(*) FROM pg_indexes WHERE tablename = 'booking_names'")).toBe(5);
    // Again over the same data: the copy is replaced, not doubled.
    await seedVolume(handle, { hosts: 20, guests: 40, bookings: 300, reset: true });
    expect(await count(handle, 'SELECT count(*) FROM booking_names')).toBe(300);
    expect(await count(handle, differing)).toBe(0);
  }, 60_000);

  it('moves id sequences past the loaded rows', async () => {
    const handle = await databases.open();
    await seedVolume(handle, { hosts: 20, bookings: 100 });
    const rows = await handle.query<{ id: number }>(sql`INSERT INTO users (name) VALUES ('Next User') RETURNING id`);
    expect(rows[0]?.id).toBe(61);
  }, 60_000);

  it('refuses a database that already has data unless asked to reset it', async () => {
    const handle = await databases.open();
    await seedDemo(handle);
    await expect(seedVolume(handle, { hosts: 10, bookings: 10 })).rejects.toBeInstanceOf(NonEmptyDatabaseError);
    const summary = await seedVolume(handle, { hosts: 10, bookings: 10, reset: true });
    expect(summary.counts.users).toBe(30);
    // The demo's chats are gone; the volume's own (a fifth of the hosts, at least 8) are there instead.
    expect(summary.counts.conversations).toBe(8);
    expect(summary.counts.messages).toBeGreaterThanOrEqual(8);
  }, 60_000);
});
