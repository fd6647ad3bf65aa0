// The address of a list screen's first page under some filters, written as the list itself keeps it
// in the URL (Refine's synced form: pageSize, currentPage, filters[i][field|operator|value]). A link
// to it opens the list filtered at once: the list finds nothing to rewrite, the address stays the one
// the link showed (it can be shared and reloaded), and no unfiltered read comes first. A short link
// (`/hosts?status=Pending`) still works: the list rewrites it (components/plain-filter-params.ts).
import { useGo } from '@refinedev/core';
import { useCallback } from 'react';
import { RESOURCES } from '../resources';

/** Answers the address of `path`'s first page under `filters` (by field; a search is `q`). */
export function useListAddress(): (path: string, filters: Readonly<Record<string, string>>) => string {
  const go = useGo();
  return useCallback(
    (path, filters) => {
      const list = RESOURCES.find((entry) => entry.list && entry.routes.list === path);
      // A screen that is not an admin list (the conversations) keeps plain parameters itself.
      if (!list) return `${path}?${new URLSearchParams(filters as Record<string, string>).toString()}`;
      const query = {
        // The keys in the order the list writes them back (use-list-screen.ts through Refine's useTable).
        pageSize: list.pageSize,
        currentPage: 1,
        // A search matches part of a field; any other filter names one exact value (as plain-filter-params.ts).
        filters: Object.entries(filters).map(([field, value]) => ({ field, operator: field === 'q' ? 'contains' : 'eq', value })),
      };
      return go({ to: path, type: 'path', query }) ?? path;
    },
    [go],
  );
}
