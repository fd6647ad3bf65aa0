import { useTable, type CrudFilter } from '@refinedev/core';
import { Empty, Flex, Radio, Table, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LISTING_PAGE_SIZE, LISTING_STATUS_FILTERS, type ListingRow } from '../../../contracts/listings';
import { ListErrorAlert } from '../../components/list-error-alert';
import { PaginationControl } from '../../components/pagination-control';
import { SearchInput } from '../../components/search-input';
import { StatusBadge } from '../../components/status-badge';
import { listingStatusKey } from './listing-status';

type StatusFilter = 'all' | keyof typeof LISTING_STATUS_FILTERS;

function filterValue(filters: CrudFilter[], field: string): string {
  const found = filters.find((filter) => 'field' in filter && filter.field === field);
  return found?.value === undefined || found.value === null ? '' : String(found.value);
}

function statusFilterOf(status: string): StatusFilter {
  const entry = Object.entries(LISTING_STATUS_FILTERS).find(([, value]) => value === status);
  return entry ? (entry[0] as StatusFilter) : 'all';
}

/** The screen as routed, in the readable-contrast theme. */
export function ListingList() {
  const { t } = useTranslation();
  const { tableQuery, result, filters, setFilters, currentPage, setCurrentPage, pageSize } = useTable<ListingRow>({
    resource: 'listings',
    pagination: { pageSize: LISTING_PAGE_SIZE },
    filters: { defaultBehavior: 'merge' },
    sorters: { mode: 'off' },
  });
  const search = filterValue(filters, 'q');
  const status = filterValue(filters, 'status');
  const isFiltered = search !== '' || status !== '';

  function applyFilter(field: 'q' | 'status', value: string) {
    setFilters([{ field, operator: field === 'q' ? 'contains' : 'eq', value: value === '' ? undefined : value }]);
    setCurrentPage(1);
  }

  return (
    <Flex vertical gap={16}>
      <Typography.Title level={2} style={{ margin: 0 }}>
        {t('admin.listings.list.title')}
      </Typography.Title>
      <Flex wrap gap={12} justify="space-between" align="center">
        <SearchInput value={search} placeholder={t('admin.listings.list.search')} onSearch={(value) => applyFilter('q', value)} />
        <Radio.Group
          aria-label={t('admin.listings.list.filtersLabel')}
          optionType="button"
          buttonStyle="solid"
          value={statusFilterOf(status)}
          onChange={(event) => {
            const picked = event.target.value as StatusFilter;
            applyFilter('status', picked === 'all' ? '' : LISTING_STATUS_FILTERS[picked]);
          }}
          options={[
            { value: 'all', label: t('admin.listings.list.filters.all') },
            { value: 'pending', label: t('admin.listings.list.filters.pending') },
            { value: 'decline', label: t('admin.listings.list.filters.decline') },
          ]}
        />
      </Flex>
      <ListErrorAlert
        error={tableQuery.error}
        texts={{ notFound: t('admin.listings.list.notFound'), failed: t('admin.listings.list.loadFailed') }}
      />
      <Table<ListingRow>
        rowKey="id"
        dataSource={result.data}
        loading={tableQuery.isFetching}
        pagination={false}
        scroll={{ x: 'max-content' }}
        locale={{
          emptyText: (
            <Empty
              description={
                <Flex vertical>
                  <Typography.Text strong>{t('admin.listings.list.emptyTitle')}</Typography.Text>
                  <Typography.Text>{t(isFiltered ? 'admin.listings.list.emptyFiltered' : 'admin.listings.list.emptyAll')}</Typography.Text>
                </Flex>
              }
            />
          ),
        }}
        columns={[
          {
            key: 'title',
            title: t('admin.listings.list.columns.title'),
            dataIndex: 'title',
            render: (title: string, row) => <Link to={`/listings/${row.propertyId}`}>{title}</Link>,
          },
          {
            key: 'status',
            title: t('admin.listings.list.columns.status'),
            dataIndex: 'status',
            render: (value: ListingRow['status']) => (
              <StatusBadge status={value}>{t(listingStatusKey(value), { defaultValue: value })}</StatusBadge>
            ),
          },
          { key: 'address', title: t('admin.listings.list.columns.address'), dataIndex: 'address' },
          { key: 'hostName', title: t('admin.listings.list.columns.hostName'), dataIndex: 'hostName' },
        ]}
      />
      <PaginationControl current={currentPage} pageSize={pageSize} total={result.total ?? 0} onChange={setCurrentPage} />
    </Flex>
  );
}
