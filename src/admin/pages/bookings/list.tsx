import { useCustom, useTable, type CrudFilter, type CrudSort, type HttpError } from '@refinedev/core';
import { Alert, Button, Empty, Flex, Radio, Table, Typography } from 'antd';
import type { SortOrder } from 'antd/es/table/interface';
import { DownloadOutlined, ReloadOutlined } from '@ant-design/icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BOOKINGS_PAGE_SIZE, type Booking, type BookingSort, type BookingSummary } from '../../../contracts/bookings';
import { BOOKING_STATUSES, type BookingStatus } from '../../../contracts/statuses';
import { formatMoney } from '../../../lib/format';
import { CountCards } from '../../components/count-cards';
import { describeListError } from '../../components/list-error';
import { ListErrorAlert } from '../../components/list-error-alert';
import { PaginationControl } from '../../components/pagination-control';
import { usePlainFilterParams } from '../../components/plain-filter-params';
import { SearchInput } from '../../components/search-input';
import { actionPath } from '../../resources';
import { BookingDetails } from './booking-details';
import { BookingStatusBadge, GuestCell, GuestsCell, PropertyCell, useBookingDate } from './booking-cells';
import { useCsvExport } from '../../components/use-csv-export';

type StatusFilter = 'all' | BookingStatus;

// The list has the Refresh button; retrying a failed load three times would only delay its message.
const QUERY_OPTIONS = { retry: false } as const;

function filterValue(filters: CrudFilter[], field: string): string {
  const found = filters.find((filter) => 'field' in filter && filter.field === field);
  return found?.value === undefined || found.value === null ? '' : String(found.value);
}

/** SPEC.md: clicking the sorted column again flips asc/desc; another column starts ascending. */
export function nextSort(current: CrudSort | undefined, field: BookingSort): CrudSort {
  if (current?.field === field) return { field, order: current.order === 'asc' ? 'desc' : 'asc' };
  return { field, order: 'asc' };
}

/**
 * Bookings Management (/bookings): cards, search, status filter, sortable columns, 8 a page; its state
 * lives in the URL. A short link such as `/bookings?status=pending` (the dashboard's) opens it filtered.
 */
export function BookingList() {
  const isRewritingUrl = usePlainFilterParams(['q', 'status']);
  return isRewritingUrl ? null : <BookingListScreen />;
}

function BookingListScreen() {
  const { t } = useTranslation();
  const formatBookingDate = useBookingDate();
  const { tableQuery, result, filters, setFilters, sorters, setSorters, currentPage, setCurrentPage, pageSize } = useTable<
    Booking,
    HttpError
  >({
    resource: 'bookings',
    pagination: { pageSize: BOOKINGS_PAGE_SIZE },
    filters: { defaultBehavior: 'merge' },
    syncWithLocation: true,
    errorNotification: false,
    queryOptions: QUERY_OPTIONS,
  });
  const { query: summaryQuery, result: summaryResult } = useCustom<BookingSummary, HttpError>({
    url: actionPath('bookings', 'summary'),
    method: 'get',
    errorNotification: false,
    queryOptions: QUERY_OPTIONS,
  });
  const { exportCsv, isExporting, isFailed: isExportFailed } = useCsvExport('bookings', filters, 'bookings.csv');
  const [isRefreshing, setIsRefreshing] = useState(false);
  const [isRefreshFailed, setIsRefreshFailed] = useState(false);
  const [viewed, setViewed] = useState<Booking | undefined>(undefined);

  const search = filterValue(filters, 'q');
  const status = filterValue(filters, 'status');
  const isFiltered = search !== '' || status !== '';
  const [sorter] = sorters;

  const errorTexts = {
    unauthorized: t('admin.auth.unauthorized'),
    notFound: t('admin.bookings.errors.notFound'),
    failed: t(isRefreshFailed ? 'admin.bookings.errors.refresh' : 'admin.bookings.errors.fetch'),
  };
  const loadError = describeListError(tableQuery.error, errorTexts);
  const rows = loadError?.isEmptyList ? [] : result.data;
  const total = loadError?.isEmptyList ? 0 : (result.total ?? 0);

  function applyFilter(field: 'q' | 'status', value: string) {
    setFilters([{ field, operator: field === 'q' ? 'contains' : 'eq', value: value === '' ? undefined : value }]);
    setCurrentPage(1);
    setIsRefreshFailed(false);
  }

  function sortBy(field: BookingSort) {
    setSorters([nextSort(sorter, field)]);
    setCurrentPage(1);
  }

  async function refresh() {
    setIsRefreshing(true);
    const [list] = await Promise.all([tableQuery.refetch(), summaryQuery.refetch()]);
    setIsRefreshFailed(list.isError);
    setIsRefreshing(false);
  }

  const sortOrderOf = (field: BookingSort): SortOrder => (sorter?.field === field ? (sorter.order === 'asc' ? 'ascend' : 'descend') : null);
  // antd draws the arrows and aria-sort and takes clicks and Enter; the order itself follows nextSort (never unsorted).
  const sortable = (field: BookingSort) => ({
    key: field,
    sorter: true,
    sortOrder: sortOrderOf(field),
    sortDirections: ['ascend', 'descend', 'ascend'] as SortOrder[],
  });

  const summary = summaryResult.data;
  return (
    <Flex vertical gap={16}>
      <Flex wrap gap={12} justify="space-between" align="center">
        <Typography.Title level={2} style={{ margin: 0 }}>
          {t('admin.bookings.title')}
        </Typography.Title>
        <Flex wrap gap={8}>
          <Button icon={<DownloadOutlined />} onClick={() => void exportCsv()} loading={isExporting}>
            {t(isExporting ? 'admin.bookings.exporting' : 'admin.bookings.export')}
          </Button>
          <Button icon={<ReloadOutlined spin={isRefreshing} />} onClick={() => void refresh()} disabled={isRefreshing}>
            {t(isRefreshing ? 'admin.bookings.refreshing' : 'admin.bookings.refresh')}
          </Button>
        </Flex>
      </Flex>
      <CountCards
        isLoading={summaryQuery.isLoading}
        cards={[
          { key: 'total', label: t('admin.bookings.cards.total'), value: summary?.total },
          { key: 'confirmed', label: t('admin.bookings.cards.confirmed'), value: summary?.confirmed },
          { key: 'pending', label: t('admin.bookings.cards.pending'), value: summary?.pending },
          { key: 'cancelled', label: t('admin.bookings.cards.cancelled'), value: summary?.cancelled },
        ]}
      />
      <Flex wrap gap={12} justify="space-between" align="center">
        <SearchInput value={search} placeholder={t('admin.bookings.search')} onSearch={(value) => applyFilter('q', value)} />
        <Radio.Group
          aria-label={t('admin.bookings.filtersLabel')}
          optionType="button"
          buttonStyle="solid"
          value={status === '' ? 'all' : status}
          onChange={(event) => {
            const picked = event.target.value as StatusFilter;
            applyFilter('status', picked === 'all' ? '' : picked);
          }}
          options={[
            { value: 'all', label: t('admin.bookings.filters.all') },
            ...BOOKING_STATUSES.map((value) => ({ value, label: t(`admin.bookings.filters.${value}`) })),
          ]}
        />
      </Flex>
      <ListErrorAlert error={tableQuery.isError ? tableQuery.error : undefined} texts={errorTexts} />
      {isExportFailed ? <Alert type="error" role="alert" showIcon message={t('admin.bookings.exportFailed')} /> : null}
      <Table<Booking>
        rowKey="id"
        dataSource={rows}
        loading={tableQuery.isFetching}
        pagination={false}
        onChange={(_pagination, _filters, sorterResult, { action }) => {
          const clicked = Array.isArray(sorterResult) ? sorterResult[0] : sorterResult;
          if (action === 'sort' && clicked?.columnKey) sortBy(String(clicked.columnKey) as BookingSort);
        }}
        scroll={{ x: 'max-content' }}
        locale={{
          emptyText: (
            <Empty
              description={
                <Flex vertical>
                  <Typography.Text strong>{t('admin.bookings.emptyTitle')}</Typography.Text>
                  <Typography.Text>{t(isFiltered ? 'admin.bookings.emptyFiltered' : 'admin.bookings.emptyAll')}</Typography.Text>
                </Flex>
              }
            />
          ),
        }}
        columns={[
          {
            ...sortable('id'),
            title: t('admin.bookings.columns.id'),
            dataIndex: 'id',
            render: (id: number) => t('admin.bookings.bookingId', { id }),
          },
          {
            ...sortable('User.name'),
            title: t('admin.bookings.columns.guest'),
            render: (_, booking) => <GuestCell user={booking.User} />,
          },
          {
            ...sortable('Property.title'),
            title: t('admin.bookings.columns.property'),
            render: (_, booking) => <PropertyCell property={booking.Property} />,
          },
          {
            ...sortable('checkInDate'),
            title: t('admin.bookings.columns.checkIn'),
            dataIndex: 'checkInDate',
            render: (value: string | null) => formatBookingDate(value),
          },
          {
            ...sortable('checkOutDate'),
            title: t('admin.bookings.columns.checkOut'),
            dataIndex: 'checkOutDate',
            render: (value: string | null) => formatBookingDate(value),
          },
          {
            ...sortable('total'),
            title: t('admin.bookings.columns.total'),
            dataIndex: 'total',
            align: 'right',
            render: (value: number | null) => formatMoney(value, { missing: t('admin.bookings.notAvailable') }),
          },
          {
            key: 'guests',
            title: t('admin.bookings.columns.guests'),
            render: (_, booking) => <GuestsCell booking={booking} />,
          },
          {
            ...sortable('status'),
            title: t('admin.bookings.columns.status'),
            dataIndex: 'status',
            render: (value: string | null) => <BookingStatusBadge status={value} />,
          },
          {
            key: 'actions',
            title: t('admin.bookings.columns.actions'),
            render: (_, booking) => (
              <Button size="small" aria-label={t('admin.bookings.viewLabel', { id: booking.id })} onClick={() => setViewed(booking)}>
                {t('admin.bookings.view')}
              </Button>
            ),
          },
        ]}
      />
      <PaginationControl current={currentPage} pageSize={pageSize} total={total} onChange={setCurrentPage} />
      <BookingDetails booking={viewed} onClose={() => setViewed(undefined)} />
    </Flex>
  );
}
