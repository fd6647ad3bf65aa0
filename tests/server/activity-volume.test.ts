// Activity over a seeded trail (migration 0018: totals from counters, pages from indexes, searches
// through the staff members and actions they match): every view, kind, staff member, order, page and
// search answers the rows and total that the plain query over the trail answers.
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ActivityRow } from '../../src/contracts/activity';
import { AUDIT_ENTITY_TYPES } from '../../src/contracts/audit';
import { seedVolume } from '../../server/db/seed/volume';
import { containsPattern } from '../../server/lib/paging';
import { signedInTestApp } from './helpers/app';
import { createStaff, loginAs, type StaffMember } from './helpers/staff';

const t = signedInTestApp();
const ENTRIES = 3_000;
let moderator: StaffMember;
let moderatorToken: string;

beforeAll(async () => {
  moderator = await createStaff(t, t.token, 'moderator', 'sahra.moderator@hoy.test');
  moderatorToken = await loginAs(t, moderator.email);
  // The trail is spread over the two staff members there are now; the staff.create entry goes with the reset.
  await seedVolume(t.handle, { hosts: 60, bookings: 300, audit: ENTRIES, reset: true });
}, 120_000);

interface Call {
  isEveryEntry: boolean;
  status?: string;
  staffId?: number;
  order: 'asc' | 'desc';
  q?: string;
  /** The created-on range's days (UTC, both included). */
  createdFrom?: string;
  createdTo?: string;
}

/** The plain query: the trail joined to its staff members, filtered, searched by ILIKE (record names too), in time order. */
async function plainIds(call: Call): Promise<number[]> {
  const pattern = call.q === undefined ? undefined : containsPattern(call.q);
  const conditions = [
    call.status === undefined ? undefined : sql`e.entity_type = ${call.status}`,
    // A Moderator's view: neither staff accounts (no staff.manage), promos (no promos.read) nor bookings (no bookings.read).
    call.isEveryEntry ? undefined : sql`e.entity_type NOT IN ('staff', 'promo', 'booking')`,
    call.staffId === undefined ? undefined : sql`e.administrator_id = ${call.staffId}`,
    call.createdFrom === undefined ? undefined : sql`(e.created_at AT TIME ZONE 'UTC')::date >= ${call.createdFrom}::date`,
    call.createdTo === undefined ? undefined : sql`(e.created_at AT TIME ZONE 'UTC')::date <= ${call.createdTo}::date`,
    pattern === undefined
      ? undefined
      : call.isEveryEntry
        ? sql`(a.email ILIKE ${pattern} OR a.name ILIKE ${pattern} OR e.action ILIKE ${pattern} OR e.reason ILIKE ${pattern} OR e.entity_name ILIKE ${pattern})`
        : sql`(a.name ILIKE ${pattern} OR e.action ILIKE ${pattern} OR e.reason ILIKE ${pattern} OR e.entity_name ILIKE ${pattern})`,
  ].filter((condition) => condition !== undefined);
  const direction = sql.raw(call.order === 'desc' ? 'DESC' : 'ASC');
  const rows = await t.handle.query<{ id: number | string }>(sql`SELECT e.id FROM audit_events e
    LEFT JOIN administrators a ON a.id = e.administrator_id
    WHERE ${sql.join([sql`true`, ...conditions], sql` AND `)}
    ORDER BY e.created_at ${direction}, e.id ${direction}`);
  return rows.map((row) => Number(row.id));
}

async function apiPage(call: Call, page: number, pageSize: number) {
  const query = new URLSearchParams({ page: String(page), pageSize: String(pageSize), sort: 'createdAt', order: call.order });
  if (call.status !== undefined) query.set('status', call.status);
  if (call.staffId !== undefined) query.set('staffId', String(call.staffId));
  if (call.q !== undefined) query.set('q', call.q);
  if (call.createdFrom !== undefined) query.set('createdFrom', call.createdFrom);
  if (call.createdTo !== undefined) query.set('createdTo', call.createdTo);
  const response = await t.request({ method: 'GET', url: `/api/admin/activity?${query}`, token: call.isEveryEntry ? t.token : moderatorToken });
  expect(response.statusCode, response.body).toBe(200);
  const ids = response.json<ActivityRow[]>().map((row) => row.id);
  if (response.headers['x-total-pending'] !== '1') return { ids, total: Number(response.headers['x-total-count']) };
  // Rows first, the total from the list's /total call (a search matching thousands of reasons).
  query.delete('page');
  query.delete('pageSize');
  const total = await t.request({ method: 'GET', url: `/api/admin/activity/total?${query}`, token: call.isEveryEntry ? t.token : moderatorToken });
  expect(total.statusCode, total.body).toBe(200);
  return { ids, total: total.json<{ total: number }>().total, isTotalPending: true };
}

/** Page 1, a page in the middle, the last page and one past it, against the plain query: the pages that differ. */
async function differences(call: Call) {
  const expected = await plainIds(call);
  const pageSize = 25;
  const lastPage = Math.max(1, Math.ceil(expected.length / pageSize));
  const found = [];
  for (const page of new Set([1, Math.ceil(lastPage / 2), lastPage, lastPage + 1])) {
    const { ids, total } = await apiPage(call, page, pageSize);
    const answer = { ids, total };
    const wanted = { ids: expected.slice((page - 1) * pageSize, page * pageSize), total: expected.length };
    if (JSON.stringify(answer) !== JSON.stringify(wanted)) found.push({ call, page, answer, wanted });
  }
  return found;
}

/** Words of the trail: many matches (walked in time order) and few (read from the indexes), none, and literal % and _. */
const SEARCHES = ['listing', 'decline', 'photos', 'ove', 'staff.role', 'account', 'sahra', 'hoy.test', 'admin', 'nothing-like-this', '100%', 'host_'];

describe('Activity over a seeded trail', () => {
  it('holds the entries asked for, with every kind of record and both staff members', async () => {
    const rows = await t.handle.query<{ kinds: number | string; staff: number | string; total: number | string }>(
      sql`SELECT count(DISTINCT entity_type) AS kinds, count(DISTINCT administrator_id) AS staff, count(*) AS total FROM audit_events`,
    );
    expect(Number(rows[0].total)).toBe(ENTRIES);
    expect(Number(rows[0].kinds)).toBe(AUDIT_ENTITY_TYPES.length);
    expect(Number(rows[0].staff)).toBe(2);
  });

  it('answers every view, kind, staff member and order unsearched as the plain query does', async () => {
    const found = [];
    for (const isEveryEntry of [true, false]) {
      for (const status of [undefined, ...AUDIT_ENTITY_TYPES]) {
        for (const staffId of [undefined, moderator.id]) {
          for (const order of ['desc', 'asc'] as const) found.push(...(await differences({ isEveryEntry, status, staffId, order })));
        }
      }
    }
    expect(found).toEqual([]);
  }, 120_000);

  /** The kinds and staff member a search or range is tried under: none, a kind, staff entries, a member, both. */
  const kindsAndStaff = () =>
    [
      [undefined, undefined],
      ['listing', undefined],
      ['staff', undefined],
      [undefined, moderator.id],
      ['host', moderator.id],
    ] as const;

  it('answers every search in each view, with and without a kind or a staff member, as the plain query does', async () => {
    const found = [];
    for (const isEveryEntry of [true, false]) {
      for (const q of SEARCHES) {
        for (const [status, staffId] of kindsAndStaff()) {
          found.push(...(await differences({ isEveryEntry, status, staffId, order: q.length % 2 === 0 ? 'asc' : 'desc', q })));
        }
      }
    }
    expect(found).toEqual([]);
  }, 120_000);

  it('answers a created-on range in each view, with every kind, a staff member and searches, as the plain query does', async () => {
    // About 300 entries in the middle of the trail, from the day of its 1,000th to that of its 1,300th.
    const dayOf = async (offset: number) =>
      (
        await t.handle.query<{ day: string }>(
          sql`SELECT (created_at AT TIME ZONE 'UTC')::date::text AS day FROM audit_events ORDER BY created_at, id OFFSET ${offset} LIMIT 1`,
        )
      )[0].day;
    const [createdFrom, createdTo] = [await dayOf(1000), await dayOf(1300)];
    const found = [];
    for (const isEveryEntry of [true, false]) {
      for (const [status, staffId] of kindsAndStaff()) {
        for (const q of [undefined, 'listing', 'photos', 'sahra', 'nothing-like-this']) {
          found.push(...(await differences({ isEveryEntry, status, staffId, order: (q?.length ?? 0) % 2 === 0 ? 'desc' : 'asc', q, createdFrom, createdTo })));
        }
      }
      // Either end alone.
      found.push(
        ...(await differences({ isEveryEntry, order: 'desc', createdFrom })),
        ...(await differences({ isEveryEntry, order: 'asc', createdTo, q: 'decline' })),
      );
    }
    expect(found).toEqual([]);
  }, 120_000);

  it('answers a search in thousands of reasons with its rows first and its exact total from /total', async () => {
    // 2,100 more entries whose reason holds a word no other has: more than a page's total may count.
    await t.handle.query(sql`INSERT INTO audit_events (administrator_id, action, entity_type, entity_id, reason, created_at)
      SELECT ${moderator.id}, 'listing.decline', (ARRAY['listing', 'property', 'host'])[1 + n % 3], n, 'Seasonal repricing ' || n, now() - n * interval '1 minute'
      FROM generate_series(1, 2100) AS n`);
    const first = await apiPage({ isEveryEntry: true, order: 'desc', q: 'repricing' }, 1, 25);
    expect(first).toMatchObject({ isTotalPending: true, total: 2100 });
    const found = [];
    for (const isEveryEntry of [true, false]) {
      for (const [status, staffId] of [
        [undefined, undefined],
        ['listing', undefined],
        [undefined, moderator.id],
      ] as const) {
        for (const order of ['desc', 'asc'] as const) found.push(...(await differences({ isEveryEntry, status, staffId, order, q: 'repricing' })));
      }
    }
    // The same within the days they were written on (a created-on range counts its rows, not the cells).
    const [days] = await t.handle.query<{ createdFrom: string; createdTo: string }>(sql`SELECT
      (min(created_at) AT TIME ZONE 'UTC')::date::text AS "createdFrom", (max(created_at) AT TIME ZONE 'UTC')::date::text AS "createdTo"
      FROM audit_events WHERE reason LIKE 'Seasonal repricing %'`);
    const ranged = await apiPage({ isEveryEntry: true, order: 'desc', q: 'repricing', ...days }, 1, 25);
    expect(ranged).toMatchObject({ isTotalPending: true, total: 2100 });
    for (const isEveryEntry of [true, false]) {
      found.push(...(await differences({ isEveryEntry, order: 'desc', q: 'repricing', ...days })));
      found.push(...(await differences({ isEveryEntry, status: 'listing', order: 'asc', q: 'repricing', ...days })));
    }
    expect(found).toEqual([]);
  }, 120_000);

  it('counts a new entry at once, in its kind, its staff member and the searches it matches', async () => {
    const call: Call = { isEveryEntry: true, status: 'promo', staffId: moderator.id, order: 'desc', q: 'promo' };
    const before = (await apiPage(call, 1, 10)).total;
    await t.handle.query(sql`INSERT INTO audit_events (administrator_id, action, entity_type, entity_id) VALUES (${moderator.id}, 'promo.update', 'promo', 1)`);
    expect((await apiPage(call, 1, 10)).total).toBe(before + 1);
    expect(await differences(call)).toEqual([]);
  });

  it('answers a search under a kind or a staff member with more than 50,000 entries, matched there or not at all', async () => {
    // A kind past KIND_WALKED_UP_TO, whose search is counted from the trigram indexes' matches: 'beacon'
    // names entries of another kind only, 'volume host 4999' eleven of these.
    await t.handle.query(sql`INSERT INTO audit_events (administrator_id, action, entity_type, entity_id, entity_name, created_at)
      SELECT ${moderator.id}, 'host.approve', 'host', n, 'Volume host ' || n, now() - n * interval '1 second'
      FROM generate_series(1, 50001) AS n`);
    await t.handle.query(sql`INSERT INTO audit_events (administrator_id, action, entity_type, entity_id, entity_name)
      SELECT ${moderator.id}, 'listing.approve', 'listing', n, 'Beacon flat ' || n FROM generate_series(1, 3) AS n`);
    const found = [];
    for (const q of ['beacon', 'volume host 4999']) {
      for (const [status, staffId] of [
        ['host', undefined],
        ['listing', undefined],
        [undefined, moderator.id],
        ['host', moderator.id],
      ] as const) {
        found.push(...(await differences({ isEveryEntry: true, status, staffId, order: 'desc', q })));
      }
    }
    expect(found).toEqual([]);
    expect(await apiPage({ isEveryEntry: false, status: 'host', order: 'asc', q: 'volume host 4999' }, 1, 25)).toMatchObject({ total: 11 });
  }, 120_000);
  it('answers a word found only far back in time, newest first, past the entries a walk reads (20,000), as the plain query does', async () => {
    // 1,500 of the oldest entries hold the word; 25,000 newer ones do not: walking from the newest
    // stops empty-handed and the page comes from the indexes.
    await t.handle.query(sql`INSERT INTO audit_events (administrator_id, action, entity_type, entity_id, reason, created_at)
      SELECT ${moderator.id}, 'listing.decline', (ARRAY['listing', 'property', 'host'])[1 + n % 3], n, 'Uneven quarrel ' || n, now() - interval '20 years' - n * interval '1 minute'
      FROM generate_series(1, 1500) AS n`);
    await t.handle.query(sql`INSERT INTO audit_events (administrator_id, action, entity_type, entity_id, entity_name, created_at)
      SELECT ${moderator.id}, 'host.approve', 'host', n, 'Filler host ' || n, now() + n * interval '1 second'
      FROM generate_series(1, 25000) AS n`);
    const found = [];
    for (const order of ['desc', 'asc'] as const) {
      found.push(...(await differences({ isEveryEntry: true, order, q: 'quarrel' })));
      found.push(...(await differences({ isEveryEntry: false, status: 'listing', order, q: 'quarrel' })));
    }
    expect(found).toEqual([]);
    expect((await apiPage({ isEveryEntry: true, order: 'desc', q: 'quarrel' }, 1, 25)).ids).toHaveLength(25);
  }, 120_000);

  it('reads a search under one kind of record from the kind-and-text trigram indexes', async () => {
    for (const [column, index] of [
      ['reason', 'audit_events_kind_reason_trgm_idx'],
      ['entity_name', 'audit_events_kind_name_trgm_idx'],
    ] as const) {
      const plan = await t.handle.query<{ 'QUERY PLAN': string }>(
        sql.raw(`EXPLAIN SELECT 1 FROM audit_events WHERE (entity_type || ':' || ${column}) ILIKE 'promo:%quarrel%' AND ${column} IS NOT NULL`),
      );
      expect(plan.map((line) => line['QUERY PLAN']).join('\n')).toContain(index);
    }
  });
});
