// Runs only in the server-pg project: the PostgreSQL connection goes away and comes back. Answers
// meanwhile are 503 with Retry-After (never 500), and the server recovers with no restart.
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { buildApp } from '../../../server/app';
import { readConfig } from '../../../server/config';
import { openPostgres, type DatabaseHandle } from '../../../server/db/client';
import { runStatement } from '../helpers/database';

/** A TCP relay between the app and PostgreSQL that the test can cut (close every socket, refuse new ones) and restore. */
class CuttableProxy {
  private server: net.Server | undefined;
  private sockets = new Set<net.Socket>();
  port = 0;
  constructor(private target: { host: string; port: number }) {}

  async open(): Promise<void> {
    this.server = net.createServer((client) => {
      const upstream = net.connect(this.target);
      for (const socket of [client, upstream]) {
        this.sockets.add(socket);
        socket.on('close', () => this.sockets.delete(socket));
        socket.on('error', () => {});
      }
      client.pipe(upstream).pipe(client);
    });
    await new Promise<void>((resolve) => this.server!.listen(this.port, '127.0.0.1', resolve));
    this.port = (this.server!.address() as AddressInfo).port;
  }

  async cut(): Promise<void> {
    for (const socket of this.sockets) socket.destroy();
    await new Promise<void>((resolve) => this.server!.close(() => resolve()));
  }
}

const serverUrl = new URL(process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres');
const name = `hoy_loss_${randomBytes(5).toString('hex')}`;
const proxy = new CuttableProxy({ host: serverUrl.hostname, port: Number(serverUrl.port || 5432) });
let handle: DatabaseHandle;
let app: Awaited<ReturnType<typeof buildApp>>;
let token: string;

const adminQuery = (statement: string) => runStatement(serverUrl.toString(), statement);

beforeAll(async () => {
  await adminQuery(`CREATE DATABASE ${name} TEMPLATE ${inject('postgresTemplate')!.name}`);
  await proxy.open();
  const viaProxy = new URL(serverUrl);
  viaProxy.hostname = '127.0.0.1';
  viaProxy.port = String(proxy.port);
  viaProxy.pathname = `/${name}`;
  handle = await openPostgres(viaProxy.toString(), 4);
  const config = readConfig({ DATA_DIR: '/nonexistent', STATIC_DIR: '/nonexistent', LOG_LEVEL: 'silent', RATE_LIMIT_PUBLIC: '1000' });
  app = await buildApp({ handle, config, logger: false });
  await app.services.auth.setPassword('loss@hoy.test', 'loss test password');
  token = (await app.inject({ method: 'POST', url: '/api/admin/admin-login', payload: { email: 'loss@hoy.test', password: 'loss test password' } })).json()
    .token;
});

afterAll(async () => {
  await app.close();
  await handle.close();
  await adminQuery(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
});

const hosts = () => app.inject({ method: 'GET', url: '/api/admin/hosts?page=1', headers: { authorization: `Bearer ${token}` } });
const subscribe = (email: string) => app.inject({ method: 'POST', url: '/api/data/add-email-subscriber', payload: { email } });

describe('losing the PostgreSQL connection', () => {
  it('answers 503 with Retry-After while the database is unreachable, then recovers by itself', async () => {
    expect((await hosts()).statusCode).toBe(200);
    await proxy.cut();
    for (const answer of [await hosts(), await subscribe('during@example.com'), await app.inject({ method: 'GET', url: '/api/health' })]) {
      expect(answer.statusCode, answer.body).toBe(503);
      expect(answer.headers['retry-after']).toBeDefined();
    }
    await proxy.open();
    expect((await hosts()).statusCode).toBe(200);
    expect((await subscribe('after@example.com')).statusCode).toBe(201);
  });

  it('answers 503 when the server terminates the backends mid-flight, and the next request is served', async () => {
    expect((await hosts()).statusCode).toBe(200);
    await adminQuery(`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = '${name}' AND pid <> pg_backend_pid()`);
    const answers = [await hosts(), await hosts(), await hosts()];
    for (const answer of answers) expect([200, 503], answer.body).toContain(answer.statusCode);
    expect((await hosts()).statusCode).toBe(200);
  });

  it('answers 503 while the database refuses connections, and 200 once it allows them again', async () => {
    await adminQuery(`ALTER DATABASE ${name} ALLOW_CONNECTIONS false`);
    await adminQuery(`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = '${name}' AND pid <> pg_backend_pid()`);
    try {
      const answer = await hosts();
      expect(answer.statusCode, answer.body).toBe(503);
    } finally {
      await adminQuery(`ALTER DATABASE ${name} ALLOW_CONNECTIONS true`);
    }
    expect((await hosts()).statusCode).toBe(200);
  });
});
