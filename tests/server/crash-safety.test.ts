// SIGKILL in the middle of a stream of writes: every write the server acknowledged (201) is there
// after a restart on the same data. Runs on the embedded database, and on PostgreSQL in server-pg.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { runStatement, testDriver, withDatabase } from './helpers/database';

const ADMIN = { email: 'crash@hoy.test', password: 'crash test password' };
const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'hoy-crash-'));
const scratchName = `hoy_crash_${randomBytes(5).toString('hex')}`;
let databaseUrl = '';

const adminQuery = (statement: string) => runStatement(inject('postgresTemplate')!.url, statement);

beforeAll(async () => {
  if (testDriver() !== 'postgres') return;
  const template = inject('postgresTemplate')!;
  await adminQuery(`CREATE DATABASE ${scratchName} TEMPLATE ${template.name}`);
  databaseUrl = withDatabase(template.url, scratchName);
});

afterAll(async () => {
  fs.rmSync(directory, { recursive: true, force: true });
  if (testDriver() === 'postgres') await adminQuery(`DROP DATABASE IF EXISTS ${scratchName} WITH (FORCE)`);
});

function startServer(): { child: ChildProcess; url: Promise<string>; exited: Promise<number | null> } {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    env: {
      ...process.env,
      PORT: '0',
      LOG_LEVEL: 'info',
      DATA_DIR: directory,
      DATABASE_URL: databaseUrl,
      SEED_DEMO: '0',
      STATIC_DIR: path.join(directory, 'no-web-app'),
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      RATE_LIMIT_PUBLIC: '1000000',
      REDIS_URL: '',
      // No load shedding (tests/server/overload.test.ts covers it): a write refused 503 while another
      // file's processes share the two cores is not lost, but it would not show whether one could be.
      MAX_EVENT_LOOP_DELAY_MS: '0',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const url = new Promise<string>((resolve, reject) => {
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      // The server listens first and takes traffic once migrated ("is ready").
      const match = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(output);
      if (match && output.includes('is ready')) resolve(match[1]);
    });
    child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('exit', (code) => reject(new Error(`server exited with ${code}: ${output}`)));
  });
  const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
  return { child, url, exited };
}

/** Posts distinct e-mails from `concurrency` loops until stopped; answers the acknowledged ones. */
async function writeUntilStopped(
  url: string,
  concurrency: number,
  isStopped: () => boolean,
  acknowledged: string[],
): Promise<{ acknowledged: string[]; failed: number }> {
  let failed = 0;
  let sequence = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (!isStopped()) {
        const email = `crash-${(sequence += 1)}@example.com`;
        try {
          const answer = await fetch(`${url}/api/data/add-email-subscriber`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ email }),
          });
          if (answer.status === 201) acknowledged.push(email);
          else if (answer.status >= 500) failed += 1;
        } catch {
          // The connection died with the server: this write was never acknowledged.
          return;
        }
      }
    }),
  );
  return { acknowledged, failed };
}

describe(`SIGKILL during writes (${testDriver()})`, () => {
  it('loses no acknowledged write, and the server restarts cleanly on the same data', async () => {
    const first = startServer();
    const firstUrl = await first.url;
    let isKilled = false;
    const acknowledgedSoFar: string[] = [];
    const writing = writeUntilStopped(firstUrl, 16, () => isKilled, acknowledgedSoFar);
    // Kill mid-stream once enough writes are acknowledged; a loaded machine gets more time.
    for (let waited = 0; acknowledgedSoFar.length < 150 && waited < 10_000; waited += 100) await new Promise((resolve) => setTimeout(resolve, 100));
    first.child.kill('SIGKILL');
    isKilled = true;
    const { acknowledged, failed } = await writing;
    expect(await first.exited).toBeNull();
    expect(failed).toBe(0);
    expect(acknowledged.length).toBeGreaterThan(20);

    // A restart takes over the lock the killed process left and replays the write-ahead log.
    const second = startServer();
    const secondUrl = await second.url;
    expect((await fetch(`${secondUrl}/api/health`)).status).toBe(200);
    const login = await fetch(`${secondUrl}/api/admin/admin-login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(ADMIN),
    });
    const { token } = (await login.json()) as { token: string };
    const rows = (await (await fetch(`${secondUrl}/api/admin/email-subscribers`, { headers: { authorization: `Bearer ${token}` } })).json()) as Array<{
      email: string;
    }>;
    const stored = new Set(rows.map((row) => row.email));
    const lost = acknowledged.filter((email) => !stored.has(email));
    process.stdout.write(`crash-safety (${testDriver()}): ${acknowledged.length} acknowledged, ${stored.size} stored, ${lost.length} lost\n`);
    expect(lost).toEqual([]);

    // It still takes writes after the crash.
    const after = await fetch(`${secondUrl}/api/data/add-email-subscriber`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'after-crash@example.com' }),
    });
    expect(after.status).toBe(201);
    second.child.kill('SIGTERM');
    expect(await second.exited).toBe(0);
  }, 90_000);
});
