// Webhook endpoints (/webhook-deliveries/endpoints, the second tab of Webhook deliveries; administrators
// only; docs/webhooks.md): the addresses events are posted to, with the kinds of event each takes, Add,
// Edit and Enable or Disable. An added endpoint's signing secret is shown once, in the same dialog.
import { useList, type BaseRecord, type HttpError } from '@refinedev/core';
import { Button, Empty, Flex, Table, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { WebhookEndpoint } from '../../../contracts/webhooks';
import { Notice } from '../../components/notice';
import { EndpointDialog, useEndpointDialog } from './endpoint-dialog';
import { ENDPOINTS_RESOURCE, useEndpointToggle } from './use-endpoint-calls';
import { useEndpointColumns } from './use-endpoint-columns';
import { useWebhookTabs } from './webhook-tabs';
import { registerWebhooksCatalogue } from '../../../i18n/webhooks-catalogue';

// This screen's texts load with it.
registerWebhooksCatalogue();

export function WebhookEndpointList() {
  const { t } = useTranslation();
  const frame = useWebhookTabs(ENDPOINTS_RESOURCE);
  const { result, query } = useList<WebhookEndpoint & BaseRecord, HttpError>({ resource: ENDPOINTS_RESOURCE, pagination: { mode: 'off' } });
  const { dialog, setDialog, open, close } = useEndpointDialog();
  const { setEnabled, togglingId } = useEndpointToggle();
  const columns = useEndpointColumns({ onEdit: (endpoint) => open({ kind: 'edit', endpoint }), onToggle: setEnabled, togglingId });

  return (
    <>
      <Typography.Title level={2}>{t('admin.nav.webhookDeliveries')}</Typography.Title>
      {frame(
        <Flex vertical gap={16}>
          <Flex justify="flex-end">
            <Button type="primary" onClick={() => open({ kind: 'add' })}>
              {t('admin.webhookEndpoints.add')}
            </Button>
          </Flex>
          {query.isError ? (
            <Notice type="error" role="alert" showIcon message={t('admin.webhookEndpoints.loadError')} description={query.error?.message} />
          ) : null}
          <Table<WebhookEndpoint>
            rowKey="id"
            loading={query.isLoading}
            dataSource={result.data}
            pagination={false}
            // Text at full contrast, as the lists' empty state (antd's own grey is too faint for WCAG AA).
            locale={{ emptyText: query.isLoading ? ' ' : <Empty description={<Typography.Text>{t('admin.webhookEndpoints.empty')}</Typography.Text>} /> }}
            columns={columns}
          />
        </Flex>,
      )}
      {dialog ? <EndpointDialog dialog={dialog} setDialog={setDialog} close={close} /> : null}
    </>
  );
}
