import { useCustom, useNavigation, useTable, type CrudFilter, type CrudSort, type HttpError } from '@refinedev/core';
import { Alert, App, Button, Card, Col, Empty, Flex, Row, Space, Statistic, Table, Typography, type TableProps } from 'antd';
import { DownloadOutlined, ReloadOutlined } from '@ant-design/icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { HOST_SORTS, HOSTS_PAGE_SIZE, type HostListItem, type HostSort, type HostSummary } from '../../../contracts/hosts';
import { HOST_STATUS_FILTERS, type HostStatus } from '../../../contracts/statuses';
import { ListErrorAlert } from '../../components/list-error-alert';
import { PaginationControl } from '../../components/pagination-control';
import { usePlainFilterParams } from '../../components/plain-filter-params';
import { SearchInput } from '../../components/search-input';
import { StatusBadge } from '../../components/status-badge';
import { useCsvExport } from '../../components/use-csv-export';
import { actionPath } from '../../resources';

// Read by screen readers only: the filter buttons' group name.
const VISUALLY_HIDDEN = { position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0 0 0 0)', whiteSpace: 'nowrap' } as const;

type FilterKey = 'all' | keyof typeof HOST_STATUS_FILTERS;
const FILTER_KEYS: FilterKey[] = ['all', 'approved', 'pending', 'rejected'];

function filterValue(filters: CrudFilter[], field: string): string {
  const found = filters.find((filter) => 'field' in filter && filter.field === field);
  return found && found.value !== undefined && found.value !== null ? String(found.value) : '';
}

/** A status filter from the URL, whether it names the stored value ("Confirmed") or the button ("approved"). */
function toStoredStatus(value: string): HostStatus | undefined {
  const lower = value.toLowerCase();
  const byButton = HOST_STATUS_FILTERS[lower as keyof typeof HOST_STATUS_FILTERS];
  if (byButton) return byButton;
  return Object.values(HOST_STATUS_FILTERS).find((status) => status.toLowerCase() === lower);
}

function isHostSort(field: unknown): field is HostSort {
  return HOST_SORTS.includes(field as HostSort);
}

/** SPEC.md "Hosts Management": search, status filters, count cards, a sortable table of 8 per page and a CSV export. */
export function HostsList() {
  const isRewritingUrl = usePlainFilterParams(['q', 'status']);
  return isRewritingUrl ? null : <HostsTable />;
}

function HostsTable() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const { showUrl } = useNavigation();
  const [isRefreshing, setIsRefreshing] = useState(false);

  const { tableQuery, result, filters, setFilters, sorters, setSorters, currentPage, setCurrentPage } = useTable<HostListItem, HttpError>({
    resource: 'hosts',
    pagination: { pageSize: HOSTS_PAGE_SIZE },
    syncWithLocation: true,
    errorNotification: false,
    // SPEC.md shows a failed load at once; retrying a 401 or 404 would only delay the message.
    queryOptions: { retry: false },
  });
  const summaryQuery = useCustom<HostSummary>({
    url: actionPath('hosts', 'summary'),
    method: 'get',
    errorNotification: false,
    queryOptions: { retry: false },
  });

  const search = filterValue(filters, 'q');
  const status = toStoredStatus(filterValue(filters, 'status'));
  const activeFilter: FilterKey = (FILTER_KEYS.find((key) => key !== 'all' && HOST_STATUS_FILTERS[key] === status) ?? 'all') as FilterKey;
  const [sorter] = sorters;
  const rows = tableQuery.isError ? [] : result.data;
  const total = tableQuery.isError ? 0 : (result.total ?? 0);
  // The export takes the list's search and status as the table reads them (a status link may name a button).
  const { exportCsv, isExporting, isFailed: isExportFailed } = useCsvExport(
    'hosts',
    [
      { field: 'q', operator: 'contains', value: search },
      { field: 'status', operator: 'eq', value: status },
    ],
    'hosts.csv',
  );
  // The query's own data: useCustom's `result.data` is an empty object until the answer arrives.
  const summary = summaryQuery.query.data?.data;

  function applyFilter(field: 'q' | 'status', value: string | undefined) {
    setFilters((previous) => [
      ...previous.filter((filter) => !('field' in filter) || filter.field !== field),
      ...(value ? [{ field, operator: field === 'q' ? 'contains' : 'eq', value } as CrudFilter] : []),
    ]);
    setCurrentPage(1);
  }

  async function refresh() {
    setIsRefreshing(true);
    const [list] = await Promise.all([tableQuery.refetch(), summaryQuery.query.refetch()]);
    setIsRefreshing(false);
    if (list.isError && list.error?.statusCode !== 401) void message.error(t('admin.hosts.list.errors.refreshFailed'));
  }

  const onTableChange: TableProps<HostListItem>['onChange'] = (_pagination, _filters, sorterChange) => {
    const change = Array.isArray(sorterChange) ? sorterChange[0] : sorterChange;
    const field = change?.columnKey ?? change?.field;
    if (!isHostSort(field) || !change?.order) return;
    const next: CrudSort = { field, order: change.order === 'descend' ? 'desc' : 'asc' };
    setSorters([next]);
    setCurrentPage(1);
  };

  const sortColumn = (key: HostSort) => ({
    key,
    sorter: true,
    // Every click toggles: ascending, descending, ascending ... (never back to unsorted).
    sortDirections: ['ascend', 'descend', 'ascend'] as ('ascend' | 'descend')[],
    sortOrder: sorter?.field === key ? (sorter.order === 'desc' ? ('descend' as const) : ('ascend' as const)) : null,
  });

  const columns: TableProps<HostListItem>['columns'] = [
    {
      title: t('admin.hosts.list.columns.name'),
      dataIndex: 'name',
      ...sortColumn('name'),
      render: (name: string, host) => <Link to={showUrl('hosts', host.userId)}>{name.trim() ? name : t('admin.hosts.list.unknownHost')}</Link>,
    },
    {
      title: t('admin.hosts.list.columns.status'),
      dataIndex: 'statusHost',
      ...sortColumn('statusHost'),
      render: (value: HostStatus) => <StatusBadge status={value}>{t(`admin.hosts.status.${value}`, { defaultValue: value })}</StatusBadge>,
    },
    {
      title: t('admin.hosts.list.columns.email'),
      dataIndex: 'email',
      ...sortColumn('email'),
      render: (email: string | null) => (email ? email : <Typography.Text italic>{t('admin.hosts.list.noEmail')}</Typography.Text>),
    },
    {
      title: t('admin.hosts.list.columns.properties'),
      dataIndex: 'numberOfProperties',
      ...sortColumn('numberOfProperties'),
      render: (count: number) => t('admin.hosts.list.propertyCount', { count }),
    },
    {
      title: t('admin.hosts.list.columns.actions'),
      key: 'actions',
      render: (_value, host) => (
        <Link to={showUrl('hosts', host.userId)} aria-label={`${t('admin.hosts.list.viewDetails')}: ${host.name || t('admin.hosts.list.unknownHost')}`}>
          {t('admin.hosts.list.viewDetails')}
        </Link>
      ),
    },
  ];

  const summaryCards: { key: keyof HostSummary; label: string }[] = [
    { key: 'total', label: t('admin.hosts.list.cards.total') },
    { key: 'approved', label: t('admin.hosts.list.cards.approved') },
    { key: 'pending', label: t('admin.hosts.list.cards.pending') },
    { key: 'rejected', label: t('admin.hosts.list.cards.rejected') },
  ];
  const isFiltered = search !== '' || status !== undefined;

  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }}>
      <Flex wrap gap="small" justify="space-between" align="center">
        <Typography.Title level={2} style={{ margin: 0 }}>
          {t('admin.hosts.list.title')}
        </Typography.Title>
        <Space wrap>
          <Button icon={<DownloadOutlined />} onClick={() => void exportCsv()} loading={isExporting}>
            {isExporting ? t('admin.hosts.list.exporting') : t('admin.hosts.list.exportCsv')}
          </Button>
          <Button icon={<ReloadOutlined spin={isRefreshing} />} onClick={() => void refresh()} disabled={isRefreshing}>
            {isRefreshing ? t('admin.hosts.list.refreshing') : t('admin.hosts.list.refresh')}
          </Button>
        </Space>
      </Flex>
      {isExportFailed ? <Alert type="error" role="alert" showIcon message={t('admin.hosts.list.exportFailed')} /> : null}

      {summary && summary.total > 0 && (
        <section aria-label={t('admin.hosts.list.cards.label')}>
          <Row gutter={[16, 16]}>
            {summaryCards.map((card) => (
              <Col key={card.key} xs={12} md={6}>
                <Card size="small">
                  <Statistic title={<Typography.Text>{card.label}</Typography.Text>} value={summary[card.key]} />
                </Card>
              </Col>
            ))}
          </Row>
        </section>
      )}

      <Flex wrap gap="small" justify="space-between" align="center">
        <SearchInput value={search} onSearch={(value) => applyFilter('q', value)} placeholder={t('admin.hosts.list.search')} />
        <fieldset style={{ border: 0, margin: 0, padding: 0, display: 'flex', flexWrap: 'wrap', gap: 8 }}>
          <legend style={VISUALLY_HIDDEN}>{t('admin.hosts.list.filterLabel')}</legend>
          {FILTER_KEYS.map((key) => (
            <Button
              key={key}
              type={activeFilter === key ? 'primary' : 'default'}
              aria-pressed={activeFilter === key}
              onClick={() => applyFilter('status', key === 'all' ? undefined : HOST_STATUS_FILTERS[key])}
            >
              {t(`admin.hosts.list.filters.${key}`)}
            </Button>
          ))}
        </fieldset>
      </Flex>

      <ListErrorAlert
        error={tableQuery.isError ? tableQuery.error : undefined}
        texts={{ notFound: t('admin.hosts.list.errors.notFound'), failed: t('admin.hosts.list.errors.failed') }}
      />

      <Table<HostListItem>
        rowKey="userId"
        columns={columns}
        dataSource={rows}
        loading={tableQuery.isFetching}
        pagination={false}
        onChange={onTableChange}
        scroll={{ x: 'max-content' }}
        locale={{
          emptyText: (
            <Empty
              description={
                <Space direction="vertical" size={0}>
                  <Typography.Text strong>{t('admin.hosts.list.emptyTitle')}</Typography.Text>
                  <Typography.Text>
                    {isFiltered ? t('admin.hosts.list.emptyFiltered') : t('admin.hosts.list.emptyAll')}
                  </Typography.Text>
                </Space>
              }
            />
          ),
        }}
      />
      <PaginationControl current={currentPage} pageSize={HOSTS_PAGE_SIZE} total={total} onChange={setCurrentPage} />
    </Space>
  );
}
