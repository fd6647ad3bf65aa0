// A fresh, migrated database for one test file: a copy of the run's template, on PGlite (in
// memory) or, in the `server-pg` project, on the PostgreSQL server of TEST_DATABASE_URL.
import fs from 'node:fs';
import { randomBytes } from 'node:crypto';
import { Client, type PoolClient } from 'pg';
import { afterAll, beforeAll, inject } from 'vitest';
import { openPglite, openPostgres, type DatabaseHandle } from '../../../server/db/client';

export type TestDriver = 'pglite' | 'postgres';

export function testDriver(): TestDriver {
  return process.env.HOY_TEST_DRIVER === 'postgres' ? 'postgres' : 'pglite';
}

/** The same server's URL for another database. */
export function withDatabase(url: string, name: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${name}`;
  return parsed.toString();
}

/** One statement on a connection of its own (CREATE DATABASE and DROP DATABASE cannot share one in use). */
export async function runStatement(connectionString: string, statement: string): Promise<void> {
  const client = new Client({ connectionString });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

export async function createTestDatabase(): Promise<DatabaseHandle> {
  if (testDriver() === 'pglite') {
    const dump = fs.readFileSync(inject('pgliteTemplatePath'));
    return openPglite({ loadDataDir: new Blob([dump]) });
  }
  const template = inject('postgresTemplate');
  if (!template) throw new Error('HOY_TEST_DRIVER=postgres needs TEST_DATABASE_URL');
  const name = `hoy_test_${randomBytes(6).toString('hex')}`;
  await runStatement(template.url, `CREATE DATABASE ${name} TEMPLATE ${template.name}`);
  const handle = await openPostgres(withDatabase(template.url, name), 5);
  const close = handle.close.bind(handle);
  handle.close = async () => {
    await close();
    await runStatement(template.url, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  };
  return handle;
}

/**
 * For a file of tests/server/postgres/: a fresh database for the file (`handle`), and pooled connections
 * it holds open across statements (`connect`, for transactions side by side), all released when the
 * file ends. Registers the file's beforeAll and afterAll.
 */
export function databaseWithConnections(): { readonly handle: DatabaseHandle; connect(): Promise<PoolClient> } {
  let handle: DatabaseHandle | undefined;
  const held: PoolClient[] = [];
  beforeAll(async () => {
    handle = await createTestDatabase();
  });
  afterAll(async () => {
    for (const client of held) client.release();
    await handle?.close();
  });
  const opened = () => {
    if (!handle) throw new Error('the database opens in beforeAll');
    return handle;
  };
  return {
    get handle() {
      return opened();
    },
    async connect() {
      const client = await opened().pool!.connect();
      held.push(client);
      return client;
    },
  };
}
