import { useNavigation } from '@refinedev/core';
import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { HostListItem, HostSummary } from '../../../contracts/hosts';
import { declaration as hostList } from '../../../contracts/lists/hosts';
import { StatusBadge } from '../../components/status-badge';
import { SuspendedTag } from '../../components/suspended-tag';
import { ListScreen, type ListColumn } from '../../list/list-screen';
import { PresenceMark, useRowViewers } from '../../live/presence-note';

/** Hosts Management (docs/product.md §8): search, status filters, count cards, a sortable table of 8 per page and a CSV export. */
export function HostsList() {
  const { t } = useTranslation();
  const { showUrl } = useNavigation();
  const nameOf = (host: HostListItem) => (host.name.trim() ? host.name : t('admin.hosts.list.unknownHost'));
  const viewersOf = useRowViewers('hosts');
  const columns: ListColumn<HostListItem>[] = [
    {
      key: 'name',
      sort: 'name',
      render: (host) => (
        <>
          <Link to={showUrl('hosts', host.userId)}>{nameOf(host)}</Link>
          <SuspendedTag suspendedAt={host.suspendedAt} />
          <PresenceMark viewers={viewersOf(host.userId)} />
        </>
      ),
    },
    {
      key: 'status',
      sort: 'statusHost',
      render: (host) => <StatusBadge status={host.statusHost}>{t(`admin.hosts.status.${host.statusHost}`, { defaultValue: host.statusHost })}</StatusBadge>,
    },
    {
      key: 'email',
      sort: 'email',
      render: (host) => host.email ?? <Typography.Text italic>{t('admin.hosts.list.noEmail')}</Typography.Text>,
    },
    { key: 'properties', sort: 'numberOfProperties', render: (host) => t('admin.hosts.list.propertyCount', { count: host.numberOfProperties }) },
    {
      key: 'actions',
      render: (host) => (
        <Link to={showUrl('hosts', host.userId)} aria-label={`${t('admin.hosts.list.viewDetails')}: ${nameOf(host)}`}>
          {t('admin.hosts.list.viewDetails')}
        </Link>
      ),
    },
  ];
  return (
    <ListScreen<HostListItem, HostSummary>
      definition={hostList}
      columns={columns}
      summary={{
        keys: ['total', 'approved', 'pending', 'rejected'],
        // Counts only once there are hosts to count.
        isShown: (summary) => summary !== undefined && summary.total > 0,
      }}
    />
  );
}

/** The screen src/admin/screens.ts routes at the resource's list. */
export default HostsList;
