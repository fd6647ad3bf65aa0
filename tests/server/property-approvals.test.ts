import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { signedInTestApp } from './helpers/app';
import { insertHost, insertProperty } from './helpers/fixtures';

const t = signedInTestApp();
let hostId: number;

beforeAll(async () => {
  hostId = (await insertHost(t.handle, { name: 'Hodan Approvals' })).id;
});

const get = (url: string) => t.request({ method: 'GET', url, token: t.token });
const post = (url: string, payload?: Record<string, unknown>) =>
  t.request({ method: 'POST', url, token: t.token, ...(payload === undefined ? {} : { payload }) });

type Row = { id: number; title: string; address: string; hostName: string; status: string; version: number };

async function approvalState(id: number) {
  const [row] = await t.handle.query<{ approval_status: string; version: number }>(sql`SELECT approval_status, version FROM properties WHERE id = ${id}`);
  return row;
}

describe('GET /api/admin/property-approvals', () => {
  it('refuses a call without a token', async () => {
    expect((await t.request({ method: 'GET', url: '/api/admin/property-approvals' })).statusCode).toBe(401);
  });

  it('answers every property without paging parameters, with status and version', async () => {
    const property = await insertProperty(t.handle, hostId, { title: 'Whole list house', address: '9 Whole Road' });
    const response = await get('/api/admin/property-approvals');
    expect(response.statusCode).toBe(200);
    expect(response.json<Row[]>().find((row) => row.id === property.id)).toEqual({
      id: property.id,
      title: 'Whole list house',
      address: '9 Whole Road',
      hostName: 'Hodan Approvals',
      status: 'pending',
      version: 1,
    });
  });

  it('searches title, address and host name, taking % and _ literally', async () => {
    const searchedHost = await insertHost(t.handle, { name: 'Idil_Searchable' });
    const byTitle = await insertProperty(t.handle, hostId, { title: 'Quiet 50% loft', address: 'A road' });
    const byAddress = await insertProperty(t.handle, hostId, { title: 'Plain', address: '12 Kismaayo_Search Road' });
    const byHost = await insertProperty(t.handle, searchedHost.id, { title: 'Another plain', address: 'B road' });
    await insertProperty(t.handle, hostId, { title: 'Quiet 50 loft', address: '12 KismaayoXSearch Road' });
    const ids = async (q: string) => (await get(`/api/admin/property-approvals?q=${encodeURIComponent(q)}`)).json<Row[]>().map((row) => row.id);
    expect(await ids('50%')).toEqual([byTitle.id]);
    expect(await ids('kismaayo_search')).toEqual([byAddress.id]);
    expect(await ids('IDIL_SEARCH')).toEqual([byHost.id]);
  });

  it('pages 8 by default, filters by status and sorts by title', async () => {
    const marker = `Sortable${Date.now()}`;
    for (const letter of ['c', 'a', 'b', 'e', 'd', 'g', 'f', 'h', 'j', 'i']) {
      await insertProperty(t.handle, hostId, { title: `${marker} ${letter}` });
    }
    await insertProperty(t.handle, hostId, { title: `${marker} z`, approvalStatus: 'declined' });
    const page = await get(`/api/admin/property-approvals?q=${marker}&status=pending&sort=title&order=desc`);
    expect(page.headers['x-total-count']).toBe('10');
    expect(page.json<Row[]>().map((row) => row.title.slice(-1))).toEqual(['j', 'i', 'h', 'g', 'f', 'e', 'd', 'c']);
    const declined = await get(`/api/admin/property-approvals?q=${marker}&status=declined`);
    expect(declined.json<Row[]>().map((row) => row.status)).toEqual(['declined']);
  });

  it.each(['status=Pending', 'sort=price'])('answers 400 for a bad status or sort: %s', async (query) => {
    expect((await get(`/api/admin/property-approvals?${query}`)).statusCode).toBe(400);
  });
});

describe('approve and decline a property', () => {
  it('confirms a pending property, bumps its version and writes an audit record', async () => {
    const property = await insertProperty(t.handle, hostId);
    const response = await post(`/api/admin/property-approvals/${property.id}/approve`, { version: 1 });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ id: property.id, status: 'confirmed', version: 2 });
    expect(await approvalState(property.id)).toEqual({ approval_status: 'confirmed', version: 2 });
    const audit = await get(`/api/admin/audit?entityType=property&entityId=${property.id}`);
    expect(audit.json()[0]).toMatchObject({ action: 'property.approve', before: { status: 'pending' }, after: { status: 'confirmed' } });
  });

  it('declines without a body and keeps the reason exactly in the audit trail', async () => {
    const first = await insertProperty(t.handle, hostId);
    expect((await post(`/api/admin/property-approvals/${first.id}/decline`)).json().status).toBe('declined');
    const second = await insertProperty(t.handle, hostId);
    const reason = 'Missing documents 🙏 "ID" <b>now</b> عربي';
    expect((await post(`/api/admin/property-approvals/${second.id}/decline`, { reason })).statusCode).toBe(200);
    const audit = await get(`/api/admin/audit?entityType=property&entityId=${second.id}`);
    expect(audit.json()[0].reason).toBe(reason);
  });

  it('refuses a decision already taken by someone else with 409 and changes nothing', async () => {
    const property = await insertProperty(t.handle, hostId);
    expect((await post(`/api/admin/property-approvals/${property.id}/decline`, { version: 1 })).statusCode).toBe(200);
    const late = await post(`/api/admin/property-approvals/${property.id}/approve`, { version: 1 });
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe('This property was already declined by someone else.');
    expect(await approvalState(property.id)).toEqual({ approval_status: 'declined', version: 2 });
    expect((await get(`/api/admin/audit?entityType=property&entityId=${property.id}`)).json()).toHaveLength(1);
  });

  it('refuses a stale version with 409', async () => {
    const property = await insertProperty(t.handle, hostId, { version: 3 });
    const stale = await post(`/api/admin/property-approvals/${property.id}/approve`, { version: 2 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toMatch(/changed by someone else/);
    expect(await approvalState(property.id)).toEqual({ approval_status: 'pending', version: 3 });
  });

  it('lets only one of two simultaneous decisions win', async () => {
    const property = await insertProperty(t.handle, hostId);
    const answers = await Promise.all([
      post(`/api/admin/property-approvals/${property.id}/approve`, { version: 1 }),
      post(`/api/admin/property-approvals/${property.id}/decline`, { version: 1 }),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
  });

  it('answers 404 for an unknown id, 400 for bad input, 401 without a token', async () => {
    const property = await insertProperty(t.handle, hostId);
    expect((await post('/api/admin/property-approvals/999999/approve')).statusCode).toBe(404);
    expect((await post(`/api/admin/property-approvals/${property.id}/approve`, { version: 'one' })).statusCode).toBe(400);
    expect((await post(`/api/admin/property-approvals/${property.id}/decline`, { reason: 'x'.repeat(1001) })).statusCode).toBe(400);
    expect((await t.request({ method: 'POST', url: `/api/admin/property-approvals/${property.id}/approve` })).statusCode).toBe(401);
    expect(await approvalState(property.id)).toEqual({ approval_status: 'pending', version: 1 });
  });
});
