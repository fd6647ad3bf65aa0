// Runs only in the server-pg project: two real server processes (different ports) on one PostgreSQL
// database and one Redis share sessions, counts and rate limits, as behind a load balancer.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes, randomInt } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Client } from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort, isRedisReachable } from '../helpers/local-services';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
const serverUrl = new URL(process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres');
const redisUrl = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const databaseName = `hoy_multi_${randomBytes(5).toString('hex')}`;
// Its own account per run: the per-account sign-in limit lives in Redis, shared by every run on the machine.
const adminEmail = `admin-${randomBytes(4).toString('hex')}@hoy.test`;
const adminPassword = 'correct horse battery staple';
const PUBLIC_LIMIT = 3;

interface ServerProcess {
  url: string;
  child: ChildProcess;
}

async function startServer(databaseUrl: string): Promise<ServerProcess> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'server', 'main.ts')], {
    cwd: root,
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      REDIS_URL: redisUrl,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'error',
      SEED_DEMO: '0',
      ADMIN_EMAIL: adminEmail,
      ADMIN_PASSWORD: adminPassword,
      RATE_LIMIT_PUBLIC: String(PUBLIC_LIMIT),
      // Each test run names its own client address (X-Forwarded-For), so runs sharing one Redis do not meet.
      TRUST_PROXY: '1',
      STATIC_DIR: path.join(root, 'nonexistent'),
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  for (let attempt = 0; attempt < 240; attempt += 1) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${url}/api/health`)).ok) return { url, child };
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  child.kill('SIGTERM');
  throw new Error('the server did not become healthy');
}

async function stopServer(server: ServerProcess | undefined): Promise<void> {
  if (!server || server.child.exitCode !== null) return;
  const exited = new Promise((resolve) => server.child.once('exit', resolve));
  server.child.kill('SIGTERM');
  await exited;
}

const hasRedis = await isRedisReachable(redisUrl);
let first: ServerProcess | undefined;
let second: ServerProcess | undefined;
const clientAddress = `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;

async function call(server: ServerProcess | undefined, route: string, init: { method?: string; token?: string; body?: unknown } = {}) {
  const headers: Record<string, string> = { 'x-forwarded-for': clientAddress };
  if (init.token) headers.authorization = `Bearer ${init.token}`;
  if (init.body !== undefined) headers['content-type'] = 'application/json';
  const response = await fetch(`${server!.url}${route}`, {
    method: init.method ?? 'GET',
    headers,
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  const text = await response.text();
  return { status: response.status, headers: response.headers, text };
}

async function signIn(server: ServerProcess | undefined): Promise<string> {
  const response = await call(server, '/api/admin/admin-login', { method: 'POST', body: { email: adminEmail, password: adminPassword } });
  expect(response.status, response.text).toBe(200);
  return (JSON.parse(response.text) as { token: string }).token;
}

beforeAll(async () => {
  if (!hasRedis) return;
  const admin = new Client({ connectionString: serverUrl.toString() });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${databaseName}`);
  await admin.end();
  const databaseUrl = new URL(serverUrl);
  databaseUrl.pathname = `/${databaseName}`;
  // Both at once on the empty database, as a deployment scaling out would: the migrations take turns
  // under an advisory lock, and only one of the two creates the first administrator.
  [first, second] = await Promise.all([startServer(databaseUrl.toString()), startServer(databaseUrl.toString())]);
}, 120_000);

afterAll(async () => {
  await Promise.all([stopServer(first), stopServer(second)]);
  if (!hasRedis) return;
  const admin = new Client({ connectionString: serverUrl.toString() });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${databaseName} WITH (FORCE)`);
  await admin.end();
});

describe.skipIf(!hasRedis)('two server processes on one PostgreSQL and one Redis', () => {
  it('share sessions: a token from one works on the other, and a logout on either ends it on both', async () => {
    const token = await signIn(first);
    expect((await call(second, '/api/admin/dashboard', { token })).status).toBe(200);
    expect((await call(second, '/api/admin/logout', { method: 'POST', token })).status).toBe(204);
    expect((await call(first, '/api/admin/dashboard', { token })).status).toBe(401);
    expect((await call(second, '/api/admin/dashboard', { token })).status).toBe(401);
  });

  it('share counts: a row written through one is in the totals the other answers at once', async () => {
    const token = await signIn(second);
    const totalOn = async (server: ServerProcess | undefined) =>
      Number((await call(server, '/api/admin/email-subscribers?page=1', { token })).headers.get('x-total-count'));
    const before = await totalOn(second);
    const posted = await call(first, '/api/data/add-email-subscriber', { method: 'POST', body: { email: `${databaseName}@hoy.test` } });
    expect(posted.status, posted.text).toBe(201);
    expect(await totalOn(second)).toBe(before + 1);
    expect(await totalOn(first)).toBe(before + 1);
  });

  it('share searches: a host renamed through one is found under the new name by the other at once', async () => {
    const token = await signIn(first);
    const tag = `multitag${randomBytes(4).toString('hex')}`;
    const database = new URL(serverUrl);
    database.pathname = `/${databaseName}`;
    const client = new Client({ connectionString: database.toString() });
    await client.connect();
    const inserted = await client.query<{ id: number }>(
      `INSERT INTO users (is_host, name, email, phone_country_code, phone, property_address, country, status_host)
       VALUES (true, $1, $2, '+252', '610000001', '1 Lido Road', 'Somalia', 'Pending') RETURNING id`,
      [`Hodan ${tag}`, `${tag}@hoy.test`],
    );
    await client.end();
    const found = async (server: ServerProcess | undefined, q: string) =>
      Number((await call(server, `/api/admin/hosts?page=1&q=${encodeURIComponent(q)}`, { token })).headers.get('x-total-count'));
    // Searched twice on the first process: the second answer comes from its cache.
    expect(await found(first, `Hodan ${tag}`)).toBe(1);
    expect(await found(first, `Hodan ${tag}`)).toBe(1);
    const edited = await call(second, `/api/hosts/${inserted.rows[0].id}`, {
      method: 'PUT',
      token,
      body: { name: `Ayaan ${tag}`, email: `${tag}@hoy.test`, phone: '+252610000001', propertyAddress: '1 Lido Road' },
    });
    expect(edited.status, edited.text).toBe(200);
    expect(await found(first, `Hodan ${tag}`)).toBe(0);
    expect(await found(first, `Ayaan ${tag}`)).toBe(1);
  });

  it('share the public form limit: posts spread over both are refused past RATE_LIMIT_PUBLIC', async () => {
    const submit = (server: ServerProcess | undefined, index: number) =>
      call(server, '/api/data/add-host-information', {
        method: 'POST',
        body: { name: `Limit ${index}`, email: `limit${index}@hoy.test`, phone: '+252611234567', address: 'Hargeisa' },
      });
    // The subscriber test above already spent one post of this address's window.
    const statuses = [];
    for (const [index, server] of [second, first, second, first].entries()) statuses.push((await submit(server, index)).status);
    expect(statuses).toEqual([201, 201, 429, 429]);
  });
});
