import { Button, Flex, Typography, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import type { WebhookDelivery } from '../../../contracts/webhooks';
import { formatDateTime } from '../../../lib/format';
import { DeliveryStatusBadge, isRetryable } from './delivery-status';

interface DeliveryColumnsOptions {
  /** Opens the delivery's event and attempts. */
  onOpen(delivery: WebhookDelivery): void;
  onRetry(delivery: WebhookDelivery): void;
  /** The delivery whose Retry now is under way, if any. */
  retryingId: number | null;
}

/** The Deliveries table's columns: when, event, endpoint, status, attempts, last error, and Details and Retry now. */
export function useDeliveryColumns({ onOpen, onRetry, retryingId }: DeliveryColumnsOptions): TableColumnsType<WebhookDelivery> {
  const { t } = useTranslation();
  return [
    { key: 'createdAt', title: t('admin.webhookDeliveries.columns.createdAt'), render: (_, delivery) => formatDateTime(delivery.createdAt) },
    { key: 'eventType', title: t('admin.webhookDeliveries.columns.eventType'), dataIndex: 'eventType' },
    {
      key: 'endpointUrl',
      title: t('admin.webhookDeliveries.columns.endpoint'),
      render: (_, delivery) => <Typography.Text ellipsis={{ tooltip: delivery.endpointUrl }}>{delivery.endpointUrl}</Typography.Text>,
    },
    { key: 'status', title: t('admin.webhookDeliveries.columns.status'), render: (_, delivery) => <DeliveryStatusBadge status={delivery.status} /> },
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
      render: (_, delivery) => (
        <Flex gap={8} wrap>
          <Button
            size="small"
            onClick={() => onOpen(delivery)}
            aria-label={t('admin.webhookDeliveries.details.openLabel', { id: delivery.id, eventType: delivery.eventType })}
          >
            {t('admin.webhookDeliveries.details.open')}
          </Button>
          {isRetryable(delivery) ? (
            <Button size="small" onClick={() => onRetry(delivery)} loading={retryingId === delivery.id}>
              {t('admin.webhookDeliveries.retryNow')}
            </Button>
          ) : null}
        </Flex>
      ),
    },
  ];
}
