// Staff roles and what each may do (docs/decisions/018-staff-roles.md). Every guarded route declares
// one permission (server/lib/route-schema.ts, list definitions in src/contracts); the server checks it
// before any route code runs. The web app reads the same table to show only what a role may use.
// No zod here: the back-office's first load reads this table (role-schema.ts holds the schema).
// Who may do what is this file's table and the lists' readers: a list may name its readers instead
// of a permission (src/contracts/lists/, `access: { readers }`), which makes the permission
// `<list name>.read`, held by them and the administrator, and its deciders, which makes `<list name>.decide`. `roleTableOf` computes the whole table once,
// frozen, from the lists each side finds (src/admin/resources.ts, server/role-table.ts), and
// docs/product.md §26 is generated from it (`npm run docs:roles`).

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
  /** Suspend and reinstate a guest or a host (src/contracts/user-suspension.ts). */
  'users.suspend': ['moderator'],
  /** Listings and property approvals, their lists and details. */
  'listings.read': EVERYONE,
  /** Approve or decline listings and properties. */
  'listings.decide': ['moderator'],
  'bookings.read': ['support', 'viewer'],
  /** Cancel a booking, mark it a no-show or completed (src/contracts/booking-moves.ts). */
  'bookings.intervene': ['support'],
  /**
   * Ask the payment side to refund a paid booking, in full or in part (src/contracts/refunds.ts), and
   * approve or reject another member's refund awaiting approval (decision 047).
   */
  'bookings.refund': [],
  'chats.read': ['support', 'viewer'],
  /** Send a message and mark a conversation read. */
  'chats.answer': ['support'],
  'feedback.read': EVERYONE,
  /** Cases (src/contracts/cases.ts): their list, a case's panel, the overdue badge. */
  'cases.read': EVERYONE,
  /** Take the next case, release one's own, close a case with its resolution, flag a booking (with bookings.read). */
  'cases.work': ['moderator', 'support'],
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
export type TablePermission = keyof typeof PERMISSION_HOLDERS;

/**
 * A permission a list declares by naming its readers, `<list name>.read`, or the roles that take its
 * actions, `<list name>.decide` (src/contracts/record-action.ts).
 */
export type ListPermission = `${string}.read` | `${string}.decide`;
export type Permission = TablePermission | ListPermission;

/**
 * Who reads a list: a permission of the table, or its readers (the administrator reads every list);
 * with readers, `deciders` may name the roles that take its actions (`<list name>.decide`).
 */
export type ListAccess = Permission | { readers: readonly Role[]; deciders?: readonly Role[] };

/** The permission of a list's actions when it names its deciders: `<name>.decide`. */
export const listDecidePermission = (list: { name: string }): ListPermission => `${list.name}.decide`;

/** The permission that reads a list: the one it names, or `<name>.read` when it names its readers. */
export const listPermission = (list: { name: string; access: ListAccess }): Permission => (typeof list.access === 'string' ? list.access : `${list.name}.read`);

/** Who may do what: every permission and the roles besides the administrator that hold it, frozen. */
export interface RoleTable {
  /** Every permission, the table's then the lists', with the roles besides the administrator that hold it. */
  readonly holders: Readonly<Record<Permission, readonly Role[]>>;
  hasPermission(role: Role, permission: Permission): boolean;
  /** The roles that hold a permission, in ROLES order (the OpenAPI description names them). */
  rolesWith(permission: Permission): Role[];
  isPermission(value: unknown): value is Permission;
}

/**
 * The whole table, computed once: this file's, and the permission of each list that names its
 * readers. A list's permission that the table already has is refused (two lists of one name, or a
 * list named like a permission of the table).
 */
export function roleTableOf(lists: readonly { name: string; access: ListAccess }[]): RoleTable {
  const holders = {} as Record<Permission, readonly Role[]>;
  for (const [permission, roles] of Object.entries(PERMISSION_HOLDERS)) holders[permission as TablePermission] = Object.freeze([...roles]);
  for (const list of lists) {
    if (typeof list.access === 'string') continue;
    const permission = listPermission(list);
    if (Object.hasOwn(holders, permission)) throw new Error(`The list "${list.name}" names its readers, but the permission ${permission} is already another's`);
    holders[permission] = Object.freeze(list.access.readers.filter((role) => role !== 'administrator'));
    if (!list.access.deciders) continue;
    const decides = listDecidePermission(list);
    if (Object.hasOwn(holders, decides)) throw new Error(`The list "${list.name}" names its deciders, but the permission ${decides} is already another's`);
    holders[decides] = Object.freeze(list.access.deciders.filter((role) => role !== 'administrator'));
  }
  Object.freeze(holders);
  const isPermission = (value: unknown): value is Permission => typeof value === 'string' && Object.hasOwn(holders, value);
  const holds = (role: Role, permission: Permission) => isPermission(permission) && (role === 'administrator' || holders[permission].includes(role));
  return Object.freeze({ holders, hasPermission: holds, rolesWith: (permission: Permission) => ROLES.filter((role) => holds(role, permission)), isPermission });
}

/** Whether a role holds a permission of this file's table (a list's own permission is in `roleTableOf`'s). */
export function hasPermission(role: Role, permission: TablePermission): boolean {
  return role === 'administrator' || (PERMISSION_HOLDERS[permission] as readonly Role[]).includes(role);
}

export const FORBIDDEN_MESSAGE = 'You do not have permission to do this.';
export const FORBIDDEN_REASON = 'forbidden';
