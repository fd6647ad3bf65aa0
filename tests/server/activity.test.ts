// Activity (/api/admin/activity): the audit trail of every administrator's decisions, through the list engine.
import { beforeAll, describe, expect, it } from 'vitest';
import type { ActivityRow } from '../../src/contracts/activity';
import { TEST_ADMIN_EMAIL, signedInTestApp } from './helpers/app';
import { insertHost, insertProperty } from './helpers/fixtures';

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
    for (const query of ['status=booking', 'sort=action', 'sort=administratorEmail', 'order=sideways', 'format=xml', 'pageSize=101']) {
      const response = await get(`?${query}`);
      expect(response.statusCode, query).toBe(400);
    }
  });
});
