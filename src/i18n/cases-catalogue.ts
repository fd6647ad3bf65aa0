import { registerCatalogue } from './index';
import english from './locales/en/admin-cases.json';
import somali from './locales/so/admin-cases.json';

/** The texts of Cases and of a booking's flag: they load with those screens, never with the first download (admin-catalogue.ts). */
export function registerCasesCatalogue(): void {
  registerCatalogue({ en: english, so: somali });
}
