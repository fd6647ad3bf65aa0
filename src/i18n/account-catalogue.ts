import { registerCatalogue } from './index';
import english from './locales/en/admin-account.json';
import somali from './locales/so/admin-account.json';

/**
 * The texts of My account, the second factor's enrolment, the step-up dialog and the Staff screen's
 * calls that need one: they load with those screens, never with the back-office's first download
 * (admin-catalogue.ts; the sidebar label is admin.json's). Registering twice changes nothing.
 */
export function registerAccountCatalogue(): void {
  registerCatalogue({ en: english, so: somali });
}
