// The zod half of the admin lists: the query a list accepts, and the types read from a definition
// (src/contracts/lists/, list-declaration.ts). The server's list engine (server/lib/list-engine.ts)
// reads both; the web app reads only the types.
import { z } from 'zod';
import type { ListDefinition, ListFilterKind } from './list-declaration';
import { daySchema } from './common';
import { listQuerySchema, type ListQuery } from './paging';

export { csvFieldOf, csvHeaderOf, type CsvColumn, type ListDefinition, type SortOrder } from './list-declaration';

/** The schema of each kind of a list's own filter parameters. */
const FILTER_SCHEMAS: Record<ListFilterKind, z.ZodType> = {
  id: z.coerce.number().int().min(1).max(2_147_483_647).optional(),
  date: daySchema.optional(),
  flag: z.enum(['true']).optional(),
};

/**
 * The query a list accepts: the paged form with its own sorts and statuses; `format=csv` only when
 * the list has a CSV (elsewhere it is refused with 400 rather than answered with JSON).
 */
export function listDefinitionQuerySchema<Row extends z.ZodObject, Sort extends string, Status extends string>(definition: ListDefinition<Row, Sort, Status>) {
  const base = listQuerySchema<Sort, Status>({ sorts: definition.sorts, statuses: definition.statuses });
  const { filters } = definition;
  const schema = filters ? base.extend(Object.fromEntries(Object.entries(filters).map(([name, kind]) => [name, FILTER_SCHEMAS[kind]]))) : base;
  return definition.csvColumns ? schema : schema.extend({ format: z.enum(['json']).optional() });
}

/** A definition as a list file exports it (a function that builds it once), or built. */
type Built<Definition> = Definition extends () => infer Built ? Built : Definition;

/** The sort keys of a list, e.g. `ListSort<typeof declaration>`. */
export type ListSort<Definition> = Built<Definition> extends { sorts: readonly (infer Sort extends string)[] } ? Sort : never;
/** One row of a list, e.g. `ListRow<typeof definition>`. */
export type ListRow<Definition> = Built<Definition> extends ListDefinition<infer Row, string, string> ? z.infer<Row> : never;
export type ListDefinitionQuery<Definition> = Built<Definition> extends ListDefinition<z.ZodObject, infer Sort, infer Status> ? ListQuery<Sort, Status> : never;

/** A row's value at a JSON name, nested names (`User.name`) included; null when a level is missing. */
export function valueAt(row: unknown, jsonName: string): unknown {
  let value: unknown = row;
  for (const part of jsonName.split('.')) {
    if (value === null || value === undefined || typeof value !== 'object') return null;
    value = (value as Record<string, unknown>)[part];
  }
  return value ?? null;
}
