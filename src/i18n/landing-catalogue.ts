import { registerCatalogue } from './index';
import landingEn from './locales/en/landing.json';
import landingSo from './locales/so/landing.json';

// Loaded by the landing chunk only; importing this module makes the landing texts available.
registerCatalogue({ en: landingEn, so: landingSo });
