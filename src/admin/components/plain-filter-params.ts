import { useGo } from '@refinedev/core';
import { useEffect } from 'react';
import { useLocation, useSearchParams } from 'react-router';

/**
 * Lets a list open from a short link such as `/hosts?status=Pending` (the dashboard's cards): the
 * plain parameters named in `fields` become Refine's own synced filters, page 1, and leave the URL.
 * Answers true while that rewrite is pending, so the list waits instead of loading unfiltered.
 */
export function usePlainFilterParams(fields: readonly string[]): boolean {
  const [searchParams] = useSearchParams();
  const { pathname } = useLocation();
  const go = useGo();
  const plain = fields.flatMap((field) => {
    const value = searchParams.get(field)?.trim();
    return value ? [{ field, value }] : [];
  });
  const hasPlain = plain.length > 0;
  // A string stands for the parameters in the effect's dependencies (the array is new on every render).
  const signature = JSON.stringify(plain);

  useEffect(() => {
    const found = JSON.parse(signature) as { field: string; value: string }[];
    if (found.length === 0) return;
    go({
      to: pathname,
      type: 'replace',
      query: {
        currentPage: 1,
        // A search matches part of a field; any other plain parameter names one exact value.
        filters: found.map(({ field, value }) => ({ field, operator: field === 'q' ? 'contains' : 'eq', value })),
      },
    });
  }, [signature, pathname, go]);

  return hasPlain;
}
