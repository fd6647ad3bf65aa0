import { useTranslation } from 'react-i18next';
import { StoreMark } from './icons';

// The general store sites (the app's own store pages are not given).
const GOOGLE_PLAY_URL = 'https://play.google.com/store';
const APP_STORE_URL = 'https://www.apple.com/app-store/';

/** Google Play and App Store badges, in the hero and the footer. */
export function StoreLinks({ className = '' }: { className?: string }) {
  const { t } = useTranslation();
  const stores = [
    { store: 'google-play', href: GOOGLE_PLAY_URL, prefix: t('landing.stores.googlePlayPrefix'), name: t('landing.stores.googlePlay') },
    { store: 'app-store', href: APP_STORE_URL, prefix: t('landing.stores.appStorePrefix'), name: t('landing.stores.appStore') },
  ] as const;
  return (
    <ul className={`store-links ${className}`} aria-label={t('landing.stores.label')}>
      {stores.map(({ store, href, prefix, name }) => (
        <li key={store}>
          <a className="store-badge" href={href} target="_blank" rel="noopener">
            <StoreMark store={store} />
            <span className="store-badge-text">
              <span className="store-badge-prefix">{prefix}</span>
              <span className="store-badge-name">{name}</span>
            </span>
            <span className="visually-hidden">{t('landing.stores.newTab')}</span>
          </a>
        </li>
      ))}
    </ul>
  );
}
