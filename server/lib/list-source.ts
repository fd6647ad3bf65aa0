// What the list engine (list-engine.ts) asks of a list's source of rows, and the two queries every
// source is written with: a page by its ids, then their rows, and the whole list by keyset. Each
// list's source is exported by its module's repository (`<list>ListSource(db)`, decision 015); this
// file imports nothing of the engine's, so a repository depends on it alone.
import { sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgSelect, PgTable } from 'drizzle-orm/pg-core';
import type { SortOrder } from '../../src/contracts/list-resource';
import type { Role } from '../../src/contracts/roles';
import type { Database } from '../db/client';
import type { RowCounter } from '../db/list-counter-triggers';
import type { VersionedTable } from './page-cache';

/** Who calls a list: what a source may ask of the caller to decide its view. */
export interface ListCaller {
  role: Role;
}

/** Which rows a call selects: the search (an escaped LIKE pattern, and an id it names) and the status. */
export interface ListFilter<Status extends string = string> {
  /** The caller's view, as the source's `viewOf` named it; absent when the caller is unknown (show the least). */
  view?: string;
  pattern?: string;
  searchedId?: number;
  status?: Status;
  /** The definition's extra filters the call gave (`filters` of the list declaration), by name. */
  filters?: Readonly<Record<string, unknown>>;
  /** What the source's `prepare` found out about this filter, for its own use. */
  hints?: Readonly<Record<string, unknown>>;
}

/** What a source's search reads (`ListSource.searches`). */
export interface ListSearch {
  fields: readonly string[];
  isById: boolean;
}

/** A filter with the list's order: `sort` is the call's, or the definition's default. */
export interface ListRequest<Sort extends string = string, Status extends string = string> extends ListFilter<Status> {
  sort?: Sort;
  order: SortOrder;
}

export interface ListSource<Row, Sort extends string = string, Status extends string = string> {
  /** The tables a page reads: a write to any of them renews the list's cached pages. */
  tables: readonly VersionedTable[];
  /**
   * What a search reads: the fields whose text it matches, by JSON name, and whether a whole number
   * also finds the row with that id (`searchedId`). The engine refuses at start a source whose fields
   * are not its declaration's `searchFields`, or that cannot find by id a list that declares `idSearch`.
   */
  searches: ListSearch;
  /** A list counted by its rows: the server installs its counter trigger at start (server/db/list-counter-triggers.ts). */
  rowCounter?: RowCounter;
  /**
   * For a list whose rows depend on who asks (Activity leaves staff accounts out for a role that does
   * not manage staff): the name of the caller's view. The page, the count and the batches receive it
   * as `view`, and the page cache keeps each view's answers apart. Absent: every caller sees the same.
   */
  viewOf?(caller: ListCaller): string;
  /**
   * Adds what the source needs to know about a filter before it reads (how many rows a search
   * matches, say), once per call; the page, the count and the batches then receive the result.
   */
  prepare?(request: ListRequest<Sort, Status>): Promise<ListRequest<Sort, Status>>;
  page(request: ListRequest<Sort, Status> & { limit: number; offset: number }): Promise<Row[]>;
  count(filter: ListFilter<Status>): Promise<number>;
  /**
   * The counter (server/db/counters.ts) that holds a filter's exact total, where one does (no search,
   * no extra filter): the page cache reads it in the same statement as the data versions, so an
   * unsearched page costs one lookup fewer. Undefined: `count` counts it. A source that names one
   * answers the same number from `count`.
   */
  counterOf?(filter: ListFilter<Status>): string | undefined;
  /**
   * Whether the exact total of a prepared request costs more than its page (a search matching most
   * of a million rows): its first pages then come without it, and the total follows from the list's
   * `/total` call (docs/decisions/021). Absent: every total comes with its page.
   */
  isTotalCostly?(filter: ListFilter<Status>): boolean;
  /**
   * Every row the request selects, a batch at a time (the whole array and CSV), by keyset
   * (`keysetBatches`): in the request's order where the source can resume that order from a row, in
   * id order where it cannot (say so on the source).
   */
  batches(request: ListRequest<Sort, Status>): AsyncIterable<Row[]>;
}

/**
 * One page in two statements: the page's ids are read in `order` from the sort's index alone (of
 * `table` only: a join, even one PostgreSQL drops, would make it read them from the heap), then only
 * those rows by `rows` (`pageRowsById`), so a deep page stays cheap. The two are not one statement:
 * planned together, the walk and the joins cost the bookings' page 1 to 3 ms of planning a call at a
 * million rows, against 0.1 ms for the walk alone and none for the prepared read of its rows
 * (decision 035). A row deleted between the two is left out of its page, and a row changed between
 * them is shown as it is now. Every list's page query, except where a list steers the planner itself:
 * the bookings' searched pages and their Guest and Property sorts, and Activity's searched pages
 * (bookings.repository.ts, audit.repository.ts).
 */
export async function deferredPage<Record>(
  db: Database,
  page: {
    table: PgTable & { id: PgColumn };
    where: SQL | undefined;
    order: SQL[];
    limit: number;
    offset: number;
    /** The page's rows by their ids, in that order (`pageRowsById`). */
    rows: PageRowsById<Record>;
  },
): Promise<Record[]> {
  const { table } = page;
  const found = await db
    .select({ id: table.id })
    .from(table)
    .where(page.where)
    .orderBy(...page.order)
    .limit(page.limit)
    .offset(page.offset);
  return page.rows(found.map((row) => Number(row.id)));
}

/** Rows of its table a searched page walks in the list's order before it sorts the matches instead (`searchedPage`). */
export const SEARCH_WALK_BOUND = 2000;

/**
 * A searched page (issue 48). Walking the sort's index and testing each row fills a page soon when the
 * matches are spread through the order, but a word that is also how the sort begins gathers its
 * matches in one stretch of it ("sunny" under Title, ascending: every title from "A" to "Sunny" tested
 * first, 1.5 s on 150,000 properties). So the walk goes at most `walkBound` rows; a page it does not
 * fill (or a deep page's four times its end, so a search matching most rows still walks to it) is
 * read from the matches themselves (found by the search's own indexes, then sorted), which
 * costs what the matches cost and nothing of where they sit in the order. `where` is the filter
 * without the search (status, extra filters), `search` the search's condition; both read `table`.
 */
export async function searchedPage<Record>(
  db: Database,
  page: {
    table: PgTable & { id: PgColumn };
    where: SQL | undefined;
    search: SQL;
    order: SQL[];
    limit: number;
    offset: number;
    rows: PageRowsById<Record>;
    walkBound?: number;
  },
): Promise<Record[]> {
  const { table } = page;
  const filtered = page.where ? sql` WHERE ${page.where}` : sql``;
  const order = sql.join(page.order, sql`, `);
  // The first rows of the order under the filter, named as the table, so that the search and the
  // order read them through the table's own columns. The filter again outside: a column it holds to
  // one value (the status) is then one value there too, so the planner sees the rows come in the
  // order asked and stops at the page's end rather than sorting them all.
  const walked =
    await db.execute(sql`SELECT ${table.id} AS id FROM (SELECT * FROM ${table}${filtered} ORDER BY ${order} LIMIT ${Math.max(page.walkBound ?? SEARCH_WALK_BOUND, 4 * (page.offset + page.limit))}) AS ${table}
    WHERE ${page.where ? sql`${page.where} AND ` : sql``}${page.search} ORDER BY ${order} LIMIT ${page.limit} OFFSET ${page.offset}`);
  let ids = idsOf(walked);
  if (ids.length < page.limit) {
    // The matches, found by the search's indexes (the name of the table, inside, is the table's), then sorted.
    const matched =
      await db.execute(sql`WITH ${table} AS MATERIALIZED (SELECT * FROM ${table} WHERE ${page.where ? sql`${page.where} AND ` : sql``}${page.search})
      SELECT ${table.id} AS id FROM ${table} ORDER BY ${order} LIMIT ${page.limit} OFFSET ${page.offset}`);
    ids = idsOf(matched);
  }
  return page.rows(ids);
}

/** The ids a statement of `SELECT … id` answers, in its order. */
export const idsOf = (result: unknown) => (result as { rows: { id: number | string }[] }).rows.map((row) => Number(row.id));

/** A list's rows by id, in the order of the ids given. */
export type PageRowsById<Record> = (ids: readonly number[]) => Promise<Record[]>;

/** Numbers the prepared statements of `pageRowsById`: each source's is its own. */
let preparedRows = 0;

/**
 * Reads `select`'s rows (columns of `table` with the joins they need) for a page's ids, in their
 * order, through one statement prepared once per source: PostgreSQL plans it a few times on each
 * connection, then runs the same plan, a primary-key probe per id and per join.
 */
export function pageRowsById<Record>(table: PgTable & { id: PgColumn }, select: PgSelect): PageRowsById<Record> {
  const ids = sql`${sql.placeholder('ids')}::bigint[]`;
  preparedRows += 1;
  const statement = select
    .where(sql`${table.id} = ANY(${ids})`)
    .orderBy(sql`array_position(${ids}, ${table.id}::bigint)`)
    .prepare(`page_rows_${preparedRows}`);
  return async (pageIds) => (pageIds.length === 0 ? [] : ((await statement.execute({ ids: [...pageIds] })) as Record[]));
}

/** Rows per batch of a whole list: a few hundred kilobytes in memory at a time. */
const BATCH_SIZE = 1000;

/**
 * A whole list, one batch at a time, each batch read after the last record of the one before (a
 * keyset, never an offset): a million rows stream in constant memory, and the last batch costs what
 * the first did. `readAfter` answers the records after `last` (from the start when undefined) in
 * the walk's order, at most `limit` of them.
 */
export async function* keysetBatches<Record, Row>(
  readAfter: (last: Record | undefined, limit: number) => Promise<Record[]>,
  toRow: (record: Record) => Row,
  batchSize = BATCH_SIZE,
): AsyncGenerator<Row[]> {
  let last: Record | undefined;
  for (;;) {
    const records = await readAfter(last, batchSize);
    if (records.length === 0) return;
    yield records.map(toRow);
    if (records.length < batchSize) return;
    last = records[records.length - 1];
  }
}
