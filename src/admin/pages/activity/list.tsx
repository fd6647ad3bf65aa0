import { Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { activityList, type ActivityRow } from '../../../contracts/activity';
import { formatDateTime } from '../../../lib/format';
import { changedFields } from '../../components/audit-history';
import { ListScreen, type ListColumn } from '../../list/list-screen';

/** Where a record is shown: a host or a listing (a property's decisions too) by id, a promo on the promos overview. */
function recordPath({ entityType, entityId }: ActivityRow): string {
  if (entityType === 'promo') return '/promo-code';
  return entityType === 'host' ? `/host-details/${entityId}` : `/listings/${entityId}`;
}

/** Activity (/activity): every decision the audit trail records, by any administrator, newest first. */
export function ActivityList() {
  const { t } = useTranslation();
  const shown = (value: unknown) =>
    value === null || value === undefined || value === '' ? t('admin.history.emptyValue') : typeof value === 'string' ? value : JSON.stringify(value);
  const columns: ListColumn<ActivityRow>[] = [
    { key: 'time', sort: 'createdAt', render: (row) => <time dateTime={row.createdAt}>{formatDateTime(row.createdAt)}</time> },
    { key: 'who', render: (row) => row.administratorEmail ?? t('admin.history.unknownAdministrator') },
    { key: 'what', render: (row) => t(`admin.history.actions.${row.action}`, { defaultValue: row.action }) },
    {
      key: 'record',
      render: (row) => (
        <Link to={recordPath(row)}>{t(`admin.activity.records.${row.entityType}`, { id: row.entityId })}</Link>
      ),
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
  return <ListScreen<ActivityRow> definition={activityList} columns={columns} />;
}
