// npm run bench:dashboard -- --base-url URL --email E --password P [--writer]: times the dashboard on a
// running server (issue 29). First each chart alone, one request at a time, over 365-day ranges that
// never repeat; then whole dashboard loads (the counts and the six charts, as the screen asks them)
// at 32 connections, each load over a range of its own (a preset of 7, 30, 90 or 365 days or a custom
// one, ending on any day of the last two years), so the page cache answers none of them. With
// --writer and DATABASE_URL set, the loads run again while the marketplace writes 50 statements a
// second straight into the database.
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { oneAtATime, signInAt, startLiveWriter } from './bench-workload.mjs';

const { values: options } = parseArgs({
  options: {
    'base-url': { type: 'string', default: 'http://127.0.0.1:3000' },
    email: { type: 'string', default: 'admin@example.com' },
    password: { type: 'string' },
    connections: { type: 'string', default: '32' },
    duration: { type: 'string', default: '8' },
    writer: { type: 'boolean', default: false },
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
say('\nEach chart alone, 365 days, 20 requests one after another (ranges never repeat):');
say('chart | p50 ms | p99 ms | max ms | failures');
for (const name of CHART_NAMES) {
  const result = await oneAtATime({ baseUrl, token, nextPath: () => chartPathOf(name, rangeOf(365)), count: 20 });
  say(`${name} | ${result.p50Ms} | ${result.p99Ms} | ${result.maxMs} | ${result.failures}`);
}

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
