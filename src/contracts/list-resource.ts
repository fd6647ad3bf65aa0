// One definition per admin list, shared by the server (routes, validation, OpenAPI, CSV) and the web
// app (table, sort toggle, filter, search, paging, export). A list resource is declared here once;
// the server's list engine (server/lib/list-engine.ts) and the admin list page read the same object.
import { z } from 'zod';
import { camelCase } from './names';
import { listQuerySchema, type ListQuery } from './paging';
import type { Permission } from './roles';

export type SortOrder = 'asc' | 'desc';

export type CsvColumn = string | { header: string; field: string };

export const csvHeaderOf = (column: CsvColumn) => (typeof column === 'string' ? column : column.header);
export const csvFieldOf = (column: CsvColumn) => (typeof column === 'string' ? column : column.field);

/** A list as its contract states it: what is particular to it; `defineList` fills in the rest. */
export interface ListDeclaration<Row extends z.ZodObject, Sort extends string, Status extends string = never> {
  /** Refine's resource name, the page cache's list name and the CSV file's base name. */
  name: string;
  /** The API paths that answer the list (docs/product.md §21 names two for some lists). Default: `/api/admin/<name>`. */
  paths?: readonly [string, ...string[]];
  /** One row as the API answers it, with its JSON names. */
  row: Row;
  /** The columns a call may sort by, by JSON name (`User.name` for a nested one). */
  sorts: readonly [Sort, ...Sort[]];
  /** The order without `sort`; with a `sort` the order defaults to ascending. */
  defaultOrder: { sort?: Sort; order: SortOrder };
  /** The status filter's values, when the list has one. */
  statuses?: readonly [Status, ...Status[]];
  /**
   * The screen's status filter, when it shows one: each choice's key (its label is
   * `<labels>.filters.<key>`, after `<labels>.filters.all`) and the status it selects.
   */
  statusFilter?: Readonly<Record<string, Status>>;
  /** What a search matches, by JSON name: documentation for the API and the screen's placeholder. */
  searchFields: readonly string[];
  /** A whole-number search (`123`, and `#123` where the screen shows ids so) also finds the row with that id. */
  idSearch?: { allowHash: boolean };
  /** Rows per page on the screen. */
  pageSize: number;
  /**
   * `format=csv`: the file's columns in order, each a JSON name (the header is the name) or a header
   * with the JSON name it reads (`{ header: 'guestName', field: 'User.name' }`). Absent: no CSV.
   */
  csvColumns?: readonly CsvColumn[];
  /**
   * The i18n key prefix of the screen's texts: `title`, `search`, `columns.<key>`, `emptyAll`,
   * `emptyFiltered`, `errors.notFound`, `errors.fetch`, and where they apply `emptyTitle`,
   * `filtersLabel`, `filters.<key>`, `errors.refresh`, `exportFailed`, `cards.<key>`.
   * Default: `admin.<name in camelCase>`.
   */
  labels?: string;
  /** OpenAPI tag (default: the name) and the route's one-line summary. */
  tag?: string;
  summary: string;
  /**
   * The permission that reads the list (src/contracts/roles.ts). Its CSV and its whole array are
   * exports: they need the `export` permission too.
   */
  access: Permission;
  /**
   * Query parameters beyond the paged form's, each narrowing the rows (Activity's `staffId`). The
   * source receives those present as `filters`; a call with one is one page or CSV, read afresh.
   */
  filters?: z.ZodRawShape;
}

/** A list as the server's list engine and the admin list page read it: every default filled in. */
export interface ListDefinition<Row extends z.ZodObject, Sort extends string, Status extends string = never>
  extends ListDeclaration<Row, Sort, Status> {
  paths: readonly [string, ...string[]];
  labels: string;
  tag: string;
}

/** Declares a list: the declaration with its API path, i18n prefix and OpenAPI tag derived from its name where it names none. */
export function defineList<Row extends z.ZodObject, Sort extends string, Status extends string = never>(
  declaration: ListDeclaration<Row, Sort, Status>,
): ListDefinition<Row, Sort, Status> {
  const { name } = declaration;
  return {
    ...declaration,
    paths: declaration.paths ?? [`/api/admin/${name}`],
    labels: declaration.labels ?? `admin.${camelCase(name)}`,
    tag: declaration.tag ?? name,
  };
}

/**
 * The query a list accepts: the paged form with its own sorts and statuses; `format=csv` only when
 * the list has a CSV (elsewhere it is refused with 400 rather than answered with JSON).
 */
export function listDefinitionQuerySchema<Row extends z.ZodObject, Sort extends string, Status extends string>(
  definition: ListDefinition<Row, Sort, Status>,
) {
  const base = listQuerySchema<Sort, Status>({ sorts: definition.sorts, statuses: definition.statuses });
  const schema = definition.filters ? base.extend(definition.filters) : base;
  return definition.csvColumns ? schema : schema.extend({ format: z.enum(['json']).optional() });
}

/** The sort keys of a list, e.g. `ListSort<typeof hostList>`. */
export type ListSort<Definition> = Definition extends { sorts: readonly (infer Sort extends string)[] } ? Sort : never;
export type ListRow<Definition> = Definition extends ListDefinition<infer Row, string, string> ? z.infer<Row> : never;
export type ListDefinitionQuery<Definition> =
  Definition extends ListDefinition<z.ZodObject, infer Sort, infer Status> ? ListQuery<Sort, Status> : never;

/** A row's value at a JSON name, nested names (`User.name`) included; null when a level is missing. */
export function valueAt(row: unknown, jsonName: string): unknown {
  let value: unknown = row;
  for (const part of jsonName.split('.')) {
    if (value === null || value === undefined || typeof value !== 'object') return null;
    value = (value as Record<string, unknown>)[part];
  }
  return value ?? null;
}
