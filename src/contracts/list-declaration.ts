// What an admin list is: its name, paths, readers, page size, sorts, filters, CSV columns, icon and
// place in the sidebar (`declareList`), and its row (`defineList`). Each list is one file of
// src/contracts/lists/ exporting both, as `declaration` and `definition`. No zod runs here: the
// back-office's first load reads every declaration (src/admin/resources.ts), and a definition builds
// its row schema only when first asked (the server's list engine), so the bundler drops it from the
// web app, which never asks (docs/decisions/023-list-declarations-without-zod.md).
import type { z } from 'zod';
import type { LiveResource } from './live';
import { camelCase } from './names';
import { RECORD_ACTION_NAME_PATTERN, type RecordAction, type RecordActionName } from './record-action';
import { NOTE_PATH, notesPathOf, type NotesDeclaration } from './record-note';
import { listPermission, type ListAccess, type Permission } from './roles';

export type SortOrder = 'asc' | 'desc';

export type CsvColumn = string | { header: string; field: string };

export const csvHeaderOf = (column: CsvColumn) => (typeof column === 'string' ? column : column.header);
export const csvFieldOf = (column: CsvColumn) => (typeof column === 'string' ? column : column.field);

/** One API call of a resource: a path under /api, with `:id` where the record id goes. */
export type Endpoint = {
  path: string;
  /** The answer is `{ success, data, message? }`; `success: false` is an error carrying `message`. */
  hasEnvelope?: boolean;
  /** A list answered as an object: its rows are this field of the answer (`{ endpoints: [...] }`). */
  rowsField?: string;
  timeoutMs?: number;
};

/** A call beyond CRUD, reached through the data provider's `custom` (src/admin/resources.ts, `actionPath`). */
export type ResourceAction = {
  method: 'get' | 'post' | 'put' | 'patch' | 'delete';
  path: string;
};

export { MAX_BATCH_ROWS, MAX_DECISION_REASON_LENGTH } from './record-action';
/** A decision a list's batch may carry: one of its bulk actions' names (docs/decisions/027-review-workbench.md). */
export type BatchDecision = RecordActionName;

/**
 * What a list whose rows await a decision says about its selection: the screen's checkboxes and its
 * bulk bar, beside the actions it offers in bulk (`ListDeclaration.actions`).
 */
export interface BatchSelection {
  /** The row's field that names it to a person (a checkbox's label, a summary): `title`, `name`. */
  nameField: string;
  /** The rows a decision may still move: only they get a checkbox, as only they would move. */
  awaiting: AwaitingDecision;
  /**
   * The record screen that shows a row, by the type its live notice watches: a batch and its undo mark
   * their rows as the tab's own change there (src/admin/live/own-changes.ts). A property is a listing.
   * Absent: its rows have no such screen.
   */
  recordType?: BatchRecordType;
}

/**
 * Selection and batch decisions on a list's rows, as `declareList` reads them from its bulk actions:
 * the engine adds `POST <path>/decisions` and `POST <path>/decisions/undo` (server/lib/list-batch.ts)
 * and the list screen its checkboxes and buttons (src/admin/list/).
 */
export interface ListBatch extends BatchSelection {
  /** The permission that decides, checked once per batch: the one its bulk actions share. */
  permission: Permission;
  decisions: readonly [BatchDecision, ...BatchDecision[]];
  /** A decline needs a reason. */
  isDeclineReasonRequired?: boolean;
}

/** The record screens that follow their record on the live stream (src/admin/live/record-change-notice.tsx). */
export type BatchRecordType = 'listing' | 'host';

/** A row awaits a decision when its `field` is one of `values`, or with `isExcept` none of them. */
export interface AwaitingDecision {
  field: string;
  values: readonly string[];
  isExcept?: boolean;
}

export const isAwaitingDecision = ({ field, values, isExcept = false }: AwaitingDecision, row: Record<string, unknown>): boolean =>
  values.includes(String(row[field])) !== isExcept;

/** The batch calls of a list, relative to /api as the data provider's custom calls take them. */
export const batchPathsOf = (list: { paths: readonly [string, ...string[]] }) => {
  const base = list.paths[0].replace(/^\/api\//, '');
  return { decide: `${base}/decisions`, undo: `${base}/decisions/undo` };
};

/** The icons a sidebar entry may show, by name (src/admin/icon-sets/frame.tsx draws each). */
export type MenuIcon = 'comment' | 'database' | 'gift' | 'history' | 'home' | 'message' | 'safety' | 'schedule' | 'team' | 'unordered-list' | 'user';

/** What the back-office's registry takes from a list beyond its list call (src/admin/resources.ts): all optional. */
export interface ListResourceOptions {
  /** Refine's resource name and route, when not the list's (Data from Landing Page shows `host-information`). */
  name?: string;
  /** i18n key of the sidebar label and page heading. Default: `admin.nav.<resource name in camelCase>`. */
  labelKey?: string;
  /** The screens' routes. Default: the list at `/<resource name>`. */
  routes?: { list?: string; show?: string; edit?: string; create?: string };
  endpoints?: { getOne?: Endpoint; create?: Endpoint; update?: Endpoint; deleteOne?: Endpoint };
  /** Calls beyond CRUD, by name. */
  actions?: Readonly<Record<string, ResourceAction>>;
  /** The field that identifies a row when the API does not name it `id` (hosts answer `userId`). */
  idField?: string;
  /** Routed, but not in the sidebar. */
  isHiddenFromMenu?: boolean;
}

/** What a list's own filter parameter holds; list-resource.ts turns each into its query schema. */
export type ListFilterKind =
  /** A record's id: a whole number from 1 to 2,147,483,647. */
  | 'id'
  /** A day, YYYY-MM-DD (UTC): `createdFrom` and `createdTo` keep the rows created from and to these days, both included. */
  | 'date'
  /**
   * `true`: only the rows the flag marks (the Guests' and Hosts' `suspended`); the screen shows it as a
   * checkbox labelled `<labels>.filters.<name>`.
   */
  | 'flag';

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
  /**
   * The status filter's values, when the list has one: the one place they are written (a constant of
   * the contract, which the row schema and the table's column read too).
   */
  statuses?: readonly [Status, ...Status[]];
  /**
   * The screen's status filter, when it shows one: each choice's key (its label is
   * `<labels>.filters.<key>`, after `<labels>.filters.all`) and the status it selects; or statuses,
   * each its own choice under its own name (`statusFilter: REPORT_STATUSES`).
   */
  statusFilter?: Readonly<Record<string, Status>> | readonly Status[];
  /**
   * The fields whose text `q=` matches, by JSON name: the source searches exactly these (one search
   * column each; the server refuses at start a source that searches others), and the API document names them.
   */
  searchFields: readonly string[];
  /**
   * A whole-number search (`123`, and `#123` where the screen shows ids so) also finds the row with
   * that id; the server refuses at start a list whose source cannot find a row by its id.
   */
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
   * Who reads the list: a permission of src/contracts/roles.ts (`'hosts.read'`), or its readers
   * (`{ readers: ['moderator', 'viewer'] }`), which gives it the permission `<name>.read`, held by
   * them and the administrator. Its CSV and its whole array are exports: they need `export` too.
   */
  access: ListAccess;
  /** The sidebar entry's icon. */
  icon: MenuIcon;
  /** The entry's place in the sidebar: entries go in ascending order (src/admin/resources.ts gives the others'). */
  menuOrder: number;
  /** What the back-office's registry needs beyond the list: other screens, calls, a resource name. */
  resource?: ListResourceOptions;
  /**
   * Query parameters beyond the paged form's, each narrowing the rows (Activity's `staffId`), with
   * what each holds. The source receives those present as `filters`; a call with one is one page or
   * CSV, read afresh.
   */
  filters?: Readonly<Record<string, ListFilterKind>>;
  /**
   * What may be done to a row (approve, decline): each action's states, permission, reason, bulk,
   * undo and key, declared once (src/contracts/record-action.ts); its routes, checks, audit entries
   * and buttons follow from it (docs/decisions/044-actions-are-declarations.md).
   */
  actions?: readonly RecordAction[];
  /** The selection, when the list offers actions in bulk (`BatchSelection`). */
  batch?: BatchSelection;
  /**
   * The sidebar entry's count: the rows in this status (the list's counter `<name>:<status>`), sent
   * on the live stream as it moves to the roles that read the list (`LiveBadges`); its words are
   * `live.badges.<name>` (src/i18n/locales/<language>/live.json).
   */
  badge?: { status: Status };
  /**
   * Live changes beyond the list's own that read the shown page again, whichever rows they name:
   * `suspensions` where a row names a guest or a host who is not the row (a booking's guest).
   */
  follows?: readonly LiveResource[];
  /**
   * Its records take internal notes, read and written by the list's readers: the server adds
   * `GET/POST <path>/:id/notes`, their audit entries and live changes (src/contracts/record-note.ts).
   */
  notes?: NotesDeclaration;
}

/** A list's declaration with every default filled in. */
export interface DeclaredList<Sort extends string, Status extends string = never> extends Omit<ListDeclaration<Sort, Status>, 'batch'> {
  /** The selection with what its bulk actions decide. */
  batch?: ListBatch;
  paths: readonly [string, ...string[]];
  labels: string;
  tag: string;
  /** The permission that reads the list, named or derived from its readers. */
  permission: Permission;
  statusFilter?: Readonly<Record<string, Status>>;
}

/** A status filter as the screen reads it: each choice's key and the status it selects. */
const statusChoicesOf = <Status extends string>(filter: Readonly<Record<string, Status>> | readonly Status[]): Readonly<Record<string, Status>> =>
  Array.isArray(filter) ? Object.fromEntries(filter.map((status: Status) => [status, status])) : (filter as Readonly<Record<string, Status>>);

/** Refuses actions whose names are not words in camelCase, or not unique in their list. */
function checkActionNames(name: string, actions: readonly RecordAction[]): void {
  const names = new Set<string>();
  for (const action of actions) {
    if (!RECORD_ACTION_NAME_PATTERN.test(action.name)) throw new Error(`The action "${action.name}" of "${name}" must be a word in camelCase`);
    if (names.has(action.name)) throw new Error(`The list "${name}" declares the action "${action.name}" twice`);
    names.add(action.name);
  }
}

/** The batch of a list from its bulk actions, which share one permission, the batch's. */
function listBatchOf(name: string, selection: BatchSelection, actions: readonly RecordAction[]): ListBatch {
  const bulk = actions.filter((action) => action.isBulk);
  const [first, ...others] = bulk;
  if (!first) throw new Error(`The list "${name}" declares a batch but no action in bulk`);
  if (others.some((action) => action.permission !== first.permission)) throw new Error(`The bulk actions of "${name}" need one permission`);
  const decline = bulk.find((action) => action.name === 'decline');
  return {
    ...selection,
    permission: first.permission,
    decisions: [first.name, ...others.map((action) => action.name)],
    ...(decline?.reason?.isRequired ? { isDeclineReasonRequired: true } : {}),
  };
}

/** The calls of a list's actions for one record, by name, as the data provider's custom calls take them. */
export const actionCallsOf = (list: Pick<ListDeclaration<string, string>, 'actions'>): Record<string, ResourceAction> =>
  Object.fromEntries((list.actions ?? []).flatMap((action) => (action.path ? [[action.name, { method: 'post' as const, path: action.path }]] : [])));

/** The calls of a list's notes, when it declares them: `notes` (a record's, read and added) and `note` (one, edited and deleted). */
export const notesCallsOf = (list: Pick<DeclaredList<string, string>, 'notes' | 'paths'>): Record<string, ResourceAction> =>
  list.notes ? { notes: { method: 'get', path: notesPathOf(list) }, note: { method: 'patch', path: NOTE_PATH } } : {};

/** Declares a list: its API path, i18n prefix and OpenAPI tag derived from its name where it names none. */
export function declareList<
  const Name extends string,
  Sort extends string,
  Status extends string = never,
  const Resource extends ListResourceOptions = {},
  Actions extends readonly RecordAction[] | undefined = undefined,
>(
  declaration: ListDeclaration<Sort, Status> & { name: Name; resource?: Resource; actions?: Actions },
): Omit<DeclaredList<Sort, Status>, 'actions'> & { name: Name; resource?: Resource; actions: Actions } {
  const { name, statusFilter, batch, ...declared } = declaration;
  checkActionNames(name, declaration.actions ?? []);
  return {
    ...declared,
    ...(batch === undefined ? {} : { batch: listBatchOf(name, batch, declaration.actions ?? []) }),
    name,
    paths: declaration.paths ?? [`/api/admin/${name}`],
    labels: declaration.labels ?? `admin.${camelCase(name)}`,
    tag: declaration.tag ?? name,
    permission: listPermission(declaration),
    ...(statusFilter === undefined ? {} : { statusFilter: statusChoicesOf(statusFilter) }),
    actions: declaration.actions as Actions,
  };
}

/** A list as the server's list engine reads it: its declaration and its row. */
export interface ListDefinition<Row extends z.ZodObject, Sort extends string, Status extends string = never> extends DeclaredList<Sort, Status> {
  /** One row as the API answers it, with its JSON names. */
  row: Row;
  /** The routes' one-line OpenAPI summary. */
  summary: string;
}

/**
 * A list's definition: its declaration with its row schema and OpenAPI summary, built on the first
 * call and kept. `rowOf` runs only where the definition is asked for (the server), so the web app's
 * bundle, which reads only declarations, leaves it and zod out (the call below is marked free of
 * side effects for the bundler).
 */
/* #__NO_SIDE_EFFECTS__ */
export function defineList<const Name extends string, Row extends z.ZodObject, Sort extends string, Status extends string = never>(
  declaration: DeclaredList<Sort, Status> & { name: Name },
  rowOf: () => { row: Row; summary: string },
): () => ListDefinition<Row, Sort, Status> & { name: Name } {
  let definition: (ListDefinition<Row, Sort, Status> & { name: Name }) | undefined;
  return () => (definition ??= { ...declaration, ...rowOf() });
}

/** The query parameters that narrow a list: the search, the status where it has statuses, and its own filters. */
export function listFilterFields(list: Pick<DeclaredList<string, string>, 'statuses' | 'filters'>): readonly string[] {
  return ['q', ...(list.statuses ? ['status'] : []), ...Object.keys(list.filters ?? {})];
}
