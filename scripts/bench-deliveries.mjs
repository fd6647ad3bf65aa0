// npm run bench:deliveries [-- options]: how fast the outbox reaches a receiver (issue 51, point 8:
// at least 200 webhook deliveries a second per process to a fast receiver; an event leaves the outbox
// within 2 s, p99). In a PostgreSQL database of its own (hoy_bench_deliveries, dropped and created
// again), it starts one server process, runs a local receiver that answers 200 at once after checking
// each delivery's signature as docs/webhooks.md tells a receiver to, and configures it as an endpoint
// through the API. Events go into the outbox through the service's own enqueueEvents
// (server/modules/webhooks/outbox.ts), each phase's in transactions:
//   steady: --rate events a second, one per transaction, for --duration seconds; the outbox latency
//           (from the event's created_at, stamped inside its transaction as a service stamps it, to its receipt);
//   burst:  --burst events at once, --burst-batch per transaction; the deliveries a second, from the
//           first receipt to the last, and their latency (which grows with the burst by construction).
// Prints a table and JSON; the JSON also goes to .bench/deliveries.json.
import { createHmac, timingSafeEqual } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { Client } from 'pg';
import { openPostgres } from '../server/db/client.ts';
import { enqueueEvents } from '../server/modules/webhooks/outbox.ts';
import { createBenchAdministrator, latencySummary, root, startBenchServer } from './bench-server.mjs';
import { signInAt } from './bench-workload.mjs';

const USAGE = `Usage: npm run bench:deliveries -- [options]

  --server URL       PostgreSQL server to use (default postgres://postgres@127.0.0.1:5432/postgres);
                     the database hoy_bench_deliveries on it is dropped and created again
  --rate N           events a second in the steady phase (default 100)
  --duration S       seconds of the steady phase (default 20)
  --burst N          events written at once in the burst phase (default 4000; 0 to skip)
  --burst-batch N    events per transaction in the burst (default 100)
  --port N           the server's port (default 3997); the receiver takes one the system gives
  The server's own settings apply (WEBHOOK_POLL_MS, WEBHOOK_CONCURRENCY: server/config.ts), from the environment if set.
`;

const { values: options } = parseArgs({
  options: {
    server: { type: 'string', default: 'postgres://postgres@127.0.0.1:5432/postgres' },
    rate: { type: 'string', default: '100' },
    duration: { type: 'string', default: '20' },
    burst: { type: 'string', default: '4000' },
    'burst-batch': { type: 'string', default: '100' },
    port: { type: 'string', default: '3997' },
    help: { type: 'boolean', short: 'h', default: false },
  },
});
if (options.help) {
  process.stdout.write(USAGE);
  process.exit(0);
}

const DATABASE = 'hoy_bench_deliveries';
const EVENT_TYPE = 'user.suspended';
/** Issue 51, point 8. */
const TARGETS = { deliveriesPerSecond: 200, latencyP99Ms: 2000 };
/** How long a phase waits for its last delivery once its events are all written. */
const SETTLE_MS = 60_000;
const resultsPath = path.join(root, '.bench', 'deliveries.json');

const write = (line = '') => process.stdout.write(`${line}\n`);
const sleep = (milliseconds) => new Promise((resolve) => setTimeout(resolve, milliseconds));

/** The check docs/webhooks.md gives a receiver, written from that page: HMAC-SHA256 of "timestamp.body" under the secret. */
function isSignedBy(secret, headers, body) {
  const expected = Buffer.from(`v1=${createHmac('sha256', secret).update(`${headers['hoy-timestamp']}.${body}`).digest('hex')}`);
  const given = Buffer.from(headers['hoy-signature'] ?? '');
  return expected.length === given.length && timingSafeEqual(expected, given);
}

/**
 * A receiver on 127.0.0.1 that answers 200 as soon as a delivery's body is in, recording when each
 * arrived by its phase (the event's payload names it). `secret` is set once the endpoint exists.
 */
async function startReceiver() {
  const receiver = { secret: '', received: new Map(), badSignatures: 0, repeats: 0 };
  const seenIds = new Set();
  const server = http.createServer((request, response) => {
    const chunks = [];
    request.on('data', (chunk) => chunks.push(chunk));
    request.on('end', () => {
      const receivedAt = Date.now();
      const body = Buffer.concat(chunks).toString('utf8');
      response.writeHead(200).end();
      if (!isSignedBy(receiver.secret, request.headers, body)) {
        receiver.badSignatures += 1;
        return;
      }
      const event = JSON.parse(body);
      if (seenIds.has(event.id)) {
        receiver.repeats += 1;
        return;
      }
      seenIds.add(event.id);
      const arrivals = receiver.received.get(event.data.phase) ?? [];
      arrivals.push({ receivedAt, latencyMs: receivedAt - Date.parse(event.createdAt) });
      receiver.received.set(event.data.phase, arrivals);
    });
  });
  server.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  return { receiver, url: `http://127.0.0.1:${server.address().port}/hoy-events`, close: () => new Promise((resolve) => server.close(resolve)) };
}

/** Writes `size` events of `phase` in one transaction through the outbox's enqueue, stamped inside it as a service stamps its events. */
async function enqueue(db, phase, size, firstIndex) {
  await db.transaction(async (transaction) => {
    const createdAt = new Date();
    const events = Array.from({ length: size }, (_, offset) => ({
      type: EVENT_TYPE,
      payload: { phase, index: firstIndex + offset },
      createdAt,
    }));
    await enqueueEvents(transaction, events);
  });
}

/** Waits until `expected` deliveries of `phase` have arrived, or SETTLE_MS has passed. */
async function settle(receiver, phase, expected) {
  const deadline = Date.now() + SETTLE_MS;
  while ((receiver.received.get(phase)?.length ?? 0) < expected && Date.now() < deadline) await sleep(50);
  return receiver.received.get(phase) ?? [];
}

/** The steady phase: `rate` events a second, one per transaction, on schedule (not one after the other). */
async function steadyPhase(db, receiver, { rate, durationSeconds }) {
  const total = Math.round(rate * durationSeconds);
  const startedAt = Date.now();
  const writes = [];
  for (let index = 0; index < total; index += 1) {
    const due = startedAt + (index * 1000) / rate;
    if (due > Date.now()) await sleep(due - Date.now());
    writes.push(enqueue(db, 'steady', 1, index));
  }
  await Promise.all(writes);
  const arrivals = await settle(receiver, 'steady', total);
  const latency = latencySummary(arrivals.map((arrival) => arrival.latencyMs));
  return {
    phase: 'steady',
    events: total,
    delivered: arrivals.length,
    offeredPerSecond: rate,
    ...latency,
    meetsTarget: arrivals.length === total && latency.p99Ms !== null && latency.p99Ms <= TARGETS.latencyP99Ms,
  };
}

/** The burst phase: every event written at once, in transactions of `batch`; the rate is the receiver's, first receipt to last. */
async function burstPhase(db, receiver, { total, batch }) {
  const writes = [];
  for (let index = 0; index < total; index += batch) writes.push(enqueue(db, 'burst', Math.min(batch, total - index), index));
  await Promise.all(writes);
  const arrivals = await settle(receiver, 'burst', total);
  const times = arrivals.map((arrival) => arrival.receivedAt);
  const spanSeconds = (Math.max(...times) - Math.min(...times)) / 1000;
  const deliveriesPerSecond = spanSeconds > 0 ? Math.round(arrivals.length / spanSeconds) : null;
  return {
    phase: 'burst',
    events: total,
    delivered: arrivals.length,
    deliveriesPerSecond,
    ...latencySummary(arrivals.map((arrival) => arrival.latencyMs)),
    meetsTarget: arrivals.length === total && deliveriesPerSecond !== null && deliveriesPerSecond >= TARGETS.deliveriesPerSecond,
  };
}

async function createEndpoint(baseUrl, token, url) {
  const response = await fetch(`${baseUrl}/api/admin/webhook-endpoints`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ url, eventTypes: [EVENT_TYPE] }),
  });
  if (response.status !== 201) throw new Error(`creating the endpoint failed: ${response.status} ${await response.text()}`);
  return (await response.json()).secret;
}

async function onServer(statement) {
  const client = new Client({ connectionString: options.server });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

function printTable(rows) {
  write();
  write(
    `${'phase'.padEnd(8)} ${'events'.padStart(7)} ${'delivered'.padStart(10)} ${'rate'.padStart(10)} ${'p50'.padStart(9)} ${'p99'.padStart(9)} ${'max'.padStart(9)}  target`,
  );
  for (const row of rows) {
    const rate = row.phase === 'steady' ? `${row.offeredPerSecond}/s in` : `${row.deliveriesPerSecond}/s out`;
    const target = row.phase === 'steady' ? `p99 ≤ ${TARGETS.latencyP99Ms} ms` : `≥ ${TARGETS.deliveriesPerSecond}/s`;
    const ms = (value) => `${value} ms`.padStart(9);
    write(
      `${row.phase.padEnd(8)} ${String(row.events).padStart(7)} ${String(row.delivered).padStart(10)} ${rate.padStart(10)} ${ms(row.p50Ms)} ${ms(row.p99Ms)} ${ms(row.maxMs)}  ${target}: ${row.meetsTarget ? 'met' : 'NOT MET'}`,
    );
  }
}

async function main() {
  const startedAt = new Date();
  write(`Hoy webhook deliveries benchmark, ${startedAt.toISOString()}, ${os.cpus().length} CPUs, load average ${os.loadavg()[0].toFixed(2)}`);
  const databaseUrl = new URL(options.server);
  databaseUrl.pathname = `/${DATABASE}`;
  await onServer(`DROP DATABASE IF EXISTS ${DATABASE}`);
  await onServer(`CREATE DATABASE ${DATABASE}`);
  const receiving = await startReceiver();
  let server;
  let handle;
  const rows = [];
  try {
    const { email, password } = createBenchAdministrator(databaseUrl.toString(), 'bench-deliveries@hoy.local');
    server = await startBenchServer({ databaseUrl: databaseUrl.toString(), port: Number(options.port), env: { WEBHOOK_ALLOW_LOCAL_HTTP: '1' } });
    const token = await signInAt(server.baseUrl, email, password);
    receiving.receiver.secret = await createEndpoint(server.baseUrl, token, receiving.url);
    handle = await openPostgres(databaseUrl.toString());

    write(`steady: ${options.rate} events a second for ${options.duration} s...`);
    rows.push(await steadyPhase(handle.db, receiving.receiver, { rate: Number(options.rate), durationSeconds: Number(options.duration) }));
    if (Number(options.burst) > 0) {
      write(`burst: ${options.burst} events at once...`);
      rows.push(await burstPhase(handle.db, receiving.receiver, { total: Number(options.burst), batch: Number(options['burst-batch']) }));
    }
  } finally {
    await handle?.close();
    await server?.stop();
    await receiving.close();
    await onServer(`DROP DATABASE IF EXISTS ${DATABASE}`);
  }
  printTable(rows);
  const { badSignatures, repeats } = receiving.receiver;
  if (badSignatures > 0 || repeats > 0) write(`${badSignatures} deliveries with a bad signature, ${repeats} repeated`);
  const results = {
    date: startedAt.toISOString(),
    machine: { cpus: os.cpus().length, model: os.cpus()[0]?.model, node: process.version },
    serverProcesses: 1,
    settings: { pollMs: process.env.WEBHOOK_POLL_MS ?? 'default', concurrency: process.env.WEBHOOK_CONCURRENCY ?? 'default' },
    targets: TARGETS,
    badSignatures,
    repeats,
    allMet: rows.every((row) => row.meetsTarget) && badSignatures === 0,
    rows,
  };
  fs.mkdirSync(path.dirname(resultsPath), { recursive: true });
  fs.writeFileSync(resultsPath, `${JSON.stringify(results, null, 2)}\n`);
  write(`\n${JSON.stringify(results)}`);
  if (badSignatures > 0 || rows.some((row) => row.delivered < row.events)) process.exitCode = 1;
}

await main();
