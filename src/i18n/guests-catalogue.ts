import { registerCatalogue } from './index';
import english from './locales/en/admin-guests.json';
import somali from './locales/so/admin-guests.json';

/**
 * The Guests screens' texts: they load with the screens, never with the back-office's first download
 * (its sidebar label is admin.json's). Registering twice changes nothing.
 */
export function registerGuestsCatalogue(): void {
  registerCatalogue({ en: english, so: somali });
}
