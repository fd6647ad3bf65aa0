import { registerCatalogue } from './index';
import english from './locales/en/admin-webhooks.json';
import somali from './locales/so/admin-webhooks.json';

/**
 * The texts of the Webhook deliveries and endpoints screens: they load with those screens, never with the back-office's first
 * download (admin-catalogue.ts). Registering twice changes nothing.
 */
export function registerWebhooksCatalogue(): void {
  registerCatalogue({ en: english, so: somali });
}
