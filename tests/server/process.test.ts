// The server and admin commands as real processes: start, serve, shut down cleanly.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';

const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'hoy-process-'));
/** Every server started here: one a failed test left running would hold the directory's lock for the next. */
const children: ChildProcess[] = [];
afterEach(() => {
  for (const child of children.splice(0)) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
});
afterAll(() => fs.rmSync(directory, { recursive: true, force: true }));

const baseEnv = {
  ...process.env,
  DATA_DIR: directory,
  DATABASE_URL: '',
  SEED_DEMO: '0',
  STATIC_DIR: path.join(directory, 'no-web-app'),
};

const root = process.cwd();

function startServer(env: Record<string, string>, cwd = root) {
  const child = spawn(process.execPath, ['--import', path.join(root, 'node_modules/tsx/dist/loader.mjs'), path.join(root, 'server/main.ts')], {
    env: { ...baseEnv, PORT: '0', LOG_LEVEL: 'info', LOG_FORMAT: 'json', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
    cwd,
  });
  children.push(child);
  const lines: string[] = [];
  child.stdout.on('data', (chunk: Buffer) => lines.push(...chunk.toString().split('\n').filter(Boolean)));
  const listening = new Promise<string>((resolve, reject) => {
    child.stdout.on('data', () => {
      // The server listens first and takes traffic once migrated ("is ready").
      const line = lines.find((entry) => entry.includes('Server listening at'));
      const url = line ? /Server listening at (http:\/\/[^"]+)/.exec(line)?.[1] : undefined;
      if (url && lines.some((entry) => entry.includes('is ready'))) resolve(url);
    });
    child.on('exit', (code) => reject(new Error(`server exited with ${code}`)));
  });
  const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
  return { child, lines, listening, exited };
}

describe('the server process', () => {
  it('starts on an empty directory, creates the first administrator with a printed password, and stops on SIGTERM', async () => {
    const server = startServer({ ADMIN_EMAIL: '', ADMIN_PASSWORD: '' });
    const url = await server.listening;
    expect(await (await fetch(`${url}/api/health`)).json()).toEqual({ status: 'ok' });

    const created = server.lines.map((line) => JSON.parse(line)).find((entry) => entry.password);
    expect(created.email).toBe('admin@example.com');
    const login = await fetch(`${url}/api/admin/admin-login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: created.email, password: created.password }),
    });
    expect(login.status).toBe(200);

    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
    expect(fs.existsSync(path.join(directory, 'hoy.lock'))).toBe(false);
    expect(server.lines.join('\n')).toContain('shutting down');
    // The token never appears in the log.
    expect(server.lines.join('\n')).not.toContain((await login.json()).token);
  });

  it('npm run admin -- set-password resets a password that then signs in', async () => {
    const result = spawnSync(
      process.execPath,
      ['--import', 'tsx', 'server/admin-cli.ts', 'set-password', 'admin@example.com', '--password', 'a fresh secret 42'],
      { env: baseEnv, encoding: 'utf8' },
    );
    expect(result.status).toBe(0);
    expect(result.stdout).toContain('admin@example.com updated');

    const server = startServer({});
    const url = await server.listening;
    const login = await fetch(`${url}/api/admin/admin-login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'admin@example.com', password: 'a fresh secret 42' }),
    });
    expect(login.status).toBe(200);
    server.child.kill('SIGINT');
    expect(await server.exited).toBe(0);
  });

  it('refuses to start with a bad configuration value and says which', () => {
    const result = spawnSync(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
      env: { ...baseEnv, PORT: 'not-a-port' },
      encoding: 'utf8',
    });
    expect(result.status).toBe(2);
    expect(result.stderr).toContain('PORT');
  });

  it('npm run admin without a known command prints the usage and exits 2', () => {
    const result = spawnSync(process.execPath, ['--import', 'tsx', 'server/admin-cli.ts', 'dance'], { env: baseEnv, encoding: 'utf8' });
    expect(result.status).toBe(2);
    expect(result.stderr).toContain('set-password');
  });

  it('answers the probes, and on SIGTERM finishes in-flight requests but exits within SHUTDOWN_TIMEOUT_SECONDS', async () => {
    const server = startServer({ SHUTDOWN_TIMEOUT_SECONDS: '2' });
    const url = await server.listening;
    expect((await fetch(`${url}/api/health/live`)).status).toBe(200);
    expect(await (await fetch(`${url}/api/health/ready`)).json()).toEqual({ status: 'ok' });

    // A request still in flight: its body never finishes arriving.
    const { port } = new URL(url);
    const socket = net.connect(Number(port), '127.0.0.1');
    await new Promise((resolve) => socket.once('connect', resolve));
    socket.on('error', () => undefined);
    socket.write('POST /api/data/add-email-subscriber HTTP/1.1\r\nHost: hoy\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{"email":');
    await new Promise((resolve) => setTimeout(resolve, 200));

    const started = Date.now();
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
    const elapsed = Date.now() - started;
    socket.destroy();
    // It waited for the request (about a second short of the deadline), then cut it and closed cleanly.
    expect(elapsed).toBeGreaterThanOrEqual(900);
    expect(elapsed).toBeLessThan(4000);
    expect(server.lines.join('\n')).toContain('closing the connections still open');
    expect(fs.existsSync(path.join(directory, 'hoy.lock'))).toBe(false);
  });

  it('reads a .env file in its working directory; the environment wins over it', async () => {
    const workDirectory = fs.mkdtempSync(path.join(os.tmpdir(), 'hoy-env-'));
    try {
      fs.writeFileSync(path.join(workDirectory, '.env'), 'APP_NAME=Hoy from dotenv\nSESSION_MAX_HOURS=not-a-number\n');
      const refused = spawnSync(process.execPath, ['--import', path.join(root, 'node_modules/tsx/dist/loader.mjs'), path.join(root, 'server/main.ts')], {
        env: { ...baseEnv, PORT: '0' },
        cwd: workDirectory,
        encoding: 'utf8',
      });
      expect(refused.status).toBe(2);
      expect(refused.stderr).toContain('SESSION_MAX_HOURS');

      const server = startServer({ SESSION_MAX_HOURS: '8' }, workDirectory);
      await server.listening;
      expect(server.lines.join('\n')).toContain('Hoy from dotenv is ready');
      server.child.kill('SIGTERM');
      expect(await server.exited).toBe(0);
    } finally {
      fs.rmSync(workDirectory, { recursive: true, force: true });
    }
  });
});
