// The list engine: from a list's definition (src/contracts/list-resource.ts) and a source of its rows,
// the routes that answer it in its three forms, with validation, OpenAPI schemas and exact totals:
//   - one page (`page`, `pageSize`, `q`, `status`, `sort`, `order`), total in X-Total-Count, cached
//     under the data versions of the tables it reads (page-cache.ts);
//   - the whole array without paging parameters, streamed batch by batch;
//   - `format=csv`: every row the search and filter select, as a download.
// Both exports read the source's batches: in the list's order where the source walks it by keyset,
// in id order where a sort has no keyset to resume from (hosts, bookings; list-source.ts).
// A source is where lists differ (a join, an index to steer to); everything else is here, once.
// Every list route carries its definition's permission; the CSV and the whole array are exports and
// need the `export` permission as well (docs/decisions/018-staff-roles.md). A source whose rows depend
// on who asks names the caller's view (`viewOf`); every form of the call then reads that view alone.
// A process streams at most a few exports at once (server/lib/streams.ts); a further one is a 503.
// Each CSV is also offered to download tickets (list-exports.ts), which stream it without a bearer token.
// A list that declares a `batch` also gets its batch decisions and their undo (list-batch.ts).
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { csvFieldOf, csvHeaderOf, listDefinitionQuerySchema, valueAt, type ListDefinition } from '../../src/contracts/list-resource';
import { isPagedQuery, listTotalSchema, TOTAL_COUNT_HEADER, TOTAL_PENDING_HEADER, type ListQuery } from '../../src/contracts/paging';
import type { Database } from '../db/client';
import type { ListCaller, ListRequest, ListSource } from './list-source';
import type { PageCache } from './page-cache';
import { containsPattern, resolvePage, searchedId, searchTerm } from './paging';
import { BadRequestError } from '../errors';
import { listActionRoutes, listBatchRoutes } from './list-batch';
import { adminRoute } from './route-schema';
import { sendCsv, sendJsonArray } from './streams';

/** The filter and order of a call, resolved once for every form. */
function resolveListRequest<Sort extends string, Status extends string>(
  definition: ListDefinition<z.ZodObject, Sort, Status>,
  query: ListQuery<Sort, Status>,
  view?: string,
): ListRequest<Sort, Status> {
  const term = searchTerm(query.q);
  return {
    view,
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

/** Every row a call selects, in the order the source walks it, for the whole array and CSV. */
async function* allRows<Row, Sort extends string, Status extends string>(source: ListSource<Row, Sort, Status>, request: ListRequest<Sort, Status>) {
  yield* source.batches(await prepared(source, request));
}

/**
 * From this offset on, a page's total is read before the page, and a page past the last one is not
 * read at all: skipping rows walks them, so a page past the end of a long list would cost a walk of
 * the whole list. Short of it the page and its total run side by side: such a page walks at most
 * 10,000 index entries, a few milliseconds (decision 012), even past the end.
 */
const COUNT_FIRST_OFFSET = 10_000;
/** The name a list's answers are cached under: each view's apart, so no caller is served another view's answer. */
const cacheNameOf = (definition: { name: string }, view: string | undefined) => (view === undefined ? definition.name : `${definition.name} (${view})`);

/**
 * One page and its exact total, from the page cache when the tables it reads are unchanged. The
 * total is `undefined` when the source finds it costlier than the page and the page is one of the
 * first: the rows come at once and the screen asks `/total` for it (`listTotal`).
 */
export function listPage<Row, Sort extends string, Status extends string>(
  definition: ListDefinition<z.ZodObject, Sort, Status>,
  source: ListSource<Row, Sort, Status>,
  pages: PageCache,
  query: ListQuery<Sort, Status>,
  view?: string,
): Promise<{ rows: Row[]; total: number | undefined }> {
  // A page deeper than the contract allows is a 400 before anything is read.
  const window = resolvePage(query, definition.pageSize);
  // The page cache keys pages by the paged form's parameters only: a call with an extra filter is read afresh.
  const tables = extraFilters(definition, query) ? [] : source.tables;
  const resolved = resolveListRequest(definition, query, view);
  return pages.page(
    cacheNameOf(definition, view),
    tables,
    query,
    async (rememberTotal) => {
      const request = await prepared(source, resolved);
      const readPage = () => source.page({ ...request, limit: window.limit, offset: window.offset });
      const countAll = () => rememberTotal(() => source.count(request));
      if (window.offset < COUNT_FIRST_OFFSET) {
        if (source.isTotalCostly?.(request)) return { rows: await readPage(), total: undefined };
        // The page and its total run side by side, each on its own connection.
        const [rows, total] = await Promise.all([readPage(), countAll()]);
        return { rows, total };
      }
      const total = await countAll();
      return { rows: window.offset >= total ? [] : await readPage(), total };
    },
    // An unsearched total the triggers keep is read with the versions, in the same statement.
    source.counterOf?.(resolved),
  );
}

/** The exact total of a call's search and filters, remembered as its pages remember it. */
function listTotal<Sort extends string, Status extends string>(
  definition: ListDefinition<z.ZodObject, Sort, Status>,
  source: ListSource<unknown, Sort, Status>,
  pages: PageCache,
  query: ListQuery<Sort, Status>,
  view?: string,
): Promise<number> {
  const tables = extraFilters(definition, query) ? [] : source.tables;
  const count = async () => source.count(await prepared(source, resolveListRequest(definition, query, view)));
  const term = searchTerm(query.q);
  // The key a page's rememberTotal uses (page-cache.ts), so a total counted either way is counted once.
  return term === undefined ? count() : pages.remember(`${cacheNameOf(definition, view)} total`, tables, { term, status: query.status }, count);
}

/**
 * Refuses, at start, a source that does not search what its list declares: its fields must be the
 * declaration's `searchFields`, and a list with `idSearch` needs a source that finds a row by its id.
 */
export function checkSearch(
  definition: Pick<ListDefinition<z.ZodObject, string, string>, 'name' | 'searchFields' | 'idSearch'>,
  source: Pick<ListSource<unknown>, 'searches'>,
): void {
  const declared = [...definition.searchFields].sort();
  const searched = [...source.searches.fields].sort();
  if (declared.join('\n') !== searched.join('\n'))
    throw new Error(
      `The list "${definition.name}" declares the search fields ${declared.join(', ') || '(none)'}, but its source searches ${searched.join(', ') || '(none)'}: give the source one search column per declared field`,
    );
  if (definition.idSearch && !source.searches.isById)
    throw new Error(
      `The list "${definition.name}" declares idSearch, but its source does not find a row by its id: leave idSearch out, or search \`searchedId\` in the source`,
    );
}

/** What `q` matches, for the API document: the declared fields, and the id where the list has `idSearch`. */
function searchDescription(definition: ListDefinition<z.ZodObject, string, string>): string {
  const { idSearch } = definition;
  const byId = idSearch ? `; a whole number${idSearch.allowHash ? ' (or #123)' : ''} also finds the row with that ${definition.resource?.idField ?? 'id'}` : '';
  return `q matches ${definition.searchFields.join(', ')}${byId}.`;
}

/**
 * The routes of one list. `sourceOf` is the list's source as its module's repository exports it,
 * called with the app's database once the app exists. Paths come from the definition; every one
 * answers the same three forms.
 */
export function listRoutes<Row extends z.ZodObject, Sort extends string, Status extends string>(
  definition: ListDefinition<Row, Sort, Status>,
  sourceOf: (db: Database) => ListSource<z.infer<Row>, Sort, Status>,
): FastifyPluginAsyncZod {
  const querystring = listDefinitionQuerySchema(definition);
  const csvColumns = definition.csvColumns;
  return async (app) => {
    const source = sourceOf(app.deps.handle.db);
    checkSearch(definition, source);
    const { pages, exportShares, listExports } = app.services;
    const viewOf = (caller: ListCaller | null) => (source.viewOf && caller ? source.viewOf(caller) : undefined);
    // Both exports select exactly what a page with the same search and filters selects.
    const rowsOf = (query: ListQuery<Sort, Status>, caller: ListCaller | null) => allRows(source, resolveListRequest(definition, query, viewOf(caller)));
    const sendListCsv =
      csvColumns &&
      ((reply: FastifyReply, query: ListQuery<Sort, Status>, caller: ListCaller | null) => {
        const header = csvColumns.map(csvHeaderOf);
        const fields = csvColumns.map(csvFieldOf);
        return sendCsv(reply, `${definition.name}.csv`, header, rowsOf(query, caller), (row) => fields.map((field) => valueAt(row, field)));
      });
    if (definition.actions?.some((action) => action.path !== undefined && action.hasOwnAnswer !== true)) await app.register(listActionRoutes(definition));
    if (definition.batch) {
      const idField = definition.resource?.idField ?? 'id';
      await app.register(
        listBatchRoutes(definition, async (match, limit) => {
          const parsed = querystring.safeParse(match);
          if (!parsed.success) throw new BadRequestError(parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; '));
          const request = await prepared(source, resolveListRequest(definition, parsed.data as ListQuery<Sort, Status>));
          const rows = await source.page({ ...request, limit, offset: 0 });
          return rows.map((row) => Number(valueAt(row, idField)));
        }),
      );
    }
    for (const url of definition.paths) {
      if (sendListCsv) {
        // The same CSV through a download ticket (server/modules/exports/), for the browser's download manager.
        listExports.add(url, {
          permission: definition.permission,
          parseQuery(query) {
            const parsed = querystring.safeParse(query);
            return parsed.success
              ? { isValid: true, query: parsed.data as Record<string, unknown> }
              : { isValid: false, message: parsed.error.issues.map((issue) => `${issue.path.join('.') || 'query'}: ${issue.message}`).join('; ') };
          },
          send: (reply, query, caller) => sendListCsv(reply, query as ListQuery<Sort, Status>, caller),
        });
      }
      app.get(
        url,
        adminRoute(definition.tag, definition.summary, {
          description: `Without paging parameters: the whole array. With page, pageSize, q, status, sort or order: one page, total in X-Total-Count. ${searchDescription(definition)}${csvColumns ? ' With format=csv: every row the search and filter select, as CSV (a browser downloads it through POST /api/admin/exports).' : ''}`,
          querystring,
          ok: z.array(definition.row),
          access: { permission: definition.permission, isExport },
        }),
        async (request, reply) => {
          const query = request.query as ListQuery<Sort, Status>;
          const isCsv = sendListCsv !== undefined && query.format === 'csv';
          if (isCsv || !isPagedQuery(query)) {
            exportShares.hold(request.admin!.administratorId, reply);
            return isCsv ? sendListCsv(reply, query, request.admin) : sendJsonArray(reply, rowsOf(query, request.admin), (row) => row);
          }
          const page = await listPage(definition, source, pages, query, viewOf(request.admin));
          if (page.total === undefined) reply.header(TOTAL_PENDING_HEADER, '1');
          else reply.header(TOTAL_COUNT_HEADER, String(page.total));
          return page.rows;
        },
      );
      app.get(
        `${url}/total`,
        adminRoute(definition.tag, `${definition.summary}: the exact total of a search`, {
          description: `The exact total of the rows a search and filters select (q, status${definition.filters ? " and the list's filters" : ''}; paging and order are ignored), for a page that came with ${TOTAL_PENDING_HEADER} instead of X-Total-Count.`,
          querystring,
          ok: listTotalSchema,
          access: { permission: definition.permission },
        }),
        async (request) => ({ total: await listTotal(definition, source, pages, request.query as ListQuery<Sort, Status>, viewOf(request.admin)) }),
      );
    }
  };
}
