import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { signedInTestApp } from './helpers/app';
import { insertHost, insertProperty } from './helpers/fixtures';

const t = signedInTestApp();
let hostId: number;

beforeAll(async () => {
  hostId = (await insertHost(t.handle, { name: 'Amina Warsame' })).id;
});

const get = (url: string, bearer: string | null = t.token) => t.request({ method: 'GET', url, token: bearer ?? undefined });
const post = (url: string, payload?: unknown) =>
  t.request({ method: 'POST', url, token: t.token, ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }) });

async function listingStatus(id: number) {
  const [row] = await t.handle.query<{ listing_status: string; listing_decline_reason: string | null }>(
    sql`SELECT listing_status, listing_decline_reason FROM properties WHERE id = ${id}`,
  );
  return row;
}

describe('GET /api/admin/listings', () => {
  it('refuses a call without a token or with a wrong one', async () => {
    expect((await get('/api/admin/listings', null)).statusCode).toBe(401);
    expect((await get('/api/admin/listings', 'A'.repeat(43))).statusCode).toBe(401);
  });

  it('answers the whole array without paging parameters, with the row shape of Review Listings', async () => {
    const property = await insertProperty(t.handle, hostId, { title: 'Whole array villa', address: '1 Array Street' });
    const response = await get('/api/admin/listings');
    expect(response.statusCode).toBe(200);
    const rows = response.json<Array<Record<string, unknown>>>();
    expect(rows.find((row) => row.id === property.id)).toEqual({
      id: property.id,
      title: 'Whole array villa',
      status: 'Pending',
      address: '1 Array Street',
      hostName: 'Amina Warsame',
      propertyId: property.id,
    });
    expect(response.headers['x-total-count']).toBeUndefined();
  });

  it('pages 8 by default with the total in X-Total-Count', async () => {
    const marker = `Paged ${Date.now()}`;
    for (let index = 0; index < 10; index += 1) await insertProperty(t.handle, hostId, { title: `${marker} ${index}` });
    const first = await get(`/api/admin/listings?q=${encodeURIComponent(marker)}&page=1`);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toHaveLength(8);
    expect(first.headers['x-total-count']).toBe('10');
    const second = await get(`/api/admin/listings?q=${encodeURIComponent(marker)}&page=2`);
    expect(second.json()).toHaveLength(2);
  });

  it('searches the title case-insensitively and takes % and _ literally', async () => {
    await insertProperty(t.handle, hostId, { title: 'Penthouse 100% sea_view' });
    await insertProperty(t.handle, hostId, { title: 'Penthouse 1000 seaXview' });
    const percent = await get(`/api/admin/listings?q=${encodeURIComponent('100%')}`);
    expect(percent.json<Array<{ title: string }>>().map((row) => row.title)).toEqual(['Penthouse 100% sea_view']);
    const underscore = await get(`/api/admin/listings?q=${encodeURIComponent('SEA_VIEW')}`);
    expect(underscore.json<Array<{ title: string }>>().map((row) => row.title)).toEqual(['Penthouse 100% sea_view']);
  });

  it('filters by status and sorts by host name both ways', async () => {
    const otherHost = await insertHost(t.handle, { name: 'Zakariye Filter' });
    const early = await insertHost(t.handle, { name: 'Abdi Filter' });
    await insertProperty(t.handle, otherHost.id, { title: 'Filter one', listingStatus: 'Declined' });
    await insertProperty(t.handle, early.id, { title: 'Filter two', listingStatus: 'Declined' });
    await insertProperty(t.handle, early.id, { title: 'Filter three', listingStatus: 'Approved' });
    const declined = await get('/api/admin/listings?q=Filter&status=Declined&sort=hostName&order=asc');
    expect(declined.json<Array<{ hostName: string; status: string }>>().map((row) => row.hostName)).toEqual(['Abdi Filter', 'Zakariye Filter']);
    expect(declined.headers['x-total-count']).toBe('2');
    const descending = await get('/api/admin/listings?q=Filter&status=Declined&sort=hostName&order=desc');
    expect(descending.json<Array<{ hostName: string }>>().map((row) => row.hostName)).toEqual(['Zakariye Filter', 'Abdi Filter']);
  });

  it("sorts and shows the host's current name: a rename, a new host or a stray write to the copy (migration 0014)", async () => {
    const marker = `Copy${Date.now()}`;
    const first = await insertHost(t.handle, { name: 'Bashir Copy' });
    const second = await insertHost(t.handle, { name: 'Cawo Copy' });
    const moved = await insertProperty(t.handle, first.id, { title: `${marker} moved` });
    await insertProperty(t.handle, second.id, { title: `${marker} stays` });
    const byHost = async (path: string) =>
      (await get(`${path}?q=${marker}&sort=hostName&order=asc`))
        .json<Array<{ title: string; hostName: string }>>()
        .map((row) => `${row.hostName}: ${row.title}`);
    expect(await byHost('/api/admin/listings')).toEqual([`Bashir Copy: ${marker} moved`, `Cawo Copy: ${marker} stays`]);

    await t.handle.query(sql`UPDATE users SET name = 'Zeynab Copy' WHERE id = ${first.id}`);
    expect(await byHost('/api/admin/listings')).toEqual([`Cawo Copy: ${marker} stays`, `Zeynab Copy: ${marker} moved`]);
    expect(await byHost('/api/admin/property-approvals')).toEqual([`Cawo Copy: ${marker} stays`, `Zeynab Copy: ${marker} moved`]);

    await t.handle.query(sql`UPDATE properties SET host_id = ${second.id} WHERE id = ${moved.id}`);
    expect(await byHost('/api/admin/listings')).toEqual([`Cawo Copy: ${marker} moved`, `Cawo Copy: ${marker} stays`]);

    // The copy is always read from the host, whatever a statement writes into it.
    await t.handle.query(sql`UPDATE properties SET host_name = 'Aaa Forged' WHERE id = ${moved.id}`);
    const [row] = await t.handle.query<{ host_name: string }>(sql`SELECT host_name FROM properties WHERE id = ${moved.id}`);
    expect(row.host_name).toBe('Cawo Copy');
  });

  it('answers a status total from the counters, equal to a count of the rows', async () => {
    for (const status of ['Pending', 'Approved', 'Declined']) {
      const response = await get(`/api/admin/listings?page=1&status=${status}`);
      const [row] = await t.handle.query<{ total: number }>(sql`SELECT count(*)::int AS total FROM properties WHERE listing_status = ${status}`);
      expect(response.headers['x-total-count']).toBe(String(row.total));
    }
  });

  it('answers 400 for an unknown status, sort, or a page size over 100', async () => {
    for (const query of ['status=Decline', 'sort=price', 'pageSize=101', 'page=0', 'order=up']) {
      const response = await get(`/api/admin/listings?${query}`);
      expect(response.statusCode, query).toBe(400);
      expect(response.json().message).toBeTruthy();
    }
  });
});

describe('GET /api/admin/listings/:id', () => {
  it('answers the full listing with the field names of the detail screen', async () => {
    const property = await insertProperty(t.handle, hostId, {
      title: 'Detail villa',
      city: 'Hargeisa',
      country: 'Somalia',
      pricePerNight: 72.5,
      isWifi: true,
      isAC: true,
      latitude: 9.56,
      longitude: 44.06,
    });
    const response = await get(`/api/admin/listings/${property.id}`);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({
      id: property.id,
      title: 'Detail villa',
      city: 'Hargeisa',
      country: 'Somalia',
      status: 'Pending',
      price: 72.5,
      User: { name: 'Amina Warsame' },
      PropertyType: { name: 'Apartment' },
      placeType: 'Entire place',
      isWifi: true,
      isAC: true,
      isTv: false,
      LatLoc: 9.56,
      LngLoc: 44.06,
      declineReason: null,
    });
    expect(body.PropertyImages).toHaveLength(5);
    expect(body.PropertyImages[0]).toEqual({ url: '/demo/property-1.svg' });
  });

  it('answers 404 for an unknown id and 400 for a malformed one', async () => {
    expect((await get('/api/admin/listings/999999')).statusCode).toBe(404);
    expect((await get('/api/admin/listings/abc')).statusCode).toBe(400);
  });
});

describe('approve and decline a listing', () => {
  it('approves a pending listing with the success message and an audit record', async () => {
    const property = await insertProperty(t.handle, hostId);
    const response = await post(`/api/admin/listings/${property.id}/approve`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ id: property.id, status: 'Approved', message: 'Status updated to Approved successfully!' });
    expect((await listingStatus(property.id)).listing_status).toBe('Approved');
    const audit = await get(`/api/admin/audit?entityType=listing&entityId=${property.id}`);
    expect(audit.json()[0]).toMatchObject({ action: 'listing.approve', before: { status: 'Pending' }, after: { status: 'Approved' } });
  });

  it('declines with a reason stored exactly as sent', async () => {
    const property = await insertProperty(t.handle, hostId, { listingStatus: 'Pending For Verification' });
    const reason = '  Photos 📷 "blurry" <script>alert(1)</script> الصور  ';
    const response = await post(`/api/admin/listings/${property.id}/decline`, { reason });
    expect(response.statusCode).toBe(200);
    expect(response.json().message).toBe('Status updated to Declined successfully!');
    expect(await listingStatus(property.id)).toEqual({ listing_status: 'Declined', listing_decline_reason: reason });
    expect((await get(`/api/admin/listings/${property.id}`)).json().declineReason).toBe(reason);
    const audit = await get(`/api/admin/audit?entityType=listing&entityId=${property.id}`);
    expect(audit.json()[0]).toMatchObject({ action: 'listing.decline', reason });
  });

  it('refuses a second decision with 409 and changes nothing', async () => {
    const property = await insertProperty(t.handle, hostId);
    expect((await post(`/api/admin/listings/${property.id}/approve`)).statusCode).toBe(200);
    const again = await post(`/api/admin/listings/${property.id}/decline`, { reason: 'late' });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('This listing was already approved.');
    expect(await listingStatus(property.id)).toEqual({ listing_status: 'Approved', listing_decline_reason: null });
    const audit = await get(`/api/admin/audit?entityType=listing&entityId=${property.id}`);
    expect(audit.json()).toHaveLength(1);
  });

  it('lets only one of two simultaneous decisions win', async () => {
    const property = await insertProperty(t.handle, hostId);
    const answers = await Promise.all([post(`/api/admin/listings/${property.id}/approve`), post(`/api/admin/listings/${property.id}/decline`)]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
  });

  it('answers 400 for an over-long reason, 404 for an unknown id, 401 without a token', async () => {
    const property = await insertProperty(t.handle, hostId);
    const long = await post(`/api/admin/listings/${property.id}/decline`, { reason: 'x'.repeat(1001) });
    expect(long.statusCode).toBe(400);
    expect(long.json().message).toMatch(/1000/);
    expect((await post(`/api/admin/listings/${property.id}/decline`, { reason: 5 })).statusCode).toBe(400);
    expect((await listingStatus(property.id)).listing_status).toBe('Pending');
    expect((await post('/api/admin/listings/999999/approve')).statusCode).toBe(404);
    expect((await t.request({ method: 'POST', url: `/api/admin/listings/${property.id}/approve` })).statusCode).toBe(401);
  });
});
