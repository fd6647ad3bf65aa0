import { registerCatalogue } from './index';
import english from './locales/en/admin-step-up.json';
import somali from './locales/so/admin-step-up.json';

/** The texts of the step-up dialog: they load with the dialog, never with the back-office's first download. */
export function registerStepUpCatalogue(): void {
  registerCatalogue({ en: english, so: somali });
}
