// Activity: every decision and change the audit trail records, by any administrator, newest first.
import { z } from 'zod';
import { auditEventSchema, type AuditEntityType } from './audit';
import { hasPermission, type Role, type TablePermission } from './roles';

/**
 * Staff accounts' e-mails and roles are for the roles that manage staff (Administrator). A role
 * without this permission reads Activity without the entries about staff accounts (entity `staff`:
 * they carry e-mails and roles), without the "Staff" kind among the filters, and without
 * `administratorEmail` on any row (null): who acted is shown by name, and `q` does not match e-mails.
 */
export const ACTIVITY_STAFF_ACCOUNTS_PERMISSION: TablePermission = 'staff.manage';

/**
 * The kinds of record whose entries need a permission besides reading Activity (or a record's
 * History): staff accounts ACTIVITY_STAFF_ACCOUNTS_PERMISSION, promos and bookings the permission
 * that reads them, so a role that may not read promos does not read their history either.
 */
const ACTIVITY_KIND_PERMISSIONS: Partial<Record<AuditEntityType, TablePermission>> = {
  staff: ACTIVITY_STAFF_ACCOUNTS_PERMISSION,
  promo: 'promos.read',
  booking: 'bookings.read',
};

/** The permission entries about this kind of record need besides reading Activity; undefined for none. */
export function activityKindPermission(kind: AuditEntityType): TablePermission | undefined {
  return ACTIVITY_KIND_PERMISSIONS[kind];
}

/**
 * Whether a role that reads Activity reads its entries about a kind of record: the one rule Activity's
 * list chooses its view by (server/modules/audit/audit.repository.ts: pages, totals, searches, the
 * whole array and CSV), a record's History follows (server/modules/audit/audit.routes.ts), and the
 * live stream sends Activity's changes by (server/modules/live/live.service.ts), so a stream never
 * names an entry its reader's Activity hides.
 */
export function readsActivityKind(role: Role, kind: AuditEntityType): boolean {
  const needed = activityKindPermission(kind);
  return needed === undefined || hasPermission(role, needed);
}

/**
 * One recorded decision, as the details' History shows it: who by e-mail and name (both null when the
 * account is gone; the e-mail null too for a role without ACTIVITY_STAFF_ACCOUNTS_PERMISSION).
 */
export const activityRowSchema = auditEventSchema;
export type ActivityRow = z.infer<typeof activityRowSchema>;

/** GET /api/admin/activity/staff: one choice of Activity's staff filter (no e-mail or role: every Activity reader sees it). */
export const activityStaffSchema = z.object({ id: z.number().int(), name: z.string() });
export type ActivityStaff = z.infer<typeof activityStaffSchema>;
