// npm run bench:map -- --base-url URL --email E --password P: times the map of every listing
// (GET /api/admin/listings-map, docs/decisions/029) on a running server, one request at a time: the
// whole world at the first zoom (with every status and each status alone), a country, a city and a
// street, each view asked ROUNDS times; then a listing inserted straight into the database (psql via
// DATABASE_URL, when set) and the world asked again, to show it counted at the next load.
import { spawnSync } from 'node:child_process';
import { parseArgs } from 'node:util';
import { signInAt } from './bench-workload.mjs';

const { values: options } = parseArgs({
  options: {
    'base-url': { type: 'string', default: 'http://127.0.0.1:3000' },
    email: { type: 'string', default: 'admin@example.com' },
    password: { type: 'string' },
    rounds: { type: 'string', default: '20' },
  },
});
const baseUrl = options['base-url'];
const rounds = Number(options.rounds);

const VIEWS = [
  { name: 'world, zoom 2, every status', zoom: 2, west: -180, south: -85, east: 180, north: 85 },
  { name: 'world, zoom 2, Pending', zoom: 2, west: -180, south: -85, east: 180, north: 85, status: 'Pending' },
  { name: 'world, zoom 2, Pending For Verification', zoom: 2, west: -180, south: -85, east: 180, north: 85, status: 'Pending For Verification' },
  { name: 'East Africa, zoom 5', zoom: 5, west: 30, south: -10, east: 60, north: 15 },
  { name: 'Mogadishu, zoom 12', zoom: 12, west: 45.15, south: 1.95, east: 45.5, north: 2.15 },
  { name: 'a street in Mogadishu, zoom 17', zoom: 17, west: 45.31, south: 2.04, east: 45.325, north: 2.05 },
];

const signIn = () => signInAt(baseUrl, options.email, options.password);

const urlOf = ({ name: _name, ...view }) =>
  `${baseUrl}/api/admin/listings-map?${new URLSearchParams(Object.entries(view).map(([key, value]) => [key, String(value)]))}`;

async function timed(url, token) {
  const started = performance.now();
  const response = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
  const body = await response.json();
  if (!response.ok) throw new Error(`${url}: ${response.status} ${JSON.stringify(body)}`);
  return { ms: performance.now() - started, body };
}

const quantileOf = (sorted, q) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];

const token = await signIn();
const results = [];
for (const view of VIEWS) {
  const times = [];
  let answer;
  for (let round = 0; round < rounds; round += 1) {
    const { ms, body } = await timed(urlOf(view), token);
    times.push(ms);
    answer = body;
  }
  const sorted = [...times].sort((a, b) => a - b);
  const markers = answer.clusters.length + answer.listings.length;
  results.push({
    view: view.name,
    first: Math.round(times[0]),
    median: Math.round(quantileOf(sorted, 0.5)),
    p95: Math.round(quantileOf(sorted, 0.95)),
    listings: answer.total,
    markers,
  });
}
const say = (line) => process.stdout.write(`${line}\n`);
say('view | first ms | median ms | p95 ms | listings | markers');
for (const result of results) say(`${result.view} | ${result.first} | ${result.median} | ${result.p95} | ${result.listings} | ${result.markers}`);

if (process.env.DATABASE_URL) {
  const world = VIEWS[0];
  const before = (await timed(urlOf(world), token)).body.total;
  const insert = spawnSync(
    'psql',
    [
      process.env.DATABASE_URL,
      '-qAtc',
      `INSERT INTO properties (host_id, title, address, city, country, price_per_night, property_type, place_type, latitude, longitude)
    SELECT id, 'bench-map probe', '1 Probe Road', 'Garowe', 'Somalia', 30, 'House', 'Entire place', 8.4, 48.48 FROM users WHERE is_host LIMIT 1 RETURNING id`,
    ],
    { encoding: 'utf8' },
  );
  const id = insert.stdout.trim();
  const { ms, body } = await timed(urlOf(world), token);
  spawnSync('psql', [process.env.DATABASE_URL, '-qAtc', `DELETE FROM properties WHERE id = ${Number(id)}`]);
  say(`a listing inserted with psql: world total ${before} -> ${body.total} at the next load (${Math.round(ms)} ms)`);
}
