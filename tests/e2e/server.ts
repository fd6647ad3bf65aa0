// One Hoy server per Playwright worker, each on an embedded database of its own: a copy, in a fresh
// temporary directory, of the database that global-setup.ts filled once with the demo data and
// E2E_ADMIN. The workers' journeys never see each other's writes.
import { spawn } from 'node:child_process';
import { cp, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

export const E2E_ADMIN = { email: 'e2e-admin@hoy.test', password: 'e2e-password-123' };

/** The first worker's port; the worker numbered n (Playwright's workerIndex) listens on this plus n. */
export const FIRST_PORT = Number(process.env.HOY_E2E_PORT ?? 3107);

/** Where global-setup.ts leaves the seeded database for the workers to copy. */
export const TEMPLATE_DIR_VARIABLE = 'HOY_E2E_TEMPLATE_DIR';

// Migrating and seeding an empty database on a 2-core machine busy with other work.
const READY_TIMEOUT_MS = 120_000;

export type E2eServer = { baseURL: string; stop: () => Promise<void> };

/** Fills a new directory with the migrated database, the demo data and E2E_ADMIN; answers its path. */
export async function makeDemoDatabase(port: number): Promise<string> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'hoy-e2e-template-'));
  try {
    const server = await startServerOn(port, dataDir);
    // A clean shutdown leaves a directory that can be copied.
    await server.stop();
  } catch (error) {
    await rm(dataDir, { recursive: true, force: true });
    throw error;
  }
  return dataDir;
}

/** Starts a server on `port` over a copy of the demo database; `stop` removes the copy. */
export async function startWorkerServer(port: number): Promise<E2eServer> {
  const template = process.env[TEMPLATE_DIR_VARIABLE];
  if (!template) throw new Error(`${TEMPLATE_DIR_VARIABLE} is not set: run the journeys through playwright.config.ts, whose global setup makes it`);
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'hoy-e2e-'));
  try {
    await cp(template, dataDir, { recursive: true });
    const server = await startServerOn(port, dataDir);
    return {
      baseURL: server.baseURL,
      stop: async () => {
        await server.stop();
        await rm(dataDir, { recursive: true, force: true });
      },
    };
  } catch (error) {
    await rm(dataDir, { recursive: true, force: true });
    throw error;
  }
}

/** Starts the server on `port` over `dataDir` and answers once GET /api/health says it is migrated and seeded. */
async function startServerOn(port: number, dataDir: string): Promise<E2eServer> {
  const baseURL = `http://127.0.0.1:${port}`;
  // Another process there would answer in our server's place.
  if ((await healthStatus(baseURL)) !== undefined) throw new Error(`port ${port} is taken: set HOY_E2E_PORT to a free range`);
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      // Seeds an empty database only: the workers' copies start as they are.
      SEED_DEMO: '1',
      ADMIN_EMAIL: E2E_ADMIN.email,
      ADMIN_PASSWORD: E2E_ADMIN.password,
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
      // No load shedding (tests/server/overload.test.ts covers it): on a 2-core machine shared by two
      // servers and two browsers, a late event loop would answer a journey's call 503.
      MAX_EVENT_LOOP_DELAY_MS: '0',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  // The server's warnings and errors (its log, on stdout) show in the run's output, named by the port.
  const forward = (chunk: Buffer) => process.stderr.write(`[server :${port}] ${chunk.toString()}`);
  child.stdout.on('data', forward);
  child.stderr.on('data', forward);
  let hasExited = false;
  const exited = new Promise<void>((resolve) =>
    child.once('exit', () => {
      hasExited = true;
      resolve();
    }),
  );
  const stop = async () => {
    if (!hasExited) child.kill('SIGTERM');
    await exited;
  };

  const deadline = Date.now() + READY_TIMEOUT_MS;
  while ((await healthStatus(baseURL)) !== 200) {
    if (hasExited || Date.now() > deadline) {
      await stop();
      throw new Error(
        hasExited
          ? `the server on port ${port} exited while starting (see its output above)`
          : `the server on port ${port} was not ready within ${READY_TIMEOUT_MS / 1000} s`,
      );
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return { baseURL, stop };
}

/** What GET /api/health answers (503 until the server is migrated and seeded), or undefined when nothing listens. */
async function healthStatus(baseURL: string): Promise<number | undefined> {
  try {
    return (await fetch(`${baseURL}/api/health`)).status;
  } catch {
    return undefined;
  }
}
