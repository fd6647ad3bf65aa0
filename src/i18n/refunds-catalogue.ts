import { registerCatalogue } from './index';
import english from './locales/en/admin-refunds.json';
import somali from './locales/so/admin-refunds.json';

/**
 * The texts of the refunds of a booking (its side panel and dialog): they load with those screens, never with the back-office's first
 * download (admin-catalogue.ts). Registering twice changes nothing.
 */
export function registerRefundsCatalogue(): void {
  registerCatalogue({ en: english, so: somali });
}
