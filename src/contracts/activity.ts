// Activity: every decision and change the audit trail records, by any administrator, newest first.
import { z } from 'zod';
import { AUDIT_ENTITY_TYPES, auditEventSchema } from './audit';
import { defineList } from './list-resource';

/** One recorded decision, as the details' History shows it: who by e-mail (null when the account is gone). */
export const activityRowSchema = auditEventSchema;
export type ActivityRow = z.infer<typeof activityRowSchema>;

/** `q` matches the administrator's e-mail, the action and the reason; `status` is the kind of record. */
export const activityList = defineList({
  name: 'activity',
  row: activityRowSchema,
  sorts: ['createdAt'],
  defaultOrder: { sort: 'createdAt', order: 'desc' },
  statuses: AUDIT_ENTITY_TYPES,
  statusFilter: { host: 'host', listing: 'listing', property: 'property', promo: 'promo' },
  searchFields: ['administratorEmail', 'action', 'reason'],
  pageSize: 10,
  csvColumns: ['id', 'createdAt', 'administratorEmail', 'action', 'entityType', 'entityId', 'reason', 'before', 'after'],
  tag: 'audit',
  summary: 'Every recorded decision, newest first: one page, every row, or format=csv',
});
