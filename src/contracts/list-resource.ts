// One definition per admin list, shared by the server (routes, validation, OpenAPI, CSV) and the web
// app (table, sort toggle, filter, search, paging, export). A list is declared once (its declaration,
// list-declaration.ts, without zod) and defined here with its row schema; the server's list engine
// (server/lib/list-engine.ts) and the admin list page read the same object.
import { z } from 'zod';
import { declareList, type DeclaredList, type ListDeclaration, type ListFilterKind } from './list-declaration';
import { listQuerySchema, type ListQuery } from './paging';

export { csvFieldOf, csvHeaderOf, type CsvColumn, type SortOrder } from './list-declaration';

/** A list as the server's list engine and the admin list page read it: its declaration and its row. */
export interface ListDefinition<Row extends z.ZodObject, Sort extends string, Status extends string = never> extends DeclaredList<Sort, Status> {
  /** One row as the API answers it, with its JSON names. */
  row: Row;
  /** The routes' one-line OpenAPI summary: here, not in the declaration, which the back-office's first load reads. */
  summary: string;
}

/** Defines a list: its declaration (list-declaration.ts) with the schema of one row. */
export function defineList<Row extends z.ZodObject, Sort extends string, Status extends string = never>(
  declaration: ListDeclaration<Sort, Status> & { row: Row; summary: string },
): ListDefinition<Row, Sort, Status> {
  return { ...declareList(declaration), row: declaration.row, summary: declaration.summary };
}

/** The schema of each kind of a list's own filter parameters. */
const FILTER_SCHEMAS: Record<ListFilterKind, z.ZodType> = {
  id: z.coerce.number().int().min(1).max(2_147_483_647).optional(),
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

/** The sort keys of a list, e.g. `ListSort<typeof hostList>`. */
export type ListSort<Definition> = Definition extends { sorts: readonly (infer Sort extends string)[] } ? Sort : never;
export type ListRow<Definition> = Definition extends ListDefinition<infer Row, string, string> ? z.infer<Row> : never;
export type ListDefinitionQuery<Definition> = Definition extends ListDefinition<z.ZodObject, infer Sort, infer Status> ? ListQuery<Sort, Status> : never;

/** A row's value at a JSON name, nested names (`User.name`) included; null when a level is missing. */
export function valueAt(row: unknown, jsonName: string): unknown {
  let value: unknown = row;
  for (const part of jsonName.split('.')) {
    if (value === null || value === undefined || typeof value !== 'object') return null;
    value = (value as Record<string, unknown>)[part];
  }
  return value ?? null;
}
