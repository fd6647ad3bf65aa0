import { registerCatalogue } from './index';
import loginEn from './locales/en/admin-login.json';
import loginSo from './locales/so/admin-login.json';

/** Makes the sign-in texts available; the login chunk calls it once (the admin chunk has them too). */
export function registerLoginCatalogue(): void {
  registerCatalogue({ en: loginEn, so: loginSo });
}
