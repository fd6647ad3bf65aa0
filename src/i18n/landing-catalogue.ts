import { registerCatalogue } from './index';
import landingEn from './locales/en/landing.json';
import landingSo from './locales/so/landing.json';

/** Makes the landing texts available; the landing chunk calls it once. */
export function registerLandingCatalogue(): void {
  registerCatalogue({ en: landingEn, so: landingSo });
}
