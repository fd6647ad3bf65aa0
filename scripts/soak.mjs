// Soak: the real server under N concurrent clients mixing paged reads and public form writes on the
// machine's own loopback, then checks: no 5xx, every acknowledged write stored, memory flat.
//   npm run soak -- --seconds 60 --clients 200      (DATABASE_URL=postgres://... to soak PostgreSQL)
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';

const { values } = parseArgs({
  options: { seconds: { type: 'string', default: '60' }, clients: { type: 'string', default: '200' } },
});
const seconds = Number(values.seconds);
const clients = Number(values.clients);
const ADMIN = { email: 'soak@hoy.test', password: 'soak test password' };
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hoy-soak-'));
const runTag = Date.now().toString(36);

function freePort() {
  return new Promise((resolve) => {
    const probe = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

async function startServer() {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      SEED_DEMO: process.env.DATABASE_URL ? '0' : '1',
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      // Every virtual client has its own address through X-Forwarded-For, so the per-address limit holds as in production.
      TRUST_PROXY: '1',
      // Request logs at this rate would measure the log pipe, not the server.
      LOG_LEVEL: 'warn',
      STATIC_DIR: path.join(dataDir, 'no-web-app'),
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  let exitCode;
  child.on('exit', (code) => (exitCode = code));
  const url = `http://127.0.0.1:${port}`;
  for (let attempt = 0; attempt < 600; attempt += 1) {
    if (exitCode !== undefined) throw new Error(`server exited with ${exitCode}`);
    const isReady = await fetch(`${url}/api/health`).then(
      (answer) => answer.ok,
      () => false,
    );
    if (isReady) return { child, url };
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error('server did not become ready in 120 s');
}

function residentSetKilobytes(pid) {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
}

const percentile = (sorted, fraction) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * fraction))] ?? 0;

async function main() {
  const { child, url } = await startServer();
  const login = await fetch(`${url}/api/admin/admin-login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(ADMIN),
  });
  const { token } = await login.json();
  const auth = { authorization: `Bearer ${token}` };
  const reads = ['hosts', 'bookings', 'feedbacks', 'listings', 'property-approvals', 'host-information', 'email-subscribers'];

  const stats = { requests: 0, reads: 0, writes: 0, acknowledged: [], statuses: {}, fiveHundreds: 0, networkErrors: 0, latencies: [] };
  const memory = [];
  const sampler = setInterval(() => memory.push(residentSetKilobytes(child.pid)), 1000);
  memory.push(residentSetKilobytes(child.pid));
  const deadline = Date.now() + seconds * 1000;

  async function client(index) {
    const address = `10.${Math.floor(index / 250)}.${index % 250}.${1 + (index % 200)}`;
    let sequence = 0;
    while (Date.now() < deadline) {
      sequence += 1;
      const isWrite = sequence % 5 === 0;
      const started = performance.now();
      try {
        let answer;
        if (isWrite) {
          const email = `soak-${runTag}-${index}-${sequence}@example.com`;
          answer = await fetch(`${url}/api/data/add-email-subscriber`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', 'x-forwarded-for': address },
            body: JSON.stringify({ email }),
          });
          if (answer.status === 201) stats.acknowledged.push(email);
          stats.writes += 1;
        } else {
          const list = reads[sequence % reads.length];
          const page = 1 + (sequence % 5);
          const query = sequence % 3 === 0 ? '&q=a' : '';
          answer = await fetch(`${url}/api/admin/${list}?page=${page}&pageSize=10${query}`, { headers: auth });
          stats.reads += 1;
        }
        await answer.arrayBuffer();
        stats.requests += 1;
        stats.statuses[answer.status] = (stats.statuses[answer.status] ?? 0) + 1;
        if (answer.status >= 500) stats.fiveHundreds += 1;
        stats.latencies.push(performance.now() - started);
      } catch {
        stats.networkErrors += 1;
      }
    }
  }

  await Promise.all(Array.from({ length: clients }, (_, index) => client(index)));
  clearInterval(sampler);
  memory.push(residentSetKilobytes(child.pid));

  // Every acknowledged write must be in the database: read the whole list back.
  const everything = await (await fetch(`${url}/api/admin/email-subscribers`, { headers: auth })).json();
  const stored = new Set(everything.map((row) => row.email));
  const lost = stats.acknowledged.filter((email) => !stored.has(email));

  child.kill('SIGTERM');
  await new Promise((resolve) => child.on('exit', resolve));
  fs.rmSync(dataDir, { recursive: true, force: true });

  const sorted = stats.latencies.sort((left, right) => left - right);
  const megabytes = (kilobytes) => Math.round(kilobytes / 1024);
  const settled = memory.slice(Math.floor(memory.length / 4));
  const summary = {
    database: process.env.DATABASE_URL ? 'postgres' : 'pglite',
    seconds,
    clients,
    requests: stats.requests,
    requestsPerSecond: Math.round(stats.requests / seconds),
    reads: stats.reads,
    writes: stats.writes,
    acknowledgedWrites: stats.acknowledged.length,
    lostWrites: lost.length,
    serverErrors: stats.fiveHundreds,
    networkErrors: stats.networkErrors,
    statuses: stats.statuses,
    latencyMs: {
      p50: Math.round(percentile(sorted, 0.5)),
      p95: Math.round(percentile(sorted, 0.95)),
      p99: Math.round(percentile(sorted, 0.99)),
      max: Math.round(sorted.at(-1) ?? 0),
    },
    rssMb: {
      start: megabytes(memory[0]),
      peak: megabytes(Math.max(...memory)),
      end: megabytes(memory.at(-1)),
      settledMin: megabytes(Math.min(...settled)),
      settledMax: megabytes(Math.max(...settled)),
    },
  };
  // Flat: after the first quarter (warm-up, caches), the resident set grows by less than 25 %.
  const isMemoryFlat = summary.rssMb.end <= summary.rssMb.settledMin * 1.25;
  const isPassing = stats.fiveHundreds === 0 && stats.networkErrors === 0 && lost.length === 0 && isMemoryFlat;

  // A script's report: the table for people, the JSON line for the README and CI.
  // oxlint-disable-next-line no-console
  console.table({
    requests: summary.requests,
    'requests/s': summary.requestsPerSecond,
    'acknowledged writes': summary.acknowledgedWrites,
    'lost writes': summary.lostWrites,
    '5xx': summary.serverErrors,
    'network errors': summary.networkErrors,
    'p50 / p95 / p99 ms': `${summary.latencyMs.p50} / ${summary.latencyMs.p95} / ${summary.latencyMs.p99}`,
    'RSS start / peak / end MB': `${summary.rssMb.start} / ${summary.rssMb.peak} / ${summary.rssMb.end}`,
    'memory flat': isMemoryFlat,
  });
  process.stdout.write(`${JSON.stringify({ ...summary, isMemoryFlat, isPassing })}\n`);
  process.exit(isPassing ? 0 : 1);
}

main().catch((error) => {
  console.error(error);
  fs.rmSync(dataDir, { recursive: true, force: true });
  process.exit(1);
});
