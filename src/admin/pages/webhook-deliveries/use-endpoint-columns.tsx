import { Button, Flex, Typography, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { WEBHOOK_EVENT_TYPES, type WebhookEndpoint } from '../../../contracts/webhooks';
import { formatDateTime } from '../../../lib/format';
import { OnOffBadge } from '../../components/status-badge';

interface EndpointColumnsOptions {
  onEdit(endpoint: WebhookEndpoint): void;
  onToggle(endpoint: WebhookEndpoint, isEnabled: boolean): void;
  /** The endpoint being enabled or disabled, if any. */
  togglingId: string | undefined;
}

/** The Endpoints table's columns: URL, events, enabled or not, created, and Edit and Enable or Disable. */
export function useEndpointColumns({ onEdit, onToggle, togglingId }: EndpointColumnsOptions): TableColumnsType<WebhookEndpoint> {
  const { t } = useTranslation();
  return [
    {
      key: 'url',
      title: t('admin.webhookEndpoints.columns.url'),
      render: (_, endpoint) => <Typography.Text style={{ overflowWrap: 'anywhere' }}>{endpoint.url}</Typography.Text>,
    },
    {
      key: 'eventTypes',
      title: t('admin.webhookEndpoints.columns.eventTypes'),
      render: (_, endpoint) =>
        endpoint.eventTypes.length === WEBHOOK_EVENT_TYPES.length ? t('admin.webhookEndpoints.allEvents') : endpoint.eventTypes.join(', '),
    },
    {
      key: 'status',
      title: t('admin.webhookEndpoints.columns.status'),
      render: (_, endpoint) => <OnOffBadge isOn={endpoint.isEnabled} on={t('admin.webhookEndpoints.enabled')} off={t('admin.webhookEndpoints.disabled')} />,
    },
    { key: 'createdAt', title: t('admin.webhookEndpoints.columns.createdAt'), render: (_, endpoint) => formatDateTime(endpoint.createdAt) },
    {
      key: 'actions',
      title: t('admin.webhookEndpoints.columns.actions'),
      render: (_, endpoint) => {
        const toggle = endpoint.isEnabled ? 'disable' : 'enable';
        return (
          <Flex gap={8} wrap>
            <Button size="small" onClick={() => onEdit(endpoint)} aria-label={t('admin.webhookEndpoints.editLabel', { url: endpoint.url })}>
              {t('admin.webhookEndpoints.edit')}
            </Button>
            <Button
              size="small"
              onClick={() => onToggle(endpoint, !endpoint.isEnabled)}
              loading={togglingId === endpoint.id}
              aria-label={t(`admin.webhookEndpoints.${toggle}Label`, { url: endpoint.url })}
            >
              {t(`admin.webhookEndpoints.${toggle}`)}
            </Button>
          </Flex>
        );
      },
    },
  ];
}
