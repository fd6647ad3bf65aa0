// Activity: every decision and change the audit trail records, by any administrator, newest first.
import { z } from 'zod';
import { auditEventSchema, type AuditEntityType } from './audit';
import { hasPermission, type Permission, type Role } from './roles';

/**
 * Staff accounts' e-mails and roles are for the roles that manage staff (Administrator). A role
 * without this permission reads Activity without the entries about staff accounts (entity `staff`:
 * they carry e-mails and roles), without the "Staff" kind among the filters, and without
 * `administratorEmail` on any row (null): who acted is shown by name, and `q` does not match e-mails.
 */
export const ACTIVITY_STAFF_ACCOUNTS_PERMISSION: Permission = 'staff.manage';

/**
 * Whether a role that reads Activity reads its entries about a kind of record: the one rule Activity's
 * list chooses its view by (server/modules/audit/audit.repository.ts) and the live stream sends
 * Activity's changes by (server/modules/live/live.service.ts), so a stream never names an entry its
 * reader's Activity hides. Entries about staff accounts need ACTIVITY_STAFF_ACCOUNTS_PERMISSION.
 */
export function readsActivityKind(role: Role, kind: AuditEntityType): boolean {
  return kind !== 'staff' || hasPermission(role, ACTIVITY_STAFF_ACCOUNTS_PERMISSION);
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
