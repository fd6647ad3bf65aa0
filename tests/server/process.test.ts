// The server and admin commands as real processes: start, serve, shut down cleanly.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'hoy-process-'));
afterAll(() => fs.rmSync(directory, { recursive: true, force: true }));

const baseEnv = {
  ...process.env,
  DATA_DIR: directory,
  DATABASE_URL: '',
  SEED_DEMO: '0',
  STATIC_DIR: path.join(directory, 'no-web-app'),
};

function startServer(env: Record<string, string>) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    env: { ...baseEnv, PORT: '0', LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const lines: string[] = [];
  child.stdout.on('data', (chunk: Buffer) => lines.push(...chunk.toString().split('\n').filter(Boolean)));
  const listening = new Promise<string>((resolve, reject) => {
    child.stdout.on('data', () => {
      const line = lines.find((entry) => entry.includes('Server listening at'));
      const url = line ? /Server listening at (http:\/\/[^"]+)/.exec(line)?.[1] : undefined;
      if (url) resolve(url);
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
});
