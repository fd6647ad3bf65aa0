import { useOne, type BaseRecord, type HttpError } from '@refinedev/core';
import { Alert, Button, Descriptions, Drawer, Flex, Skeleton, Typography } from 'antd';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { DeliveryDetail } from '../../../contracts/webhooks';
import { formatDateTime } from '../../../lib/format';
import { DeliveryAttempts } from './delivery-attempts';
import { DeliveryStatusBadge } from './delivery-status';

interface DeliveryDetailsProps {
  /** The delivery shown, or none: the drawer is closed. */
  deliveryId: number | undefined;
  onClose(): void;
}

/** The event of one delivery (its type, ids and payload, as text) and each attempt, read from GET /api/admin/webhook-deliveries/:id. */
export function DeliveryDetails({ deliveryId, onClose }: DeliveryDetailsProps) {
  const { t } = useTranslation();
  const title = deliveryId === undefined ? undefined : t('admin.webhookDeliveries.details.title', { id: deliveryId });
  return (
    <Drawer
      open={deliveryId !== undefined}
      onClose={onClose}
      title={title}
      aria-label={title}
      closable={false}
      extra={<Button onClick={onClose}>{t('admin.webhookDeliveries.details.close')}</Button>}
      width="min(640px, 100vw)"
      destroyOnHidden
      styles={{ body: { padding: 0 } }}
    >
      {/* The content scrolls in a region of its own that a keyboard can reach and scroll (axe:
          scrollable-region-focusable): the drawer's body would scroll with nothing in it to focus. */}
      {/* oxlint-disable-next-line jsx-a11y/no-noninteractive-tabindex */}
      <section aria-label={title} tabIndex={0} style={{ height: '100%', overflowY: 'auto', padding: 24 }}>
        {deliveryId === undefined ? null : <DeliveryDetailBody deliveryId={deliveryId} />}
      </section>
    </Drawer>
  );
}

function DeliveryDetailBody({ deliveryId }: { deliveryId: number }) {
  const { t } = useTranslation();
  const headingId = useId();
  const { query, result } = useOne<DeliveryDetail & BaseRecord, HttpError>({
    resource: 'webhook-deliveries',
    id: deliveryId,
    errorNotification: false,
    queryOptions: { retry: false },
  });
  if (query.isError) return <Alert type="error" showIcon message={t('admin.webhookDeliveries.details.loadError')} />;
  if (!result) return <Skeleton active />;
  const { delivery, event, attempts } = result;
  const notYet = { missing: t('admin.webhookDeliveries.details.notYet') };
  return (
    <Flex vertical gap={16}>
      <Descriptions
        column={1}
        bordered
        size="small"
        items={[
          { key: 'eventType', label: t('admin.webhookDeliveries.details.eventType'), children: event.type },
          { key: 'eventId', label: t('admin.webhookDeliveries.details.eventId'), children: event.id },
          { key: 'idempotencyKey', label: t('admin.webhookDeliveries.details.idempotencyKey'), children: event.idempotencyKey },
          { key: 'eventCreatedAt', label: t('admin.webhookDeliveries.details.eventCreatedAt'), children: formatDateTime(event.createdAt) },
          { key: 'endpoint', label: t('admin.webhookDeliveries.details.endpoint'), children: delivery.endpointUrl },
          { key: 'status', label: t('admin.webhookDeliveries.details.status'), children: <DeliveryStatusBadge status={delivery.status} /> },
          { key: 'nextAttemptAt', label: t('admin.webhookDeliveries.details.nextAttemptAt'), children: formatDateTime(delivery.nextAttemptAt, notYet) },
          { key: 'deliveredAt', label: t('admin.webhookDeliveries.details.deliveredAt'), children: formatDateTime(delivery.deliveredAt, notYet) },
        ]}
      />
      <section aria-labelledby={`${headingId}-payload`}>
        <Typography.Title level={3} id={`${headingId}-payload`} style={{ fontSize: 16 }}>
          {t('admin.webhookDeliveries.details.payload')}
        </Typography.Title>
        {/* A child text node, never HTML: a payload's "<b>" reads as the characters it is. Wrapped, not
            scrolled: the drawer scrolls, and a scrolling box would need a keyboard stop of its own. */}
        <pre style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', margin: 0 }}>{JSON.stringify(event.payload, null, 2)}</pre>
      </section>
      <section aria-labelledby={`${headingId}-attempts`}>
        <Typography.Title level={3} id={`${headingId}-attempts`} style={{ fontSize: 16 }}>
          {t('admin.webhookDeliveries.details.attempts')}
        </Typography.Title>
        <DeliveryAttempts attempts={attempts} />
      </section>
    </Flex>
  );
}
