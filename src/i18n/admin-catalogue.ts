import { registerCatalogue } from './index';
import adminEn from './locales/en/admin.json';
import adminSo from './locales/so/admin.json';

// Loaded by the admin chunk only; importing this module makes the admin texts available.
registerCatalogue({ en: adminEn, so: adminSo });
