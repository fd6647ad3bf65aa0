// Activity: every decision and change the audit trail records, by any administrator, newest first.
import { z } from 'zod';
import { AUDIT_ENTITY_TYPES, auditEventSchema } from './audit';
import { defineList } from './list-resource';
import type { Permission } from './roles';

/**
 * Staff accounts' e-mails and roles are for the roles that manage staff (Administrator). A role
 * without this permission reads Activity without the entries about staff accounts (entity `staff`:
 * they carry e-mails and roles), without the "Staff" kind among the filters, and without
 * `administratorEmail` on any row (null): who acted is shown by name, and `q` does not match e-mails.
 */
export const ACTIVITY_STAFF_ACCOUNTS_PERMISSION: Permission = 'staff.manage';

/**
 * One recorded decision, as the details' History shows it: who by e-mail and name (both null when the
 * account is gone; the e-mail null too for a role without ACTIVITY_STAFF_ACCOUNTS_PERMISSION).
 */
export const activityRowSchema = auditEventSchema;
export type ActivityRow = z.infer<typeof activityRowSchema>;

/**
 * `q` matches the staff member's e-mail and name, the action and the reason; `status` is the kind of
 * record; `staffId` keeps one staff member's entries, in every form (page, whole array and CSV).
 */
export const activityList = defineList({
  name: 'activity',
  row: activityRowSchema,
  sorts: ['createdAt'],
  defaultOrder: { sort: 'createdAt', order: 'desc' },
  statuses: AUDIT_ENTITY_TYPES,
  statusFilter: { host: 'host', listing: 'listing', property: 'property', promo: 'promo', staff: 'staff' },
  searchFields: ['administratorEmail', 'administratorName', 'action', 'reason'],
  filters: { staffId: z.coerce.number().int().min(1).max(2_147_483_647).optional() },
  pageSize: 10,
  csvColumns: ['id', 'createdAt', 'administratorEmail', 'action', 'entityType', 'entityId', 'reason', 'before', 'after'],
  tag: 'audit',
  summary: 'Every recorded decision, newest first: one page, every row, or format=csv',
  access: 'activity.read',
});

/** GET /api/admin/activity/staff: one choice of Activity's staff filter (no e-mail or role: every Activity reader sees it). */
export const activityStaffSchema = z.object({ id: z.number().int(), name: z.string() });
export type ActivityStaff = z.infer<typeof activityStaffSchema>;
