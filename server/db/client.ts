// Opens the database: embedded PGlite in a directory (or in memory, for tests) or a PostgreSQL
// pool. Both are driven through one Drizzle schema and one SQL dialect.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql, type SQL } from 'drizzle-orm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePostgres } from 'drizzle-orm/node-postgres';
import { migrate as migratePostgres } from 'drizzle-orm/node-postgres/migrator';
import { PgDialect, type PgDatabase, type PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { Pool } from 'pg';
import * as schema from './schema';
import { lockDirectory } from './dir-lock';

type Schema = typeof schema;
export type Database = PgDatabase<PgQueryResultHKT, Schema>;
export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];

const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

/** Any constant shared by every process that migrates the same PostgreSQL database. */
const MIGRATION_LOCK_KEY = 748_201_913;

export interface DatabaseHandle {
  db: Database;
  driver: 'pglite' | 'postgres';
  /** Runs raw SQL and returns its rows (both drivers answer `{ rows }`). */
  query<Row = Record<string, unknown>>(statement: SQL): Promise<Row[]>;
  /**
   * Runs one raw statement on its own and returns its rows, calling `onConnected` as it gets a
   * connection, before the statement is sent (on PGlite, its one session: at once). So a caller knows
   * from when a statement's snapshot may be older than a write it learns of (the dashboard's charts).
   */
  queryWhenConnected<Row = Record<string, unknown>>(statement: SQL, onConnected: () => void): Promise<Row[]>;
  /** Applies every pending migration; safe when several processes start together. */
  migrate(): Promise<void>;
  /** Refreshes planner statistics and the visibility map after a bulk load (PGlite has no autovacuum). */
  vacuumAnalyze(): Promise<void>;
  close(): Promise<void>;
  /** The embedded client, for bulk loading through COPY; undefined on PostgreSQL. */
  pglite?: PGlite;
  /** The PostgreSQL pool, for bulk loading through COPY; undefined on PGlite. */
  pool?: Pool;
}

interface PgliteOptions {
  /** A directory to persist to; undefined keeps the database in memory. */
  dataDir?: string;
  /** A dump made by `dumpDataDir()` to start from (tests copy one migrated template this way). */
  loadDataDir?: Blob | File;
}

/**
 * PGlite runs each statement synchronously on the event loop, and its own queue hands the next
 * statement over in a microtask: under many concurrent requests, statements ran back to back for
 * hundreds of milliseconds while no socket was read, and some clients waited seconds for their
 * request even to be parsed. Here every statement, and every transaction as a whole, first waits one
 * turn of the event loop, in arrival order, so reading requests and running statements alternate.
 */
function takeTurns(client: PGlite): void {
  let tail: Promise<unknown> = Promise.resolve();
  const inTurn = <Result>(run: () => Promise<Result>): Promise<Result> => {
    const turn = tail.then(() => new Promise<void>((resolve) => setImmediate(resolve))).then(run);
    tail = turn.catch(() => undefined);
    return turn;
  };
  const query = client.query.bind(client);
  const exec = client.exec.bind(client);
  const transaction = client.transaction.bind(client);
  client.query = ((...args: Parameters<PGlite['query']>) => inTurn(() => query(...args))) as PGlite['query'];
  client.exec = ((...args: Parameters<PGlite['exec']>) => inTurn(() => exec(...args))) as PGlite['exec'];
  client.transaction = ((...args: Parameters<PGlite['transaction']>) => inTurn(() => transaction(...args))) as PGlite['transaction'];
}

export async function openPglite(options: PgliteOptions = {}): Promise<DatabaseHandle> {
  const releaseLock = options.dataDir ? lockDirectory(options.dataDir) : () => {};
  let client: PGlite;
  try {
    client = await PGlite.create({
      dataDir: options.dataDir ? path.join(options.dataDir, 'pglite') : undefined,
      loadDataDir: options.loadDataDir,
      // Said out loud although it is the default: a 201 must mean the write reached the files (docs/decisions/009).
      relaxedDurability: false,
      extensions: { pg_trgm },
    });
    // The embedded database is one session: the same planning as the server's PostgreSQL sessions.
    await client.exec('SET random_page_cost = 1.1; SET jit = off');
  } catch (error) {
    releaseLock();
    throw error;
  }
  takeTurns(client);
  const db = drizzlePglite({ client, schema }) as unknown as Database;
  const query = async <Row>(statement: SQL) => ((await db.execute(statement)) as unknown as { rows: Row[] }).rows;
  return {
    db,
    driver: 'pglite',
    pglite: client,
    query,
    async queryWhenConnected<Row>(statement: SQL, onConnected: () => void) {
      onConnected();
      return query<Row>(statement);
    },
    async migrate() {
      await migratePglite(drizzlePglite({ client, schema }), { migrationsFolder });
    },
    async vacuumAnalyze() {
      await client.exec('VACUUM ANALYZE');
    },
    async close() {
      try {
        if (!client.closed) await client.close();
      } finally {
        releaseLock();
      }
    },
  };
}

/**
 * How the server's sessions plan (decision 019). No parallel workers: list queries are short, and under
 * many concurrent requests workers only add contention. An index probe priced near a sequential read
 * (random_page_cost 1.1, not 4): the lists' tables are read from memory, and at the default the planner
 * scanned all 1,000,000 bookings to count a search's few thousand instead of reading their index. No
 * JIT compilation (decision 028): every statement of the server is bounded to milliseconds, while a
 * plan whose cost passed jit_above_cost (a year of a dashboard chart) spent about 0.5 s compiling.
 */
const SESSION_SETTINGS = '-c max_parallel_workers_per_gather=0 -c random_page_cost=1.1 -c jit=off';
const dialect = new PgDialect();

export async function openPostgres(connectionString: string, poolSize = 4): Promise<DatabaseHandle> {
  const pool = new Pool({ connectionString, max: poolSize, connectionTimeoutMillis: 5_000, options: SESSION_SETTINGS });
  // A dropped idle connection must not crash the process; the next query reconnects.
  pool.on('error', () => {});
  const db = drizzlePostgres({ client: pool, schema }) as unknown as Database;
  return {
    db,
    driver: 'postgres',
    pool,
    async query<Row>(statement: SQL) {
      const result = await db.execute(statement);
      return (result as unknown as { rows: Row[] }).rows;
    },
    async queryWhenConnected<Row>(statement: SQL, onConnected: () => void) {
      const connection = await pool.connect();
      try {
        onConnected();
        const { sql: text, params } = dialect.sqlToQuery(statement);
        return (await connection.query(text, params)).rows as Row[];
      } finally {
        connection.release();
      }
    },
    async migrate() {
      const connection = await pool.connect();
      try {
        await connection.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
        try {
          await migratePostgres(drizzlePostgres({ client: connection, schema }), { migrationsFolder });
        } finally {
          await connection.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]);
        }
      } finally {
        connection.release();
      }
    },
    async vacuumAnalyze() {
      await pool.query('VACUUM ANALYZE');
    },
    async close() {
      await pool.end();
    },
  };
}

export async function openDatabase(config: { databaseUrl?: string; dataDir: string; databasePoolSize?: number }): Promise<DatabaseHandle> {
  return config.databaseUrl ? openPostgres(config.databaseUrl, config.databasePoolSize) : openPglite({ dataDir: config.dataDir });
}

export async function ping(handle: DatabaseHandle): Promise<void> {
  await handle.query(sql`SELECT 1`);
}
