// npm run bench:search-ab -- [options]: bookings searches on two running servers over one PostgreSQL
// database (say, yesterday's code and today's), side by side so that the machine's load falls on both
// alike: the same never-repeating searches one at a time, A and B in turn (each URL asked once of
// each, so no page cache answers), then turns of 32 at a time alternating A and B. Words, 3-letter
// fragments and ids are drawn from the data, each with a sort, order and status the list offers.
import { parseArgs } from 'node:util';
import { Client } from 'pg';

const USAGE = `Usage: DATABASE_URL=postgres://... npm run bench:search-ab -- --email E --password P [options]

  --a URL          the first server (default http://127.0.0.1:3997)
  --b URL          the second server (default http://127.0.0.1:3998)
  --searches N     searches one at a time, each asked of both (default 300)
  --turns N        turns of 32 at a time for each server (default 4)
  --seconds S      seconds per turn (default 8)
`;

const { values: options } = parseArgs({
  options: {
    a: { type: 'string', default: 'http://127.0.0.1:3997' },
    b: { type: 'string', default: 'http://127.0.0.1:3998' },
    email: { type: 'string' },
    password: { type: 'string' },
    searches: { type: 'string', default: '300' },
    turns: { type: 'string', default: '4' },
    seconds: { type: 'string', default: '8' },
    help: { type: 'boolean', short: 'h', default: false },
  },
});
if (options.help || !options.email || !options.password || !process.env.DATABASE_URL) {
  process.stdout.write(USAGE);
  process.exit(options.help ? 0 : 2);
}

const SORTS = ['', 'id', 'User.name', 'Property.title', 'checkInDate', 'checkOutDate', 'total', 'status'];
const STATUSES = ['', '', 'pending', 'confirmed', 'cancelled', 'completed'];
const CONNECTIONS = 32;
const pick = (values) => values[Math.floor(Math.random() * values.length)];

/** Words and 3-letter fragments of names, e-mails, titles and addresses, and booking ids. */
async function readVocabulary() {
  const client = new Client({ connectionString: process.env.DATABASE_URL });
  await client.connect();
  const { rows } = await client.query(`(SELECT lower(name) AS text FROM users ORDER BY random() LIMIT 150)
    UNION ALL (SELECT lower(email) FROM users ORDER BY random() LIMIT 150)
    UNION ALL (SELECT lower(title) FROM properties ORDER BY random() LIMIT 150)
    UNION ALL (SELECT lower(address) FROM properties ORDER BY random() LIMIT 150)`);
  const { rows: ids } = await client.query('SELECT id FROM bookings ORDER BY random() LIMIT 30');
  await client.end();
  const words = new Set(ids.map(({ id }) => String(id)));
  for (const { text } of rows) {
    for (const word of (text ?? '').split(/[^\p{L}\p{N}]+/u)) {
      if (word.length < 3 || /^\d+$/.test(word)) continue;
      words.add(word);
      const start = Math.floor(Math.random() * (word.length - 2));
      words.add(word.slice(start, start + 3));
    }
  }
  return [...words];
}

const vocabulary = await readVocabulary();
const nextPath = () => {
  const query = new URLSearchParams({ page: '1', q: pick(vocabulary) });
  const sort = pick(SORTS);
  if (sort) query.set('sort', sort);
  if (sort) query.set('order', pick(['asc', 'desc']));
  const status = pick(STATUSES);
  if (status) query.set('status', status);
  return `/api/admin/bookings?${query}`;
};

async function signIn(base) {
  const response = await fetch(`${base}/api/admin/admin-login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: options.email, password: options.password }),
  });
  if (!response.ok) throw new Error(`sign-in at ${base} failed: ${response.status}`);
  return (await response.json()).token;
}
const servers = [
  { name: 'A', base: options.a, token: await signIn(options.a), alone: [], turns: [] },
  { name: 'B', base: options.b, token: await signIn(options.b), alone: [], turns: [] },
];

async function timed(server, path) {
  const startedAt = performance.now();
  const response = await fetch(server.base + path, { headers: { authorization: `Bearer ${server.token}` } });
  await response.arrayBuffer();
  if (response.status !== 200) throw new Error(`${server.name} ${response.status}: ${path}`);
  return performance.now() - startedAt;
}

function summary(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (share) => Math.round(sorted[Math.min(sorted.length - 1, Math.floor(share * sorted.length))]);
  const mean = Math.round(sorted.reduce((sum, value) => sum + value, 0) / sorted.length);
  return `p50 ${at(0.5)} ms, p90 ${at(0.9)} ms, p99 ${at(0.99)} ms, max ${Math.round(sorted.at(-1))} ms, mean ${mean} ms`;
}

for (let index = 0; index < Number(options.searches); index += 1) {
  const path = nextPath();
  // Who goes first alternates, so neither always meets the other's warm caches.
  for (const server of index % 2 === 0 ? servers : [...servers].reverse()) server.alone.push({ ms: await timed(server, path), path });
}

async function turn(server) {
  const latencies = [];
  const endsAt = Date.now() + Number(options.seconds) * 1000;
  await Promise.all(
    Array.from({ length: CONNECTIONS }, async () => {
      while (Date.now() < endsAt) latencies.push(await timed(server, nextPath()));
    }),
  );
  server.turns.push({ rate: latencies.length / Number(options.seconds), latencies });
}
for (let round = 0; round < Number(options.turns); round += 1) {
  for (const server of round % 2 === 0 ? servers : [...servers].reverse()) await turn(server);
}

for (const server of servers) {
  process.stdout.write(`${server.name} ${server.base}\n`);
  process.stdout.write(`  one at a time: ${server.alone.length} searches, ${summary(server.alone.map((search) => search.ms))}\n`);
  for (const slow of [...server.alone].sort((a, b) => b.ms - a.ms).slice(0, 3)) {
    process.stdout.write(`    ${String(Math.round(slow.ms)).padStart(5)} ms  ${decodeURIComponent(slow.path)}\n`);
  }
  const rates = server.turns.map((done) => Math.round(done.rate));
  process.stdout.write(`  ${CONNECTIONS} at a time: ${rates.join(', ')} searches a second; ${summary(server.turns.flatMap((done) => done.latencies))}\n`);
}
