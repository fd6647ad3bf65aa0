import { useTranslation } from 'react-i18next';
import { currentLanguage, LANGUAGES } from '../i18n';
import { switchLanguage } from './page-language';

/** English / Somali; each name is written in its own language and marked so a screen reader pronounces it right. */
export function LanguageSwitch() {
  const { t } = useTranslation();
  const active = currentLanguage();
  return (
    <fieldset className="language-switch">
      <legend className="visually-hidden">{t('landing.language.label')}</legend>
      {LANGUAGES.map((language) => (
        <button
          key={language}
          type="button"
          lang={language}
          className="language-option"
          aria-pressed={active === language}
          onClick={() => void switchLanguage(language)}
        >
          {t(`common.language.${language}`)}
        </button>
      ))}
    </fieldset>
  );
}
