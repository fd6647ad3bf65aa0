// A flood of sign-ins from one client address while a staff member signs in from another
// (docs/decisions/013): the real server behind one trusted proxy hop (TRUST_PROXY=1), the flood in
// a process of its own with random e-mails on many connections, the staff member in this one.
//   node scripts/sign-in-flood.mjs --connections 300 --tries 20   (DATABASE_URL=postgres://.../an empty database for PostgreSQL)
// Prints the staff member's answers and times (from a browser used before, then from a new one) and
// what the flood got. The flood alone, as tests/server/sign-in-flood.test.ts uses it:
//   node scripts/sign-in-flood.mjs --flood <server url> --connections 300 --address 203.0.113.66
// floods until SIGTERM, then prints {"statuses":{...},"seconds":n} on one line.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const SIGN_IN_PATH = '/api/admin/admin-login';
const { values } = parseArgs({
  options: {
    flood: { type: 'string' },
    connections: { type: 'string', default: '300' },
    address: { type: 'string', default: '203.0.113.66' },
    tries: { type: 'string', default: '20' },
  },
});

const print = (line) => process.stdout.write(`${line}\n`);

/** One POST of a sign-in over `agent`; answers the status (0: no answer), the time and the device cookie. */
function postSignIn(url, agent, forwardedFor, body, cookie) {
  return new Promise((resolve) => {
    const started = performance.now();
    const payload = JSON.stringify(body);
    const request = http.request(
      `${url}${SIGN_IN_PATH}`,
      {
        method: 'POST',
        agent,
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(payload),
          'x-forwarded-for': forwardedFor,
          ...(cookie ? { cookie } : {}),
        },
      },
      (response) => {
        response.resume();
        response.on('end', () => {
          const setCookie = response.headers['set-cookie']?.[0];
          resolve({ status: response.statusCode, milliseconds: performance.now() - started, cookie: setCookie?.split(';')[0] });
        });
      },
    );
    request.on('error', () => resolve({ status: 0, milliseconds: performance.now() - started }));
    request.end(payload);
  });
}

/** Keeps `connections` sign-ins with random e-mails in flight from `address` until SIGTERM. */
async function flood(url, connections, address) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
  const statuses = {};
  const stop = new AbortController();
  process.on('SIGTERM', () => stop.abort());
  const started = performance.now();
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (!stop.signal.aborted) {
        const email = `${randomBytes(6).toString('hex')}@flood.test`;
        const { status } = await postSignIn(url, agent, address, { email, password: 'wrong password' });
        statuses[status] = (statuses[status] ?? 0) + 1;
      }
    }),
  );
  process.stdout.write(`${JSON.stringify({ statuses, seconds: (performance.now() - started) / 1000 })}\n`);
  agent.destroy();
}

function freePort() {
  return new Promise((resolve) => {
    const probe = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

function summary(results) {
  const statuses = {};
  for (const { status } of results) statuses[status] = (statuses[status] ?? 0) + 1;
  const times = results.map((result) => result.milliseconds).sort((a, b) => a - b);
  const median = times[Math.floor(times.length / 2)];
  const each = results.map((result) => `${result.status}:${result.milliseconds.toFixed(0)}`).join(' ');
  return `${JSON.stringify(statuses)}, median ${median.toFixed(0)} ms, max ${times[times.length - 1].toFixed(0)} ms\n  each (status:ms): ${each}`;
}

async function benchmark() {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hoy-sign-in-flood-'));
  const admin = { email: `flood-${randomBytes(3).toString('hex')}@hoy.test`, password: 'correct horse battery staple' };
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const server = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      SEED_DEMO: '0',
      ADMIN_EMAIL: admin.email,
      ADMIN_PASSWORD: admin.password,
      TRUST_PROXY: '1',
      LOG_FORMAT: 'json',
      STATIC_DIR: path.join(dataDir, 'no-web-app'),
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  // The log is read and dropped, as a log collector would, so writing it never blocks the server.
  server.stdout.resume();
  try {
    for (let attempt = 0; ; attempt += 1) {
      if (attempt === 240 || server.exitCode !== null) throw new Error('the server did not become ready');
      const ready = await fetch(`${url}/api/health/ready`).then(
        (answer) => answer.ok,
        () => false,
      );
      if (ready) break;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    const agent = new http.Agent({ keepAlive: false });
    const first = await postSignIn(url, agent, '198.51.100.7', admin);
    if (first.status !== 200) throw new Error(`the first sign-in answered ${first.status}`);
    const connections = Number(values.connections);
    const flooder = spawn(
      process.execPath,
      [fileURLToPath(import.meta.url), '--flood', url, '--connections', String(connections), '--address', values.address],
      {
        stdio: ['ignore', 'pipe', 'inherit'],
      },
    );
    let floodOutput = '';
    flooder.stdout.on('data', (chunk) => (floodOutput += chunk));
    const flooderExited = new Promise((resolve) => flooder.once('exit', resolve));
    await new Promise((resolve) => setTimeout(resolve, 1000));
    print(`flood: ${connections} connections from ${values.address}, random e-mails`);
    for (const [label, address, cookie] of [
      ['from a browser used before', '198.51.100.7', first.cookie],
      ['from a new browser', '198.51.100.8', undefined],
    ]) {
      const results = [];
      for (let index = 0; index < Number(values.tries); index += 1) {
        results.push(await postSignIn(url, agent, address, admin, cookie));
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      print(`staff member ${label}: ${summary(results)}`);
    }
    flooder.kill('SIGTERM');
    await flooderExited;
    const { statuses, seconds } = JSON.parse(floodOutput);
    const total = Object.values(statuses).reduce((sum, count) => sum + count, 0);
    print(`the flood: ${total} answers in ${seconds.toFixed(1)} s (${(total / seconds).toFixed(0)}/s): ${JSON.stringify(statuses)}`);
  } finally {
    if (server.exitCode === null) {
      const serverExited = new Promise((resolve) => server.once('exit', resolve));
      server.kill('SIGTERM');
      await serverExited;
    }
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

if (values.flood) await flood(values.flood, Number(values.connections), values.address);
else await benchmark();
