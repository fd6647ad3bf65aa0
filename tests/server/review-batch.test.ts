// Batch decisions and undo (decision 027): per-row compare-and-set, per-row audit entries, one
// permission check per batch, bad input refused whole, and the race with a single decision.
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { BatchResult } from '../../src/contracts/batch-decisions';
import { signedInTestApp } from './helpers/app';
import { insertGuest, insertHost, insertProperty } from './helpers/fixtures';
import { createStaff, loginAs, STAFF_PASSWORD } from './helpers/staff';

const t = signedInTestApp();
let hostId: number;
let amina: string;
let viewer: string;

beforeAll(async () => {
  hostId = (await insertHost(t.handle, { name: 'Batch Host' })).id;
  const created = await t.request({
    method: 'POST',
    url: '/api/admin/staff',
    token: t.token,
    payload: { name: 'Amina Yusuf', email: 'amina@hoy.test', role: 'moderator', password: STAFF_PASSWORD },
  });
  if (created.statusCode !== 201) throw new Error(`creating Amina: ${created.body}`);
  amina = await loginAs(t, 'amina@hoy.test');
  viewer = await loginAs(t, (await createStaff(t, t.token, 'viewer')).email);
});

const post = (url: string, payload: unknown, token = t.token) => t.request({ method: 'POST', url, token, payload: payload as Record<string, unknown> });

async function listingStatuses(ids: number[]) {
  const rows = await t.handle.query<{ id: number; listing_status: string }>(
    sql`SELECT id, listing_status FROM properties WHERE id IN (${sql.join(
      ids.map((id) => sql`${id}`),
      sql`, `,
    )}) ORDER BY id`,
  );
  return rows.map((row) => row.listing_status);
}

async function auditCount(entityType: string, ids: number[]) {
  const [row] = await t.handle.query<{ count: number }>(
    sql`SELECT count(*)::int AS count FROM audit_events WHERE entity_type = ${entityType} AND entity_id IN (${sql.join(
      ids.map((id) => sql`${id}`),
      sql`, `,
    )})`,
  );
  return row.count;
}

/** Inserted one after the other, so their ids ascend in the order returned. */
async function newListings(count: number, title = 'Batch listing') {
  const ids: number[] = [];
  for (let index = 0; index < count; index += 1) ids.push((await insertProperty(t.handle, hostId, { title: `${title} ${index}` })).id);
  return ids;
}

describe('POST /api/admin/listings/decisions', () => {
  it('decides each pending row, skips the one Amina declined first, names her, and writes one audit entry per row changed', async () => {
    const ids = await newListings(4);
    expect((await post(`/api/admin/listings/${ids[2]}/decline`, { reason: 'blurry photos' }, amina)).statusCode).toBe(200);
    const response = await post('/api/admin/listings/decisions', { decision: 'approve', ids: [ids[3], ids[0], ids[1], ids[2], 2_000_000_000] });
    expect(response.statusCode).toBe(200);
    const body = response.json<BatchResult>();
    expect(body.changed).toBe(3);
    expect(body.results).toEqual([
      { id: ids[3], outcome: 'decided', status: 'Approved', by: null },
      { id: ids[0], outcome: 'decided', status: 'Approved', by: null },
      { id: ids[1], outcome: 'decided', status: 'Approved', by: null },
      { id: ids[2], outcome: 'alreadyDecided', status: 'Declined', by: 'Amina Yusuf' },
      { id: 2_000_000_000, outcome: 'notFound', status: null, by: null },
    ]);
    expect(await listingStatuses(ids)).toEqual(['Approved', 'Approved', 'Declined', 'Approved']);
    // Amina's decline and the three approvals; nothing for the skipped row.
    expect(await auditCount('listing', ids)).toBe(4);
  });

  it('declines with one reason, stored on every row and in every audit entry', async () => {
    const ids = await newListings(2);
    const response = await post('/api/admin/listings/decisions', { decision: 'decline', ids, reason: 'Photos missing' });
    expect(response.json<BatchResult>().changed).toBe(2);
    const rows = await t.handle.query<{ reason: string }>(
      sql`SELECT reason FROM audit_events WHERE entity_type = 'listing' AND entity_id IN (${ids[0]}, ${ids[1]})`,
    );
    expect(rows.map((row) => row.reason)).toEqual(['Photos missing', 'Photos missing']);
    const [detail] = await t.handle.query<{ listing_decline_reason: string }>(sql`SELECT listing_decline_reason FROM properties WHERE id = ${ids[0]}`);
    expect(detail.listing_decline_reason).toBe('Photos missing');
  });

  it('selects all that match: the server resolves the search and filter to its rows, and decides no other', async () => {
    const marker = `Matchable${Date.now()}`;
    const ids = await newListings(3, marker);
    const other = await newListings(1, 'Unrelated');
    expect((await post(`/api/admin/listings/${ids[0]}/approve`, {}, amina)).statusCode).toBe(200);
    const response = await post('/api/admin/listings/decisions', { decision: 'decline', match: { q: marker, status: 'Pending', sort: 'title' } });
    expect(response.statusCode).toBe(200);
    expect(response.json<BatchResult>().results.map((row) => [row.id, row.outcome])).toEqual([
      [ids[1], 'decided'],
      [ids[2], 'decided'],
    ]);
    expect(await listingStatuses([...ids, ...other])).toEqual(['Approved', 'Declined', 'Declined', 'Pending']);
  });

  it.each([
    ['duplicate ids', (ids: number[]) => ({ decision: 'approve', ids: [ids[0], ids[0]] }), 'Each record may appear only once in a batch.'],
    ['10,001 ids', () => ({ decision: 'approve', ids: Array.from({ length: 10_001 }, (_, index) => index + 1) }), 'A batch holds at most 500 records.'],
    ['501 ids', () => ({ decision: 'approve', ids: Array.from({ length: 501 }, (_, index) => index + 1) }), 'A batch holds at most 500 records.'],
    ['ids and match', (ids: number[]) => ({ decision: 'approve', ids, match: {} }), 'Send either ids or match'],
    ['neither ids nor match', () => ({ decision: 'approve' }), 'Send either ids or match'],
    ['an unknown decision', (ids: number[]) => ({ decision: 'delete', ids }), 'decision'],
    ['a reason over 1000 characters', (ids: number[]) => ({ decision: 'decline', ids, reason: 'x'.repeat(1001) }), 'at most 1000'],
    ['a zero id', () => ({ decision: 'approve', ids: [0] }), 'ids'],
    ['a bad status in the match', () => ({ decision: 'approve', match: { status: 'Gone' } }), 'status'],
  ])('refuses %s with a 400 and changes nothing', async (_name, payloadOf, message) => {
    const ids = await newListings(2);
    const response = await post('/api/admin/listings/decisions', payloadOf(ids));
    expect(response.statusCode).toBe(400);
    expect(response.json<{ message: string }>().message).toContain(message);
    expect(await listingStatuses(ids)).toEqual(['Pending', 'Pending']);
    expect(await auditCount('listing', ids)).toBe(0);
  });

  it('refuses a 10 MB reason before reading it whole, changing nothing', async () => {
    const ids = await newListings(1);
    const response = await post('/api/admin/listings/decisions', { decision: 'decline', ids, reason: 'x'.repeat(10 * 1024 * 1024) });
    expect(response.statusCode).toBe(413);
    expect(await listingStatuses(ids)).toEqual(['Pending']);
  });

  it('refuses a Viewer (403) on both calls and changes nothing', async () => {
    const ids = await newListings(2);
    expect((await post('/api/admin/listings/decisions', { decision: 'approve', ids }, viewer)).statusCode).toBe(403);
    expect((await post('/api/admin/property-approvals/decisions', { decision: 'approve', ids }, viewer)).statusCode).toBe(403);
    expect((await post('/api/admin/hosts/decisions', { decision: 'approve', ids: [hostId] }, viewer)).statusCode).toBe(403);
    expect((await post('/api/admin/listings/decisions/undo', { ids }, viewer)).statusCode).toBe(403);
    expect(await listingStatuses(ids)).toEqual(['Pending', 'Pending']);
  });

  it('races a single decision on the same row: exactly one wins, the other learns who', async () => {
    for (let round = 0; round < 3; round += 1) {
      const ids = await newListings(3);
      const [single, batch] = await Promise.all([
        post(`/api/admin/listings/${ids[1]}/approve`, {}, amina),
        post('/api/admin/listings/decisions', { decision: 'decline', ids }),
      ]);
      const row = batch.json<BatchResult>().results.find((result) => result.id === ids[1])!;
      // Whichever came first decided the row; the other was told so, by name for the batch.
      const expected =
        single.statusCode === 200
          ? { single: 200, row: { outcome: 'alreadyDecided', status: 'Approved', by: 'Amina Yusuf' } }
          : { single: 409, row: { outcome: 'decided', status: 'Declined', by: null } };
      expect({ single: single.statusCode, row: { outcome: row.outcome, status: row.status, by: row.by } }).toEqual(expected);
      expect(await auditCount('listing', [ids[1]])).toBe(1);
      expect(await auditCount('listing', ids)).toBe(3);
    }
  });
});

describe('undo', () => {
  it('puts each listing back to its status before, with its own audit entry, within the window only', async () => {
    const ids = await newListings(3);
    await post('/api/admin/listings/decisions', { decision: 'decline', ids: ids.slice(0, 2), reason: 'Too dark' });
    await post(`/api/admin/listings/${ids[2]}/approve`, {});
    const undone = await post('/api/admin/listings/decisions/undo', { ids: ids.slice(0, 2) });
    expect(undone.json<BatchResult>()).toEqual({
      changed: 2,
      results: ids.slice(0, 2).map((id) => ({ id, outcome: 'undone', status: 'Pending', by: null })),
    });
    expect(await listingStatuses(ids)).toEqual(['Pending', 'Pending', 'Approved']);
    const actions = await t.handle.query<{ action: string }>(
      sql`SELECT action FROM audit_events WHERE entity_type = 'listing' AND entity_id = ${ids[0]} ORDER BY id`,
    );
    expect(actions.map((row) => row.action)).toEqual(['listing.decline', 'listing.undo']);
    // Undone once; a second undo finds no decision of the member's to take back.
    expect((await post('/api/admin/listings/decisions/undo', { ids: [ids[0]] })).json<BatchResult>().results[0].outcome).toBe('notUndoable');
    t.clock.advance(31_000);
    expect((await post('/api/admin/listings/decisions/undo', { ids: [ids[2]] })).json<BatchResult>().results[0].outcome).toBe('notUndoable');
    expect(await listingStatuses([ids[2]])).toEqual(['Approved']);
  });

  it("reports a host a colleague changed since, and never undoes another member's decision", async () => {
    const first = (await insertHost(t.handle, { name: 'Mehmet Smith' })).id;
    const second = (await insertHost(t.handle, { name: 'Second Host' })).id;
    expect((await post('/api/admin/hosts/decisions', { decision: 'decline', ids: [first, second] })).json<BatchResult>().changed).toBe(2);
    // Amina approves the declined host meanwhile: approving moves any host to Confirmed.
    expect((await post(`/api/admin/update-status-host/${first}`, {}, amina)).statusCode).toBe(200);
    const undone = await post('/api/admin/hosts/decisions/undo', { ids: [first, second] });
    expect(undone.json<BatchResult>().results).toEqual([
      { id: first, outcome: 'changed', status: null, by: 'Amina Yusuf' },
      { id: second, outcome: 'undone', status: 'Pending', by: null },
    ]);
    const [row] = await t.handle.query<{ status_host: string }>(sql`SELECT status_host FROM users WHERE id = ${first}`);
    expect(row.status_host).toBe('Confirmed');
    // Amina cannot undo the administrator's decision on the second host either: it is not hers.
    expect((await post('/api/admin/hosts/decisions', { decision: 'approve', ids: [second] })).json<BatchResult>().changed).toBe(1);
    expect((await post('/api/admin/hosts/decisions/undo', { ids: [second] }, amina)).json<BatchResult>().results[0]).toMatchObject({ outcome: 'changed' });
  });

  it('confirms properties by batch at their version, and undo moves them back to pending at a new one', async () => {
    const ids = [(await insertProperty(t.handle, hostId)).id, (await insertProperty(t.handle, hostId)).id];
    const decided = await post('/api/admin/property-approvals/decisions', { decision: 'approve', ids });
    expect(decided.json<BatchResult>().results.map((row) => row.status)).toEqual(['confirmed', 'confirmed']);
    await post('/api/admin/property-approvals/decisions/undo', { ids });
    const rows = await t.handle.query<{ approval_status: string; version: number }>(
      sql`SELECT approval_status, version FROM properties WHERE id IN (${ids[0]}, ${ids[1]}) ORDER BY id`,
    );
    expect(rows).toEqual([
      { approval_status: 'pending', version: 3 },
      { approval_status: 'pending', version: 3 },
    ]);
    // The single decision with the version the row had before the undo is stale now.
    expect((await post(`/api/admin/property-approvals/${ids[0]}/approve`, { version: 1 })).statusCode).toBe(409);
  });
});

describe('hosts batch', () => {
  it('reports a guest (not a host) as not found and declines only pending hosts', async () => {
    const guest = (await insertGuest(t.handle)).id;
    const confirmed = (await insertHost(t.handle, { statusHost: 'Confirmed' })).id;
    const pending = (await insertHost(t.handle)).id;
    const response = await post('/api/admin/hosts/decisions', { decision: 'decline', ids: [guest, confirmed, pending] });
    expect(response.json<BatchResult>().results.map((row) => [row.outcome, row.status])).toEqual([
      ['notFound', null],
      ['alreadyDecided', 'Confirmed'],
      ['decided', 'Rejected'],
    ]);
  });
});

describe('Activity names the record', () => {
  it('names each entry by the record as it read then, and finds "who approved Mehmet Smith?" by that name', async () => {
    const mehmet = (await insertHost(t.handle, { name: 'Mehmet Smith' })).id;
    const listing = (await insertProperty(t.handle, hostId, { title: 'Riverside Loft Kismayo' })).id;
    await post('/api/admin/hosts/decisions', { decision: 'approve', ids: [mehmet] }, amina);
    await post(`/api/admin/listings/${listing}/decline`, { reason: 'No photos' });
    const activity = async (q: string) =>
      (await t.request({ method: 'GET', url: `/api/admin/activity?page=1&pageSize=10&q=${encodeURIComponent(q)}`, token: t.token })).json<
        { action: string; entityId: number; entityName: string | null; administratorName: string }[]
      >();
    const found = await activity('mehmet smi');
    expect(found.map((row) => [row.action, row.entityId, row.entityName, row.administratorName])).toContainEqual([
      'host.approve',
      mehmet,
      'Mehmet Smith',
      'Amina Yusuf',
    ]);
    expect(found.every((row) => row.entityName === 'Mehmet Smith')).toBe(true);
    expect((await activity('riverside loft')).map((row) => [row.action, row.entityName])).toEqual([['listing.decline', 'Riverside Loft Kismayo']]);
    // A renamed host keeps the name its entries were written under; a deleted one keeps its name too.
    await t.request({ method: 'DELETE', url: `/api/hosts/${mehmet}`, token: t.token });
    const history = (await activity('mehmet smith')).map((row) => row.action);
    expect(history).toEqual(expect.arrayContaining(['host.approve', 'host.delete']));
  });
});

describe('the API document', () => {
  it('documents each batch call with its per-row results, its 400 and 403, for every list that declares a batch', async () => {
    const document = (await t.request({ method: 'GET', url: '/api/openapi.json' })).json<{
      paths: Record<string, Record<string, { responses: Record<string, { content?: Record<string, { schema: { properties?: Record<string, unknown> } }> }> }>>;
    }>();
    for (const list of ['hosts', 'listings', 'property-approvals']) {
      for (const path of [`/api/admin/${list}/decisions`, `/api/admin/${list}/decisions/undo`]) {
        const responses = document.paths[path]?.post?.responses;
        expect(Object.keys(responses ?? {}), path).toEqual(expect.arrayContaining(['200', '400', '401', '403']));
        const answer = responses?.['200'].content?.['application/json'].schema;
        expect(Object.keys(answer?.properties ?? {}), path).toEqual(['results', 'changed']);
      }
    }
  });
});
