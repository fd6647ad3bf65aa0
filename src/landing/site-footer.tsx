import { useTranslation } from 'react-i18next';
import { APP_NAME } from '../app-name';
import { LogoMark } from './icons';
import { NAVIGATION } from './sections';
import { StoreLinks } from './store-links';

// docs/product.md §23: the copyright year is fixed.
const COPYRIGHT_YEAR = 2024;

export function SiteFooter() {
  const { t } = useTranslation();
  return (
    <footer className="site-footer">
      <div className="container footer-layout">
        <div className="footer-brand">
          <p className="brand">
            <LogoMark size={32} />
            <span className="brand-name">{APP_NAME}</span>
          </p>
          <p>{t('landing.footer.tagline')}</p>
        </div>
        <nav aria-label={t('landing.footer.navigationLabel')}>
          <ul className="footer-links">
            {NAVIGATION.map(({ id, labelKey }) => (
              <li key={id}>
                <a href={`#${id}`}>{t(labelKey)}</a>
              </li>
            ))}
          </ul>
        </nav>
        <StoreLinks className="store-links-footer" />
      </div>
      <div className="container">
        <p className="copyright">{t('landing.footer.copyright', { year: COPYRIGHT_YEAR })}</p>
      </div>
    </footer>
  );
}
