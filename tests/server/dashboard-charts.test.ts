// The dashboard's charts against the same database read directly: each bucket's numbers recomputed
// from the base tables (bookings, users, host_verifications, audit_events, conversations, messages),
// never from the rollups the charts read, after a volume load and after writes made straight in SQL.
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { CHART_MESSAGES } from '../../src/contracts/dashboard-charts';
import { CHART_NAMES, chartPath, type ChartName } from '../../src/contracts/dashboard-chart-names';
import type { Role } from '../../src/contracts/roles';
import { seedVolume } from '../../server/db/seed/volume';
import { signedInTestApp } from './helpers/app';
import { insertHost, insertProperty } from './helpers/fixtures';
import { createStaff, loginAs } from './helpers/staff';

const t = signedInTestApp();
const YEAR = { from: '2025-11-01', to: '2026-10-31' };

type Point = { from: string; to: string } & Record<string, number | string | null>;
type Chart = { from: string; to: string; bucket: 'day' | 'week'; points: Point[] } & Record<string, unknown>;

async function chart(name: ChartName, query: Record<string, string>, token = t.token): Promise<Chart> {
  const response = await t.request({ method: 'GET', url: chartPath(name), query, token });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<Chart>();
}

/** The answer's buckets as a relation the direct SQL joins: first day, last day, and the instants they span. */
const bucketsSql = (points: Point[]) => sql`(
  SELECT b.first_day, b.last_day, b.first_day::timestamp AT TIME ZONE 'UTC' AS starts_at, (b.last_day + 1)::timestamp AT TIME ZONE 'UTC' AS ends_at
  FROM jsonb_to_recordset(${JSON.stringify(points.map((point) => ({ first_day: point.from, last_day: point.to })))}::jsonb) AS b(first_day date, last_day date)
) AS bucket`;

async function direct<Row>(statement: ReturnType<typeof sql>): Promise<Row[]> {
  return t.handle.query<Row>(statement);
}

const DAY_MS = 86_400_000;
const nextDay = (day: string) => new Date(Date.parse(day) + DAY_MS).toISOString().slice(0, 10);

/** Buckets follow each other without gap from the range's first day to its last; weeks start on Mondays. */
function expectContiguous(answer: Chart, range: { from: string; to: string }) {
  const { points } = answer;
  expect([points[0]?.from, points.at(-1)?.to]).toEqual([range.from, range.to]);
  expect(points.slice(1).map((point) => point.from)).toEqual(points.slice(0, -1).map((point) => nextDay(point.to)));
  const weekdays = points.slice(1).map((point) => new Date(`${point.from}T00:00:00Z`).getUTCDay());
  expect(weekdays.every((weekday) => weekday === 1) || answer.bucket === 'day').toBe(true);
  expect(points.every((point) => point.to === point.from) || answer.bucket === 'week').toBe(true);
}

async function expectBookingsExact(range: { from: string; to: string; bucket?: string }) {
  const answer = await chart('bookings', range);
  expectContiguous(answer, range);
  const rows = await direct<Point>(sql`
    SELECT bucket.first_day::text AS "from", bucket.last_day::text AS "to",
           count(booking.id) FILTER (WHERE booking.status = 'confirmed')::int AS confirmed,
           count(booking.id) FILTER (WHERE booking.status = 'pending')::int AS pending,
           count(booking.id) FILTER (WHERE booking.status = 'cancelled')::int AS cancelled,
           count(booking.id) FILTER (WHERE booking.status = 'completed')::int AS completed,
           count(booking.id)::int AS total
    FROM ${bucketsSql(answer.points)}
    LEFT JOIN bookings AS booking ON booking.created_at >= bucket.starts_at AND booking.created_at < bucket.ends_at
    GROUP BY 1, 2 ORDER BY 1`);
  expect(answer.points).toEqual(rows);
  return answer;
}

async function expectValueAndCancellationsExact(range: { from: string; to: string; bucket?: string }) {
  const value = await chart('booking-value', range);
  const cancellations = await chart('cancellations', range);
  expectContiguous(value, range);
  expectContiguous(cancellations, range);
  const valueRows = await direct<{ from: string; value: string; bookings: number; average: string | null }>(sql`
    SELECT bucket.first_day::text AS "from", COALESCE(sum(booking.total), 0) AS value, count(booking.id)::int AS bookings,
           round(avg(booking.total), 2) AS average
    FROM ${bucketsSql(value.points)}
    LEFT JOIN bookings AS booking ON booking.created_at >= bucket.starts_at AND booking.created_at < bucket.ends_at AND booking.status <> 'cancelled'
    GROUP BY 1 ORDER BY 1`);
  expect(value.points.map((point) => [point.from, point.value, point.bookings, point.averageBookingValue])).toEqual(
    valueRows.map((row) => [row.from, Number(row.value), row.bookings, row.average === null ? null : Number(row.average)]),
  );
  const sum = valueRows.reduce((total, row) => total + Number(row.value) * 100, 0) / 100;
  expect(value.total).toBeCloseTo(sum, 2);
  expect(value.averagePerBucket).toBeCloseTo(sum / valueRows.length, 2);
  const cancellationRows = await direct<Point>(sql`
    SELECT bucket.first_day::text AS "from", bucket.last_day::text AS "to", count(booking.id)::int AS bookings,
           count(booking.id) FILTER (WHERE booking.status = 'cancelled')::int AS cancelled,
           count(booking.id) FILTER (WHERE booking.is_disputed)::int AS disputed
    FROM ${bucketsSql(cancellations.points)}
    LEFT JOIN bookings AS booking ON booking.created_at >= bucket.starts_at AND booking.created_at < bucket.ends_at
    GROUP BY 1, 2 ORDER BY 1`);
  expect(cancellations.points).toEqual(
    cancellationRows.map((row) => ({
      ...row,
      cancellationRate: row.bookings === 0 ? null : Math.round(((row.cancelled as number) / (row.bookings as number)) * 10_000) / 10_000,
      disputedShare: row.bookings === 0 ? null : Math.round(((row.disputed as number) / (row.bookings as number)) * 10_000) / 10_000,
    })),
  );
}

/** The decision chart's buckets recomputed from the audit trail and the properties: each record's first decision, its wait. */
async function expectDecisionsExact(range: { from: string; to: string; bucket?: string }) {
  const answer = await chart('decisions', range);
  expectContiguous(answer, range);
  const rows = await direct<Point>(sql`
    WITH first AS (
      SELECT DISTINCT ON (decision.entity_type, decision.entity_id) decision.entity_type, decision.created_at AS decided_at, property.created_at AS submitted_at
      FROM audit_events AS decision JOIN properties AS property ON property.id = decision.entity_id
      WHERE decision.action IN ('listing.approve', 'listing.decline', 'property.approve', 'property.decline')
      ORDER BY decision.entity_type, decision.entity_id, decision.created_at, decision.id
    )
    SELECT bucket.first_day::text AS "from", bucket.last_day::text AS "to",
           count(*) FILTER (WHERE first.entity_type = 'listing')::int AS "listingDecisions",
           percentile_cont(0.5) WITHIN GROUP (ORDER BY extract(epoch FROM first.decided_at - first.submitted_at)::float8) FILTER (WHERE first.entity_type = 'listing') AS "listingMedianSeconds",
           percentile_cont(0.9) WITHIN GROUP (ORDER BY extract(epoch FROM first.decided_at - first.submitted_at)::float8) FILTER (WHERE first.entity_type = 'listing') AS "listingP90Seconds",
           count(*) FILTER (WHERE first.entity_type = 'property')::int AS "propertyDecisions",
           percentile_cont(0.5) WITHIN GROUP (ORDER BY extract(epoch FROM first.decided_at - first.submitted_at)::float8) FILTER (WHERE first.entity_type = 'property') AS "propertyMedianSeconds",
           percentile_cont(0.9) WITHIN GROUP (ORDER BY extract(epoch FROM first.decided_at - first.submitted_at)::float8) FILTER (WHERE first.entity_type = 'property') AS "propertyP90Seconds"
    FROM ${bucketsSql(answer.points)}
    LEFT JOIN first ON first.decided_at >= bucket.starts_at AND first.decided_at < bucket.ends_at
    GROUP BY 1, 2 ORDER BY 1`);
  expect(answer.points).toEqual(
    rows.map((row) =>
      Object.fromEntries(Object.entries(row).map(([key, value]) => [key, typeof value === 'string' && key !== 'from' && key !== 'to' ? Number(value) : value])),
    ),
  );
  return answer;
}

beforeAll(async () => {
  await seedVolume(t.handle, { hosts: 60, bookings: 3_000, audit: 3_000 });
});

describe('the booking charts', () => {
  it('count a year of bookings per week by status, exactly as the bookings table does', async () => {
    const answer = await expectBookingsExact(YEAR);
    expect(answer.bucket).toBe('week');
    expect(answer.points.reduce((total, point) => total + (point.total as number), 0)).toBeGreaterThan(1_000);
  });

  it('answer every day of a short range, a day without bookings as zeros', async () => {
    const answer = await expectBookingsExact({ from: '2026-10-25', to: '2026-11-20' });
    expect(answer.bucket).toBe('day');
    expect(answer.points).toHaveLength(27);
    expect(answer.points.at(-1)).toEqual({ from: '2026-11-20', to: '2026-11-20', confirmed: 0, pending: 0, cancelled: 0, completed: 0, total: 0 });
  });

  it('keep only the statuses asked for', async () => {
    const all = await chart('bookings', YEAR);
    const some = await chart('bookings', { ...YEAR, status: 'pending,cancelled' });
    expect(some.points.map((point) => point.total)).toEqual(all.points.map((point) => (point.pending as number) + (point.cancelled as number)));
    expect(some.points.every((point) => point.confirmed === 0 && point.completed === 0)).toBe(true);
  });

  it('follow bookings written straight into the database: many rows at once, moved, re-priced and deleted', async () => {
    await t.handle.query(sql`
      INSERT INTO bookings (status, total, is_disputed, created_at)
      SELECT (ARRAY['pending', 'confirmed', 'cancelled', 'completed'])[1 + n % 4], 10.25 * n, n % 3 = 0,
             timestamptz '2026-10-30 23:30:00+00' + n * interval '20 minutes'
      FROM generate_series(1, 40) AS n`);
    await t.handle.query(sql`UPDATE bookings SET status = 'cancelled', total = total + 1 WHERE id % 7 = 0`);
    await t.handle.query(sql`UPDATE bookings SET created_at = created_at - interval '3 days', is_disputed = NOT is_disputed WHERE id % 11 = 0`);
    await t.handle.query(sql`DELETE FROM bookings WHERE id % 13 = 0`);
    expect((await expectBookingsExact({ from: '2026-10-20', to: '2026-11-05' })).points).toHaveLength(17);
    await expectBookingsExact(YEAR);
    await expectValueAndCancellationsExact(YEAR);
    await expectValueAndCancellationsExact({ from: '2026-10-28', to: '2026-11-02' });
    // Weeks cut at both ends (a Thursday to a Wednesday): each day lands in its own bucket only.
    const cut = { from: '2026-10-22', to: '2026-11-04', bucket: 'week' };
    expect((await expectBookingsExact(cut)).points.map((point) => [point.from, point.to])).toEqual([
      ['2026-10-22', '2026-10-25'],
      ['2026-10-26', '2026-11-01'],
      ['2026-11-02', '2026-11-04'],
    ]);
    await expectValueAndCancellationsExact(cut);
  });
});

describe('the host chart', () => {
  it('counts new hosts per week and the verification backlog at each week end, as the tables say', async () => {
    // Written straight into the database after the load: a verification submitted, a host decided
    // before and one after submitting, a verified host deleted, a verification's day moved.
    const submitted = await insertHost(t.handle, { createdAt: new Date('2026-03-02T10:00:00Z') });
    const decidedFirst = await insertHost(t.handle, { createdAt: new Date('2026-03-02T10:00:00Z') });
    await t.handle.query(sql`
      INSERT INTO audit_events (action, entity_type, entity_id, created_at)
      VALUES ('host.approve', 'host', ${decidedFirst.id}, '2026-03-03T09:00:00Z')`);
    await t.handle.query(sql`
      INSERT INTO host_verifications (user_id, id_type, country, id_document_url, created_at)
      VALUES (${submitted.id}, 'passport', 'Somalia', '/id.png', '2026-03-04T10:00:00Z'), (${decidedFirst.id}, 'passport', 'Somalia', '/id.png', '2026-03-10T10:00:00Z')`);
    await t.handle.query(sql`
      INSERT INTO audit_events (action, entity_type, entity_id, created_at)
      VALUES ('host.approve', 'host', ${submitted.id}, '2026-03-20T09:00:00Z')`);
    await t.handle.query(sql`DELETE FROM users WHERE id = (SELECT user_id FROM host_verifications ORDER BY user_id LIMIT 1)`);
    await t.handle.query(sql`UPDATE host_verifications SET created_at = created_at - interval '40 days' WHERE user_id % 5 = 0`);
    // Guests made hosts and hosts made guests, hosts' joining days moved, a rename (which moves nothing).
    await t.handle.query(sql`UPDATE users SET is_host = NOT is_host WHERE id IN (SELECT id FROM users WHERE created_at >= '2026-01-01' ORDER BY id LIMIT 6)`);
    await t.handle.query(sql`UPDATE users SET created_at = created_at - interval '20 days' WHERE is_host AND id % 7 = 0`);
    await t.handle.query(sql`UPDATE users SET name = name || ' Renamed' WHERE is_host AND id % 3 = 0`);
    const answer = await chart('hosts', YEAR);
    expectContiguous(answer, YEAR);
    const rows = await direct<Point>(sql`
      SELECT bucket.first_day::text AS "from", bucket.last_day::text AS "to",
             (SELECT count(*) FROM users WHERE is_host AND created_at >= bucket.starts_at AND created_at < bucket.ends_at)::int AS "newHosts",
             (SELECT count(*) FROM host_verifications AS verification
              WHERE verification.created_at < bucket.ends_at
                AND NOT EXISTS (SELECT 1 FROM audit_events AS decision
                                WHERE decision.entity_type = 'host' AND decision.entity_id = verification.user_id AND decision.action = 'host.approve'
                                  AND greatest(decision.created_at, verification.created_at) < bucket.ends_at))::int AS backlog
      FROM ${bucketsSql(answer.points)} ORDER BY 1`);
    expect(answer.points).toEqual(rows);
    expect(answer.points.some((point) => (point.newHosts as number) > 0)).toBe(true);
  });
});

describe('the decision chart', () => {
  it('answers the median and 90th percentile wait for a first decision per week, from the audit trail', async () => {
    // Asked once before the decisions below: its answer is cached under review_waits' version, which they change.
    await chart('decisions', YEAR);
    // Records submitted in the range: a first decision after a few hours to days, and a later one that does not count.
    const host = await insertHost(t.handle);
    for (let index = 0; index < 12; index += 1) {
      const property = await insertProperty(t.handle, host.id, { createdAt: new Date(Date.UTC(2026, 5, 1 + index * 3, 8)) });
      const kind = index % 3 === 0 ? 'property' : 'listing';
      await t.handle.query(sql`
        INSERT INTO audit_events (action, entity_type, entity_id, created_at)
        VALUES (${`${kind}.approve`}, ${kind}, ${property.id}, ${property.createdAt.toISOString()}::timestamptz + ${`${index * 7 + 1} hours`}::interval),
               (${`${kind}.decline`}, ${kind}, ${property.id}, ${property.createdAt.toISOString()}::timestamptz + interval '40 days')`);
    }
    const answer = await expectDecisionsExact(YEAR);
    expect(answer.points.some((point) => (point.listingDecisions as number) > 0 && (point.propertyDecisions as number) > 0)).toBe(true);
    // Whole weeks come from the weeks the triggers keep, cut weeks and days from the waits: both exact.
    const cut = await expectDecisionsExact({ from: '2026-06-03', to: '2026-07-16', bucket: 'week' });
    expect([cut.points[0].to, cut.points.at(-1)?.from]).toEqual(['2026-06-07', '2026-07-13']);
    await expectDecisionsExact({ from: '2026-06-01', to: '2026-06-30', bucket: 'day' });
    // A deleted property takes its waits with it, and its week is counted again.
    await t.handle.query(
      sql`DELETE FROM properties WHERE id = (SELECT entity_id FROM review_waits WHERE entity_type = 'listing' AND decided_at >= '2026-06-01' ORDER BY entity_id LIMIT 1)`,
    );
    await expectDecisionsExact(YEAR);
  });
});

describe('the chat chart', () => {
  it('counts conversations opened per day and the median time to the first staff reply', async () => {
    await t.handle.query(sql`
      WITH opened AS (
        INSERT INTO conversations (title, created_at, last_message_at)
        SELECT 'Chart ' || n, timestamptz '2026-10-01 08:00:00+00' + (n % 5) * interval '1 day', now() FROM generate_series(1, 12) AS n
        RETURNING id, created_at
      )
      INSERT INTO messages (conversation_id, is_from_admin, body, created_at)
      SELECT id, false, 'Hello', created_at + interval '1 minute' FROM opened
      UNION ALL SELECT id, true, 'Staff', created_at + (id % 4 + 1) * interval '7 minutes' FROM opened WHERE id % 3 <> 0
      UNION ALL SELECT id, true, 'Staff again', created_at + interval '5 hours' FROM opened`);
    const range = { from: '2026-09-29', to: '2026-10-08' };
    const answer = await chart('chats', range);
    expectContiguous(answer, range);
    const rows = await direct<Point>(sql`
      SELECT bucket.first_day::text AS "from", bucket.last_day::text AS "to", count(conversation.id)::int AS opened,
             percentile_cont(0.5) WITHIN GROUP (ORDER BY extract(epoch FROM reply.at - conversation.created_at)::float8) FILTER (WHERE reply.at IS NOT NULL) AS "medianFirstReplySeconds"
      FROM ${bucketsSql(answer.points)}
      LEFT JOIN conversations AS conversation ON conversation.created_at >= bucket.starts_at AND conversation.created_at < bucket.ends_at
      LEFT JOIN LATERAL (SELECT min(created_at) AS at FROM messages WHERE conversation_id = conversation.id AND is_from_admin) AS reply ON true
      GROUP BY 1, 2 ORDER BY 1`);
    expect(answer.points).toEqual(rows);
    expect(answer.points.reduce((total, point) => total + (point.opened as number), 0)).toBe(12);
  });
});

describe("a bucket's list", () => {
  const listTotal = async (url: string, query: Record<string, string>) => {
    const response = await t.request({ method: 'GET', url, query: { ...query, page: '1', pageSize: '100' }, token: t.token });
    expect(response.statusCode, response.body).toBe(200);
    return { total: Number(response.headers['x-total-count']), rows: response.json<unknown[]>() };
  };

  it('holds exactly the bookings and hosts a bar counts: the lists take the bucket as createdFrom and createdTo', async () => {
    const bookings = await chart('bookings', YEAR);
    const hosts = await chart('hosts', YEAR);
    for (const point of [...bookings.points.slice(-3), bookings.points[20]!]) {
      const range = { createdFrom: point.from, createdTo: point.to };
      expect((await listTotal('/api/admin/bookings', range)).total).toBe(point.total);
      expect((await listTotal('/api/admin/bookings', { ...range, status: 'cancelled' })).total).toBe(point.cancelled);
    }
    const busiest = hosts.points.reduce((best, point) => ((point.newHosts as number) > (best.newHosts as number) ? point : best));
    const joined = await listTotal('/api/admin/hosts', { createdFrom: busiest.from, createdTo: busiest.to });
    expect([joined.total, joined.rows.length]).toEqual([busiest.newHosts, busiest.newHosts]);
  });

  it('refuses a created-on day that is not one', async () => {
    const response = await t.request({ method: 'GET', url: '/api/admin/bookings', query: { createdFrom: '2026-02-30', page: '1' }, token: t.token });
    expect(response.statusCode).toBe(400);
    expect(response.json<{ message: string }>().message).toContain(CHART_MESSAGES.notADate);
  });
});

describe('bad input', () => {
  const refused = async (name: ChartName, query: Record<string, string>) => {
    const response = await t.request({ method: 'GET', url: chartPath(name), query, token: t.token });
    expect(response.statusCode, response.body).toBe(400);
    return response.json<{ message: string }>().message;
  };

  it('refuses a range that ends before it starts, spans 50 years, or names a day that is not one, with a message', async () => {
    for (const name of CHART_NAMES) {
      expect(await refused(name, { from: '2026-03-02', to: '2026-03-01' })).toContain(CHART_MESSAGES.endBeforeStart);
      expect(await refused(name, { from: '1976-01-01', to: '2026-01-01' })).toContain(CHART_MESSAGES.tooLong);
      expect(await refused(name, { from: '2026-02-30', to: '2026-03-01' })).toContain(CHART_MESSAGES.notADate);
      expect(await refused(name, { from: 'yesterday', to: '2026-03-01' })).toContain(CHART_MESSAGES.notADate);
      expect(await refused(name, { from: '2026-01-01', to: '2026-03-01', bucket: 'month' })).toBeTruthy();
      expect(await refused(name, { to: '2026-03-01' })).toBeTruthy();
    }
  });

  it('refuses a status the bookings chart does not know, and a status on a chart without one', async () => {
    expect(await refused('bookings', { ...YEAR, status: 'pending,refunded' })).toContain(CHART_MESSAGES.unknownStatus);
    expect(await refused('bookings', { ...YEAR, status: 'x'.repeat(5_000) })).toBeTruthy();
    expect(await refused('hosts', { ...YEAR, status: 'pending' })).toBeTruthy();
  });

  it('answers the longest range allowed', async () => {
    const answer = await chart('bookings', { from: '2024-01-01', to: '2026-12-31' });
    expect(answer.points.length).toBeGreaterThan(150);
  });
});

describe('roles', () => {
  it('gives each role the charts of what it may read, and 403 for the others', async () => {
    const tokens = {} as Record<Role, string>;
    for (const role of ['moderator', 'support', 'viewer'] as const) {
      const member = await createStaff(t, t.token, role, `${role}.charts@hoy.test`);
      tokens[role] = await loginAs(t, member.email);
    }
    tokens.administrator = t.token;
    const readable: Record<Role, ChartName[]> = {
      administrator: [...CHART_NAMES],
      moderator: ['hosts', 'decisions'],
      support: ['bookings', 'booking-value', 'cancellations', 'hosts', 'chats'],
      viewer: [...CHART_NAMES],
    };
    for (const [role, names] of Object.entries(readable) as [Role, ChartName[]][]) {
      for (const name of CHART_NAMES) {
        const response = await t.request({ method: 'GET', url: chartPath(name), query: YEAR, token: tokens[role] });
        expect([role, name, response.statusCode]).toEqual([role, name, names.includes(name) ? 200 : 403]);
      }
    }
    expect((await t.request({ method: 'GET', url: chartPath('bookings'), query: YEAR })).statusCode).toBe(401);
  });
});
