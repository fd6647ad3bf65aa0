// Staff roles and what each may do (docs/decisions/018-staff-roles.md). Every guarded route declares
// one permission (server/lib/route-schema.ts, list definitions in src/contracts); the server checks it
// before any route code runs. The web app reads the same table to show only what a role may use.
// No zod here: the back-office's first load reads this table (role-schema.ts holds the schema).
// A list may name its readers instead of a permission (src/contracts/lists/, `access: { readers }`):
// the lists' registry (web) and catalogue (server) hand their lists to `addListReaders` as they load,
// which adds the permission `<list name>.read` to PERMISSIONS and to each reader's set.

export const ROLES = ['administrator', 'moderator', 'support', 'viewer'] as const;
export type Role = (typeof ROLES)[number];

/** Every role but the administrator, who holds every permission without being named in the table. */
const EVERYONE = ['moderator', 'support', 'viewer'] as const satisfies readonly Role[];

/**
 * The one table of who may do what (docs/decisions/018-staff-roles.md): what a route may ask of the
 * caller's role, each guarded route naming exactly one, and the roles besides the administrator that
 * hold it.
 */
const PERMISSION_HOLDERS = {
  /** The caller's own account: sign out, own sessions, who am I. */
  account: EVERYONE,
  'dashboard.read': EVERYONE,
  'hosts.read': EVERYONE,
  /** Edit, approve and delete hosts. */
  'hosts.write': ['moderator'],
  /** Listings and property approvals, their lists and details. */
  'listings.read': EVERYONE,
  /** Approve or decline listings and properties. */
  'listings.decide': ['moderator'],
  'bookings.read': ['support', 'viewer'],
  'chats.read': ['support', 'viewer'],
  /** Send a message and mark a conversation read. */
  'chats.answer': ['support'],
  'feedback.read': EVERYONE,
  /** The landing page's data: host information and e-mail subscribers. */
  'landing.read': EVERYONE,
  /** The whole audit trail (Activity). */
  'activity.read': ['moderator', 'viewer'],
  /** One record's history on the host and listing details. */
  'history.read': EVERYONE,
  'promos.read': ['viewer'],
  'promos.write': [],
  /** Staff accounts: list, create, role, disable, enable, password, sessions. */
  'staff.manage': [],
  /** Webhook endpoints and their deliveries (docs/webhooks.md). */
  'webhooks.manage': [],
  /**
   * A list's CSV (`format=csv`) and its whole array (no paging parameters): needed besides the list's
   * own read permission.
   */
  export: ['moderator', 'support'],
} as const satisfies Record<string, readonly Role[]>;
type TablePermission = keyof typeof PERMISSION_HOLDERS;
const BASE_PERMISSIONS = Object.keys(PERMISSION_HOLDERS) as TablePermission[];

/** A permission a list declares by naming its readers: `<list name>.read`. */
export type ListPermission = `${string}.read`;
export type Permission = TablePermission | ListPermission;

/** Every permission: the table's, then those the lists declare (addListReaders). */
export const PERMISSIONS: readonly Permission[] = [...BASE_PERMISSIONS];

/** A role's permissions in the table's order (a new array: addListReaders adds to it). */
const permissionsHeldBy = (role: Role): Permission[] =>
  BASE_PERMISSIONS.filter((permission) => (PERMISSION_HOLDERS[permission] as readonly Role[]).includes(role));

/** Each role's permissions; the administrator's are every permission. */
export const ROLE_PERMISSIONS: Readonly<Record<Role, readonly Permission[]>> = {
  administrator: PERMISSIONS,
  moderator: permissionsHeldBy('moderator'),
  support: permissionsHeldBy('support'),
  viewer: permissionsHeldBy('viewer'),
};

/** Who reads a list: a permission of the table, or its readers (the administrator reads every list). */
export type ListAccess = Permission | { readers: readonly Role[] };

/** The permission that reads a list: the one it names, or `<name>.read` when it names its readers. */
export const listPermission = (list: { name: string; access: ListAccess }): Permission => (typeof list.access === 'string' ? list.access : `${list.name}.read`);

/**
 * Adds the permission of each list that names its readers, held by them and by the administrator.
 * The registry and the catalogue may both hand the same list: a permission is added once.
 */
export function addListReaders(lists: readonly { name: string; access: ListAccess }[]): void {
  for (const list of lists) {
    const permission = listPermission(list);
    if (typeof list.access === 'string' || PERMISSIONS.includes(permission)) continue;
    (PERMISSIONS as Permission[]).push(permission);
    for (const role of list.access.readers) if (role !== 'administrator') (ROLE_PERMISSIONS[role] as Permission[]).push(permission);
  }
}

export function hasPermission(role: Role, permission: Permission): boolean {
  return ROLE_PERMISSIONS[role].includes(permission);
}

/** The roles that hold a permission, in ROLES order (the OpenAPI description names them). */
export function rolesWith(permission: Permission): Role[] {
  return ROLES.filter((role) => hasPermission(role, permission));
}

export const isPermission = (value: unknown): value is Permission => (PERMISSIONS as readonly unknown[]).includes(value);

export const FORBIDDEN_MESSAGE = 'You do not have permission to do this.';
export const FORBIDDEN_REASON = 'forbidden';
