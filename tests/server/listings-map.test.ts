import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ListingsMap } from '../../src/contracts/listings-map';
import { cellsPerSide, mercatorX, mercatorY } from '../../src/contracts/listings-map-grid';
import { ROLES } from '../../src/contracts/roles';
import type { ListingStatus } from '../../src/contracts/statuses';
import { signedInTestApp } from './helpers/app';
import { insertHost, insertProperty } from './helpers/fixtures';
import { createStaff, loginAs } from './helpers/staff';

const t = signedInTestApp();

const WORLD = { west: -180, south: -85, east: 180, north: 85 };
type Box = typeof WORLD;

const mapUrl = (zoom: number, box: Box, status?: string) =>
  `/api/admin/listings-map?${new URLSearchParams({ zoom: String(zoom), ...Object.fromEntries(Object.entries(box).map(([key, value]) => [key, String(value)])), ...(status ? { status } : {}) })}`;

async function view(zoom: number, box: Box, status?: string, token = t.token): Promise<ListingsMap> {
  const response = await t.request({ method: 'GET', url: mapUrl(zoom, box, status), token });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<ListingsMap>();
}

const cellOf = (zoom: number, point: { latitude: number; longitude: number }) =>
  `${Math.floor(mercatorX(point.longitude) * cellsPerSide(zoom))}:${Math.floor(mercatorY(point.latitude) * cellsPerSide(zoom))}`;

/** The counts per cell as this test places each listing itself (JavaScript's arithmetic, not the server's SQL). */
async function countsByHand(zoom: number, status?: ListingStatus): Promise<number[]> {
  const rows = await t.handle.query<{ latitude: number; longitude: number }>(
    sql`SELECT latitude, longitude FROM properties ${status ? sql`WHERE listing_status = ${status}` : sql``}`,
  );
  const counts = new Map<string, number>();
  for (const row of rows) counts.set(cellOf(zoom, row), (counts.get(cellOf(zoom, row)) ?? 0) + 1);
  return [...counts.values()].sort((a, b) => a - b);
}

async function cellCountByHand(zoom: number, point: { latitude: number; longitude: number }): Promise<number> {
  const rows = await t.handle.query<{ latitude: number; longitude: number }>(sql`SELECT latitude, longitude FROM properties`);
  return rows.filter((row) => cellOf(zoom, row) === cellOf(zoom, point)).length;
}

const countsOf = (answer: ListingsMap) => [...answer.clusters.map((cluster) => cluster.count), ...answer.listings.map(() => 1)].sort((a, b) => a - b);

const MOGADISHU = { latitude: 2.0469, longitude: 45.3182 };
const HARGEISA = { latitude: 9.5624, longitude: 44.077 };
const NAIROBI = { latitude: -1.2864, longitude: 36.8172 };

describe('GET /api/admin/listings-map', () => {
  beforeAll(async () => {
    const host = await insertHost(t.handle);
    const statuses: ListingStatus[] = ['Pending', 'Approved', 'Declined', 'Approved', 'Pending'];
    for (const [index, listingStatus] of statuses.entries()) {
      await insertProperty(t.handle, host.id, { ...MOGADISHU, latitude: MOGADISHU.latitude + index * 0.001, listingStatus });
    }
    for (const listingStatus of ['Approved', 'Pending', 'Rejected'] as const) {
      await insertProperty(t.handle, host.id, { ...NAIROBI, longitude: NAIROBI.longitude + 0.002, listingStatus });
    }
    await insertProperty(t.handle, host.id, { ...HARGEISA, title: 'Hargeisa <b>house</b> & "garden"', listingStatus: 'Approved' });
  });

  it('counts every listing of the world, with and without a status, as SQL counts them', async () => {
    const [{ total }] = await t.handle.query<{ total: number }>(sql`SELECT count(*)::int AS total FROM properties`);
    for (const zoom of [0, 1, 2]) expect((await view(zoom, WORLD)).total).toBe(total);
    for (const status of ['Approved', 'Pending', 'Rejected', 'Pending For Verification'] as const) {
      const [{ count }] = await t.handle.query<{ count: number }>(sql`SELECT count(*)::int AS count FROM properties WHERE listing_status = ${status}`);
      expect((await view(2, WORLD, status)).total, status).toBe(count);
    }
  });

  it('counts the listings of every cell as counted from the table by hand, where no two cells sit close', async () => {
    const box = { west: 30, south: -10, east: 60, north: 15 };
    expect(countsOf(await view(5, box))).toEqual(await countsByHand(5));
    expect(countsOf(await view(5, box, 'Approved'))).toEqual(await countsByHand(5, 'Approved'));
  });

  it('joins groups whose markers would overlap into one cluster, its count their sum', async () => {
    // At zoom 2 Hargeisa and Nairobi are 21 and 26 pixels from Mogadishu, in cells of their own.
    const world = await view(2, { west: 30, south: -5, east: 50, north: 12 });
    expect(world.listings).toEqual([]);
    expect(world.clusters).toEqual([
      expect.objectContaining({
        count: world.total,
        south: NAIROBI.latitude,
        north: HARGEISA.latitude,
        west: NAIROBI.longitude + 0.002,
        east: MOGADISHU.longitude,
      }),
    ]);
    const byHand = await countsByHand(2);
    expect(byHand.length).toBeGreaterThan(1);
  });

  it('draws a cell of one listing as that listing, its title as stored, and a cluster with its count and the box of its listings', async () => {
    const answer = await view(8, { west: 43, south: 8, east: 46, north: 11 });
    const hargeisa = answer.listings.find((listing) => listing.title.startsWith('Hargeisa'));
    expect(hargeisa).toMatchObject({ title: 'Hargeisa <b>house</b> & "garden"', status: 'Approved', ...HARGEISA });
    expect(Object.keys(hargeisa!).sort()).toEqual(['id', 'latitude', 'longitude', 'status', 'title']);

    const mogadishu = (await view(8, { west: 44, south: 1, east: 46.5, north: 3 })).clusters.find((cluster) => cluster.count === 5);
    expect(mogadishu).toMatchObject({ south: MOGADISHU.latitude, north: MOGADISHU.latitude + 0.004, west: MOGADISHU.longitude, east: MOGADISHU.longitude });
    expect(mogadishu!.latitude).toBeCloseTo(MOGADISHU.latitude + 0.002, 9);
  });

  it('splits a cluster into its listings as the map zooms in, and widens the box to whole cells', async () => {
    const close = { west: 45.31, south: 2.04, east: 45.33, north: 2.06 };
    const street = await view(18, close);
    expect(street.clusters).toEqual([]);
    expect(street.listings).toHaveLength(5);
    // At zoom 3 Mogadishu's cell spans 45° to 56.25° east: a box in its far corner still counts all of it.
    const corner = await view(3, { west: 55, south: 10, east: 56, north: 11 });
    expect(corner.total).toBe(await cellCountByHand(3, MOGADISHU));
    expect(corner.total).toBeGreaterThanOrEqual(5);
  });

  it('shows a listing written straight into the database, or whose status changed, on the next load', async () => {
    const before = await view(2, WORLD, 'Pending For Verification');
    const host = await insertHost(t.handle);
    await t.handle.query(sql`
      INSERT INTO properties (host_id, title, address, city, country, price_per_night, property_type, place_type, latitude, longitude, listing_status)
      VALUES (${host.id}, 'Inserted by hand', '1 Road', 'Garowe', 'Somalia', 30, 'House', 'Entire place', 8.4054, 48.4845, 'Pending For Verification')`);
    const after = await view(2, WORLD, 'Pending For Verification');
    expect(after.total).toBe(before.total + 1);
    await t.handle.query(sql`UPDATE properties SET listing_status = 'Declined' WHERE title = 'Inserted by hand'`);
    expect((await view(2, WORLD, 'Pending For Verification')).total).toBe(before.total);
  });

  it('answers every role that reads listings, and refuses a call without a session', async () => {
    for (const role of ROLES.filter((candidate) => candidate !== 'administrator')) {
      const member = await createStaff(t, t.token, role);
      const answer = await view(1, WORLD, undefined, await loginAs(t, member.email));
      expect(answer.total, role).toBeGreaterThan(0);
    }
    expect((await t.request({ method: 'GET', url: mapUrl(1, WORLD) })).statusCode).toBe(401);
    const documented = (await t.request({ method: 'GET', url: '/api/openapi.json' })).json<{ paths: Record<string, { get: { description: string } }> }>();
    expect(documented.paths['/api/admin/listings-map'].get.description).toContain('(permission listings.read)');
  });

  it.each([
    ['no zoom', 'west=-180&south=-85&east=180&north=85', 'zoom'],
    ['a zoom past the deepest', `${mapUrl(19, WORLD).split('?')[1]}`, 'zoom'],
    ['a zoom that is not whole', 'zoom=1.5&west=-180&south=-85&east=180&north=85', 'zoom'],
    ['a negative zoom', 'zoom=-1&west=-180&south=-85&east=180&north=85', 'zoom'],
    ['a coordinate that is a word', 'zoom=2&west=abc&south=-85&east=180&north=85', 'west'],
    ['an empty coordinate', 'zoom=2&west=&south=-85&east=180&north=85', 'west'],
    ['an exponent', 'zoom=2&west=-1e2&south=-85&east=180&north=85', 'west'],
    ['Infinity', 'zoom=2&west=-Infinity&south=-85&east=180&north=85', 'west'],
    ['a longitude past 180', 'zoom=2&west=-181&south=-85&east=180&north=85', 'west'],
    ['a latitude past the map', 'zoom=2&west=-180&south=-89&east=180&north=85', 'south'],
    ['south above north', 'zoom=2&west=-180&south=10&east=180&north=5', 'south must not be greater than north'],
    ['west east of east', 'zoom=2&west=170&south=-85&east=-170&north=85', 'west must not be greater than east'],
    ['the world at street level', mapUrl(12, WORLD).split('?')[1], 'larger than 4,096 pixels a side at zoom 12'],
    ['an unknown status', 'zoom=2&west=-180&south=-85&east=180&north=85&status=Sold', 'status'],
    ['a very long value', `zoom=2&west=${'1'.repeat(100_000)}&south=-85&east=180&north=85`, 'west'],
  ])('refuses %s with 400 and a message', async (_name, query, message) => {
    const response = await t.request({ method: 'GET', url: `/api/admin/listings-map?${query}`, token: t.token });
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json<{ message: string }>().message).toContain(message);
  });
});
