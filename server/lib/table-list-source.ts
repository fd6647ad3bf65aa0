// A list source for a list that is one table: pages in (sort column, id) order, whole-list batches
// by keyset, an exact searched count, and the unsearched total from the counter the triggers keep.
// A list that joins or steers the planner writes its own source (the bookings, for one).
import { and, asc, count, desc, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Database } from '../db/client';
import { readCounter, type CountedList } from '../db/counters';
import type { ListRequest, ListSource } from './list-engine';
import type { VersionedTable } from './page-cache';

const BATCH_SIZE = 1000;

export interface TableListOptions<Record extends { id: number }, Row, Sort extends string> {
  db: Database;
  table: PgTable & { id: PgColumn };
  /** The versioned name of the table (migration 0007). */
  tableName: VersionedTable;
  /** What a row is read as. */
  columns: { [Key in keyof Record]: AnyColumn };
  sortColumns: { [Key in Sort]: AnyColumn };
  /** The search condition over an escaped LIKE pattern (best the expression of a trigram index). */
  search: (pattern: string) => SQL;
  /** The maintained total (server/db/counters.ts). */
  counter: CountedList;
  toRow: (record: Record) => Row;
  /** Rows per batch of the whole list (tests make it small to cross batch edges). */
  batchSize?: number;
}

export function tableListSource<Record extends { id: number }, Row, Sort extends string>(
  options: TableListOptions<Record, Row, Sort>,
): ListSource<Row, Sort, never> {
  const { db, table, columns, sortColumns, search, counter, toRow, batchSize = BATCH_SIZE } = options;

  const orderOf = (request: ListRequest<Sort>): SQL[] => {
    const direction = request.order === 'desc' ? desc : asc;
    const column = request.sort ? sortColumns[request.sort] : table.id;
    return [direction(column), direction(table.id)];
  };

  /**
   * Rows after the row `afterId` in (sort column, id) order. The cursor's values are read back from
   * the row itself, so timestamps keep their full database precision.
   */
  const afterRow = (request: ListRequest<Sort>, afterId: number): SQL => {
    const column = request.sort ? sortColumns[request.sort] : table.id;
    const operator = sql.raw(request.order === 'desc' ? '<' : '>');
    return sql`(${column}, ${table.id}) ${operator} (SELECT ${column}, ${table.id} FROM ${table} WHERE ${table.id} = ${afterId})`;
  };

  const select = (request: ListRequest<Sort>, where: SQL | undefined, limit: number, offset: number) =>
    db
      .select(columns as never)
      .from(table)
      .where(and(request.pattern === undefined ? undefined : search(request.pattern), where))
      .orderBy(...orderOf(request))
      .limit(limit)
      .offset(offset) as unknown as Promise<Record[]>;

  return {
    tables: [options.tableName],

    async page(request) {
      return (await select(request, undefined, request.limit, request.offset)).map(toRow);
    },

    async count(filter) {
      // The unsearched total comes from the counter the triggers keep; a search is counted for real.
      if (filter.pattern === undefined) return readCounter(db, counter);
      const [row] = await db.select({ total: count() }).from(table).where(search(filter.pattern));
      return row.total;
    },

    async *batches(request) {
      let afterId: number | undefined;
      for (;;) {
        const records = await select(request, afterId === undefined ? undefined : afterRow(request, afterId), batchSize, 0);
        if (records.length === 0) return;
        yield records.map(toRow);
        if (records.length < batchSize) return;
        afterId = records[records.length - 1].id;
      }
    },
  };
}
