import { registerCatalogue } from './index';
import english from './locales/en/admin-notes.json';
import somali from './locales/so/admin-notes.json';

/** The texts of records' notes: they load with the screens that show notes, never with the first download (admin-catalogue.ts). */
export function registerNotesCatalogue(): void {
  registerCatalogue({ en: english, so: somali });
}
