import type { ReactNode } from 'react';
import { useResourceTabs, type ResourceTab } from '../../components/resource-tabs';
import { registerWebhooksCatalogue } from '../../../i18n/webhooks-catalogue';

// This screen's texts load with it.
registerWebhooksCatalogue();

const TABS: readonly ResourceTab[] = [
  { resource: 'webhook-deliveries', labelKey: 'admin.webhookDeliveries.tabs.deliveries' },
  { resource: 'webhook-endpoints', labelKey: 'admin.webhookDeliveries.tabs.endpoints' },
];

/** Webhook deliveries shows its two resources as tabs: the deliveries and the endpoints they go to. */
export function useWebhookTabs(open: 'webhook-deliveries' | 'webhook-endpoints'): (content: ReactNode) => ReactNode {
  return useResourceTabs(TABS, open);
}
