import { useCustom, type HttpError } from '@refinedev/core';
import { Flex, Select, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ACTIVITY_STAFF_ACCOUNTS_PERMISSION, activityKindPermission, type ActivityRow, type ActivityStaff } from '../../../contracts/activity';
import type { AuditEntityType } from '../../../contracts/audit';
import { declaration as activityList } from '../../../contracts/lists/activity';
import { formatDateTime } from '../../../lib/format';
import { usePermission } from '../../access';
import { changedFields, staffLabel } from '../../components/audit-history';
import { ListScreen, type ListColumn } from '../../list/list-screen';
import { useListContext, useRefetchOnRefresh } from '../../list/list-context';
import { LIST_QUERY_DEFAULTS } from '../../list/use-list-screen';
import { actionPath } from '../../resources';
import { Notice } from '../../components/notice';

/** The kinds of record this screen links to; a kind added since (a list's actions, docs/adding-an-action.md) is shown unlinked. */
const LINKED_KINDS: readonly string[] = ['promo', 'staff', 'booking', 'host', 'listing', 'property', 'guest'];

/** Where a record is shown: a host or a listing (a property's decisions too) by id, a promo on the promos overview. */
function recordPath({ entityType, entityId }: ActivityRow): string | undefined {
  if (!LINKED_KINDS.includes(entityType)) return undefined;
  if (entityType === 'promo') return '/promo-code';
  if (entityType === 'staff') return '/staff';
  if (entityType === 'booking') return `/bookings?q=${encodeURIComponent(`#${entityId}`)}`;
  return entityType === 'host' ? `/host-details/${entityId}` : `/listings/${entityId}`;
}

/** The staff filter: every member by name (disabled ones too, their entries stay); "All staff" clears it. */
function StaffFilter() {
  const { t } = useTranslation();
  const list = useListContext<ActivityRow>();
  const { query } = useCustom<ActivityStaff[], HttpError>({ url: actionPath('activity', 'staffNames'), method: 'get', ...LIST_QUERY_DEFAULTS });
  // Refresh is the retry, as for the list itself.
  useRefetchOnRefresh(query.refetch);
  const select = (
    <Select
      aria-label={t('admin.activity.staffFilter')}
      style={{ minWidth: 220 }}
      loading={query.isLoading}
      status={query.isError ? 'error' : undefined}
      value={list.extraFilters.staffId || ''}
      onChange={(value: string) => list.setExtraFilter('staffId', value || undefined)}
      options={[
        { value: '', label: t('admin.activity.allStaff') },
        ...(query.data?.data ?? []).map((member) => ({ value: String(member.id), label: member.name })),
      ]}
    />
  );
  if (!query.isError) return select;
  return (
    <Flex vertical gap={8}>
      {select}
      <Notice role="alert" type="error" showIcon message={t('admin.activity.errors.staffNames')} />
    </Flex>
  );
}

/** Activity's definition for a role that may not read some kinds of record, one per set of kinds (a screen keeps it across renders). */
const definitionsWithout = new Map<string, typeof activityList>();

/**
 * Activity for a role that may not read some kinds of record (staff accounts without managing staff,
 * promos without reading promos): those kinds are not among the filters, since the server leaves
 * their entries out for it (src/contracts/activity.ts `readsActivityKind`).
 */
function activityWithout(hidden: readonly AuditEntityType[]): typeof activityList {
  if (hidden.length === 0) return activityList;
  const key = hidden.join(' ');
  const known = definitionsWithout.get(key);
  if (known) return known;
  const definition = {
    ...activityList,
    statusFilter: Object.fromEntries(Object.entries(activityList.statusFilter ?? {}).filter(([, status]) => !hidden.includes(status as AuditEntityType))),
  };
  definitionsWithout.set(key, definition);
  return definition;
}

/** Activity (/activity): every decision the audit trail records, by any staff member, newest first; filtered by one of them. */
export function ActivityList() {
  const { t } = useTranslation();
  const canReadStaffAccounts = usePermission('activity', ACTIVITY_STAFF_ACCOUNTS_PERMISSION);
  const canReadPromos = usePermission('activity', activityKindPermission('promo') ?? ACTIVITY_STAFF_ACCOUNTS_PERMISSION);
  const canReadBookings = usePermission('activity', activityKindPermission('booking') ?? ACTIVITY_STAFF_ACCOUNTS_PERMISSION);
  const shown = (value: unknown) =>
    value === null || value === undefined || value === '' ? t('admin.history.emptyValue') : typeof value === 'string' ? value : JSON.stringify(value);
  const columns: ListColumn<ActivityRow>[] = [
    { key: 'time', sort: 'createdAt', render: (row) => <time dateTime={row.createdAt}>{formatDateTime(row.createdAt)}</time> },
    // By name alone when the server leaves the e-mail out for the caller's role.
    { key: 'who', render: (row) => staffLabel(row) ?? row.administratorName ?? t('admin.history.unknownAdministrator') },
    { key: 'what', render: (row) => t(`admin.history.actions.${row.action}`, { defaultValue: row.action }) },
    {
      key: 'record',
      render: (row) => {
        const record = t(`admin.activity.records.${row.entityType}`, { id: row.entityId });
        // Stored text, shown literally: React escapes it, and i18next does not (escapeValue off in src/i18n).
        const text = row.entityName ? t('admin.activity.namedRecord', { name: row.entityName, record }) : record;
        const path = recordPath(row);
        return path ? <Link to={path}>{text}</Link> : text;
      },
    },
    {
      key: 'change',
      render: (row) => (
        <Flex vertical style={{ maxWidth: 420, overflowWrap: 'anywhere' }}>
          {changedFields(row.before, row.after).map((change) => (
            <Typography.Text key={change.field}>
              {t('admin.history.change', {
                field: t(`admin.history.fields.${change.field}`, { defaultValue: change.field }),
                before: shown(change.before),
                after: shown(change.after),
              })}
            </Typography.Text>
          ))}
          {row.reason ? <Typography.Text type="secondary">{t('admin.history.reason', { reason: row.reason })}</Typography.Text> : null}
        </Flex>
      ),
    },
  ];
  const definition = activityWithout([
    ...(canReadPromos ? [] : (['promo'] as const)),
    ...(canReadStaffAccounts ? [] : (['staff'] as const)),
    ...(canReadBookings ? [] : (['booking'] as const)),
  ]);
  return <ListScreen<ActivityRow> definition={definition} columns={columns} toolbar={<StaffFilter />} />;
}

/** The screen src/admin/screens.ts routes at the resource's list. */
export default ActivityList;
