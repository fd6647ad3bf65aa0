// The paged form of every admin list call: ?page=&pageSize=&q=&status=&sort=&order=
// Without any of these parameters a list call answers the whole array (docs/product.md §21).
import { z } from 'zod';

export const MAX_PAGE_SIZE = 100;
export const MAX_SEARCH_LENGTH = 200;
// The headers live apart, without zod: the back-office's data provider reads them on its first load.
export { TOTAL_COUNT_HEADER, TOTAL_PENDING_HEADER } from './list-headers';
/** The list's `/total` call: the exact total of a search and filters, for a page that came without one. */
export const listTotalSchema = z.object({ total: z.number().int().min(0) });
export type ListTotal = z.infer<typeof listTotalSchema>;

/**
 * The deepest a page may start: (page - 1) × pageSize rows from the top. Ten times the largest list
 * we measure (1,000,000 bookings, docs/benchmarks.md), so the "Last" page of every list stays
 * reachable for years of growth, while a page number from a script cannot ask the database to skip
 * a billion rows. Deeper than this, reverse the order or narrow the search.
 */
export const MAX_LIST_OFFSET = 10_000_000;
export const PAGE_TOO_DEEP_MESSAGE = `A page must start within the first ${MAX_LIST_OFFSET.toLocaleString('en-US')} rows: reverse the order or narrow the search.`;

/** Every export the process may stream at once is streaming (server/lib/streams.ts): a 503 with Retry-After. */
export const EXPORTS_BUSY_MESSAGE = 'Another export is in progress. Please try again in a few seconds.';
export const EXPORTS_BUSY_REASON = 'exports-busy';

/** Whether a page of `pageSize` rows numbered `page` starts within MAX_LIST_OFFSET rows. */
export const isWithinListDepth = (page: number, pageSize: number): boolean => (page - 1) * pageSize < MAX_LIST_OFFSET;

export const PAGE_QUERY_KEYS = ['page', 'pageSize', 'q', 'status', 'sort', 'order'] as const;

export interface ListQueryOptions<Sort extends string, Status extends string> {
  sorts: readonly [Sort, ...Sort[]];
  statuses?: readonly [Status, ...Status[]];
}

/** Builds the query schema of one list: its own sort keys and status values, checked strictly. */
export function listQuerySchema<Sort extends string, Status extends string = never>(options: ListQueryOptions<Sort, Status>) {
  return z.object({
    // The whole offset (page × pageSize) is checked once the page size is known (server/lib/paging.ts).
    page: z.coerce.number().int().min(1).max(MAX_LIST_OFFSET).optional(),
    pageSize: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).optional(),
    q: z.string().max(MAX_SEARCH_LENGTH).optional(),
    status: options.statuses ? z.enum(options.statuses).optional() : z.never().optional(),
    sort: z.enum(options.sorts).optional(),
    order: z.enum(['asc', 'desc']).optional(),
    format: z.enum(['json', 'csv']).optional(),
  });
}

export type ListQuery<Sort extends string = string, Status extends string = string> = {
  page?: number;
  pageSize?: number;
  q?: string;
  status?: Status;
  sort?: Sort;
  order?: 'asc' | 'desc';
  format?: 'json' | 'csv';
};

/** True when the call asked for one page rather than the whole array. */
export function isPagedQuery(query: Record<string, unknown>): boolean {
  return PAGE_QUERY_KEYS.some((key) => query[key] !== undefined);
}
