import { useTranslation } from 'react-i18next';
import { changeLanguage, LANGUAGES } from '../i18n';
import { registerLandingCatalogue } from '../i18n/landing-catalogue';

registerLandingCatalogue();

/** The public face for visitors without a session; it must stay free of Refine and Ant Design. */
export default function LandingPage() {
  const { t, i18n } = useTranslation();
  const active = i18n.resolvedLanguage;
  return (
    <main style={{ maxWidth: 720, margin: '0 auto', padding: '48px 24px', fontFamily: 'system-ui, sans-serif' }}>
      <nav aria-label={t('common.language.label')} style={{ display: 'flex', gap: 8, justifyContent: 'flex-end' }}>
        {LANGUAGES.map((language) => (
          <button
            key={language}
            type="button"
            lang={language}
            aria-pressed={active === language}
            onClick={() => void changeLanguage(language)}
          >
            {t(`common.language.${language}`)}
          </button>
        ))}
      </nav>
      <h1>{t('landing.hero.title')}</h1>
      <p>{t('landing.hero.pitch')}</p>
    </main>
  );
}
