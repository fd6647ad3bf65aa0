// The server as the container image runs it (docs/deployment.md): `npm run build:server`'s bundle
// under plain Node, no TypeScript loader, importing only production dependencies.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildServer } from '../../scripts/build-server.mjs';

const root = process.cwd();
const packageJson = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as {
  dependencies: Record<string, string>;
  devDependencies: Record<string, string>;
};
const dataDirectory = fs.mkdtempSync(path.join(os.tmpdir(), 'hoy-bundle-'));
// Inside the repository, so the bundle's imports resolve from its node_modules as in the image.
const outdir = path.join(root, 'build', `test-${randomBytes(4).toString('hex')}`);
let packages: string[] = [];

beforeAll(async () => {
  ({ packages } = await buildServer(outdir));
}, 60_000);

afterAll(() => {
  fs.rmSync(outdir, { recursive: true, force: true });
  fs.rmSync(dataDirectory, { recursive: true, force: true });
});

describe('the production build of the server', () => {
  it('imports only packages listed as production dependencies, and none of the build tools', () => {
    expect(packages.length).toBeGreaterThan(5);
    expect(packages.filter((name) => !(name in packageJson.dependencies))).toEqual([]);
    for (const tool of ['tsx', 'vite', 'esbuild', 'typescript']) expect(packageJson.dependencies).not.toHaveProperty(tool);
    expect(fs.readdirSync(path.join(outdir, 'migrations')).filter((name) => name.endsWith('.sql')).length).toBeGreaterThan(5);
  });

  it('runs under plain node: migrates an empty database, signs in, and stops on SIGTERM', async () => {
    const child = spawn(process.execPath, [path.join(outdir, 'main.mjs')], {
      cwd: dataDirectory,
      env: {
        ...process.env,
        NODE_OPTIONS: '',
        PORT: '0',
        HOST: '127.0.0.1',
        DATA_DIR: path.join(dataDirectory, 'data'),
        DATABASE_URL: '',
        SEED_DEMO: '0',
        ADMIN_EMAIL: 'bundle@hoy.test',
        ADMIN_PASSWORD: 'bundle-password-123',
        STATIC_DIR: path.join(dataDirectory, 'no-web-app'),
        LOG_LEVEL: 'info',
        // No load shedding (tests/server/overload.test.ts covers it): the readiness probe answered 503
        // "overloaded" once while another file's processes shared the two cores.
        MAX_EVENT_LOOP_DELAY_MS: '0',
        LOG_FORMAT: 'json',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const lines: string[] = [];
    child.stdout.on('data', (chunk: Buffer) => lines.push(...chunk.toString().split('\n').filter(Boolean)));
    const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
    const url = await new Promise<string>((resolve, reject) => {
      child.stdout.on('data', () => {
        const listening = lines.map((line) => /Server listening at (http:\/\/[^"]+)/.exec(line)?.[1]).find(Boolean);
        if (listening && lines.some((line) => line.includes('is ready'))) resolve(listening);
      });
      child.on('exit', (code) => reject(new Error(`the bundle exited with ${code}: ${lines.join('\n')}`)));
    });
    expect(await (await fetch(`${url}/api/health/ready`)).json()).toEqual({ status: 'ok' });
    const login = await fetch(`${url}/api/admin/admin-login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'bundle@hoy.test', password: 'bundle-password-123' }),
    });
    expect(login.status).toBe(200);
    const { token } = (await login.json()) as { token: string };
    expect((await fetch(`${url}/api/admin/dashboard`, { headers: { authorization: `Bearer ${token}` } })).status).toBe(200);
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
  }, 60_000);
});
