// Webhook deliveries (/webhook-deliveries, administrators only; docs/webhooks.md): each event posted to
// the marketplace, newest first, with its status, attempts and last error, filtered by status, and
// Retry now for a pending or dead delivery.
import { useCustomMutation, useInvalidate, useList, type BaseRecord } from '@refinedev/core';
import { Button, Flex, Select, Table, Typography } from 'antd';
import { useState, type ComponentProps } from 'react';
import { useTranslation } from 'react-i18next';
import { DELIVERY_STATUSES, type DeliveryStatus, type WebhookDelivery } from '../../../contracts/webhooks';
import { formatDateTime } from '../../../lib/format';
import { StatusBadge } from '../../components/status-badge';
import { actionPath, findResource } from '../../resources';

const RESOURCE = 'webhook-deliveries';

const STATUS_TONES: Record<DeliveryStatus, NonNullable<ComponentProps<typeof StatusBadge>['tone']>> = {
  pending: 'warning',
  delivering: 'info',
  delivered: 'success',
  dead: 'error',
};

const isRetryable = (delivery: WebhookDelivery) => delivery.status === 'pending' || delivery.status === 'dead';

export default function WebhookDeliveryList() {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const [status, setStatus] = useState<DeliveryStatus | undefined>(undefined);
  const { pageSize } = findResource(RESOURCE);
  const { result, query } = useList<WebhookDelivery & BaseRecord>({
    resource: RESOURCE,
    pagination: { currentPage: page, pageSize, mode: 'server' },
    filters: status ? [{ field: 'status', operator: 'eq', value: status }] : [],
  });
  const invalidate = useInvalidate();
  const { mutate: retry, mutation } = useCustomMutation<WebhookDelivery & BaseRecord>();
  const [retrying, setRetrying] = useState<number | null>(null);

  const retryNow = (delivery: WebhookDelivery) => {
    setRetrying(delivery.id);
    retry(
      {
        url: actionPath(RESOURCE, 'retry', delivery.id),
        method: 'post',
        values: {},
        successNotification: () => ({ type: 'success', message: t('admin.webhookDeliveries.retried') }),
      },
      { onSettled: () => (setRetrying(null), void invalidate({ resource: RESOURCE, invalidates: ['list'] })) },
    );
  };

  return (
    <>
      <Flex justify="space-between" align="center" wrap gap={8}>
        <Typography.Title level={2}>{t('admin.nav.webhookDeliveries')}</Typography.Title>
        <Flex gap={8}>
          <Select<DeliveryStatus | 'all'>
            aria-label={t('admin.webhookDeliveries.statusFilter')}
            style={{ minWidth: 160 }}
            value={status ?? 'all'}
            onChange={(value) => {
              setStatus(value === 'all' ? undefined : value);
              setPage(1);
            }}
            options={[
              { value: 'all', label: t('admin.webhookDeliveries.allStatuses') },
              ...DELIVERY_STATUSES.map((value) => ({ value, label: t(`admin.webhookDeliveries.statuses.${value}`) })),
            ]}
          />
          <Button onClick={() => void query.refetch()} loading={query.isFetching}>
            {t('admin.webhookDeliveries.refresh')}
          </Button>
        </Flex>
      </Flex>
      <Table<WebhookDelivery>
        rowKey="id"
        loading={query.isLoading}
        dataSource={result.data}
        locale={{ emptyText: t('admin.webhookDeliveries.empty') }}
        pagination={{ current: page, pageSize, total: result.total, showSizeChanger: false, onChange: setPage }}
        columns={[
          { key: 'createdAt', title: t('admin.webhookDeliveries.columns.createdAt'), render: (_, delivery) => formatDateTime(delivery.createdAt) },
          { key: 'eventType', title: t('admin.webhookDeliveries.columns.eventType'), dataIndex: 'eventType' },
          {
            key: 'endpointUrl',
            title: t('admin.webhookDeliveries.columns.endpoint'),
            render: (_, delivery) => <Typography.Text ellipsis={{ tooltip: delivery.endpointUrl }}>{delivery.endpointUrl}</Typography.Text>,
          },
          {
            key: 'status',
            title: t('admin.webhookDeliveries.columns.status'),
            render: (_, delivery) => (
              <StatusBadge status={delivery.status} tone={STATUS_TONES[delivery.status]}>
                {t(`admin.webhookDeliveries.statuses.${delivery.status}`)}
              </StatusBadge>
            ),
          },
          { key: 'attempts', title: t('admin.webhookDeliveries.columns.attempts'), dataIndex: 'attempts' },
          {
            key: 'lastError',
            title: t('admin.webhookDeliveries.columns.lastError'),
            render: (_, delivery) =>
              delivery.lastError ? (
                <Typography.Text type="danger" ellipsis={{ tooltip: delivery.lastError }} style={{ maxWidth: 280 }}>
                  {delivery.lastError}
                </Typography.Text>
              ) : (
                t('admin.webhookDeliveries.noError')
              ),
          },
          {
            key: 'actions',
            title: t('admin.webhookDeliveries.columns.actions'),
            render: (_, delivery) =>
              isRetryable(delivery) ? (
                <Button size="small" onClick={() => retryNow(delivery)} loading={mutation.isPending && retrying === delivery.id}>
                  {t('admin.webhookDeliveries.retryNow')}
                </Button>
              ) : null,
          },
        ]}
      />
    </>
  );
}
