// A list source for a list that is one table (with, at most, tables joined for display): pages in
// (sort column, id) order, the page's ids first, then only those rows with their joins (so a deep
// page stays cheap), whole-list batches by keyset, an exact searched or filtered count, and the
// unsearched total from the counter the triggers keep where there is one. A list that steers the
// planner writes its own source (the bookings, for one).
import { and, asc, count, desc, eq, or, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { getTableConfig, type PgColumn, type PgSelect, type PgTable } from 'drizzle-orm/pg-core';
import type { Database } from '../db/client';
import { counterName, readNamedCounter } from '../db/counters';
import { deferredPage, keysetBatches, pageRowsById, searchedPage, type ListFilter, type ListRequest, type ListSource } from './list-source';
import type { VersionedTable } from './page-cache';
import { contains } from './paging';

/** Up to this many matches a search's total comes with its page (a few ms to count); beyond, it follows (decision 021). */
export const SEARCH_TOTAL_INLINE_UP_TO = 2000;

interface TableListOptions<Record extends { id: number }, Row, Sort extends string> {
  db: Database;
  table: PgTable & { id: PgColumn };
  /** The versioned tables a page reads (migration 0007); none: pages are read afresh every time. */
  tables?: readonly VersionedTable[];
  /**
   * Tables joined for display only, e.g. `(query) => query.leftJoin(administrators, ...)`: the rows
   * read them, but the page's ids, the counts and the cursors read `table` alone, so the sorts, the
   * search and the filters must read `table` (a joined table through a subquery). PostgreSQL 15 drops
   * an unused left join on a unique key, but then reads the ids from the heap instead of the index
   * alone: Activity's page 800 of one kind took 200 ms instead of 8.
   */
  join?: (query: PgSelect) => PgSelect;
  /** What a row is read as. */
  columns: { [Key in keyof Record]: AnyColumn | SQL };
  /** The column behind each sort, of the listed table. */
  sortColumns: { [Key in Sort]: AnyColumn };
  /** The column the list's status filter selects on. */
  statusColumn?: AnyColumn;
  /**
   * The column or text expression behind each of the declaration's `searchFields`, by JSON name (the
   * engine refuses at start a source whose fields are not exactly those), or the condition a field
   * makes of the escaped LIKE pattern (undefined: not searched in this source's view). A search
   * matches a row where any of them contains what was typed (`contains`), or whose id it names
   * (`idSearch`). Best each column has a trigram index.
   */
  searchColumns: { readonly [field: string]: SearchColumn };
  /**
   * The search columns matched as one text, joined by spaces, rather than each alone: the expression
   * of one trigram index over them all (the host form's submissions). Columns only.
   */
  isSearchedAsOneText?: boolean;
  /** The condition of the list's extra filters (`filters` of its declaration), when the call gives any. */
  filter?: (filters: { readonly [name: string]: unknown }) => SQL | undefined;
  /**
   * The maintained total, by the list's name (server/db/counters.ts): the table's rows (and per
   * `statusColumn`), counted by the trigger the server installs at start (decision 024). Absent, and
   * without `migrationCounter`: the total is counted.
   */
  counter?: string;
  /**
   * Instead of `counter`: the total a migration's triggers keep under this name, for a list whose
   * rows are not one table's (two lists of the properties: listings, property approvals).
   */
  migrationCounter?: string;
  toRow: (record: Record) => Row;
  /** Rows per batch of the whole list (tests make it small to cross batch edges); absent: keysetBatches'. */
  batchSize?: number;
  /**
   * A search matching more rows than this has its exact total follow its rows (the list's `/total`
   * call, decision 021): counting tens of thousands of matches costs far more than their first page.
   * The matches are counted no further than this, once per call. Absent: every total comes with its page.
   */
  searchTotalInlineUpTo?: number;
}

/** What one search field reads: a column or text expression, or the condition it makes of the pattern. */
export type SearchColumn = AnyColumn | SQL | ((pattern: string) => SQL | undefined);

/** The condition a search field makes of an escaped LIKE pattern. */
const fieldCondition = (column: SearchColumn, pattern: string): SQL | undefined => (typeof column === 'function' ? column(pattern) : contains(column, pattern));

/** What `prepare` found out about a search (`hints`): how many rows it matches, counted no further than searchTotalInlineUpTo + 1. */
const SEARCH_MATCHES = 'searchMatches';

export function tableListSource<Record extends { id: number }, Row, Sort extends string, Status extends string = never>(
  options: TableListOptions<Record, Row, Sort>,
): ListSource<Row, Sort, Status> {
  const {
    db,
    table,
    join = (query) => query,
    columns,
    sortColumns,
    statusColumn,
    searchColumns,
    isSearchedAsOneText = false,
    filter: extra,
    counter: rowCounted,
    migrationCounter,
    toRow,
    batchSize,
    searchTotalInlineUpTo,
  } = options;

  const searchText = isSearchedAsOneText
    ? sql`(${sql.join(
        Object.values(searchColumns).map((column) => {
          if (typeof column === 'function') throw new Error('A search matched as one text joins columns, not conditions');
          return sql`${column}`;
        }),
        sql` || ' ' || `,
      )})`
    : undefined;
  /** The rows a search matches: its text in any search column, or the id it names. */
  const search = (pattern: string, searchedId: number | undefined): SQL =>
    or(
      ...(searchText ? [contains(searchText, pattern)] : Object.values(searchColumns).map((column) => fieldCondition(column, pattern))),
      searchedId === undefined ? undefined : eq(table.id, searchedId),
    ) ?? sql`false`;

  const counter = rowCounted ?? migrationCounter;
  const counterOf = (filter: ListFilter<Status>) =>
    counter && filter.pattern === undefined && filter.filters === undefined ? counterName(counter, filter.status) : undefined;

  /** The rows a filter selects: its search and its status. */
  const selected = (filter: ListFilter<Status>): SQL | undefined =>
    and(
      filter.pattern === undefined ? undefined : search(filter.pattern, filter.searchedId),
      filter.status === undefined || statusColumn === undefined ? undefined : eq(statusColumn, filter.status),
      filter.filters === undefined || extra === undefined ? undefined : extra(filter.filters),
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
    const cursor = db
      .select({ key: column as PgColumn, id: table.id })
      .from(table)
      .where(eq(table.id, afterId));
    return sql`(${column}, ${table.id}) ${operator} (${cursor})`;
  };

  /** The list's columns from `table`, with the tables joined for display. */
  const selectRows = () =>
    join(
      db
        .select(columns as never)
        .from(table)
        .$dynamic(),
    );

  const pageRows = pageRowsById<Record>(table, selectRows());

  const select = (request: ListRequest<Sort, Status>, where: SQL | undefined, limit: number) =>
    selectRows()
      .where(and(selected(request), where))
      .orderBy(...orderOf(request))
      .limit(limit) as unknown as Promise<Record[]>;

  return {
    tables: options.tables ?? [],
    searches: { fields: Object.keys(searchColumns), isById: true },
    ...(rowCounted === undefined
      ? {}
      : { rowCounter: { list: rowCounted, table: getTableConfig(table).name, ...(statusColumn ? { statusColumn: (statusColumn as PgColumn).name } : {}) } }),

    ...(searchTotalInlineUpTo === undefined
      ? {}
      : {
          async prepare(request: ListRequest<Sort, Status>) {
            if (request.pattern === undefined) return request;
            const matches = db
              .select({ one: sql`1` })
              .from(table)
              .where(selected(request))
              .limit(searchTotalInlineUpTo + 1)
              .as('matches');
            const [row] = await db.select({ total: count() }).from(matches);
            return { ...request, hints: { ...request.hints, [SEARCH_MATCHES]: row.total } };
          },
          isTotalCostly: (filter: ListFilter<Status>) => Number(filter.hints?.[SEARCH_MATCHES] ?? 0) > searchTotalInlineUpTo,
        }),

    async page(request) {
      if (request.pattern !== undefined) {
        const searched = await searchedPage(db, {
          table,
          where: selected({ ...request, pattern: undefined }),
          search: search(request.pattern, request.searchedId),
          order: orderOf(request),
          limit: request.limit,
          offset: request.offset,
          rows: pageRows,
        });
        return searched.map(toRow);
      }
      const records = await deferredPage(db, {
        table,
        where: selected(request),
        order: orderOf(request),
        limit: request.limit,
        offset: request.offset,
        rows: pageRows,
      });
      return records.map(toRow);
    },

    // An unsearched total, of the whole list or of one status, comes from the counter the triggers keep;
    // a search or an extra filter is counted for real.
    counterOf,

    async count(filter) {
      const named = counterOf(filter);
      if (named !== undefined) return readNamedCounter(db, named);
      // A search `prepare` counted to the end (under its bound) needs no second count.
      const matches = filter.hints?.[SEARCH_MATCHES];
      if (searchTotalInlineUpTo !== undefined && typeof matches === 'number' && matches <= searchTotalInlineUpTo) return matches;
      const [row] = await db.select({ total: count() }).from(table).where(selected(filter));
      return row.total;
    },

    batches: (request) => keysetBatches<Record, Row>((last, limit) => select(request, last && afterRow(request, last.id), limit), toRow, batchSize),
  };
}
