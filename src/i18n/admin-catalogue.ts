import { registerCatalogue } from './index';
import adminEn from './locales/en/admin.json';
import adminSo from './locales/so/admin.json';

/** Makes the admin texts available; the admin chunk calls it once, so the entry carries only the common texts. */
export function registerAdminCatalogue(): void {
  registerCatalogue({ en: adminEn, so: adminSo });
}
