// The admin list `activity`: its declaration (what the back-office's first load reads) and its definition
// (the row schema and OpenAPI summary, built when the server asks). docs/adding-a-resource.md.
import { declareList, defineList } from '../list-declaration';
import { AUDIT_ENTITY_TYPES } from '../statuses';
import { activityRowSchema } from '../activity';

/**
 * Activity: every decision the audit trail records. `q` matches the staff member's e-mail and name,
 * the action, the reason and the record's name; `status` is the kind of record; `staffId` keeps one staff member's
 * entries and `createdFrom` / `createdTo` the entries of those days, in every form (page, whole
 * array and CSV).
 */
export const declaration = declareList({
  name: 'activity',
  sorts: ['createdAt'],
  defaultOrder: { sort: 'createdAt', order: 'desc' },
  statuses: AUDIT_ENTITY_TYPES,
  statusFilter: AUDIT_ENTITY_TYPES,
  searchFields: ['administratorEmail', 'administratorName', 'action', 'reason', 'entityName'],
  /** Written from and to these days (UTC, both included): a week of the dashboard's decision chart. */
  filters: { staffId: 'id', createdFrom: 'date', createdTo: 'date' },
  pageSize: 10,
  csvColumns: ['id', 'createdAt', 'administratorEmail', 'action', 'entityType', 'entityId', 'reason', 'before', 'after'],
  tag: 'audit',
  access: 'activity.read',
  icon: 'history',
  menuOrder: 80,
  resource: { actions: { staffNames: { method: 'get', path: 'admin/activity/staff' } } },
});

export const definition = defineList(declaration, () => ({
  row: activityRowSchema,
  summary: 'Every recorded decision, newest first: one page, every row, or format=csv',
}));
