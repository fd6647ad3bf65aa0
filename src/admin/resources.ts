// The admin resource registry: each resource's name, label, icon, routes, API calls and permission.
// The admin lists are found, not listed: every file of src/contracts/lists/ is one list's definition,
// and its entry comes from its declaration (path, permission, page size, filters, icon, place in the
// sidebar, other screens and calls). Chats and promos, not lists, are declared here. No screens here:
// the pages import this registry, and src/admin/screens.ts pairs it with them.
import type { ComponentType } from 'react';
import { MENU_ICONS } from './icons';
import {
  actionCallsOf,
  notesCallsOf,
  listFilterFields,
  type DeclaredList,
  type Endpoint,
  type ListResourceOptions,
  type MenuIcon,
  type ResourceAction,
} from '../contracts/list-declaration';
import { camelCase } from '../contracts/names';
import { MENTIONS_PATH } from '../contracts/record-note';
import { CASE_PATHS } from '../contracts/case-calls';
import { roleTableOf, type Permission } from '../contracts/roles';
import { fillPath } from '../lib/api-client';

export type { Endpoint, ResourceAction } from '../contracts/list-declaration';

/** Every list's declaration, by file: only `declaration` is read, so the bundler leaves each row schema (and zod) out. */
const LIST_DECLARATIONS: readonly DeclaredList<string, string>[] = Object.values(
  import.meta.glob<DeclaredList<string, string>>('../contracts/lists/*.ts', { eager: true, import: 'declaration' }),
);

/** Who may do what (src/contracts/roles.ts), with the permission of each list that names its readers: computed once, frozen. */
export const ROLE_TABLE = roleTableOf(LIST_DECLARATIONS);

export type ResourceEntry = {
  /** Refine's resource name. */
  name: string;
  /** i18n key of the navigation label and page heading. */
  labelKey: string;
  icon: ComponentType;
  /**
   * The permission that reads the resource's screens (src/contracts/roles.ts): without it the sidebar
   * leaves the entry out and its addresses show the 403 screen.
   */
  access: Permission;
  routes: { list: string; show?: string; edit?: string; create?: string };
  endpoints: {
    getList: Endpoint;
    getOne?: Endpoint;
    create?: Endpoint;
    update?: Endpoint;
    deleteOne?: Endpoint;
  };
  /** Calls beyond CRUD, reached through the data provider's `custom` with `actionPath()`. */
  actions?: Record<string, ResourceAction>;
  /** The field that identifies a row when the API does not name it `id` (hosts answer `userId`). */
  idField?: string;
  pageSize: number;
  /** The list filters the API takes; the data provider refuses any other. */
  filterFields: readonly string[];
  /** The list the resource shows, when it is one of the admin lists. */
  list?: DeclaredList<string, string>;
  /** Screens of the resource beyond list/show/edit/create, e.g. the three promo screens. */
  extraRoutes?: Record<string, string>;
  /** Hidden from the sidebar (still routed). */
  isHiddenFromMenu?: boolean;
  /** The entry's place in the sidebar: entries go in ascending order. */
  menuOrder: number;
};

/** A resource that is not an admin list (chats, promos): it states its own call, permission, page size and filters. */
type PlainResourceDeclaration = Pick<ResourceEntry, 'name' | 'access' | 'pageSize' | 'actions' | 'extraRoutes' | 'isHiddenFromMenu'> & {
  labelKey?: string;
  icon: MenuIcon;
  menuOrder: number;
  endpoints: ResourceEntry['endpoints'];
  filterFields?: readonly string[];
  routes?: Partial<ResourceEntry['routes']>;
};

/** The label and list route of a name: `admin.nav.<name in camelCase>` and `/<name>`, unless declared. */
function entryOf(name: string, declaration: { labelKey?: string; routes?: Partial<ResourceEntry['routes']> }) {
  return { labelKey: declaration.labelKey ?? `admin.nav.${camelCase(name)}`, routes: { list: `/${name}`, ...declaration.routes } };
}

/** A resource that is not an admin list. */
function defineResource<const Declaration extends PlainResourceDeclaration>(declaration: Declaration) {
  return { ...declaration, ...entryOf(declaration.name, declaration), icon: MENU_ICONS[declaration.icon], filterFields: declaration.filterFields ?? [] };
}

/** An admin list's entry: everything from its declaration, named after the list unless `resource.name` says otherwise. */
function listResource(list: DeclaredList<string, string>): ResourceEntry {
  const resource: ListResourceOptions = list.resource ?? {};
  const name = resource.name ?? list.name;
  return {
    ...resource,
    ...entryOf(name, resource),
    name,
    list,
    icon: MENU_ICONS[list.icon],
    menuOrder: list.menuOrder,
    access: list.permission,
    pageSize: list.pageSize,
    filterFields: listFilterFields(list),
    endpoints: { ...resource.endpoints, getList: { path: list.paths[0].replace(/^\/api\//, '') } },
    // Its record actions' calls (approve, decline) and its notes' beside its other calls.
    actions: { ...resource.actions, ...actionCallsOf(list), ...notesCallsOf(list) },
  };
}

/** The resources that are not lists. */
export const PLAIN_RESOURCES = [
  defineResource({
    name: 'chats',
    access: 'chats.read',
    icon: 'message',
    menuOrder: 50,
    endpoints: { getList: { path: 'admin/conversations' } },
    actions: {
      messages: { method: 'get', path: 'admin/conversations/:id/messages' },
      send: { method: 'post', path: 'admin/conversations/:id/messages' },
      markRead: { method: 'post', path: 'admin/conversations/:id/read' },
    },
    filterFields: ['q', 'tab', 'createdFrom', 'createdTo'],
    pageSize: 20,
  }),
  defineResource({
    name: 'promos',
    access: 'promos.read',
    icon: 'gift',
    menuOrder: 60,
    routes: { list: '/promo-code' },
    extraRoutes: {
      guest: '/promo-code-guest',
      hostNewJoiner: '/promo-code-host',
      hostRegular: '/promo-code-host-regular',
    },
    // A promo's id is its kind: guest, host-new-joiner or host-regular.
    endpoints: {
      getList: { path: 'admin/promos' },
      getOne: { path: 'admin/promos/:id' },
      update: { path: 'admin/promos/:id' },
    },
    pageSize: 8,
  }),
  // Cases (decision 048): low ratings and flagged bookings, taken one at a time; after Feedback (70), before
  // Activity (80), leaving 75 to docs/adding-a-resource.md's Reports.
  defineResource({
    name: 'cases',
    access: 'cases.read',
    icon: 'safety',
    menuOrder: 78,
    endpoints: { getList: { path: CASE_PATHS.list }, getOne: { path: CASE_PATHS.one } },
    actions: {
      takeNext: { method: 'post', path: CASE_PATHS.takeNext },
      release: { method: 'post', path: CASE_PATHS.release },
      close: { method: 'post', path: CASE_PATHS.close },
      flagBooking: { method: 'post', path: CASE_PATHS.flagBooking },
    },
    filterFields: ['filter'],
    pageSize: 20,
  }),
  // Webhook deliveries to the marketplace (docs/webhooks.md), administrators only; before Staff, which stays last.
  defineResource({
    name: 'webhook-deliveries',
    access: 'webhooks.manage',
    icon: 'unordered-list',
    menuOrder: 98,
    endpoints: { getList: { path: 'admin/webhook-deliveries' }, getOne: { path: 'admin/webhook-deliveries/:id' } },
    actions: { retry: { method: 'post', path: 'admin/webhook-deliveries/:id/retry' } },
    filterFields: ['status'],
    pageSize: 20,
  }),
  // The endpoints deliveries go to: the second tab of Webhook deliveries, its own route, not in the sidebar.
  defineResource({
    name: 'webhook-endpoints',
    labelKey: 'admin.nav.webhookDeliveries',
    access: 'webhooks.manage',
    icon: 'unordered-list',
    menuOrder: 98,
    isHiddenFromMenu: true,
    routes: { list: '/webhook-deliveries/endpoints' },
    endpoints: { getList: { path: 'admin/webhook-endpoints', rowsField: 'endpoints' } },
    actions: { create: { method: 'post', path: 'admin/webhook-endpoints' }, update: { method: 'patch', path: 'admin/webhook-endpoints/:id' } },
    pageSize: 100,
  }),
] as const;

/** The admin resources in sidebar order (`menuOrder`); the Refine shell and the data provider both read this list. */
export const RESOURCES: readonly ResourceEntry[] = [...PLAIN_RESOURCES, ...LIST_DECLARATIONS.map(listResource)].sort((a, b) => a.menuOrder - b.menuOrder);

/** A resource's name: a list's (or its `resource.name`), chats or promos. */
export type ResourceName = string;

export function findResource(name: string): ResourceEntry {
  const entry = RESOURCES.find((resource) => resource.name === name);
  if (!entry) throw new Error(`Unknown admin resource "${name}"`);
  return entry;
}

/** The resource that shows the list named `list.name` (a list screen knows its list, not its resource). */
export function findListResource(list: { name: string }): ResourceName {
  const entry = RESOURCES.find((resource) => resource.list?.name === list.name);
  if (!entry) throw new Error(`No admin resource shows the list "${list.name}"`);
  return entry.name;
}

/**
 * The path of a resource action for `custom` calls, e.g. actionPath('hosts', 'approve', 7) →
 * 'admin/update-status-host/7'. A list's calls are in its declaration (`resource.actions`, and its
 * record `actions`' paths), found at load, so the names are checked when the call is made: an
 * unknown one throws.
 */
export function actionPath(resourceName: ResourceName, action: string, id?: string | number): string {
  const found = (findResource(resourceName).actions ?? {})[action];
  if (!found) throw new Error(`Resource "${resourceName}" has no action "${action}"`);
  return fillPath(found.path, id);
}

/**
 * API calls that belong to no single resource: the dashboard's counts, the audit trail, the
 * signed-in member's own sessions, password and second factor (My account), and export tickets.
 */
export const ADMIN_CALLS = {
  dashboard: { method: 'get', path: 'admin/dashboard' },
  /** The dashboard's map of every listing: one view's clusters (docs/decisions/029). */
  listingsMap: { method: 'get', path: 'admin/listings-map' },
  auditHistory: { method: 'get', path: 'admin/audit' },
  sessions: { method: 'get', path: 'admin/sessions' },
  revokeOtherSessions: { method: 'post', path: 'admin/sessions/revoke-others' },
  /** Confirms it is the member again, for the calls that can take an account (docs/decisions/039-step-up.md). */
  stepUp: { method: 'post', path: 'admin/account/step-up' },
  changePassword: { method: 'post', path: 'admin/account/password' },
  startSecondFactor: { method: 'post', path: 'admin/account/second-factor/setup' },
  confirmSecondFactor: { method: 'post', path: 'admin/account/second-factor/confirm' },
  disableSecondFactor: { method: 'post', path: 'admin/account/second-factor/disable' },
  renewRecoveryCodes: { method: 'post', path: 'admin/account/second-factor/recovery-codes' },
  /** A download ticket for a list's CSV (docs/decisions/022-exports-stream-through-download-tickets.md). */
  exportTicket: { method: 'post', path: 'admin/exports' },
  /** The member's newest mentions in colleagues' notes (docs/decisions/046-notes-on-records.md). */
  mentions: { method: 'get', path: MENTIONS_PATH },
} as const satisfies Record<string, ResourceAction>;
