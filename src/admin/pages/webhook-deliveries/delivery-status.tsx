import type { ComponentProps } from 'react';
import { useTranslation } from 'react-i18next';
import type { DeliveryStatus, WebhookDelivery } from '../../../contracts/webhooks';
import { StatusBadge } from '../../components/status-badge';

const STATUS_TONES: Record<DeliveryStatus, NonNullable<ComponentProps<typeof StatusBadge>['tone']>> = {
  pending: 'warning',
  delivering: 'info',
  delivered: 'success',
  dead: 'error',
};

/** Retry now is offered for what the server retries (webhooks.service.ts retryNow): pending or dead. */
export const isRetryable = (delivery: Pick<WebhookDelivery, 'status'>) => delivery.status === 'pending' || delivery.status === 'dead';

/** A delivery's status in the admin's language, in the tone of its outcome. */
export function DeliveryStatusBadge({ status }: { status: DeliveryStatus }) {
  const { t } = useTranslation();
  return (
    <StatusBadge status={status} tone={STATUS_TONES[status]}>
      {t(`admin.webhookDeliveries.statuses.${status}`)}
    </StatusBadge>
  );
}
