// Activity (/api/admin/activity): the audit trail of every administrator's decisions, through the list engine.
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ActivityRow } from '../../src/contracts/activity';
import { TEST_ADMIN_EMAIL, signedInTestApp } from './helpers/app';
import { insertHost, insertProperty } from './helpers/fixtures';
import { createStaff, loginAs } from './helpers/staff';

const t = signedInTestApp();
const ids = { host: 0, declined: 0, confirmed: 0 };
const MINUTE_MS = 60_000;
const REASON = 'Photos show another house, 100% sure_';

beforeAll(async () => {
  const host = await insertHost(t.handle, { name: 'Activity Host', statusHost: 'Pending' });
  ids.host = host.id;
  ids.declined = (await insertProperty(t.handle, host.id, { title: 'Declined listing' })).id;
  ids.confirmed = (await insertProperty(t.handle, host.id, { title: 'Confirmed property' })).id;

  // Three decisions a minute apart, through the real API.
  const decide = async (url: string, payload?: Record<string, unknown>) => {
    const response = await t.request({ method: 'POST', url, token: t.token, ...(payload ? { payload } : {}) });
    if (response.statusCode !== 200) throw new Error(`${url}: ${response.statusCode} ${response.body}`);
    t.clock.advance(MINUTE_MS);
  };
  await decide(`/api/admin/update-status-host/${ids.host}`);
  await decide(`/api/admin/listings/${ids.declined}/decline`, { reason: REASON });
  await decide(`/api/admin/property-approvals/${ids.confirmed}/approve`);
});

const get = (query = '') => t.request({ method: 'GET', url: `/api/admin/activity${query}`, token: t.token });
const page = async (query: string) => {
  const response = await get(`?page=1&pageSize=10${query}`);
  expect(response.statusCode).toBe(200);
  return { rows: response.json<ActivityRow[]>(), total: Number(response.headers['x-total-count']) };
};

describe('GET /api/admin/activity', () => {
  it('refuses a call without a token', async () => {
    expect((await t.request({ method: 'GET', url: '/api/admin/activity?page=1' })).statusCode).toBe(401);
  });

  it('lists every decision newest first with who, what, which record, before and after', async () => {
    const { rows, total } = await page('');
    expect(total).toBe(3);
    expect(rows.map((row) => row.action)).toEqual(['property.approve', 'listing.decline', 'host.approve']);
    expect(rows[1]).toMatchObject({
      administratorEmail: TEST_ADMIN_EMAIL,
      entityType: 'listing',
      entityId: ids.declined,
      reason: REASON,
      before: { status: 'Pending' },
      after: { status: 'Declined' },
      createdAt: '2026-11-01T09:01:00.000Z',
    });
    expect(rows[2]).toMatchObject({ entityType: 'host', entityId: ids.host, before: { statusHost: 'Pending' }, after: { statusHost: 'Confirmed' } });
  });

  it('sorts by time both ways', async () => {
    const ascending = await page('&sort=createdAt&order=asc');
    expect(ascending.rows.map((row) => row.action)).toEqual(['host.approve', 'listing.decline', 'property.approve']);
    const descending = await page('&sort=createdAt&order=desc');
    expect(descending.rows.map((row) => row.action)).toEqual(['property.approve', 'listing.decline', 'host.approve']);
  });

  it('filters by kind of record and searches e-mail, action and reason literally', async () => {
    expect((await page('&status=listing')).rows.map((row) => row.entityId)).toEqual([ids.declined]);
    expect((await page('&status=promo')).total).toBe(0);
    expect((await page('&q=HOST.APP')).rows.map((row) => row.action)).toEqual(['host.approve']);
    expect((await page(`&q=${encodeURIComponent('100% sure_')}`)).rows.map((row) => row.action)).toEqual(['listing.decline']);
    // % and _ match only themselves.
    expect((await page(`&q=${encodeURIComponent('1_0%')}`)).total).toBe(0);
    expect((await page(`&q=${encodeURIComponent('admin@hoy')}&status=host`)).total).toBe(1);
    expect((await page(`&q=${encodeURIComponent('admin@hoy')}`)).total).toBe(3);
  });

  it('pages with an exact total', async () => {
    const response = await get('?page=2&pageSize=2');
    expect(response.headers['x-total-count']).toBe('3');
    expect(response.json<ActivityRow[]>().map((row) => row.action)).toEqual(['host.approve']);
  });

  it('answers a new decision at once (the list is read afresh)', async () => {
    expect((await page('')).total).toBe(3);
    const other = await insertProperty(t.handle, ids.host, { title: 'Another listing' });
    const approved = await t.request({ method: 'POST', url: `/api/admin/listings/${other.id}/approve`, token: t.token });
    expect(approved.statusCode).toBe(200);
    const { rows, total } = await page('');
    expect(total).toBe(4);
    expect(rows[0]).toMatchObject({ action: 'listing.approve', entityId: other.id });
  });

  it('exports CSV with before and after as JSON', async () => {
    const response = await get('?format=csv&status=listing&q=sure');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/csv');
    const lines = response.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe('id,createdAt,administratorEmail,action,entityType,entityId,reason,before,after');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toBe(
      `${lines[1].split(',')[0]},2026-11-01T09:01:00.000Z,${TEST_ADMIN_EMAIL},listing.decline,listing,${ids.declined},"${REASON}",` +
        `"{""status"":""Pending"",""declineReason"":null}","{""status"":""Declined"",""declineReason"":""${REASON}""}"`,
    );
  });

  it('refuses an unknown kind, sort or format with 400', async () => {
    for (const query of ['status=refund', 'sort=action', 'sort=administratorEmail', 'order=sideways', 'format=xml', 'pageSize=101']) {
      const response = await get(`?${query}`);
      expect(response.statusCode, query).toBe(400);
    }
  });
});

describe("GET /api/admin/activity?createdFrom=&createdTo= (a week of the dashboard's decision chart)", () => {
  /** Entries written straight into the trail around 21 and 22 October (UTC), away from the decisions above. */
  const at = { before: 0, firstDayStart: 0, property: 0, host: 0, staff: 0, lastDayEnd: 0, after: 0 };
  const RANGE = '&createdFrom=2026-10-21&createdTo=2026-10-22';
  let moderatorToken = '';
  let adminId = 0;

  beforeAll(async () => {
    const moderator = await createStaff(t, t.token, 'moderator', 'range.moderator@hoy.test');
    moderatorToken = await loginAs(t, moderator.email);
    const [admin] = await t.handle.query<{ id: number }>(sql`SELECT id FROM administrators WHERE email = ${TEST_ADMIN_EMAIL}`);
    adminId = admin.id;
    const entry = async (createdAt: string, action: string, entityType: string, entityId: number, administratorId: number | null, reason: string | null) => {
      const [row] = await t.handle.query<{
        id: number | string;
      }>(sql`INSERT INTO audit_events (administrator_id, action, entity_type, entity_id, reason, created_at)
        VALUES (${administratorId}, ${action}, ${entityType}, ${entityId}, ${reason}, ${createdAt}::timestamptz) RETURNING id`);
      return Number(row.id);
    };
    // The last millisecond before the range, its first and last, and the first after it.
    at.before = await entry('2026-10-20T23:59:59.999Z', 'listing.approve', 'listing', ids.declined, adminId, null);
    at.firstDayStart = await entry('2026-10-21T00:00:00.000Z', 'listing.decline', 'listing', ids.declined, adminId, 'Blurry photos');
    at.property = await entry('2026-10-21T15:30:00.000Z', 'property.decline', 'property', ids.confirmed, null, 'Blurry photos');
    at.host = await entry('2026-10-22T08:00:00.000Z', 'host.approve', 'host', ids.host, adminId, null);
    at.staff = await entry('2026-10-22T09:00:00.000Z', 'staff.role', 'staff', moderator.id, adminId, null);
    at.lastDayEnd = await entry('2026-10-22T23:59:59.999Z', 'listing.approve', 'listing', ids.declined, adminId, null);
    at.after = await entry('2026-10-23T00:00:00.000Z', 'listing.decline', 'listing', ids.declined, adminId, 'Blurry photos');
  });

  /** A page's entries by id, and its total. */
  const idsPage = async (query: string, token = t.token) => {
    const response = await t.request({ method: 'GET', url: `/api/admin/activity?page=1&pageSize=10${query}`, token });
    expect(response.statusCode, query).toBe(200);
    return { ids: response.json<ActivityRow[]>().map((row) => row.id), total: Number(response.headers['x-total-count']) };
  };
  const exactly = (entries: number[]) => ({ ids: entries, total: entries.length });

  it('keeps the entries of those UTC days, both included, in either order, with their exact total', async () => {
    expect(await idsPage(RANGE)).toEqual(exactly([at.lastDayEnd, at.staff, at.host, at.property, at.firstDayStart]));
    expect(await idsPage(`${RANGE}&sort=createdAt&order=asc`)).toEqual(exactly([at.firstDayStart, at.property, at.host, at.staff, at.lastDayEnd]));
    expect(await idsPage('&createdFrom=2026-10-22&createdTo=2026-10-22')).toEqual(exactly([at.lastDayEnd, at.staff, at.host]));
    // Either end alone: every entry before, or after.
    expect(await idsPage('&createdTo=2026-10-21')).toEqual(exactly([at.property, at.firstDayStart, at.before]));
    const everything = (await idsPage('')).total;
    const fromAfter = await idsPage('&createdFrom=2026-10-23&sort=createdAt&order=asc');
    expect(fromAfter.ids[0]).toBe(at.after);
    expect(fromAfter.total).toBe(everything - 6);
    // Days without entries, and a range that ends before it starts.
    expect(await idsPage('&createdFrom=2026-10-10&createdTo=2026-10-12')).toEqual(exactly([]));
    expect(await idsPage('&createdFrom=2026-10-22&createdTo=2026-10-21')).toEqual(exactly([]));
  });

  it('counts exactly with the kind of record, the staff member and a search, and for a role without staff accounts', async () => {
    expect(await idsPage(`${RANGE}&status=listing`)).toEqual(exactly([at.lastDayEnd, at.firstDayStart]));
    expect(await idsPage(`${RANGE}&status=promo`)).toEqual(exactly([]));
    expect(await idsPage(`${RANGE}&staffId=${adminId}`)).toEqual(exactly([at.lastDayEnd, at.staff, at.host, at.firstDayStart]));
    expect(await idsPage(`${RANGE}&staffId=${adminId}&status=listing`)).toEqual(exactly([at.lastDayEnd, at.firstDayStart]));
    // A reason (three entries give it, two in the range), an action, a staff member's e-mail; with a kind.
    expect(await idsPage(`${RANGE}&q=blurry`)).toEqual(exactly([at.property, at.firstDayStart]));
    expect(await idsPage(`${RANGE}&q=blurry&status=property`)).toEqual(exactly([at.property]));
    expect(await idsPage(`${RANGE}&q=listing.approve`)).toEqual(exactly([at.lastDayEnd]));
    expect(await idsPage(`${RANGE}&q=${encodeURIComponent('admin@hoy')}`)).toEqual(exactly([at.lastDayEnd, at.staff, at.host, at.firstDayStart]));
    expect(await idsPage(`${RANGE}&q=${encodeURIComponent('admin@hoy')}&status=host`)).toEqual(exactly([at.host]));
    expect(await idsPage(`${RANGE}&q=nothing-like-this`)).toEqual(exactly([]));
    // A small page of a search that matches most of the range walks the time index instead.
    const second = await get(`?page=2&pageSize=2&q=${encodeURIComponent('admin@hoy')}${RANGE}`);
    expect(second.json<ActivityRow[]>().map((row) => row.id)).toEqual([at.host, at.firstDayStart]);
    expect(second.headers['x-total-count']).toBe('4');
    // The list's /total call answers the same.
    const total = await get(`/total?q=blurry${RANGE}`);
    expect(total.statusCode).toBe(200);
    expect(total.json()).toEqual({ total: 2 });

    // A moderator reads no entry about a staff account, in a range as anywhere.
    expect(await idsPage(RANGE, moderatorToken)).toEqual(exactly([at.lastDayEnd, at.host, at.property, at.firstDayStart]));
    expect(await idsPage(`${RANGE}&q=approve`, moderatorToken)).toEqual(exactly([at.lastDayEnd, at.host]));
    expect(await idsPage(`${RANGE}&q=blurry&status=listing`, moderatorToken)).toEqual(exactly([at.firstDayStart]));
  });

  it('gives the same entries as the whole array and as CSV', async () => {
    const byId = (entries: number[]) => [...entries].sort((a, b) => a - b);
    const whole = await get(`?status=listing${RANGE}`);
    expect(whole.statusCode).toBe(200);
    expect(byId(whole.json<ActivityRow[]>().map((row) => row.id))).toEqual(byId([at.firstDayStart, at.lastDayEnd]));
    const csvIds = async (query: string) => {
      const response = await get(`?format=csv${query}`);
      expect(response.statusCode).toBe(200);
      const lines = response.body
        .replace(/^\uFEFF/, '')
        .trim()
        .split('\r\n');
      expect(lines[0]).toBe('id,createdAt,administratorEmail,action,entityType,entityId,reason,before,after');
      return byId(lines.slice(1).map((line) => Number(line.split(',')[0])));
    };
    expect(await csvIds(RANGE)).toEqual(byId([at.firstDayStart, at.property, at.host, at.staff, at.lastDayEnd]));
    expect(await csvIds(`${RANGE}&q=blurry`)).toEqual(byId([at.firstDayStart, at.property]));
    expect(await csvIds(`${RANGE}&staffId=${adminId}&status=listing`)).toEqual(byId([at.firstDayStart, at.lastDayEnd]));
  });

  it('refuses a day that is not one with 400, in every form', async () => {
    for (const query of ['createdFrom=2026-02-30', 'createdTo=2026-13-01', 'createdFrom=2026-1-5', 'createdTo=yesterday', 'createdFrom=2026-10-21T00:00:00Z']) {
      for (const form of ['page=1&', '', 'format=csv&']) {
        const response = await get(`?${form}${query}`);
        expect(response.statusCode, `${form}${query}`).toBe(400);
      }
    }
    expect((await get('/total?createdFrom=2026-02-30')).statusCode).toBe(400);
  });

  it('is documented in the OpenAPI document, for the list and its /total', async () => {
    type Parameter = { name: string; in: string; schema?: { format?: string } };
    const document = (await t.request({ url: '/api/openapi.json' })).json<{ paths: Record<string, { get: { parameters?: Parameter[] } }> }>();
    for (const path of ['/api/admin/activity', '/api/admin/activity/total']) {
      const query = (document.paths[path].get.parameters ?? []).filter((parameter) => parameter.in === 'query').map((parameter) => parameter.name);
      expect(query, path).toEqual(expect.arrayContaining(['staffId', 'createdFrom', 'createdTo']));
    }
  });
});
