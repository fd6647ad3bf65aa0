// npm run bench:writes [-- options]: what Hoy's triggers cost the marketplace's own booking writes.
// On a fresh PostgreSQL database migrated and lightly seeded by Hoy, pgbench runs concurrent writers
// that insert bookings, each in its own transaction, with and without some other work in the
// transaction (as an application's would do), with Hoy's triggers on bookings and with them disabled,
// in alternating rounds. Prints a table (the ratio of the medians, and the median of each round's
// ratio) and JSON; the JSON also goes to .bench/writes.json. `npm run bench`
// on PostgreSQL runs the same measurement through measureWrites.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const resultsPath = path.join(root, '.bench', 'writes.json');

const USAGE = `Usage: npm run bench:writes -- [options]

  --server URL      PostgreSQL server to use (default postgres://postgres@127.0.0.1:5432/postgres);
                    the database hoy_bench_writes on it is dropped and created again
  --clients N       concurrent writers (default 16)
  --duration S      seconds per run (default 10)
  --rounds N        runs with triggers on and off, alternating, per transaction (default 3)
  --work-ms N       the other work in each transaction, in ms (default 5)
`;

const DATABASE = 'hoy_bench_writes';

function run(command, args, { env = {}, input } = {}) {
  const result = spawnSync(command, args, { cwd: root, env: { ...process.env, ...env }, input, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} failed:\n${result.stdout}\n${result.stderr}`);
  return result.stdout;
}

const psql = (url, statement) => run('psql', ['-X', '-q', '-t', '-A', '-v', 'ON_ERROR_STOP=1', url.toString(), '-c', statement]).trim();

/** One pgbench run of `clients` writers for `duration` seconds; answers transactions per second and latency. */
function pgbench(script, { databaseUrl, clients, duration }) {
  const file = path.join(os.tmpdir(), `hoy-bench-writes-${process.pid}.sql`);
  fs.writeFileSync(file, script);
  try {
    const output = run('pgbench', [
      '-n',
      '-c',
      String(clients),
      '-j',
      String(Math.min(clients, os.cpus().length)),
      '-T',
      String(duration),
      '-f',
      file,
      databaseUrl.toString(),
    ]);
    const tps = Number(/tps = ([\d.]+)/.exec(output)?.[1]);
    const latencyMs = Number(/latency average = ([\d.]+) ms/.exec(output)?.[1]);
    const failed = Number(/number of failed transactions: (\d+)/.exec(output)?.[1] ?? 0);
    return { transactionsPerSecond: Math.round(tps), latencyMs, failed };
  } finally {
    fs.rmSync(file, { force: true });
  }
}

/** The run of median rate among `runs` (an odd count gives a run that happened). */
function median(runs) {
  const sorted = [...runs].sort((left, right) => left.transactionsPerSecond - right.transactionsPerSecond);
  return sorted[Math.floor(sorted.length / 2)];
}

function insertScript(withWork, workMs, ids) {
  return [
    `\\set guest random(${ids.guestMin}, ${ids.guestMax})`,
    `\\set property random(${ids.propertyMin}, ${ids.propertyMax})`,
    `\\set status random(0, 3)`,
    'BEGIN;',
    // The guest and property may be missing (ids have gaps): the foreign keys allow null.
    `INSERT INTO bookings (guest_id, property_id, status, check_in_date, check_out_date, total)
       SELECT (SELECT id FROM users WHERE id = :guest), (SELECT id FROM properties WHERE id = :property),
              (ARRAY['pending', 'confirmed', 'cancelled', 'completed'])[:status + 1], current_date, current_date + 3, 120;`,
    ...(withWork ? [`SELECT pg_sleep(${workMs / 1000});`] : []),
    'COMMIT;',
    '',
  ].join('\n');
}

/**
 * Creates the database hoy_bench_writes on the PostgreSQL server at `serverUrl` (a URL of a database
 * there to connect to, such as /postgres), migrates and seeds it, times the inserts with Hoy's triggers
 * on and off, and drops it. Answers the figures `npm run bench:writes` writes to .bench/writes.json.
 */
export function measureWrites({ serverUrl, clients = 16, duration = 10, rounds = 3, workMs = 5, log = (line) => process.stdout.write(`${line}\n`) }) {
  const startedAt = new Date();
  const server = new URL(serverUrl);
  const databaseUrl = new URL(serverUrl);
  databaseUrl.pathname = `/${DATABASE}`;
  const runOptions = { databaseUrl, clients, duration };
  psql(server, `DROP DATABASE IF EXISTS ${DATABASE}`);
  psql(server, `CREATE DATABASE ${DATABASE}`);
  try {
    log('migrating and seeding 1,000 hosts and 10,000 bookings...');
    run('npx', ['tsx', 'server/db/seed/cli.ts', '--hosts', '1000', '--bookings', '10000'], { env: { DATABASE_URL: databaseUrl.toString() } });
    const [guestMin, guestMax, propertyMin, propertyMax] = psql(
      databaseUrl,
      'SELECT min(u.id), max(u.id), (SELECT min(id) FROM properties), (SELECT max(id) FROM properties) FROM users u',
    )
      .split('|')
      .map(Number);
    const ids = { guestMin, guestMax, propertyMin, propertyMax };

    // On two shared cores one run moves by a fifth from the next, so each transaction is timed in
    // rounds of triggers on and off, and the ratio is that of the medians. Each run starts from a
    // checkpoint: after one, the first change of every page writes the whole page to the log, and a
    // run that happened to follow a checkpoint paid for it alone. The order alternates between rounds
    // (on then off, off then on), so a drift of the machine's speed favours neither.
    const rows = [];
    for (const withWork of [true, false]) {
      const script = insertScript(withWork, workMs, ids);
      const on = [];
      const off = [];
      const timeRun = (isOn) => {
        psql(databaseUrl, `ALTER TABLE bookings ${isOn ? 'ENABLE' : 'DISABLE'} TRIGGER USER`);
        psql(databaseUrl, 'CHECKPOINT');
        (isOn ? on : off).push(pgbench(script, runOptions));
      };
      for (let round = 0; round < rounds; round += 1) {
        timeRun(round % 2 === 0);
        timeRun(round % 2 !== 0);
      }
      psql(databaseUrl, 'ALTER TABLE bookings ENABLE TRIGGER USER');
      const withTriggers = median(on);
      const withoutTriggers = median(off);
      // The machine's speed drifts within a run (a fifth from its first round to its last), so the two
      // medians may come from rounds far apart: each round's own ratio is given too, and their median.
      const roundRatios = on.map((timed, index) => timed.transactionsPerSecond / off[index].transactionsPerSecond).sort((a, b) => a - b);
      rows.push({
        transaction: withWork ? `insert + ${workMs} ms of other work` : 'insert alone',
        withTriggers,
        withoutTriggers,
        rounds: on.map((timed, index) => [timed.transactionsPerSecond, off[index].transactionsPerSecond]),
        ratio: Math.round((withTriggers.transactionsPerSecond / withoutTriggers.transactionsPerSecond) * 100) / 100,
        roundsRatio: Math.round(roundRatios[Math.floor(roundRatios.length / 2)] * 100) / 100,
      });
    }
    return { startedAt: startedAt.toISOString(), cpus: os.cpus().length, clients, durationSeconds: duration, rounds, workMs, rows };
  } finally {
    // A failed run leaves no database behind either.
    psql(server, `DROP DATABASE IF EXISTS ${DATABASE}`);
  }
}

function main() {
  const { values: options } = parseArgs({
    options: {
      server: { type: 'string', default: 'postgres://postgres@127.0.0.1:5432/postgres' },
      clients: { type: 'string', default: '16' },
      duration: { type: 'string', default: '10' },
      rounds: { type: 'string', default: '3' },
      'work-ms': { type: 'string', default: '5' },
      help: { type: 'boolean', short: 'h', default: false },
    },
  });
  if (options.help) {
    process.stdout.write(USAGE);
    return;
  }
  process.stdout.write(`Hoy write-path benchmark, ${new Date().toISOString()}, ${os.cpus().length} CPUs\n`);
  const results = measureWrites({
    serverUrl: options.server,
    clients: Number(options.clients),
    duration: Number(options.duration),
    rounds: Number(options.rounds),
    workMs: Number(options['work-ms']),
  });

  process.stdout.write(
    `\n${results.clients} concurrent writers, ${results.durationSeconds} s per run, ${results.rounds} rounds (medians), one booking per transaction\n\n`,
  );
  process.stdout.write(
    `${'transaction'.padEnd(32)} ${'Hoy triggers on'.padStart(16)} ${'triggers off'.padStart(14)} ${'ratio'.padStart(6)} ${"rounds' median".padStart(15)}\n`,
  );
  for (const row of results.rows) {
    process.stdout.write(
      `${row.transaction.padEnd(32)} ${`${row.withTriggers.transactionsPerSecond}/s`.padStart(16)} ${`${row.withoutTriggers.transactionsPerSecond}/s`.padStart(14)} ${String(row.ratio).padStart(6)} ${String(row.roundsRatio).padStart(15)}\n`,
    );
  }
  fs.mkdirSync(path.dirname(resultsPath), { recursive: true });
  fs.writeFileSync(resultsPath, `${JSON.stringify(results, null, 2)}\n`);
  process.stdout.write(`\n${JSON.stringify(results)}\n`);
}

// Run as a script (npm run bench:writes), not when bench.mjs imports measureWrites.
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) main();
