// The list engine: from a list's definition (src/contracts/list-resource.ts) and a source of its rows,
// the routes that answer it in its three forms, with validation, OpenAPI schemas and exact totals:
//   - one page (`page`, `pageSize`, `q`, `status`, `sort`, `order`), total in X-Total-Count, cached
//     under the data versions of the tables it reads (page-cache.ts);
//   - the whole array without paging parameters, streamed batch by batch;
//   - `format=csv`: every row the search and filter select, in the list's order, as a download.
// A source is where lists differ (a join, an index to steer to); everything else is here, once.
// Every list route carries its definition's permission; the CSV and the whole array are exports and
// need the `export` permission as well (docs/decisions/018-staff-roles.md).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  csvFieldOf,
  csvHeaderOf,
  listDefinitionQuerySchema,
  valueAt,
  type ListDefinition,
  type SortOrder,
} from '../../src/contracts/list-resource';
import { isPagedQuery, TOTAL_COUNT_HEADER, type ListQuery } from '../../src/contracts/paging';
import type { Database } from '../db/client';
import type { Services } from '../services';
import type { PageCache, VersionedTable } from './page-cache';
import { containsPattern, resolvePage, searchedId, searchTerm } from './paging';
import { adminRoute } from './route-schema';
import { sendCsv, sendJsonArray } from './streams';

/** Which rows a call selects: the search (an escaped LIKE pattern, and an id it names) and the status. */
export interface ListFilter<Status extends string = string> {
  pattern?: string;
  searchedId?: number;
  status?: Status;
  /** The definition's extra filters the call gave (`filters` of the list declaration), by name. */
  filters?: Readonly<Record<string, unknown>>;
  /** What the source's `prepare` found out about this filter, for its own use. */
  hints?: Readonly<Record<string, unknown>>;
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
   * Adds what the source needs to know about a filter before it reads (how many rows a search
   * matches, say), once per call; the page, the count and the batches then receive the result.
   */
  prepare?(request: ListRequest<Sort, Status>): Promise<ListRequest<Sort, Status>>;
  page(request: ListRequest<Sort, Status> & { limit: number; offset: number }): Promise<Row[]>;
  count(filter: ListFilter<Status>): Promise<number>;
  /** Every row the request selects, in its order, a batch at a time (the whole array and CSV). */
  batches(request: ListRequest<Sort, Status>): AsyncIterable<Row[]>;
}

/** The filter and order of a call, resolved once for every form. */
export function resolveListRequest<Sort extends string, Status extends string>(
  definition: ListDefinition<z.ZodObject, Sort, Status>,
  query: ListQuery<Sort, Status>,
): ListRequest<Sort, Status> {
  const term = searchTerm(query.q);
  return {
    pattern: term === undefined ? undefined : containsPattern(term),
    searchedId: term !== undefined && definition.idSearch ? searchedId(term, definition.idSearch) : undefined,
    status: query.status,
    filters: extraFilters(definition, query),
    sort: query.sort ?? definition.defaultOrder.sort,
    order: query.order ?? (query.sort ? 'asc' : definition.defaultOrder.order),
  };
}

/** The values of the definition's extra filters that a query gives; undefined when it gives none. */
function extraFilters(definition: ListDefinition<z.ZodObject, string, string>, query: object): Record<string, unknown> | undefined {
  const given = Object.entries(query).filter(([key, value]) => value !== undefined && definition.filters?.[key] !== undefined);
  return given.length > 0 ? Object.fromEntries(given) : undefined;
}

/** An export: CSV, or the whole array (no paging parameter). */
const isExport = (query: Record<string, unknown>) => query.format === 'csv' || !isPagedQuery(query);

function prepared<Sort extends string, Status extends string>(source: ListSource<unknown, Sort, Status>, request: ListRequest<Sort, Status>) {
  return source.prepare ? source.prepare(request) : Promise.resolve(request);
}

/** Every row a call selects, in its order, for the whole array and CSV. */
async function* allRows<Row, Sort extends string, Status extends string>(source: ListSource<Row, Sort, Status>, request: ListRequest<Sort, Status>) {
  yield* source.batches(await prepared(source, request));
}

/** One page and its exact total, from the page cache when the tables it reads are unchanged. */
export function listPage<Row, Sort extends string, Status extends string>(
  definition: ListDefinition<z.ZodObject, Sort, Status>,
  source: ListSource<Row, Sort, Status>,
  pages: PageCache,
  query: ListQuery<Sort, Status>,
): Promise<{ rows: Row[]; total: number }> {
  // The page cache keys pages by the paged form's parameters only: a call with an extra filter is read afresh.
  const tables = extraFilters(definition, query) ? [] : source.tables;
  return pages.page(definition.name, tables, query, async (rememberTotal) => {
    const window = resolvePage(query, definition.pageSize);
    const request = await prepared(source, resolveListRequest(definition, query));
    // The page and its total run side by side, each on its own connection.
    const [rows, total] = await Promise.all([
      source.page({ ...request, limit: window.limit, offset: window.offset }),
      rememberTotal(() => source.count(request)),
    ]);
    return { rows, total };
  });
}

/**
 * The routes of one list. `sourceOf` is called once the app's services exist, with them and the
 * database (a list of one table needs no service: its source is `tableListSource`). Paths come from the
 * definition; every one answers the same three forms.
 */
export function listRoutes<Row extends z.ZodObject, Sort extends string, Status extends string>(
  definition: ListDefinition<Row, Sort, Status>,
  sourceOf: (services: Services, db: Database) => ListSource<z.infer<Row>, Sort, Status>,
): FastifyPluginAsyncZod {
  const querystring = listDefinitionQuerySchema(definition);
  const csvColumns = definition.csvColumns;
  return async (app) => {
    const source = sourceOf(app.services, app.deps.handle.db);
    const pages = app.services.pages;
    for (const url of definition.paths) {
      app.get(
        url,
        adminRoute(definition.tag, definition.summary, {
          description: `Without paging parameters: the whole array. With page, pageSize, q, status, sort or order: one page, total in X-Total-Count. q matches ${definition.searchFields.join(', ')}.${csvColumns ? ' With format=csv: every row the search and filter select, as CSV.' : ''}`,
          querystring,
          ok: z.array(definition.row),
          access: { permission: definition.access, isExport },
        }),
        async (request, reply) => {
          const query = request.query as ListQuery<Sort, Status>;
          if (csvColumns && query.format === 'csv') {
            const rows = allRows(source, resolveListRequest(definition, query));
            const header = csvColumns.map(csvHeaderOf);
            const fields = csvColumns.map(csvFieldOf);
            return sendCsv(reply, `${definition.name}.csv`, header, rows, (row) => fields.map((field) => valueAt(row, field)));
          }
          if (!isPagedQuery(query)) return sendJsonArray(reply, allRows(source, resolveListRequest(definition, {})), (row) => row);
          const page = await listPage(definition, source, pages, query);
          reply.header(TOTAL_COUNT_HEADER, String(page.total));
          return page.rows;
        },
      );
    }
  };
}
