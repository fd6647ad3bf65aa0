// Staff roles and what each may do (docs/decisions/018-staff-roles.md). Every guarded route declares
// one permission (server/lib/route-schema.ts, list definitions in src/contracts); the server checks it
// before any route code runs. The web app reads the same table to show only what a role may use.
// No zod here: the back-office's first load reads this table (role-schema.ts holds the schema).

export const ROLES = ['administrator', 'moderator', 'support', 'viewer'] as const;
export type Role = (typeof ROLES)[number];

/** What a route may ask of the caller's role. Each guarded route names exactly one. */
export const PERMISSIONS = [
  /** The caller's own account: sign out, own sessions, who am I. */
  'account',
  'dashboard.read',
  'hosts.read',
  /** Edit, approve and delete hosts. */
  'hosts.write',
  /** Listings and property approvals, their lists and details. */
  'listings.read',
  /** Approve or decline listings and properties. */
  'listings.decide',
  'bookings.read',
  'chats.read',
  /** Send a message and mark a conversation read. */
  'chats.answer',
  'feedback.read',
  /** The landing page's data: host information and e-mail subscribers. */
  'landing.read',
  /** The whole audit trail (Activity). */
  'activity.read',
  /** One record's history on the host and listing details. */
  'history.read',
  'promos.read',
  'promos.write',
  /** Staff accounts: list, create, role, disable, enable, password, sessions. */
  'staff.manage',
  /**
   * A list's CSV (`format=csv`) and its whole array (no paging parameters): needed besides the list's
   * own read permission.
   */
  'export',
] as const;
export type Permission = (typeof PERMISSIONS)[number];

const READ_EVERYTHING: readonly Permission[] = [
  'account',
  'dashboard.read',
  'hosts.read',
  'listings.read',
  'bookings.read',
  'chats.read',
  'feedback.read',
  'landing.read',
  'activity.read',
  'history.read',
  'promos.read',
];

/** The one table of who may do what. */
export const ROLE_PERMISSIONS: Readonly<Record<Role, readonly Permission[]>> = {
  administrator: PERMISSIONS,
  moderator: [
    'account',
    'dashboard.read',
    'hosts.read',
    'hosts.write',
    'listings.read',
    'listings.decide',
    'feedback.read',
    'landing.read',
    'activity.read',
    'history.read',
    'export',
  ],
  support: [
    'account',
    'dashboard.read',
    'hosts.read',
    'listings.read',
    'bookings.read',
    'chats.read',
    'chats.answer',
    'feedback.read',
    'landing.read',
    'history.read',
    'export',
  ],
  viewer: READ_EVERYTHING,
};

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
