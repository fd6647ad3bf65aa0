// What bench-actions.mjs and bench-deliveries.mjs share: a benchmark administrator with a fresh
// password, the real server started on a database and stopped again, and latencies summarised.
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

const sleep = (milliseconds) => new Promise((resolve) => setTimeout(resolve, milliseconds));

/**
 * Creates (or resets) the administrator `email` on `databaseUrl`, migrating it first; answers the
 * credentials. Each script names its own, so resetting it ends no session another benchmark holds.
 */
export function createBenchAdministrator(databaseUrl, email) {
  const password = randomBytes(18).toString('base64url');
  const result = spawnSync(process.execPath, ['--import', 'tsx', path.join(root, 'server', 'admin-cli.ts'), 'set-password', email, '--password', password], {
    cwd: root,
    env: { ...process.env, DATABASE_URL: databaseUrl },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  if (result.status !== 0) throw new Error(`creating the benchmark administrator failed (exit ${result.status})`);
  return { email, password };
}

/**
 * Starts server/main.ts on `databaseUrl` and `port` (LOG_LEVEL=warn, no demo data, `env` on top) and
 * waits until it is healthy. Answers the child and `stop()`, which ends it and waits for its exit.
 */
export async function startBenchServer({ databaseUrl, port, env = {} }) {
  const baseUrl = `http://127.0.0.1:${port}`;
  const isPortTaken = await fetch(`${baseUrl}/api/health`).then(
    () => true,
    () => false,
  );
  if (isPortTaken) throw new Error(`something already answers on port ${port}: stop it or pass --port`);
  const server = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'server', 'main.ts')], {
    cwd: root,
    env: { ...process.env, DATABASE_URL: databaseUrl, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn', SEED_DEMO: '0', ...env },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const exited = new Promise((resolve) => server.once('exit', resolve));
  const stop = async () => {
    if (server.exitCode === null) server.kill('SIGTERM');
    await exited;
  };
  // An interrupted run stops its server too.
  for (const signal of ['SIGINT', 'SIGTERM']) process.once(signal, () => server.kill('SIGTERM'));
  for (let attempt = 0; attempt < 600; attempt += 1) {
    if (server.exitCode !== null) throw new Error(`the server exited with ${server.exitCode}`);
    try {
      if ((await fetch(`${baseUrl}/api/health`)).ok) return { baseUrl, pid: server.pid, stop };
    } catch {
      // Not listening yet.
    }
    await sleep(250);
  }
  await stop();
  throw new Error('the server did not become healthy within 150 s');
}

/** p50, p95, p99 and the largest of `values` (ms), rounded to tenths; the quantile is the value at or above that share. */
export function latencySummary(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (share) => (sorted.length === 0 ? null : Math.round(sorted[Math.min(sorted.length - 1, Math.ceil(share * sorted.length) - 1)] * 10) / 10);
  return { count: sorted.length, p50Ms: at(0.5), p95Ms: at(0.95), p99Ms: at(0.99), maxMs: at(1) };
}
