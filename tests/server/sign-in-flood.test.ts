// A flood of sign-ins from one client address (300 connections, random e-mails, behind one trusted
// proxy hop) costs that address 401s and 429s and nobody else anything: a staff member signing in
// from another address meanwhile gets in every time, from a browser used before and from a new one
// (docs/decisions/013). A real server process, with its own event loop, log and overload guard as
// in production; the flood in a process of its own (scripts/sign-in-flood.mjs).
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Client } from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDriver } from './helpers/database';
import { freePort } from './helpers/local-services';

const root = process.cwd();
const CONNECTIONS = 300;
const TRIES = 20;
const FLOOD_ADDRESS = '203.0.113.66';
const STAFF = { email: 'flooded@hoy.test', password: 'correct horse battery staple' };
/** RATE_LIMIT_LOGIN_ADDRESS's default: the tries the flood's address may have checked in 15 minutes. */
const ADDRESS_ALLOWANCE = 30;

const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'hoy-sign-in-flood-'));
// On the server-pg project the server runs on a fresh PostgreSQL database of its own.
const postgresUrl = testDriver() === 'postgres' ? new URL(process.env.TEST_DATABASE_URL!) : undefined;
const databaseName = `hoy_flood_${randomBytes(5).toString('hex')}`;

async function administer(statement: string): Promise<void> {
  const client = new Client({ connectionString: postgresUrl!.toString() });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

let server: ChildProcess;
let url = '';

beforeAll(async () => {
  let databaseUrl = '';
  if (postgresUrl) {
    await administer(`CREATE DATABASE ${databaseName}`);
    const ownUrl = new URL(postgresUrl);
    ownUrl.pathname = `/${databaseName}`;
    databaseUrl = ownUrl.toString();
  }
  const port = await freePort();
  url = `http://127.0.0.1:${port}`;
  server = spawn(process.execPath, ['--import', path.join(root, 'node_modules/tsx/dist/loader.mjs'), path.join(root, 'server/main.ts')], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: databaseUrl,
      DATA_DIR: directory,
      REDIS_URL: '',
      SEED_DEMO: '0',
      ADMIN_EMAIL: STAFF.email,
      ADMIN_PASSWORD: STAFF.password,
      TRUST_PROXY: '1',
      // Production's log level and overload guard: a line per request, 503 while the event loop lags.
      LOG_LEVEL: 'info',
      LOG_FORMAT: 'json',
      MAX_EVENT_LOOP_DELAY_MS: '',
      STATIC_DIR: path.join(directory, 'no-web-app'),
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  // Read and dropped, as a log collector would: writing the log never blocks the server.
  server.stdout!.resume();
  for (let attempt = 0; ; attempt += 1) {
    if (server.exitCode !== null || attempt === 480) throw new Error('the server did not become ready');
    if (
      await fetch(`${url}/api/health/ready`).then(
        (answer) => answer.ok,
        () => false,
      )
    )
      break;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}, 180_000);

afterAll(async () => {
  if (server && server.exitCode === null) {
    const exited = new Promise((resolve) => server.once('exit', resolve));
    server.kill('SIGTERM');
    await exited;
  }
  fs.rmSync(directory, { recursive: true, force: true });
  if (postgresUrl) await administer(`DROP DATABASE IF EXISTS ${databaseName} WITH (FORCE)`);
});

async function signIn(forwardedFor: string, cookie?: string): Promise<{ status: number; cookie?: string }> {
  const answer = await fetch(`${url}/api/admin/admin-login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': forwardedFor, ...(cookie ? { cookie } : {}) },
    body: JSON.stringify(STAFF),
  });
  await answer.arrayBuffer();
  return { status: answer.status, cookie: answer.headers.get('set-cookie')?.split(';')[0] };
}

/** Starts the flood; the answer stops it and tells what it got, by status. */
function startFlood(): () => Promise<Record<string, number>> {
  const flood = spawn(
    process.execPath,
    [path.join(root, 'scripts/sign-in-flood.mjs'), '--flood', url, '--connections', String(CONNECTIONS), '--address', FLOOD_ADDRESS],
    {
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  let output = '';
  flood.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise((resolve) => flood.once('exit', resolve));
  return async () => {
    flood.kill('SIGTERM');
    await exited;
    return (JSON.parse(output) as { statuses: Record<string, number> }).statuses;
  };
}

describe('a flood of sign-ins from one address', () => {
  it(`leaves a staff member at another address signing in every time (at most one 503 in ${TRIES}), from a browser used before or not`, async () => {
    const first = await signIn('198.51.100.7');
    expect(first.status).toBe(200);
    const stopFlood = startFlood();
    await new Promise((resolve) => setTimeout(resolve, 1000));

    const statuses: Record<'known' | 'new', number[]> = { known: [], new: [] };
    for (let index = 0; index < TRIES; index += 1) statuses.known.push((await signIn('198.51.100.7', first.cookie)).status);
    for (let index = 0; index < TRIES; index += 1) statuses.new.push((await signIn('198.51.100.8')).status);
    const flood = await stopFlood();

    for (const answers of Object.values(statuses)) {
      expect(answers.filter((status) => status === 503).length, answers.join(' ')).toBeLessThanOrEqual(1);
      expect(
        answers.filter((status) => status !== 503).every((status) => status === 200),
        answers.join(' '),
      ).toBe(true);
    }
    // The flood itself got at most its address's allowance checked, and refusals for the rest.
    expect(
      Object.keys(flood).every((status) => ['401', '429', '503'].includes(status)),
      JSON.stringify(flood),
    ).toBe(true);
    expect(flood['401'] ?? 0).toBeLessThanOrEqual(ADDRESS_ALLOWANCE);
    expect(flood['429']).toBeGreaterThan(0);
  }, 300_000);
});
