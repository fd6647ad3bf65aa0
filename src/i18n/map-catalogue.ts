import { registerCatalogue } from './index';
import english from './locales/en/admin-map.json';
import somali from './locales/so/admin-map.json';

/** The texts of the dashboard's map of every listing: they load with the map, never with the back-office's first download. */
export function registerMapCatalogue(): void {
  registerCatalogue({ en: english, so: somali });
}
