// What an admin list is, apart from its row schema: its name, paths, permission, page size, sorts,
// filters and CSV columns. No zod here: the back-office's first load reads these declarations (its
// resource registry, src/admin/resources.ts); list-resource.ts adds the row schema for the server.
import { camelCase } from './names';
import type { Permission } from './roles';

export type SortOrder = 'asc' | 'desc';

export type CsvColumn = string | { header: string; field: string };

export const csvHeaderOf = (column: CsvColumn) => (typeof column === 'string' ? column : column.header);
export const csvFieldOf = (column: CsvColumn) => (typeof column === 'string' ? column : column.field);

/** What a list's own filter parameter holds; list-resource.ts turns each into its query schema. */
export type ListFilterKind =
  /** A record's id: a whole number from 1 to 2,147,483,647. */
  'id';

/** A list as its contract states it, row schema aside: what is particular to it; `declareList` fills in the rest. */
export interface ListDeclaration<Sort extends string, Status extends string = never> {
  /** Refine's resource name, the page cache's list name and the CSV file's base name. */
  name: string;
  /** The API paths that answer the list (docs/product.md §21 names two for some lists). Default: `/api/admin/<name>`. */
  paths?: readonly [string, ...string[]];
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
  /** OpenAPI tag (default: the name). */
  tag?: string;
  /**
   * The permission that reads the list (src/contracts/roles.ts). Its CSV and its whole array are
   * exports: they need the `export` permission too.
   */
  access: Permission;
  /**
   * Query parameters beyond the paged form's, each narrowing the rows (Activity's `staffId`), with
   * what each holds. The source receives those present as `filters`; a call with one is one page or
   * CSV, read afresh.
   */
  filters?: Readonly<Record<string, ListFilterKind>>;
}

/** A list's declaration with every default filled in. */
export interface DeclaredList<Sort extends string, Status extends string = never> extends ListDeclaration<Sort, Status> {
  paths: readonly [string, ...string[]];
  labels: string;
  tag: string;
}

/** Declares a list: its API path, i18n prefix and OpenAPI tag derived from its name where it names none. */
export function declareList<const Name extends string, Sort extends string, Status extends string = never>(
  declaration: ListDeclaration<Sort, Status> & { name: Name },
): DeclaredList<Sort, Status> & { name: Name } {
  const { name } = declaration;
  return {
    ...declaration,
    paths: declaration.paths ?? [`/api/admin/${name}`],
    labels: declaration.labels ?? `admin.${camelCase(name)}`,
    tag: declaration.tag ?? name,
  };
}

/** The query parameters that narrow a list: the search, the status where it has statuses, and its own filters. */
export function listFilterFields(list: Pick<DeclaredList<string, string>, 'statuses' | 'filters'>): readonly string[] {
  return ['q', ...(list.statuses ? ['status'] : []), ...Object.keys(list.filters ?? {})];
}
