import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DisclosureButton } from './disclosure-button';
import { Icon, LogoMark } from './icons';
import { LanguageSwitch } from './language-switch';
import { APP_NAME } from '../app-name';
import { MAIN_CONTENT_ID, NAVIGATION, SECTION_IDS } from './sections';

const MENU_ID = 'site-menu';
// The xl breakpoint (docs/product.md §3), where landing.css puts the anchors back in the header bar.
const MENU_BREAKPOINT = 1200;

/** Logo, anchors, language switch and Get Started; below the xl breakpoint the anchors fold into a menu. */
export function SiteHeader() {
  const { t } = useTranslation();
  const [isMenuOpen, setMenuOpen] = useState(false);
  const toggleRef = useRef<HTMLButtonElement>(null);

  // While open, Escape closes the menu and gives focus back to its toggle; growing past xl closes it too.
  useEffect(() => {
    if (!isMenuOpen) return undefined;
    const closeOnEscape = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setMenuOpen(false);
      toggleRef.current?.focus();
    };
    const closeOnWide = () => {
      if (window.innerWidth >= MENU_BREAKPOINT) setMenuOpen(false);
    };
    document.addEventListener('keydown', closeOnEscape);
    window.addEventListener('resize', closeOnWide);
    return () => {
      document.removeEventListener('keydown', closeOnEscape);
      window.removeEventListener('resize', closeOnWide);
    };
  }, [isMenuOpen]);

  return (
    <header className="site-header">
      <a className="skip-link" href={`#${MAIN_CONTENT_ID}`}>
        {t('landing.skipLink')}
      </a>
      <div className="container header-bar">
        {/* A real link to "/" reloads the page, as the logo should. */}
        <a className="brand" href="/" aria-label={t('landing.header.logoLabel')}>
          <LogoMark />
          <span className="brand-name" aria-hidden="true">
            {APP_NAME}
          </span>
        </a>
        <DisclosureButton ref={toggleRef} className="menu-toggle" isOpen={isMenuOpen} controls={MENU_ID} onToggle={() => setMenuOpen((isOpen) => !isOpen)}>
          <Icon name={isMenuOpen ? 'close' : 'menu'} />
          <span className="visually-hidden">{isMenuOpen ? t('landing.header.menuClose') : t('landing.header.menuOpen')}</span>
        </DisclosureButton>
        <div id={MENU_ID} className={isMenuOpen ? 'site-menu is-open' : 'site-menu'}>
          <nav aria-label={t('landing.header.navigationLabel')}>
            <ul className="nav-list">
              {NAVIGATION.map(({ id, labelKey }) => (
                <li key={id}>
                  <a href={`#${id}`} onClick={() => setMenuOpen(false)}>
                    {t(labelKey)}
                  </a>
                </li>
              ))}
            </ul>
          </nav>
          <LanguageSwitch />
          <a className="button button-primary" href={`#${SECTION_IDS.register}`} onClick={() => setMenuOpen(false)}>
            {t('landing.header.getStarted')}
          </a>
        </div>
      </div>
    </header>
  );
}
