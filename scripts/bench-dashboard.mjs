// npm run bench:dashboard -- --base-url URL --email E --password P [--writer] [--follow N [--skip-loads]]: times the dashboard on a
// running server (issue 29). First each chart alone, one request at a time, over 365-day ranges that
// never repeat; then whole dashboard loads (the counts and the six charts, as the screen asks them)
// at 32 connections, each load over a range of its own (a preset of 7, 30, 90 or 365 days or a custom
// one, ending on any day of the last two years), so the page cache answers none of them. With
// --writer and DATABASE_URL set, the loads run again while the marketplace writes 50 statements a
// second straight into the database. With --follow N (and DATABASE_URL), N open dashboards follow the
// live stream while the writer writes (bench-dashboard-follow.mjs): their charts' re-reads a second
// and p99, and what they cost the server (its CPU and page cache when METRICS_TOKEN names the
// server's, and the database's active time), against the writer alone for as long.
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { Client } from 'pg';
import { followDashboards } from './bench-dashboard-follow.mjs';
import { oneAtATime, signInAt, startLiveWriter } from './bench-workload.mjs';

const { values: options } = parseArgs({
  options: {
    'base-url': { type: 'string', default: 'http://127.0.0.1:3000' },
    email: { type: 'string', default: 'admin@example.com' },
    password: { type: 'string' },
    connections: { type: 'string', default: '32' },
    duration: { type: 'string', default: '8' },
    writer: { type: 'boolean', default: false },
    follow: { type: 'string', default: '0' },
    'follow-seconds': { type: 'string', default: '30' },
    'follow-every': { type: 'string', default: '5000' },
    'skip-loads': { type: 'boolean', default: false },
  },
});
const baseUrl = options['base-url'];
const DAY_MS = 86_400_000;
const PRESETS = [7, 30, 90, 365];

const signIn = () => signInAt(baseUrl, options.email, options.password);

const dayOf = (time) => new Date(time).toISOString().slice(0, 10);

/** A range of `days` days ending on a random day of the last two years. */
function rangeOf(days) {
  const end = Date.now() - Math.floor(Math.random() * 730) * DAY_MS;
  return { from: dayOf(end - (days - 1) * DAY_MS), to: dayOf(end) };
}

const chartPathOf = (name, range) => `/api/admin/dashboard/charts/${name}?from=${range.from}&to=${range.to}`;

/** The paths of whole loads, one after another: the counts, then each chart over the load's range. */
function loadPaths() {
  let range;
  let step = 0;
  return () => {
    const index = step % PATHS_PER_LOAD;
    step += 1;
    if (index === 0) {
      range = rangeOf(Math.random() < 0.7 ? PRESETS[Math.floor(Math.random() * PRESETS.length)] : 1 + Math.floor(Math.random() * 365));
      return '/api/admin/dashboard';
    }
    return chartPathOf(CHART_NAMES[index - 1], range);
  };
}

const say = (line) => process.stdout.write(`${line}\n`);
const token = await signIn();
// The charts as the API documents them, so a chart added later is timed too.
const openapi = await (await fetch(`${baseUrl}/api/openapi.json`)).json();
const CHART_NAMES = Object.keys(openapi.paths)
  .filter((path) => path.startsWith('/api/admin/dashboard/charts/'))
  .map((path) => path.slice('/api/admin/dashboard/charts/'.length));
const PATHS_PER_LOAD = 1 + CHART_NAMES.length;
const connections = Number(options.connections);
const duration = Number(options.duration);

say(`Hoy dashboard benchmark, ${new Date().toISOString()}, ${baseUrl}`);

/** Loads at `connections` connections for `duration` seconds, the paths of one load after another. */
async function wholeLoads(label) {
  const nextPath = loadPaths();
  const result = await autocannon({
    url: baseUrl,
    connections,
    duration,
    headers: { authorization: `Bearer ${token}` },
    requests: [{ method: 'GET', setupRequest: (request) => ({ ...request, path: nextPath() }) }],
  });
  const requestsPerSecond = result.requests.average;
  const loadsPerSecond = Math.round((requestsPerSecond / PATHS_PER_LOAD) * 10) / 10;
  say(
    `${label}: ${loadsPerSecond} dashboard loads a second (${Math.round(requestsPerSecond)} requests, p50 ${result.latency.p50} ms, ` +
      `p99 ${result.latency.p99} ms), ${result.errors + result.timeouts} errors, ${result.non2xx} not 2xx`,
  );
}

/** The server's CPU seconds and page cache counts (when METRICS_TOKEN is set) and the database's active milliseconds. */
async function serverCost(database) {
  const cost = { at: Date.now() };
  if (process.env.METRICS_TOKEN) {
    const text = await (await fetch(`${baseUrl}/metrics`, { headers: { authorization: `Bearer ${process.env.METRICS_TOKEN}` } })).text();
    const metric = (pattern) => Number(text.match(pattern)?.[1] ?? NaN);
    cost.cpuSeconds = metric(/^process_cpu_seconds_total (\S+)$/m);
    cost.cacheHits = metric(/^hoy_page_cache\{kind="hits"\} (\S+)$/m);
    cost.cacheMisses = metric(/^hoy_page_cache\{kind="misses"\} (\S+)$/m);
  }
  // Reported by each backend at most once a second: read over tens of seconds.
  const { rows } = await database.query('SELECT active_time FROM pg_stat_database WHERE datname = current_database()');
  cost.databaseActiveMs = Number(rows[0].active_time);
  return cost;
}

/** What happened between two readings of serverCost, a second. */
function costBetween(before, after) {
  const seconds = (after.at - before.at) / 1000;
  const rate = (key) => Math.round(((after[key] - before[key]) / seconds) * 100) / 100;
  const server = Number.isNaN(after.cpuSeconds ?? NaN)
    ? ''
    : `server CPU ${rate('cpuSeconds')} s/s, page cache ${rate('cacheHits')} hits/s and ${rate('cacheMisses')} misses/s, `;
  return `${server}database active ${Math.round(rate('databaseActiveMs')) / 1000} s/s`;
}

if (!options['skip-loads']) {
  say('\nEach chart alone, 365 days, 20 requests one after another (ranges never repeat):');
  say('chart | p50 ms | p99 ms | max ms | failures');
  for (const name of CHART_NAMES) {
    const result = await oneAtATime({ baseUrl, token, nextPath: () => chartPathOf(name, rangeOf(365)), count: 20 });
    say(`${name} | ${result.p50Ms} | ${result.p99Ms} | ${result.maxMs} | ${result.failures}`);
  }

  say(`\nWhole dashboard loads (the counts and ${CHART_NAMES.length} charts), ${connections} connections, ${duration} s:`);
  await wholeLoads('quiet');
  if (options.writer) {
    if (!process.env.DATABASE_URL) throw new Error('--writer needs DATABASE_URL');
    const writer = await startLiveWriter(process.env.DATABASE_URL);
    try {
      await wholeLoads('while the marketplace writes');
    } finally {
      const written = await writer.stop();
      say(`the writer wrote ${JSON.stringify(written)}`);
    }
  }
}

const dashboards = Number(options.follow);
if (dashboards > 0) {
  if (!process.env.DATABASE_URL) throw new Error('--follow needs DATABASE_URL');
  const everyMs = Number(options['follow-every']);
  const seconds = Number(options['follow-seconds']);
  const database = new Client({ connectionString: process.env.DATABASE_URL });
  await database.connect();
  const writer = await startLiveWriter(process.env.DATABASE_URL);
  try {
    say(`\n${dashboards} open dashboards following the live stream (each chart at most once every ${everyMs} ms), ${seconds} s, while the marketplace writes:`);
    // The writer and one stream alone (no dashboard): what the dashboards add is measured against it.
    const quietFrom = await serverCost(database);
    await followDashboards({ baseUrl, token, chartNames: CHART_NAMES, dashboards: 0, everyMs, seconds });
    say(`the writer and one stream alone: ${costBetween(quietFrom, await serverCost(database))}`);
    const followFrom = await serverCost(database);
    const result = await followDashboards({ baseUrl, token, chartNames: CHART_NAMES, dashboards, everyMs, seconds });
    const cost = costBetween(followFrom, await serverCost(database));
    say(
      `chart re-reads: ${result.askedPerSecond} asked and ${result.answeredPerSecond} answered a second, p50 ${result.p50Ms} ms, p99 ${result.p99Ms} ms, max ${result.maxMs} ms, ` +
        `${result.failures} failed; per chart ${JSON.stringify(result.perChart)}`,
    );
    say(`with the dashboards (opening interval included): ${cost}`);
  } finally {
    const written = await writer.stop();
    say(`the writer wrote ${JSON.stringify(written)}`);
    await database.end();
  }
}
