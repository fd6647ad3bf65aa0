import { registerCatalogue } from './index';
import english from './locales/en/live.json';
import somali from './locales/so/live.json';

/**
 * The live stream's texts (the sidebar's counts, "N new — Show", the announcements): they load with
 * the live code (src/admin/live/, src/admin/list/), never with the back-office's first download.
 */
export function registerLiveCatalogue(): void {
  registerCatalogue({ en: english, so: somali });
}
