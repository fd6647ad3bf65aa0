// npm run admin -- revoke-sessions, as a real process on a real data directory.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { buildApp } from '../../server/app';
import { readConfig } from '../../server/config';
import { openPglite } from '../../server/db/client';

const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'hoy-revoke-'));
afterAll(() => fs.rmSync(directory, { recursive: true, force: true }));

const config = readConfig({ DATA_DIR: directory, STATIC_DIR: '/nonexistent', LOG_LEVEL: 'silent' });

async function withApp<T>(run: (app: Awaited<ReturnType<typeof buildApp>>) => Promise<T>): Promise<T> {
  const isFirstOpen = !fs.existsSync(path.join(directory, 'pglite'));
  // The first open starts from the run's migrated template instead of running initdb and every migration.
  const template = isFirstOpen ? new Blob([fs.readFileSync(inject('pgliteTemplatePath'))]) : undefined;
  const handle = await openPglite({ dataDir: directory, loadDataDir: template });
  const app = await buildApp({ handle, config, logger: false });
  try {
    return await run(app);
  } finally {
    await app.close();
    await handle.close();
  }
}

// The command is driver-neutral: it runs on its own embedded data directory, once (vitest.config.ts).
describe('npm run admin -- revoke-sessions', () => {
  it('signs every administrator out everywhere: tokens issued before answer 401 afterwards', async () => {
    const tokens = await withApp(async (app) => {
      await app.services.auth.setPassword('first@hoy.test', 'first password 1');
      await app.services.auth.setPassword('second@hoy.test', 'second password 2');
      const signIn = async (email: string, password: string) =>
        (await app.inject({ method: 'POST', url: '/api/admin/admin-login', payload: { email, password } })).json<{ token: string }>().token;
      return [
        await signIn('first@hoy.test', 'first password 1'),
        await signIn('first@hoy.test', 'first password 1'),
        await signIn('second@hoy.test', 'second password 2'),
      ];
    });

    const result = spawnSync(process.execPath, ['--import', 'tsx', 'server/admin-cli.ts', 'revoke-sessions'], {
      env: { ...process.env, DATA_DIR: directory, DATABASE_URL: '', LOG_LEVEL: 'silent' },
      encoding: 'utf8',
    });
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
    expect(result.stdout).toContain('Revoked 3 session(s).');

    await withApp(async (app) => {
      for (const token of tokens) {
        const answer = await app.inject({ method: 'GET', url: '/api/admin/hosts', headers: { authorization: `Bearer ${token}` } });
        expect(answer.statusCode).toBe(401);
        expect(answer.json().message).toBe('Unauthorized access. Please login again.');
      }
      // Signing in again works at once.
      const again = await app.inject({ method: 'POST', url: '/api/admin/admin-login', payload: { email: 'first@hoy.test', password: 'first password 1' } });
      expect(again.statusCode).toBe(200);
    });
  });
});
