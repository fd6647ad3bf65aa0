// Webhook deliveries (/webhook-deliveries, administrators only; docs/webhooks.md): each event posted to
// the marketplace, newest first, with its status, attempts and last error, filtered by status, Retry now
// for a pending or dead delivery, and Details for one delivery's event, payload and attempts. The
// Endpoints tab (endpoints.tsx) is the screen's other resource.
import { useCustomMutation, useInvalidate, useList, type BaseRecord } from '@refinedev/core';
import { Button, Empty, Flex, Select, Table, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DELIVERY_STATUSES, type DeliveryStatus, type WebhookDelivery } from '../../../contracts/webhooks';
import { actionPath, findResource } from '../../resources';
import { DeliveryDetails } from './delivery-details';
import { useDeliveryColumns } from './use-delivery-columns';
import { useWebhookTabs } from './webhook-tabs';
import { registerWebhooksCatalogue } from '../../../i18n/webhooks-catalogue';

// This screen's texts load with it.
registerWebhooksCatalogue();

const RESOURCE = 'webhook-deliveries';

export default function WebhookDeliveryList() {
  const { t } = useTranslation();
  const frame = useWebhookTabs(RESOURCE);
  const [page, setPage] = useState(1);
  const [status, setStatus] = useState<DeliveryStatus | undefined>(undefined);
  const [openedId, setOpenedId] = useState<number | undefined>(undefined);
  const { pageSize } = findResource(RESOURCE);
  const { result, query } = useList<WebhookDelivery & BaseRecord>({
    resource: RESOURCE,
    pagination: { currentPage: page, pageSize, mode: 'server' },
    filters: status ? [{ field: 'status', operator: 'eq', value: status }] : [],
  });
  const invalidate = useInvalidate();
  const { mutate: retry } = useCustomMutation<WebhookDelivery & BaseRecord>();
  const [retryingId, setRetryingId] = useState<number | null>(null);

  const retryNow = (delivery: WebhookDelivery) => {
    setRetryingId(delivery.id);
    retry(
      {
        url: actionPath(RESOURCE, 'retry', delivery.id),
        method: 'post',
        values: {},
        successNotification: () => ({ type: 'success', message: t('admin.webhookDeliveries.retried') }),
      },
      {
        onSettled: () => {
          setRetryingId(null);
          void invalidate({ resource: RESOURCE, invalidates: ['list', 'detail'], id: delivery.id });
        },
      },
    );
  };
  const columns = useDeliveryColumns({ onOpen: (delivery) => setOpenedId(delivery.id), onRetry: retryNow, retryingId });

  return (
    <>
      <Typography.Title level={2}>{t('admin.nav.webhookDeliveries')}</Typography.Title>
      {frame(
        <Flex vertical gap={16}>
          <Flex justify="flex-end" gap={8} wrap>
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
          <Table<WebhookDelivery>
            rowKey="id"
            loading={query.isLoading}
            dataSource={result.data}
            // Text at full contrast, as the lists' empty state (antd's own grey is too faint for WCAG AA).
            locale={{ emptyText: query.isLoading ? ' ' : <Empty description={<Typography.Text>{t('admin.webhookDeliveries.empty')}</Typography.Text>} /> }}
            pagination={{ current: page, pageSize, total: result.total, showSizeChanger: false, onChange: setPage }}
            columns={columns}
          />
        </Flex>,
      )}
      <DeliveryDetails deliveryId={openedId} onClose={() => setOpenedId(undefined)} />
    </>
  );
}
