// COPY-based bulk loading on either driver: a dedicated PostgreSQL connection streaming through
// pg-copy-streams, or PGlite's COPY FROM '/dev/blob' fed in chunks.
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { PGlite } from '@electric-sql/pglite';
import type pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import type { DatabaseHandle } from '../client';

export interface BulkLoader {
  /** Runs one statement on the loader's own session (inside its transaction, if one is open). */
  execute<Row = Record<string, unknown>>(statement: string): Promise<Row[]>;
  /** Loads rows given as COPY text-format lines (each ending with a newline). */
  copy(table: string, columns: readonly string[], lines: Iterable<string>): Promise<void>;
  release(): Promise<void>;
}

/** Lines are sent in pieces of about this many characters. */
const POSTGRES_PIECE_CHARACTERS = 1 << 20;
/** PGlite copies one blob per statement; big enough to amortise, small enough for its memory. */
const PGLITE_BLOB_CHARACTERS = 16 << 20;

export async function openBulkLoader(handle: DatabaseHandle): Promise<BulkLoader> {
  if (handle.pool) return openPostgresLoader(await handle.pool.connect());
  if (handle.pglite) return openPgliteLoader(handle.pglite);
  throw new Error('The database handle offers neither a PostgreSQL pool nor a PGlite client');
}

function openPostgresLoader(client: pg.PoolClient): BulkLoader {
  return {
    async execute<Row>(statement: string) {
      return (await client.query(statement)).rows as Row[];
    },
    async copy(table, columns, lines) {
      const target = client.query(copyFrom(copyStatement(table, columns, 'STDIN')));
      await pipeline(Readable.from(joinLines(lines, POSTGRES_PIECE_CHARACTERS)), target);
    },
    async release() {
      client.release();
    },
  };
}

function openPgliteLoader(client: PGlite): BulkLoader {
  return {
    async execute<Row>(statement: string) {
      return (await client.query<Row>(statement)).rows;
    },
    async copy(table, columns, lines) {
      const statement = copyStatement(table, columns, "'/dev/blob'");
      for (const piece of joinLines(lines, PGLITE_BLOB_CHARACTERS)) {
        await client.query(statement, [], { blob: new Blob([piece]) });
      }
    },
    async release() {},
  };
}

function copyStatement(table: string, columns: readonly string[], source: string): string {
  return `COPY ${table} (${columns.join(', ')}) FROM ${source}`;
}

/** Groups lines into strings of about `size` characters, so no more than one piece is held at once. */
function* joinLines(lines: Iterable<string>, size: number): Generator<string> {
  let parts: string[] = [];
  let length = 0;
  for (const line of lines) {
    parts.push(line);
    length += line.length;
    if (length >= size) {
      yield parts.join('');
      parts = [];
      length = 0;
    }
  }
  if (parts.length > 0) yield parts.join('');
}

/** One row in COPY text format: tab-separated, \N for null, backslash escapes. */
export function toCopyLine(values: readonly unknown[]): string {
  return `${values.map(toCopyValue).join('\t')}\n`;
}

const SPECIAL_CHARACTERS = /[\\\t\n\r]/g;
const ESCAPES: Record<string, string> = { '\\': '\\\\', '\t': '\\t', '\n': '\\n', '\r': '\\r' };

function toCopyValue(value: unknown): string {
  if (value === null || value === undefined) return '\\N';
  if (typeof value === 'boolean') return value ? 't' : 'f';
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'number') return String(value);
  return String(value).replace(SPECIAL_CHARACTERS, (character) => ESCAPES[character] ?? character);
}

interface DeferredIndex {
  definition: string;
}

interface DeferredForeignKey {
  tableName: string;
  name: string;
  definition: string;
}

interface DeferredConstraints {
  indexes: DeferredIndex[];
  foreignKeys: DeferredForeignKey[];
}

/**
 * Drops the secondary indexes and foreign keys of `tables`, so COPY only appends rows; they are
 * rebuilt once at the end (much faster than row by row). Run inside a transaction so a failure
 * restores them.
 */
export async function dropDeferrableConstraints(loader: BulkLoader, tables: readonly string[]): Promise<DeferredConstraints> {
  const tableList = tables.map((table) => `'${table}'`).join(', ');
  const indexes = await loader.execute<{ name: string; definition: string }>(`
    SELECT index_class.relname AS name, pg_get_indexdef(entry.indexrelid) AS definition
    FROM pg_index entry
    JOIN pg_class index_class ON index_class.oid = entry.indexrelid
    JOIN pg_class table_class ON table_class.oid = entry.indrelid
    WHERE table_class.relnamespace = current_schema()::regnamespace
      AND table_class.relname IN (${tableList})
      AND NOT EXISTS (SELECT 1 FROM pg_constraint owner WHERE owner.conindid = entry.indexrelid)
    ORDER BY index_class.relname`);
  const foreignKeys = await loader.execute<{ tableName: string; name: string; definition: string }>(`
    SELECT table_class.relname AS "tableName", constraint_entry.conname AS name,
           pg_get_constraintdef(constraint_entry.oid) AS definition
    FROM pg_constraint constraint_entry
    JOIN pg_class table_class ON table_class.oid = constraint_entry.conrelid
    WHERE constraint_entry.contype = 'f'
      AND table_class.relnamespace = current_schema()::regnamespace
      AND table_class.relname IN (${tableList})
    ORDER BY constraint_entry.conname`);
  for (const foreignKey of foreignKeys) {
    await loader.execute(`ALTER TABLE ${foreignKey.tableName} DROP CONSTRAINT ${foreignKey.name}`);
  }
  for (const index of indexes) await loader.execute(`DROP INDEX ${index.name}`);
  return { indexes, foreignKeys };
}

export async function restoreDeferredConstraints(loader: BulkLoader, deferred: DeferredConstraints): Promise<void> {
  for (const index of deferred.indexes) await loader.execute(index.definition);
  for (const foreignKey of deferred.foreignKeys) {
    await loader.execute(`ALTER TABLE ${foreignKey.tableName} ADD CONSTRAINT ${foreignKey.name} ${foreignKey.definition}`);
  }
}

/** After COPY with explicit ids, moves each id sequence past the largest id. */
export async function resetSequences(loader: BulkLoader, tables: readonly string[]): Promise<void> {
  for (const table of tables) {
    await loader.execute(`SELECT setval(pg_get_serial_sequence('${table}', 'id'), COALESCE(MAX(id), 0) + 1, false) FROM ${table}`);
  }
}
