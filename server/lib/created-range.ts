// A list's createdFrom / createdTo filters (ListFilterKind 'date', both days included, UTC days as the
// dashboard's charts count them): the condition on the list's creation column, so a chart's bucket
// opens exactly the rows it counted.
import { and, sql, type AnyColumn, type SQL } from 'drizzle-orm';

export interface CreatedRange {
  from?: string;
  to?: string;
}

/** The range a call's filters give; undefined when they give neither day. */
export function createdRangeOf(filters: { readonly [name: string]: unknown } | undefined): CreatedRange | undefined {
  const from = typeof filters?.createdFrom === 'string' ? filters.createdFrom : undefined;
  const to = typeof filters?.createdTo === 'string' ? filters.createdTo : undefined;
  return from === undefined && to === undefined ? undefined : { from, to };
}

export function createdRangeCondition(column: AnyColumn, range: CreatedRange | undefined): SQL | undefined {
  if (!range) return undefined;
  return and(
    range.from === undefined ? undefined : sql`${column} >= ${range.from}::date::timestamp AT TIME ZONE 'UTC'`,
    range.to === undefined ? undefined : sql`${column} < (${range.to}::date + 1)::timestamp AT TIME ZONE 'UTC'`,
  );
}
