// The admin resource registry: each resource's name, label, icon, routes, API calls and permission.
// A list's path, permission, page size and filters come from its declaration (src/contracts/admin-lists.ts).
// No screens here: the pages import this registry, and src/admin/screens.ts pairs it with them.
import type { ComponentType } from 'react';
import {
  CommentOutlined,
  DatabaseOutlined,
  MessageOutlined,
  HomeOutlined,
  GiftOutlined,
  HistoryOutlined,
  ScheduleOutlined,
  SafetyOutlined,
  TeamOutlined,
  UnorderedListOutlined,
} from './icons';
import {
  activityListDeclaration,
  bookingListDeclaration,
  emailSubscriberListDeclaration,
  feedbackListDeclaration,
  hostInformationListDeclaration,
  hostListDeclaration,
  listingListDeclaration,
  propertyApprovalListDeclaration,
  staffListDeclaration,
} from '../contracts/admin-lists';
import { listFilterFields, type DeclaredList } from '../contracts/list-declaration';
import { camelCase } from '../contracts/names';
import type { Permission } from '../contracts/roles';
import { fillPath } from '../lib/api-client';

/** One API call of a resource: a path under /api, with `:id` where the record id goes. */
export type Endpoint = {
  path: string;
  /** The answer is `{ success, data, message? }`; `success: false` is an error carrying `message`. */
  hasEnvelope?: boolean;
  timeoutMs?: number;
};

export type ResourceAction = {
  method: 'get' | 'post' | 'put' | 'patch' | 'delete';
  path: string;
};

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
};

/** What every entry below may state: its label and list route default to its name's. */
type EntryDeclaration = Pick<ResourceEntry, 'icon' | 'actions' | 'idField' | 'extraRoutes' | 'isHiddenFromMenu'> & {
  labelKey?: string;
  routes?: Partial<ResourceEntry['routes']>;
};

/** A resource that is not an admin list (chats, promos): it states its own call, permission, page size and filters. */
type PlainResourceDeclaration = EntryDeclaration &
  Pick<ResourceEntry, 'name' | 'access' | 'pageSize'> & {
    endpoints: ResourceEntry['endpoints'];
    filterFields?: readonly string[];
  };

/**
 * An admin list's resource: its name (unless Refine knows it by another), list call, permission, page
 * size and filters are the list's, and cannot be stated again here.
 */
type ListResourceDeclaration<List extends DeclaredList<string, string>> = EntryDeclaration & {
  list: List;
  name?: string;
  endpoints?: Omit<Partial<ResourceEntry['endpoints']>, 'getList'> & { getList?: never };
  access?: never;
  pageSize?: never;
  filterFields?: never;
};

/** The label and list route of a name: `admin.nav.<name in camelCase>` and `/<name>`, unless declared. */
function entryOf<const Declaration extends EntryDeclaration>(name: string, declaration: Declaration) {
  return {
    ...declaration,
    labelKey: declaration.labelKey ?? `admin.nav.${camelCase(name)}`,
    routes: { list: `/${name}`, ...declaration.routes },
  };
}

/** A resource that is not an admin list. */
function defineResource<const Declaration extends PlainResourceDeclaration>(declaration: Declaration) {
  return { ...entryOf(declaration.name, declaration), filterFields: declaration.filterFields ?? [] };
}

/** An admin list's resource, named after its list unless the declaration names it. */
function defineListResource<List extends DeclaredList<string, string>, const Declaration extends ListResourceDeclaration<List>>(
  declaration: Declaration & { list: List },
) {
  const { list } = declaration;
  const name = (declaration.name ?? list.name) as Declaration extends { name: infer Name extends string } ? Name : List['name'];
  return {
    ...entryOf(name, declaration),
    name,
    access: list.access,
    pageSize: list.pageSize,
    filterFields: listFilterFields(list),
    endpoints: { ...declaration.endpoints, getList: { path: list.paths[0].replace(/^\/api\//, '') } },
  };
}

// docs/product.md §21 and §9: the host detail calls answer an envelope and give up after 10 s.
const hostDetail = { hasEnvelope: true, timeoutMs: 10_000 } satisfies Partial<Endpoint>;

/** The admin resources in navigation order; the Refine shell and the data provider both read this list. */
export const RESOURCES = [
  defineListResource({
    list: hostListDeclaration,
    icon: TeamOutlined,
    routes: { show: '/host-details/:id' },
    endpoints: {
      getOne: { path: 'hosts/:id', ...hostDetail },
      update: { path: 'hosts/:id', ...hostDetail },
      deleteOne: { path: 'hosts/:id', ...hostDetail },
    },
    actions: {
      approve: { method: 'post', path: 'admin/update-status-host/:id' },
      verification: { method: 'get', path: 'admin/user/:id' },
      summary: { method: 'get', path: 'admin/hosts/summary' },
    },
    idField: 'userId',
  }),
  defineListResource({
    list: propertyApprovalListDeclaration,
    icon: HomeOutlined,
    actions: {
      approve: { method: 'post', path: 'admin/property-approvals/:id/approve' },
      decline: { method: 'post', path: 'admin/property-approvals/:id/decline' },
    },
  }),
  defineListResource({
    list: listingListDeclaration,
    icon: UnorderedListOutlined,
    routes: { show: '/listings/:id' },
    endpoints: { getOne: { path: 'admin/listings/:id' } },
    actions: {
      approve: { method: 'post', path: 'admin/listings/:id/approve' },
      decline: { method: 'post', path: 'admin/listings/:id/decline' },
    },
  }),
  defineListResource({
    list: bookingListDeclaration,
    icon: ScheduleOutlined,
    actions: { summary: { method: 'get', path: 'admin/bookings/summary' } },
  }),
  defineResource({
    name: 'chats',
    access: 'chats.read',
    icon: MessageOutlined,
    endpoints: { getList: { path: 'admin/conversations' } },
    actions: {
      messages: { method: 'get', path: 'admin/conversations/:id/messages' },
      send: { method: 'post', path: 'admin/conversations/:id/messages' },
      markRead: { method: 'post', path: 'admin/conversations/:id/read' },
    },
    filterFields: ['q', 'tab'],
    pageSize: 20,
  }),
  defineResource({
    name: 'promos',
    access: 'promos.read',
    icon: GiftOutlined,
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
  defineListResource({
    list: feedbackListDeclaration,
    icon: CommentOutlined,
    routes: { list: '/feedback' },
  }),
  defineListResource({
    list: activityListDeclaration,
    actions: { staffNames: { method: 'get', path: 'admin/activity/staff' } },
    icon: HistoryOutlined,
  }),
  // Data from Landing Page: its first tab, the host form's submissions.
  defineListResource({
    name: 'landing-data',
    list: hostInformationListDeclaration,
    icon: DatabaseOutlined,
  }),
  // The landing page's second list: its own resource (table, search, paging), shown as a tab of
  // Data from Landing Page.
  defineListResource({
    list: emailSubscriberListDeclaration,
    labelKey: 'admin.nav.landingData',
    icon: DatabaseOutlined,
    routes: { list: '/landing-data/subscribers' },
    isHiddenFromMenu: true,
  }),
  defineListResource({
    list: staffListDeclaration,
    icon: SafetyOutlined,
    actions: {
      create: { method: 'post', path: 'admin/staff' },
      role: { method: 'put', path: 'admin/staff/:id/role' },
      disable: { method: 'post', path: 'admin/staff/:id/disable' },
      enable: { method: 'post', path: 'admin/staff/:id/enable' },
      resetPassword: { method: 'post', path: 'admin/staff/:id/reset-password' },
      revokeSessions: { method: 'post', path: 'admin/staff/:id/revoke-sessions' },
      resetSecondFactor: { method: 'post', path: 'admin/staff/:id/reset-second-factor' },
      secondFactorPolicy: { method: 'get', path: 'admin/staff/second-factor-policy' },
      saveSecondFactorPolicy: { method: 'put', path: 'admin/staff/second-factor-policy' },
    },
  }),
] as const satisfies readonly ResourceEntry[];

export type ResourceName = (typeof RESOURCES)[number]['name'];

/** The actions a resource declares, e.g. `ResourceActionName<'hosts'>` is 'approve' | 'verification' | 'summary'. */
export type ResourceActionName<Name extends ResourceName> = Name extends ResourceName
  ? Extract<(typeof RESOURCES)[number], { name: Name }> extends { actions: infer Actions }
    ? keyof Actions & string
    : never
  : never;

export function findResource(name: string): ResourceEntry {
  const entry = RESOURCES.find((resource) => resource.name === name);
  if (!entry) throw new Error(`Unknown admin resource "${name}"`);
  return entry;
}

/** The resource that shows the list named `list.name` (a list screen knows its list, not its resource). */
export function findListResource(list: { name: string }): ResourceName {
  const entry = RESOURCES.find((resource) => 'list' in resource && resource.list.name === list.name);
  if (!entry) throw new Error(`No admin resource shows the list "${list.name}"`);
  return entry.name;
}

/** The path of a resource action for `custom` calls, e.g. actionPath('hosts', 'approve', 7) → 'admin/update-status-host/7'. */
export function actionPath<Name extends ResourceName>(resourceName: Name, action: ResourceActionName<Name>, id?: string | number): string {
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
  auditHistory: { method: 'get', path: 'admin/audit' },
  sessions: { method: 'get', path: 'admin/sessions' },
  revokeOtherSessions: { method: 'post', path: 'admin/sessions/revoke-others' },
  changePassword: { method: 'post', path: 'admin/account/password' },
  startSecondFactor: { method: 'post', path: 'admin/account/second-factor/setup' },
  confirmSecondFactor: { method: 'post', path: 'admin/account/second-factor/confirm' },
  disableSecondFactor: { method: 'post', path: 'admin/account/second-factor/disable' },
  renewRecoveryCodes: { method: 'post', path: 'admin/account/second-factor/recovery-codes' },
  /** A download ticket for a list's CSV (docs/decisions/022-exports-stream-through-download-tickets.md). */
  exportTicket: { method: 'post', path: 'admin/exports' },
} as const satisfies Record<string, ResourceAction>;
