// A list source for a list that is one table (with, at most, tables joined for display): pages in
// (sort column, id) order, whole-list batches by keyset, an exact searched or filtered count, and the
// unsearched total from the counter the triggers keep where there is one. A list that steers the
// planner writes its own source (the bookings, for one).
import { and, asc, count, desc, eq, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { PgColumn, PgSelect, PgTable } from 'drizzle-orm/pg-core';
import type { Database } from '../db/client';
import { readCounter, type CountedList } from '../db/counters';
import type { ListFilter, ListRequest, ListSource } from './list-engine';
import type { VersionedTable } from './page-cache';

const BATCH_SIZE = 1000;

export interface TableListOptions<Record extends { id: number }, Row, Sort extends string> {
  db: Database;
  table: PgTable & { id: PgColumn };
  /** The versioned name of the table (migration 0007); absent: pages are read afresh every time. */
  tableName?: VersionedTable;
  /** Tables joined for display, e.g. `(query) => query.leftJoin(administrators, ...)`. */
  join?: (query: PgSelect) => PgSelect;
  /** What a row is read as. */
  columns: { [Key in keyof Record]: AnyColumn };
  /** Sort columns of the listed table itself (the keyset of the whole list reads them by id). */
  sortColumns: { [Key in Sort]: AnyColumn };
  /** The column the list's status filter selects on. */
  statusColumn?: AnyColumn;
  /** The search condition over an escaped LIKE pattern (best the expression of a trigram index). */
  search: (pattern: string) => SQL;
  /** The maintained total (server/db/counters.ts); absent: the total is counted. */
  counter?: CountedList;
  toRow: (record: Record) => Row;
  /** Rows per batch of the whole list (tests make it small to cross batch edges). */
  batchSize?: number;
}

export function tableListSource<Record extends { id: number }, Row, Sort extends string, Status extends string = never>(
  options: TableListOptions<Record, Row, Sort>,
): ListSource<Row, Sort, Status> {
  const { db, table, join = (query) => query, columns, sortColumns, statusColumn, search, counter, toRow, batchSize = BATCH_SIZE } = options;

  /** The rows a filter selects: its search and its status. */
  const selected = (filter: ListFilter<Status>): SQL | undefined =>
    and(
      filter.pattern === undefined ? undefined : search(filter.pattern),
      filter.status === undefined || statusColumn === undefined ? undefined : eq(statusColumn, filter.status),
    );

  const orderOf = (request: ListRequest<Sort, Status>): SQL[] => {
    const direction = request.order === 'desc' ? desc : asc;
    const column = request.sort ? sortColumns[request.sort] : table.id;
    return [direction(column), direction(table.id)];
  };

  /**
   * Rows after the row `afterId` in (sort column, id) order. The cursor's values are read back from
   * the row itself, so timestamps keep their full database precision.
   */
  const afterRow = (request: ListRequest<Sort, Status>, afterId: number): SQL => {
    const column = request.sort ? sortColumns[request.sort] : table.id;
    const operator = sql.raw(request.order === 'desc' ? '<' : '>');
    return sql`(${column}, ${table.id}) ${operator} (SELECT ${column}, ${table.id} FROM ${table} WHERE ${table.id} = ${afterId})`;
  };

  const select = (request: ListRequest<Sort, Status>, where: SQL | undefined, limit: number, offset: number) =>
    join(db.select(columns as never).from(table).$dynamic())
      .where(and(selected(request), where))
      .orderBy(...orderOf(request))
      .limit(limit)
      .offset(offset) as unknown as Promise<Record[]>;

  return {
    tables: options.tableName ? [options.tableName] : [],

    async page(request) {
      return (await select(request, undefined, request.limit, request.offset)).map(toRow);
    },

    async count(filter) {
      // The unfiltered total comes from the counter the triggers keep; a search or status is counted for real.
      if (counter && filter.pattern === undefined && filter.status === undefined) return readCounter(db, counter);
      const [row] = await join(db.select({ total: count() }).from(table).$dynamic()).where(selected(filter));
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
