import { lazy, type ComponentType } from 'react';
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
  /** Refine's resource name, also the key of the placeholder pages. */
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
  /** List filters passed to the API (default: `q` and `status`). */
  filterFields?: readonly string[];
  /** Screens of the resource beyond list/show/edit/create, e.g. the three promo screens. */
  extraRoutes?: Record<string, string>;
  /** Hidden from the sidebar (still routed). */
  isHiddenFromMenu?: boolean;
  /** The screens, routed at `routes` and `extraRoutes` by the same keys. */
  pages: ResourcePages;
};

export type ResourcePages = {
  list: ComponentType;
  show?: ComponentType;
  edit?: ComponentType;
  create?: ComponentType;
  /** Screens named in `extraRoutes`, by the same keys. */
  extra?: Record<string, ComponentType>;
};

/** A screen loaded with its route: an administrator downloads only the screens they open. */
function screen<Name extends string>(load: () => Promise<Record<Name, ComponentType>>, name: Name): ComponentType {
  return lazy<ComponentType>(async () => ({ default: (await load())[name] }));
}

/** What an entry below states: its label, list route and list call default to its name's. */
type ResourceDeclaration = Omit<ResourceEntry, 'labelKey' | 'routes' | 'endpoints'> & {
  labelKey?: string;
  routes?: Partial<ResourceEntry['routes']>;
  endpoints?: Partial<ResourceEntry['endpoints']>;
};

/**
 * A registry entry: labelled `admin.nav.<name in camelCase>`, listed at `/<name>` and loaded from
 * `admin/<name>`, unless the declaration names its own label, routes or endpoints.
 */
function defineResource<const Declaration extends ResourceDeclaration>(declaration: Declaration) {
  const { name } = declaration;
  return {
    ...declaration,
    labelKey: declaration.labelKey ?? `admin.nav.${camelCase(name)}`,
    routes: { list: `/${name}`, ...declaration.routes },
    endpoints: { getList: { path: `admin/${name}` }, ...declaration.endpoints },
  };
}

// docs/product.md §21 and §9: the host detail calls answer an envelope and give up after 10 s.
const hostDetail = { hasEnvelope: true, timeoutMs: 10_000 } satisfies Partial<Endpoint>;

/** The admin resources in navigation order; the Refine shell and the data provider both read this list. */
export const RESOURCES = [
  defineResource({
    name: 'hosts',
    access: 'hosts.read',
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
    pageSize: 8,
    pages: { list: screen(() => import('./pages/hosts/list'), 'HostsList'), show: screen(() => import('./pages/hosts/show'), 'HostDetails') },
  }),
  defineResource({
    name: 'property-approvals',
    access: 'listings.read',
    icon: HomeOutlined,
    actions: {
      approve: { method: 'post', path: 'admin/property-approvals/:id/approve' },
      decline: { method: 'post', path: 'admin/property-approvals/:id/decline' },
    },
    pageSize: 8,
    pages: { list: screen(() => import('./pages/property-approvals/list'), 'PropertyApprovalList') },
  }),
  defineResource({
    name: 'listings',
    access: 'listings.read',
    icon: UnorderedListOutlined,
    routes: { show: '/listings/:id' },
    endpoints: { getOne: { path: 'admin/listings/:id' } },
    actions: {
      approve: { method: 'post', path: 'admin/listings/:id/approve' },
      decline: { method: 'post', path: 'admin/listings/:id/decline' },
    },
    pageSize: 8,
    pages: { list: screen(() => import('./pages/listings/list'), 'ListingList'), show: screen(() => import('./pages/listings/show'), 'ListingShow') },
  }),
  defineResource({
    name: 'bookings',
    access: 'bookings.read',
    icon: ScheduleOutlined,
    actions: { summary: { method: 'get', path: 'admin/bookings/summary' } },
    pageSize: 8,
    pages: { list: screen(() => import('./pages/bookings/list'), 'BookingList') },
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
    pages: { list: screen(() => import('./pages/chats/list'), 'ChatsPage') },
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
      getOne: { path: 'admin/promos/:id' },
      update: { path: 'admin/promos/:id' },
    },
    pageSize: 8,
    pages: {
      list: screen(() => import('./pages/promos/list'), 'PromoOverviewPage'),
      extra: {
        guest: screen(() => import('./pages/promos/guest'), 'GuestPromoPage'),
        hostNewJoiner: screen(() => import('./pages/promos/host-new-joiner'), 'HostNewJoinerPromoPage'),
        hostRegular: screen(() => import('./pages/promos/host-regular'), 'HostRegularPromoPage'),
      },
    },
  }),
  defineResource({
    name: 'feedbacks',
    access: 'feedback.read',
    icon: CommentOutlined,
    routes: { list: '/feedback' },
    pageSize: 10,
    pages: { list: screen(() => import('./pages/feedbacks/list'), 'FeedbackList') },
  }),
  defineResource({
    name: 'activity',
    access: 'activity.read',
    filterFields: ['q', 'status', 'staffId'],
    actions: { staffNames: { method: 'get', path: 'admin/activity/staff' } },
    icon: HistoryOutlined,
    pageSize: 10,
    pages: { list: screen(() => import('./pages/activity/list'), 'ActivityList') },
  }),
  defineResource({
    name: 'landing-data',
    access: 'landing.read',
    icon: DatabaseOutlined,
    endpoints: { getList: { path: 'admin/host-information' } },
    pageSize: 10,
    pages: { list: screen(() => import('./pages/landing-data/list'), 'HostInterestList') },
  }),
  // The landing page's second list: its own resource (table, search, paging), shown as a tab of
  // Data from Landing Page.
  defineResource({
    name: 'email-subscribers',
    access: 'landing.read',
    labelKey: 'admin.nav.landingData',
    icon: DatabaseOutlined,
    routes: { list: '/landing-data/subscribers' },
    isHiddenFromMenu: true,
    pageSize: 10,
    pages: { list: screen(() => import('./pages/landing-data/list'), 'SubscriberList') },
  }),
  defineResource({
    name: 'staff',
    access: 'staff.manage',
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
    pageSize: 10,
    pages: { list: screen(() => import('./pages/staff/list'), 'StaffList') },
  }),
] as const satisfies readonly ResourceEntry[];

export type ResourceName = (typeof RESOURCES)[number]['name'];

export function findResource(name: string): ResourceEntry {
  const entry = RESOURCES.find((resource) => resource.name === name);
  if (!entry) throw new Error(`Unknown admin resource "${name}"`);
  return entry;
}

/** The path of a resource action for `custom` calls, e.g. actionPath('hosts', 'approve', 7) → 'admin/update-status-host/7'. */
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
