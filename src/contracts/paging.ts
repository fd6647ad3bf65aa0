// The paged form of every admin list call: ?page=&pageSize=&q=&status=&sort=&order=
// Without any of these parameters a list call answers the whole array (docs/product.md §21).
import { z } from 'zod';

export const MAX_PAGE_SIZE = 100;
export const MAX_SEARCH_LENGTH = 200;
export const TOTAL_COUNT_HEADER = 'x-total-count';

export const PAGE_QUERY_KEYS = ['page', 'pageSize', 'q', 'status', 'sort', 'order'] as const;

export interface ListQueryOptions<Sort extends string, Status extends string> {
  sorts: readonly [Sort, ...Sort[]];
  statuses?: readonly [Status, ...Status[]];
}

/** Builds the query schema of one list: its own sort keys and status values, checked strictly. */
export function listQuerySchema<Sort extends string, Status extends string = never>(
  options: ListQueryOptions<Sort, Status>,
) {
  return z.object({
    page: z.coerce.number().int().min(1).max(10_000_000).optional(),
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
