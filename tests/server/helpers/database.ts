// A fresh, migrated database for one test file: a copy of the run's template, on PGlite (in
// memory) or, in the `server-pg` project, on the PostgreSQL server of TEST_DATABASE_URL.
import fs from 'node:fs';
import { randomBytes } from 'node:crypto';
import { Client } from 'pg';
import { inject } from 'vitest';
import { openPglite, openPostgres, type DatabaseHandle } from '../../../server/db/client';

export type TestDriver = 'pglite' | 'postgres';

export function testDriver(): TestDriver {
  return process.env.HOY_TEST_DRIVER === 'postgres' ? 'postgres' : 'pglite';
}

function withDatabase(url: string, name: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${name}`;
  return parsed.toString();
}

export async function createTestDatabase(): Promise<DatabaseHandle> {
  if (testDriver() === 'pglite') {
    const dump = fs.readFileSync(inject('pgliteTemplatePath'));
    return openPglite({ loadDataDir: new Blob([dump]) });
  }
  const template = inject('postgresTemplate');
  if (!template) throw new Error('HOY_TEST_DRIVER=postgres needs TEST_DATABASE_URL');
  const name = `hoy_test_${randomBytes(6).toString('hex')}`;
  const admin = new Client({ connectionString: template.url });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name} TEMPLATE ${template.name}`);
  await admin.end();
  const handle = await openPostgres(withDatabase(template.url, name), 5);
  const close = handle.close.bind(handle);
  handle.close = async () => {
    await close();
    const dropper = new Client({ connectionString: template.url });
    await dropper.connect();
    await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await dropper.end();
  };
  return handle;
}
