// npm run bench:actions [-- options]: what each member action costs over HTTP at volume (issue 51,
// point 8: p99 ≤ 100 ms at 1,000,000 bookings). On the PostgreSQL database DATABASE_URL (seeded
// beforehand, say with `npm run seed -- --hosts 100000 --bookings 1000000 --reset`), it starts the real
// server, signs in as the benchmark administrator, steps up, and times every action on records drawn
// at random from the data, never the same record twice for one action: booking moves, small refunds,
// notes, suspending and reinstating guests and hosts, approving and declining hosts, listings and
// properties and undoing each decision. Each action runs one at a time, then from N concurrent
// members' worth of requests. Prints a table and JSON; the JSON also goes to .bench/actions.json.
// Every action is real: the data moves (bookings cancelled or completed, refunds requested); the
// suspensions and decisions are taken back by the flow itself.
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { Client } from 'pg';
import { createBenchAdministrator, latencySummary, root, startBenchServer } from './bench-server.mjs';
import { signInAt } from './bench-workload.mjs';

const USAGE = `Usage: DATABASE_URL=postgres://... npm run bench:actions -- [options]

  --count N         records per action in each phase (default 200: p99 is then the second slowest)
  --concurrency N   requests in flight in the concurrent phase (default 8)
  --only TEXT       only the flows whose name contains TEXT (say "booking", "guest", "listing")
  --port N          the server's port (default 3998)
`;

const { values: options } = parseArgs({
  options: {
    count: { type: 'string', default: '200' },
    concurrency: { type: 'string', default: '8' },
    only: { type: 'string' },
    port: { type: 'string', default: '3998' },
    help: { type: 'boolean', short: 'h', default: false },
  },
});
if (options.help || !process.env.DATABASE_URL) {
  process.stdout.write(USAGE);
  process.exit(options.help ? 0 : 2);
}
const databaseUrl = process.env.DATABASE_URL;
const count = Number(options.count);
const concurrency = Number(options.concurrency);
const resultsPath = path.join(root, '.bench', 'actions.json');

/** Issue 51, point 8: each action's p99. */
const TARGET_P99_MS = 100;
/** A refund this small needs no step-up (REFUND_STEP_UP_ABOVE_MINOR) and no second member (decision 047). */
const REFUND_MINOR = 100;
const REASON = 'Benchmark: issue 51 point 8';

const write = (line = '') => process.stdout.write(`${line}\n`);
const post = (callPath, body, headers = {}) => ({ callPath, body, headers });
const undoOf = (listPath) => (id) => post(`${listPath}/decisions/undo`, { ids: [id] });

/**
 * Every flow: the records it draws (`table` and a condition on it; a record drawn for one flow is
 * drawn for no other of its table) and the calls made on each record in turn, each timed under its
 * action's name. A second step takes back what the first did, so those records end as they began.
 */
const FLOWS = [
  {
    name: 'booking cancel',
    table: 'bookings',
    where: "status IN ('pending', 'confirmed')",
    steps: [['booking cancel', (id) => post(`/api/admin/bookings/${id}/moves`, { move: 'cancel', reason: 'guest-request', bearer: 'platform' })]],
  },
  {
    name: 'booking no-show',
    table: 'bookings',
    where: "status = 'confirmed'",
    steps: [['booking no-show', (id) => post(`/api/admin/bookings/${id}/moves`, { move: 'no-show' })]],
  },
  {
    name: 'booking complete',
    table: 'bookings',
    where: "status = 'confirmed'",
    steps: [['booking complete', (id) => post(`/api/admin/bookings/${id}/moves`, { move: 'complete' })]],
  },
  {
    name: 'booking refund',
    table: 'bookings',
    where: "status = 'completed' AND total >= 10 AND NOT EXISTS (SELECT 1 FROM refunds r WHERE r.booking_id = bookings.id)",
    steps: [
      [
        'refund request',
        (id) => post(`/api/admin/bookings/${id}/refunds`, { amountMinor: REFUND_MINOR, reason: REASON }, { 'idempotency-key': `bench-${randomUUID()}` }),
      ],
    ],
  },
  { name: 'booking note', table: 'bookings', where: 'true', steps: [['note on a booking', (id) => post(`/api/admin/bookings/${id}/notes`, { body: REASON })]] },
  {
    name: 'guest suspension',
    table: 'users',
    where: 'NOT is_host AND suspended_at IS NULL',
    steps: [
      ['guest suspend', (id) => post(`/api/admin/users/${id}/suspend`, { reason: REASON })],
      ['guest reinstate', (id) => post(`/api/admin/users/${id}/reinstate`, { reason: REASON })],
    ],
  },
  {
    name: 'host suspension',
    table: 'users',
    where: "is_host AND status_host = 'Confirmed' AND suspended_at IS NULL",
    steps: [
      ['host suspend', (id) => post(`/api/admin/users/${id}/suspend`, { reason: REASON })],
      ['host reinstate', (id) => post(`/api/admin/users/${id}/reinstate`, { reason: REASON })],
    ],
  },
  {
    name: 'host approval',
    table: 'users',
    where: "is_host AND status_host = 'Pending'",
    steps: [
      ['host approve', (id) => post(`/api/admin/update-status-host/${id}`)],
      ['host approve undo', undoOf('/api/admin/hosts')],
    ],
  },
  {
    name: 'host decline',
    table: 'users',
    where: "is_host AND status_host = 'Pending'",
    // Declining a host runs only in bulk (src/contracts/lists/hosts.ts): a batch of one.
    steps: [
      ['host decline', (id) => post('/api/admin/hosts/decisions', { decision: 'decline', ids: [id], reason: REASON })],
      ['host decline undo', undoOf('/api/admin/hosts')],
    ],
  },
  {
    name: 'listing approval',
    table: 'properties',
    where: "listing_status IN ('Pending', 'Pending For Verification')",
    steps: [
      ['listing approve', (id) => post(`/api/admin/listings/${id}/approve`)],
      ['listing approve undo', undoOf('/api/admin/listings')],
    ],
  },
  {
    name: 'listing decline',
    table: 'properties',
    where: "listing_status IN ('Pending', 'Pending For Verification')",
    steps: [
      ['listing decline', (id) => post(`/api/admin/listings/${id}/decline`, { reason: REASON })],
      ['listing decline undo', undoOf('/api/admin/listings')],
    ],
  },
  {
    name: 'property approval',
    table: 'properties',
    where: "approval_status = 'pending'",
    steps: [
      ['property approve', (id) => post(`/api/admin/property-approvals/${id}/approve`)],
      ['property approve undo', undoOf('/api/admin/property-approvals')],
    ],
  },
  {
    name: 'property decline',
    table: 'properties',
    where: "approval_status = 'pending'",
    steps: [
      ['property decline', (id) => post(`/api/admin/property-approvals/${id}/decline`, { reason: REASON })],
      ['property decline undo', undoOf('/api/admin/property-approvals')],
    ],
  },
].filter((flow) => !options.only || flow.name.includes(options.only));

/** Draws `wanted` random records of each flow, none drawn twice within a table (the conditions are this file's own text). */
async function drawRecords(client, wanted) {
  const taken = new Map();
  const drawn = new Map();
  for (const flow of FLOWS) {
    const excluded = taken.get(flow.table) ?? [];
    const { rows } = await client.query(`SELECT id FROM ${flow.table} WHERE ${flow.where} AND NOT (id = ANY($1::int[])) ORDER BY random() LIMIT $2`, [
      excluded,
      wanted,
    ]);
    if (rows.length < wanted) throw new Error(`${flow.name}: only ${rows.length} records where ${flow.where}, ${wanted} needed`);
    const ids = rows.map((row) => row.id);
    taken.set(flow.table, [...excluded, ...ids]);
    drawn.set(flow.name, ids);
  }
  return drawn;
}

/** Makes one call; answers its time in ms, or throws with the answer's status and text. */
async function timedCall(baseUrl, token, { callPath, body, headers }) {
  const started = performance.now();
  const response = await fetch(`${baseUrl}${callPath}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  const milliseconds = performance.now() - started;
  if (!response.ok) throw new Error(`POST ${callPath} answered ${response.status}: ${text.slice(0, 200)}`);
  return milliseconds;
}

/** Runs `flow` on `ids`, `inFlight` records at a time; answers each step's timings and failures. */
async function runFlow({ baseUrl, token, flow, ids, inFlight }) {
  const timings = new Map(flow.steps.map(([action]) => [action, { values: [], failures: 0, firstFailure: null }]));
  const queue = [...ids];
  const worker = async () => {
    for (let id = queue.shift(); id !== undefined; id = queue.shift()) {
      for (const [action, callOf] of flow.steps) {
        const timing = timings.get(action);
        try {
          timing.values.push(await timedCall(baseUrl, token, callOf(id)));
        } catch (error) {
          timing.failures += 1;
          timing.firstFailure ??= error instanceof Error ? error.message : String(error);
          // A later step of a record whose first failed has nothing to take back.
          break;
        }
      }
    }
  };
  await Promise.all(Array.from({ length: inFlight }, worker));
  return timings;
}

async function stepUp(baseUrl, token, password) {
  const response = await fetch(`${baseUrl}/api/admin/account/step-up`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ password }),
  });
  if (!response.ok) throw new Error(`the step-up failed: ${response.status} ${await response.text()}`);
}

function printTable(rows) {
  write();
  write(
    `${'action'.padEnd(22)} ${'phase'.padEnd(16)} ${'n'.padStart(5)} ${'p50'.padStart(8)} ${'p95'.padStart(8)} ${'p99'.padStart(8)} ${'max'.padStart(8)}  failed  p99 ≤ ${TARGET_P99_MS} ms`,
  );
  for (const row of rows) {
    const ms = (value) => (value === null ? '-' : `${value} ms`).padStart(8);
    write(
      `${row.action.padEnd(22)} ${row.phase.padEnd(16)} ${String(row.count).padStart(5)} ${ms(row.p50Ms)} ${ms(row.p95Ms)} ${ms(row.p99Ms)} ${ms(row.maxMs)}  ${String(row.failures).padStart(6)}  ${row.meetsTarget ? 'met' : 'NOT MET'}`,
    );
  }
  for (const row of rows.filter((failed) => failed.firstFailure)) write(`${row.action} (${row.phase}), first failure: ${row.firstFailure}`);
}

async function main() {
  const startedAt = new Date();
  write(`Hoy actions benchmark, ${startedAt.toISOString()}, ${os.cpus().length} CPUs, load average ${os.loadavg()[0].toFixed(2)}`);
  const phases = [
    { phase: 'one at a time', inFlight: 1 },
    { phase: `${concurrency} concurrent`, inFlight: concurrency },
  ];
  const client = new Client({ connectionString: databaseUrl });
  await client.connect();
  let drawn;
  let volume;
  try {
    write(`drawing ${count * phases.length} records for each of ${FLOWS.length} flows...`);
    drawn = await drawRecords(client, count * phases.length);
    const { rows } = await client.query('SELECT (SELECT count(*) FROM bookings)::int AS bookings, (SELECT count(*) FROM users)::int AS users');
    volume = rows[0];
  } finally {
    await client.end();
  }
  write(`${volume.bookings.toLocaleString('en-US')} bookings, ${volume.users.toLocaleString('en-US')} users`);

  const { email, password } = createBenchAdministrator(databaseUrl, 'bench-actions@hoy.local');
  const server = await startBenchServer({ databaseUrl, port: Number(options.port) });
  const rows = [];
  try {
    const token = await signInAt(server.baseUrl, email, password);
    for (const { phase, inFlight } of phases) {
      for (const flow of FLOWS) {
        const ids = drawn.get(flow.name);
        const mine = phase === phases[0].phase ? ids.slice(0, count) : ids.slice(count);
        // A step-up lasts 5 minutes (decision 039): taken afresh, untimed, before each flow.
        await stepUp(server.baseUrl, token, password);
        const timings = await runFlow({ baseUrl: server.baseUrl, token, flow, ids: mine, inFlight });
        for (const [action, timing] of timings) {
          const summary = latencySummary(timing.values);
          const row = { action, phase, ...summary, failures: timing.failures, firstFailure: timing.firstFailure };
          row.meetsTarget = summary.p99Ms !== null && summary.p99Ms <= TARGET_P99_MS && timing.failures === 0;
          rows.push(row);
        }
        write(`${flow.name.padEnd(20)} ${phase}: done`);
      }
    }
  } finally {
    await server.stop();
  }
  printTable(rows);
  const results = {
    date: startedAt.toISOString(),
    machine: { cpus: os.cpus().length, model: os.cpus()[0]?.model, node: process.version },
    volume,
    countPerPhase: count,
    concurrency,
    targetP99Ms: TARGET_P99_MS,
    allMet: rows.every((row) => row.meetsTarget),
    rows,
  };
  fs.mkdirSync(path.dirname(resultsPath), { recursive: true });
  fs.writeFileSync(resultsPath, `${JSON.stringify(results, null, 2)}\n`);
  write(`\n${JSON.stringify(results)}`);
  if (rows.some((row) => row.failures > 0)) process.exitCode = 1;
}

await main();
