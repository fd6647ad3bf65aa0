import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { type HostListItem } from '../../src/contracts/hosts';
import { declaration as hostList } from '../../src/contracts/lists/hosts';
import { signedInTestApp } from './helpers/app';
import { insertGuest, insertHost, insertProperty, insertVerification } from './helpers/fixtures';

const t = signedInTestApp();

let tagCount = 0;
/** A word no other test uses, so a search for it sees only this test's rows. */
const newTag = () => `hsttag${(tagCount += 1)}q`;

const get = (url: string, withToken = true) => t.request({ method: 'GET', url, token: withToken ? t.token : undefined });

async function page(query: Record<string, string | number>) {
  const search = new URLSearchParams(Object.entries(query).map(([key, value]) => [key, String(value)]));
  const response = await get(`/api/admin/hosts?${search}`);
  expect(response.statusCode, response.body).toBe(200);
  return { rows: response.json<HostListItem[]>(), total: Number(response.headers['x-total-count']) };
}

describe('GET /api/admin/hosts without parameters', () => {
  it('answers every host (no guests) in userId order with the five fields of docs/product.md §18 and its suspension', async () => {
    const host = await insertHost(t.handle, { name: 'Amina Warsame', email: 'amina@hoy.test', statusHost: 'Confirmed' });
    await insertProperty(t.handle, host.id);
    const guest = await insertGuest(t.handle);
    const response = await get('/api/admin/hosts');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/application\/json/);
    expect(response.headers['x-total-count']).toBeUndefined();
    const rows = response.json<HostListItem[]>();
    expect(rows.find((row) => row.userId === host.id)).toEqual({
      userId: host.id,
      name: 'Amina Warsame',
      email: 'amina@hoy.test',
      statusHost: 'Confirmed',
      numberOfProperties: 1,
      suspendedAt: null,
    });
    expect(rows.some((row) => row.userId === guest.id)).toBe(false);
    const ids = rows.map((row) => row.userId);
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
  });

  it('answers the same array at /api/admin/admin/hosts (the Refresh path)', async () => {
    await insertHost(t.handle);
    const first = await get('/api/admin/hosts');
    const second = await get('/api/admin/admin/hosts');
    expect(second.statusCode).toBe(200);
    expect(second.json()).toEqual(first.json());
  });

  it('streams more hosts than one batch, each exactly once', async () => {
    await t.handle.query(sql`
      INSERT INTO users (is_host, name, email) SELECT true, 'Bulk host ' || n, 'bulk' || n || '@hoy.test' FROM generate_series(1, 1100) AS n`);
    const rows = (await get('/api/admin/hosts')).json<HostListItem[]>();
    const [{ count }] = await t.handle.query<{ count: number }>(sql`SELECT count(*)::int AS count FROM users WHERE is_host`);
    expect(rows).toHaveLength(count);
    expect(new Set(rows.map((row) => row.userId)).size).toBe(count);
  });

  it('refuses a missing or unknown token with 401', async () => {
    expect((await get('/api/admin/hosts', false)).statusCode).toBe(401);
    expect((await get('/api/admin/admin/hosts', false)).statusCode).toBe(401);
    const unknown = await t.request({ method: 'GET', url: '/api/admin/hosts', token: 'x'.repeat(43) });
    expect(unknown.statusCode).toBe(401);
  });
});

describe('GET /api/admin/hosts, paged form', () => {
  it('answers one page of 8 by default with the total in X-Total-Count', async () => {
    const tag = newTag();
    for (let n = 0; n < 11; n += 1) await insertHost(t.handle, { name: `${tag} ${n}` });
    const first = await page({ q: tag, page: 1 });
    expect(first.rows).toHaveLength(hostList.pageSize);
    expect(first.total).toBe(11);
    const second = await page({ q: tag, page: 2 });
    expect(second.rows).toHaveLength(3);
    expect(second.total).toBe(11);
    const ids = [...first.rows, ...second.rows].map((row) => row.userId);
    expect(new Set(ids).size).toBe(11);
    // Without sort: newest hosts first.
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    const beyond = await page({ q: tag, page: 9 });
    expect(beyond.rows).toEqual([]);
    expect(beyond.total).toBe(11);
  });

  it('honours pageSize', async () => {
    const tag = newTag();
    for (let n = 0; n < 5; n += 1) await insertHost(t.handle, { name: `${tag} ${n}` });
    const result = await page({ q: tag, pageSize: 2, page: 3 });
    expect(result.rows).toHaveLength(1);
    expect(result.total).toBe(5);
  });

  it('filters by status', async () => {
    const tag = newTag();
    const confirmed = await insertHost(t.handle, { name: `${tag} a`, statusHost: 'Confirmed' });
    const rejected = await insertHost(t.handle, { name: `${tag} b`, statusHost: 'Rejected' });
    await insertHost(t.handle, { name: `${tag} c`, statusHost: 'Pending' });
    expect((await page({ q: tag, status: 'Confirmed' })).rows.map((row) => row.userId)).toEqual([confirmed.id]);
    const onlyRejected = await page({ q: tag, status: 'Rejected' });
    expect(onlyRejected.rows.map((row) => row.userId)).toEqual([rejected.id]);
    expect(onlyRejected.total).toBe(1);
    expect((await page({ q: tag, status: 'Pending' })).total).toBe(1);
  });

  it('searches name and email case-insensitively', async () => {
    const tag = newTag();
    const byName = await insertHost(t.handle, { name: `Fadumo ${tag.toUpperCase()}` });
    const byEmail = await insertHost(t.handle, { email: `${tag}@Example.test` });
    const result = await page({ q: tag, sort: 'name' });
    expect(result.rows.map((row) => row.userId).sort()).toEqual([byName.id, byEmail.id].sort());
    expect((await page({ q: `${tag}@EXAMPLE` })).rows.map((row) => row.userId)).toEqual([byEmail.id]);
  });

  it('takes % and _ in a search literally', async () => {
    const tag = newTag();
    const percent = await insertHost(t.handle, { name: `${tag} 100% host` });
    const underscore = await insertHost(t.handle, { name: `${tag} under_score` });
    await insertHost(t.handle, { name: `${tag} 1000 host` });
    await insertHost(t.handle, { name: `${tag} underXscore` });
    expect((await page({ q: `${tag} 100%` })).rows.map((row) => row.userId)).toEqual([percent.id]);
    expect((await page({ q: 'under_score' })).rows.map((row) => row.userId)).toEqual([underscore.id]);
    expect((await page({ q: '%' })).rows.map((row) => row.userId)).toContain(percent.id);
    expect((await page({ q: '%' })).total).toBe((await page({ q: '%', pageSize: 100 })).rows.length);
  });

  it('matches a numeric search against the userId exactly', async () => {
    const host = await insertHost(t.handle, { name: 'Id search host' });
    const result = await page({ q: String(host.id), pageSize: 100 });
    expect(result.rows.map((row) => row.userId)).toContain(host.id);
    expect(result.rows.filter((row) => row.userId !== host.id).every((row) => `${row.name} ${row.email}`.includes(String(host.id)))).toBe(true);
  });

  it('sorts by name both ways with empty names last and the userId breaking ties', async () => {
    const tag = newTag();
    const empty = await insertHost(t.handle, { name: '', email: `${tag}-empty@hoy.test` });
    const bravo = await insertHost(t.handle, { name: `Bravo ${tag}` });
    const alpha = await insertHost(t.handle, { name: `Alpha ${tag}` });
    const alphaTwin = await insertHost(t.handle, { name: `Alpha ${tag}` });
    const ascending = await page({ q: tag, sort: 'name', order: 'asc' });
    expect(ascending.rows.map((row) => row.userId)).toEqual([alpha.id, alphaTwin.id, bravo.id, empty.id]);
    const descending = await page({ q: tag, sort: 'name', order: 'desc' });
    expect(descending.rows.map((row) => row.userId)).toEqual([bravo.id, alphaTwin.id, alpha.id, empty.id]);
  });

  it('sorts by email both ways with missing and empty e-mails last', async () => {
    const tag = newTag();
    const missing = await insertHost(t.handle, { name: `${tag} missing`, email: null });
    const blank = await insertHost(t.handle, { name: `${tag} blank`, email: '' });
    const zed = await insertHost(t.handle, { name: `${tag} z`, email: 'zed@hoy.test' });
    const able = await insertHost(t.handle, { name: `${tag} a`, email: 'able@hoy.test' });
    const ascending = (await page({ q: tag, sort: 'email', order: 'asc' })).rows.map((row) => row.userId);
    expect(ascending.slice(0, 2)).toEqual([able.id, zed.id]);
    expect(ascending.slice(2).sort()).toEqual([missing.id, blank.id].sort());
    const descending = (await page({ q: tag, sort: 'email', order: 'desc' })).rows.map((row) => row.userId);
    expect(descending.slice(0, 2)).toEqual([zed.id, able.id]);
    expect(descending.slice(2).sort()).toEqual([missing.id, blank.id].sort());
    const rows = (await page({ q: tag, sort: 'email' })).rows;
    expect(rows.find((row) => row.userId === missing.id)?.email).toBeNull();
  });

  it('sorts by statusHost and numberOfProperties both ways', async () => {
    const tag = newTag();
    const pending = await insertHost(t.handle, { name: `${tag} p`, statusHost: 'Pending' });
    const confirmed = await insertHost(t.handle, { name: `${tag} c`, statusHost: 'Confirmed' });
    const rejected = await insertHost(t.handle, { name: `${tag} r`, statusHost: 'Rejected' });
    await insertProperty(t.handle, rejected.id);
    await insertProperty(t.handle, rejected.id);
    await insertProperty(t.handle, pending.id);
    const byStatus = (order: string) => page({ q: tag, sort: 'statusHost', order }).then((result) => result.rows.map((row) => row.userId));
    expect(await byStatus('asc')).toEqual([confirmed.id, pending.id, rejected.id]);
    expect(await byStatus('desc')).toEqual([rejected.id, pending.id, confirmed.id]);
    const byCount = await page({ q: tag, sort: 'numberOfProperties', order: 'desc' });
    expect(byCount.rows.map((row) => [row.userId, row.numberOfProperties])).toEqual([
      [rejected.id, 2],
      [pending.id, 1],
      [confirmed.id, 0],
    ]);
  });

  it('keeps pages stable when every sort value is equal', async () => {
    const tag = newTag();
    for (let n = 0; n < 7; n += 1) await insertHost(t.handle, { name: `${tag} same`, statusHost: 'Pending' });
    const pages = await Promise.all([1, 2, 3, 4].map((number) => page({ q: tag, sort: 'statusHost', pageSize: 2, page: number })));
    const ids = pages.flatMap((result) => result.rows.map((row) => row.userId));
    expect(ids).toHaveLength(7);
    expect(new Set(ids).size).toBe(7);
  });

  it('answers 400 for a bad page, page size, sort, order or status', async () => {
    for (const query of ['page=0', 'page=abc', 'pageSize=101', 'pageSize=0', 'sort=password', 'order=up', 'status=Approved', `q=${'x'.repeat(201)}`]) {
      const response = await get(`/api/admin/hosts?${query}`);
      expect(response.statusCode, query).toBe(400);
      expect(response.json().message, query).toEqual(expect.any(String));
    }
  });
});

describe('GET /api/admin/hosts/summary', () => {
  it('counts every host by status', async () => {
    const before = (await get('/api/admin/hosts/summary')).json();
    await insertHost(t.handle, { statusHost: 'Confirmed' });
    await insertHost(t.handle, { statusHost: 'Pending' });
    await insertHost(t.handle, { statusHost: 'Pending' });
    await insertHost(t.handle, { statusHost: 'Rejected' });
    await insertGuest(t.handle);
    const response = await get('/api/admin/hosts/summary');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      total: before.total + 4,
      approved: before.approved + 1,
      pending: before.pending + 2,
      rejected: before.rejected + 1,
    });
    const [{ count }] = await t.handle.query<{ count: number }>(sql`SELECT count(*)::int AS count FROM users WHERE is_host`);
    expect(response.json().total).toBe(count);
  });

  it('refuses a missing token with 401', async () => {
    expect((await get('/api/admin/hosts/summary', false)).statusCode).toBe(401);
  });
});

describe('GET /api/admin/user/:id', () => {
  it('answers the user details and the host verification', async () => {
    const host = await insertHost(t.handle, {
      name: 'Hodan Ali',
      email: 'hodan@hoy.test',
      phoneCountryCode: '+252',
      phone: '615551234',
      about: 'I host in Hargeisa.',
      profilePictureUrl: '/demo/hodan.svg',
    });
    const verification = await insertVerification(t.handle, host.id);
    const response = await get(`/api/admin/user/${host.id}`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      userDetails: {
        name: 'Hodan Ali',
        email: 'hodan@hoy.test',
        phoneCountryCode: '+252',
        phoneNumber: '615551234',
        about: 'I host in Hargeisa.',
        createdAt: host.createdAt.toISOString(),
        profilePicture: '/demo/hodan.svg',
      },
      hostVerificationDetails: {
        idType: 'Passport',
        country: 'Somalia',
        createdAt: verification.createdAt.toISOString(),
        idDocumentUrl: '/demo/id-passport.svg',
      },
    });
  });

  it('answers null verification details when none was submitted', async () => {
    const host = await insertHost(t.handle, { about: null, profilePictureUrl: null });
    const body = (await get(`/api/admin/user/${host.id}`)).json();
    expect(body.hostVerificationDetails).toBeNull();
    expect(body.userDetails.about).toBeNull();
    expect(body.userDetails.profilePicture).toBeNull();
  });

  it('answers 404 for an unknown id, 400 for an id that is not a positive integer, 401 without a token', async () => {
    expect((await get('/api/admin/user/2147483000')).statusCode).toBe(404);
    for (const id of ['abc', '0', '-1', '1.5', '99999999999']) expect((await get(`/api/admin/user/${id}`)).statusCode, id).toBe(400);
    expect((await get('/api/admin/user/1', false)).statusCode).toBe(401);
  });
});

describe('POST /api/admin/update-status-host/:id', () => {
  const approve = (id: number | string, withToken = true) =>
    t.request({ method: 'POST', url: `/api/admin/update-status-host/${id}`, token: withToken ? t.token : undefined });

  it('confirms the host, answers its row and records the decision', async () => {
    const host = await insertHost(t.handle, { name: 'Pending host', statusHost: 'Pending' });
    const response = await approve(host.id);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      userId: host.id,
      name: 'Pending host',
      email: host.email,
      statusHost: 'Confirmed',
      numberOfProperties: 0,
      suspendedAt: null,
    });
    const [stored] = await t.handle.query<{ status_host: string }>(sql`SELECT status_host FROM users WHERE id = ${host.id}`);
    expect(stored.status_host).toBe('Confirmed');
    const events = await t.handle.query<{ action: string; before: unknown; after: unknown; administrator_id: number | null }>(
      sql`SELECT action, before, after, administrator_id FROM audit_events WHERE entity_type = 'host' AND entity_id = ${host.id}`,
    );
    expect(events).toEqual([
      { action: 'host.approve', before: { statusHost: 'Pending' }, after: { statusHost: 'Confirmed' }, administrator_id: expect.any(Number) },
    ]);
  });

  it('approves a rejected host too, and approving twice records one decision', async () => {
    const host = await insertHost(t.handle, { statusHost: 'Rejected' });
    expect((await approve(host.id)).json().statusHost).toBe('Confirmed');
    expect((await approve(host.id)).statusCode).toBe(200);
    const events = await t.handle.query(sql`SELECT id FROM audit_events WHERE entity_type = 'host' AND entity_id = ${host.id}`);
    expect(events).toHaveLength(1);
  });

  it('answers 404 for an unknown id or a guest, 400 for a malformed id, 401 without a token', async () => {
    const guest = await insertGuest(t.handle);
    expect((await approve(2147483000)).statusCode).toBe(404);
    expect((await approve(guest.id)).statusCode).toBe(404);
    expect((await approve('abc')).statusCode).toBe(400);
    const host = await insertHost(t.handle);
    expect((await approve(host.id, false)).statusCode).toBe(401);
    const [stored] = await t.handle.query<{ status_host: string }>(sql`SELECT status_host FROM users WHERE id = ${host.id}`);
    expect(stored.status_host).toBe('Pending');
  });
});

describe('OpenAPI', () => {
  it('documents the host routes with bearer security', async () => {
    const document = (await get('/api/openapi.json', false)).json<{ paths: Record<string, Record<string, { security?: unknown }>> }>();
    for (const path of [
      '/api/admin/hosts',
      '/api/admin/admin/hosts',
      '/api/admin/hosts/summary',
      '/api/admin/user/{id}',
      '/api/admin/update-status-host/{id}',
      '/api/hosts/{id}',
    ]) {
      expect(document.paths[path], path).toBeDefined();
    }
    expect(document.paths['/api/hosts/{id}'].put.security).toEqual([{ bearer: [] }]);
  });
});

describe('GET /api/admin/hosts?format=csv', () => {
  const csvLines = (body: string) =>
    body
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');

  it('downloads the hosts the search and status select, in userId order, with a header row', async () => {
    const tag = newTag();
    const first = await insertHost(t.handle, { name: `${tag} one`, email: `${tag}1@hoy.test`, statusHost: 'Confirmed' });
    await insertProperty(t.handle, first.id);
    const second = await insertHost(t.handle, { name: `${tag} two`, email: null, statusHost: 'Confirmed' });
    await insertHost(t.handle, { name: `${tag} three`, statusHost: 'Pending' });
    const response = await get(`/api/admin/hosts?format=csv&q=${tag}&status=Confirmed`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/csv/);
    expect(response.headers['content-disposition']).toBe('attachment; filename="hosts.csv"');
    expect(response.headers['x-total-count']).toBeUndefined();
    expect(csvLines(response.body)).toEqual([
      'userId,name,email,statusHost,numberOfProperties,suspendedAt',
      `${first.id},${tag} one,${tag}1@hoy.test,Confirmed,1,`,
      `${second.id},${tag} two,,Confirmed,0,`,
    ]);
  });

  it('quotes commas and quotes and neutralises spreadsheet formulas, keeping the text otherwise as stored', async () => {
    const tag = newTag();
    const quoted = await insertHost(t.handle, { name: `${tag} "Ali", Jr.`, email: `${tag}@hoy.test` });
    const formula = await insertHost(t.handle, { name: `=HYPERLINK("x") ${tag}`, email: `${tag}f@hoy.test` });
    const lines = csvLines((await get(`/api/admin/hosts?format=csv&q=${tag}`)).body);
    expect(lines).toContain(`${quoted.id},"${tag} ""Ali"", Jr.",${tag}@hoy.test,Pending,0,`);
    expect(lines).toContain(`${formula.id},"'=HYPERLINK(""x"") ${tag}",${tag}f@hoy.test,Pending,0,`);
  });

  it('exports a filtered set larger than one batch, each host once', async () => {
    const tag = newTag();
    await t.handle.query(sql`INSERT INTO users (is_host, name, email) SELECT true, ${tag} || ' bulk ' || n, NULL FROM generate_series(1, 1005) AS n`);
    const lines = csvLines((await get(`/api/admin/hosts?format=csv&q=${tag}`)).body);
    expect(lines).toHaveLength(1005 + 1);
    const ids = lines.slice(1).map((line) => Number(line.split(',')[0]));
    expect(new Set(ids).size).toBe(1005);
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
  });

  it('exports every host when nothing is filtered', async () => {
    const host = await insertHost(t.handle);
    const lines = csvLines((await get('/api/admin/hosts?format=csv')).body);
    const [{ count }] = await t.handle.query<{ count: number }>(sql`SELECT count(*)::int AS count FROM users WHERE is_host`);
    expect(lines).toHaveLength(count + 1);
    expect(lines.some((line) => line.startsWith(`${host.id},`))).toBe(true);
  });

  it('refuses an unknown format with 400 and a missing token with 401', async () => {
    expect((await get('/api/admin/hosts?format=xml')).statusCode).toBe(400);
    expect((await get('/api/admin/hosts?format=csv', false)).statusCode).toBe(401);
  });
});
