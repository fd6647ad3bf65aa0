import { useCustomMutation, useInvalidate, useTable, type CrudFilter, type CrudSort, type HttpError } from '@refinedev/core';
import { App, Button, Empty, Flex, Space, Table, Typography } from 'antd';
import type { SortOrder } from 'antd/es/table/interface';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  PROPERTY_APPROVAL_PAGE_SIZE,
  type PropertyApprovalRow,
  type PropertyApprovalSort,
  type PropertyDecisionResponse,
} from '../../../contracts/property-approvals';
import { ListErrorAlert } from '../../components/list-error-alert';
import { PaginationControl } from '../../components/pagination-control';
import { SearchInput } from '../../components/search-input';
import { StatusBadge } from '../../components/status-badge';
import { actionPath } from '../../resources';

type Decision = 'approve' | 'decline';

// Clicking a sorted column again flips it rather than clearing it (SPEC.md's toggle).
const SORT_DIRECTIONS: SortOrder[] = ['ascend', 'descend', 'ascend'];

function searchOf(filters: CrudFilter[]): string {
  const found = filters.find((filter) => 'field' in filter && filter.field === 'q');
  return found?.value === undefined || found.value === null ? '' : String(found.value);
}

function sortOrderOf(sorters: CrudSort[], field: PropertyApprovalSort): SortOrder {
  const found = sorters.find((sorter) => sorter.field === field);
  if (!found) return null;
  return found.order === 'desc' ? 'descend' : 'ascend';
}

/** Approve and Decline for one pending row, sending the version it was read at so a stale decision is refused. */
function useDecision() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const invalidate = useInvalidate();
  const { mutate } = useCustomMutation<PropertyDecisionResponse>();
  const [pending, setPending] = useState<{ id: number; decision: Decision } | null>(null);

  function decide(row: PropertyApprovalRow, decision: Decision) {
    setPending({ id: row.id, decision });
    mutate(
      {
        url: actionPath('property-approvals', decision, row.id),
        method: 'post',
        values: { version: row.version },
        successNotification: false,
        errorNotification: false,
      },
      {
        onSuccess: ({ data }) => {
          void message.success(
            t('admin.propertyApprovals.statusUpdated', { status: t(`admin.propertyApprovals.statuses.${data.status}`) }),
          );
        },
        onError: (error: HttpError) => {
          void message.error(error.message);
        },
        // After a 409 too: the row then shows what the other browser decided.
        onSettled: () => {
          setPending(null);
          void invalidate({ resource: 'property-approvals', invalidates: ['list'] });
        },
      },
    );
  }

  return { decide, pending };
}

/** The screen as routed, in the readable-contrast theme. */
export function PropertyApprovalList() {
  const { t } = useTranslation();
  const { tableQuery, result, filters, setFilters, sorters, setSorters, currentPage, setCurrentPage, pageSize } =
    useTable<PropertyApprovalRow>({
      resource: 'property-approvals',
      pagination: { pageSize: PROPERTY_APPROVAL_PAGE_SIZE },
    });
  const { decide, pending } = useDecision();
  const search = searchOf(filters);

  const sortable = (field: PropertyApprovalSort) => ({
    key: field,
    dataIndex: field,
    sorter: true,
    sortOrder: sortOrderOf(sorters, field),
    sortDirections: SORT_DIRECTIONS,
  });

  return (
    <Flex vertical gap={16}>
      <Typography.Title level={2} style={{ margin: 0 }}>
        {t('admin.propertyApprovals.title')}
      </Typography.Title>
      <SearchInput
        value={search}
        placeholder={t('admin.propertyApprovals.search')}
        onSearch={(value) => {
          setFilters([{ field: 'q', operator: 'contains', value: value === '' ? undefined : value }]);
          setCurrentPage(1);
        }}
      />
      <ListErrorAlert
        error={tableQuery.error}
        texts={{ notFound: t('admin.propertyApprovals.notFound'), failed: t('admin.propertyApprovals.loadFailed') }}
      />
      <Table<PropertyApprovalRow>
        rowKey="id"
        dataSource={result.data}
        loading={tableQuery.isFetching && pending === null}
        pagination={false}
        scroll={{ x: 'max-content' }}
        showSorterTooltip={false}
        onChange={(_pagination, _filters, sorter) => {
          const picked = Array.isArray(sorter) ? sorter[0] : sorter;
          const field = picked?.columnKey as PropertyApprovalSort | undefined;
          if (!field) return;
          const current = sortOrderOf(sorters, field);
          // A cleared order (antd's third click) still flips: the column never falls back to unsorted.
          const order = picked.order ?? (current === 'ascend' ? 'descend' : 'ascend');
          setSorters([{ field, order: order === 'descend' ? 'desc' : 'asc' }]);
          setCurrentPage(1);
        }}
        locale={{
          emptyText: (
            <Empty
              description={
                <Flex vertical>
                  <Typography.Text strong>{t('admin.propertyApprovals.emptyTitle')}</Typography.Text>
                  <Typography.Text>{t(search ? 'admin.propertyApprovals.emptyFiltered' : 'admin.propertyApprovals.emptyAll')}</Typography.Text>
                </Flex>
              }
            />
          ),
        }}
        columns={[
          { ...sortable('title'), title: t('admin.propertyApprovals.columns.title') },
          { ...sortable('address'), title: t('admin.propertyApprovals.columns.address') },
          { ...sortable('hostName'), title: t('admin.propertyApprovals.columns.hostName') },
          {
            ...sortable('status'),
            title: t('admin.propertyApprovals.columns.status'),
            render: (status: PropertyApprovalRow['status']) => (
              <StatusBadge status={status}>{t(`admin.propertyApprovals.statuses.${status}`, { defaultValue: status })}</StatusBadge>
            ),
          },
          {
            key: 'actions',
            title: t('admin.propertyApprovals.columns.actions'),
            render: (_value: unknown, row) => {
              if (row.status === 'confirmed') return <Typography.Text>{t('admin.propertyApprovals.alreadyConfirmed')}</Typography.Text>;
              if (row.status === 'declined') return <Typography.Text>{t('admin.propertyApprovals.alreadyDeclined')}</Typography.Text>;
              const isBusy = pending?.id === row.id;
              return (
                <Space>
                  <Button
                    type="primary"
                    size="small"
                    aria-label={t('admin.propertyApprovals.approveLabel', { title: row.title })}
                    loading={isBusy && pending?.decision === 'approve'}
                    disabled={isBusy}
                    onClick={() => decide(row, 'approve')}
                  >
                    {t('admin.propertyApprovals.approve')}
                  </Button>
                  <Button
                    danger
                    size="small"
                    aria-label={t('admin.propertyApprovals.declineLabel', { title: row.title })}
                    loading={isBusy && pending?.decision === 'decline'}
                    disabled={isBusy}
                    onClick={() => decide(row, 'decline')}
                  >
                    {t('admin.propertyApprovals.decline')}
                  </Button>
                </Space>
              );
            },
          },
        ]}
      />
      <PaginationControl current={currentPage} pageSize={pageSize} total={result.total ?? 0} onChange={setCurrentPage} />
    </Flex>
  );
}
