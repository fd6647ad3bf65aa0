// The admin list `staff`: its declaration (what the back-office's first load reads) and its definition
// (the row schema and OpenAPI summary, built when the server asks). docs/adding-a-resource.md.
import { declareList, defineList } from '../list-declaration';
import { ROLES } from '../roles';
import { staffRowSchema } from '../staff';

/**
 * GET /api/admin/staff. `q` matches name and e-mail; `status` is the role filter (one of ROLES), so
 * the list screen's status filter serves as the role filter. Administrators only.
 */
export const declaration = declareList({
  name: 'staff',
  sorts: ['name', 'email', 'role', 'createdAt'],
  defaultOrder: { sort: 'name', order: 'asc' },
  statuses: ROLES,
  statusFilter: ROLES,
  searchFields: ['name', 'email'],
  pageSize: 10,
  access: 'staff.manage',
  icon: 'safety',
  menuOrder: 100,
  resource: {
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
  },
});

export const definition = defineList(declaration, () => ({
  row: staffRowSchema,
  summary: 'Staff accounts by name: one page (q over name and e-mail, status is the role), or every row',
}));
