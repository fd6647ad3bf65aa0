// npm run bench:search-sorts -- [options]: every word under every sort of the bookings list, one search
// at a time, against a running server on PostgreSQL (issue 48, decision 040): each search's time,
// the slowest ones with their addresses, and each page's rows compared with the rule's order as a
// plain query over the same database computes it (named bookings by name, then the unnamed, by id
// within equal keys). Prints a table and one JSON line.
import { parseArgs } from 'node:util';
import { Client } from 'pg';

const USAGE = `Usage: DATABASE_URL=postgres://... npm run bench:search-sorts -- --email E --password P [options]

  --url URL        the server (default http://127.0.0.1:3000)
  --words A,B      the words (default: first names, title words, cities and fragments of the volume seed)
  --statuses A,B   statuses besides none (default pending)
  --pages N        pages compared with the rule's order per search (default 2)
  --top N          slowest searches printed (default 10)
`;

const { values: options } = parseArgs({
  options: {
    url: { type: 'string', default: 'http://127.0.0.1:3000' },
    email: { type: 'string' },
    password: { type: 'string' },
    words: { type: 'string', default: 'sagal,mustafe,lucas,kaltun,sunny,secure,hargeisa,mogadishu,ama,com,villa' },
    statuses: { type: 'string', default: 'pending' },
    pages: { type: 'string', default: '2' },
    top: { type: 'string', default: '10' },
    help: { type: 'boolean', short: 'h', default: false },
  },
});
if (options.help || !options.email || !options.password || !process.env.DATABASE_URL) {
  process.stdout.write(USAGE);
  process.exit(options.help ? 0 : 2);
}

/** Each sort of the list and the expression the rule orders it by (the Guest and Property sorts put empty names last). */
const SORTS = {
  '': { key: 'b.id', order: ['desc'] },
  id: { key: 'b.id' },
  'User.name': { key: 'u.name', isName: true },
  'Property.title': { key: 'p.title', isName: true },
  checkInDate: { key: 'b.check_in_date' },
  checkOutDate: { key: 'b.check_out_date' },
  total: { key: 'b.total' },
  status: { key: 'b.status' },
};
const PAGE_SIZE = 8;

const signIn = await fetch(`${options.url}/api/admin/admin-login`, {
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ email: options.email, password: options.password }),
});
if (!signIn.ok) throw new Error(`sign-in failed: ${signIn.status}`);
const { token } = await signIn.json();
const client = new Client({ connectionString: process.env.DATABASE_URL });
await client.connect();

/** The ids of one page of a search by the rule, from a plain query. */
async function ruleOrder(word, sort, order, status, page) {
  const { key, isName } = SORTS[sort];
  const way = order === 'asc' ? 'ASC' : 'DESC';
  const ordering = isName ? `NULLIF(${key}, '') IS NULL, NULLIF(${key}, '') ${way}` : `${key} ${way} NULLS LAST`;
  const { rows } = await client.query(
    `SELECT b.id FROM bookings AS b LEFT JOIN users AS u ON u.id = b.guest_id LEFT JOIN properties AS p ON p.id = b.property_id
     WHERE (u.name ILIKE $1 OR u.email ILIKE $1 OR p.title ILIKE $1 OR p.address ILIKE $1 OR b.id = $3) AND ($2::text IS NULL OR b.status = $2)
     ORDER BY ${ordering}, b.id ${way} LIMIT ${PAGE_SIZE} OFFSET ${(page - 1) * PAGE_SIZE}`,
    // A whole number also names the booking with that id (the list's idSearch).
    [`%${word}%`, status || null, /^#?\d{1,9}$/.test(word) ? Number(word.replace('#', '')) : null],
  );
  return rows.map((row) => Number(row.id));
}

const timings = [];
let compared = 0;
const mismatches = [];
for (const word of options.words.split(',')) {
  for (const [sort, { order: orders = ['asc', 'desc'] }] of Object.entries(SORTS)) {
    for (const order of orders) {
      for (const status of ['', ...options.statuses.split(',').filter(Boolean)]) {
        for (let page = 1; page <= Number(options.pages); page += 1) {
          const query = new URLSearchParams({ page: String(page), q: word });
          if (sort) query.set('sort', sort);
          if (sort) query.set('order', order);
          if (status) query.set('status', status);
          const path = `/api/admin/bookings?${query}`;
          const startedAt = performance.now();
          const response = await fetch(`${options.url}${path}`, { headers: { authorization: `Bearer ${token}` } });
          const rows = await response.json();
          if (page === 1) timings.push({ ms: performance.now() - startedAt, path: decodeURIComponent(path), status: response.status });
          const answered = Array.isArray(rows) ? rows.map((row) => row.id) : [];
          const expected = await ruleOrder(word, sort, order, status, page);
          compared += 1;
          if (answered.join() !== expected.join()) mismatches.push(decodeURIComponent(path));
        }
      }
    }
  }
}
await client.end();

const sorted = timings.map((timing) => timing.ms).sort((a, b) => a - b);
const at = (share) => Math.round(sorted[Math.min(sorted.length - 1, Math.floor(share * sorted.length))]);
const summary = {
  searches: sorted.length,
  p50Ms: at(0.5),
  p99Ms: at(0.99),
  maxMs: Math.round(sorted.at(-1)),
  over1s: sorted.filter((ms) => ms > 1000).length,
  failures: timings.filter((timing) => timing.status !== 200).length,
  pagesCompared: compared,
  pagesInRuleOrder: compared - mismatches.length,
};
process.stdout.write(
  `${summary.searches} searches one at a time: p50 ${summary.p50Ms} ms, p99 ${summary.p99Ms} ms, slowest ${summary.maxMs} ms, ` +
    `${summary.over1s} over 1 s, ${summary.failures} failed; ${summary.pagesInRuleOrder} of ${compared} pages in the rule's order\n`,
);
for (const timing of timings.sort((a, b) => b.ms - a.ms).slice(0, Number(options.top))) {
  process.stdout.write(`  ${String(Math.round(timing.ms)).padStart(6)} ms  ${timing.path}\n`);
}
for (const path of mismatches) process.stdout.write(`  NOT IN ORDER: ${path}\n`);
process.stdout.write(`${JSON.stringify(summary)}\n`);
if (mismatches.length > 0 || summary.failures > 0) process.exitCode = 1;
