import { createInstance } from 'i18next';
import { initReactI18next } from 'react-i18next';
import commonEn from './locales/en/common.json';
import commonSo from './locales/so/common.json';

export const LANGUAGES = ['en', 'so'] as const;
export type Language = (typeof LANGUAGES)[number];

const LANGUAGE_STORAGE_KEY = 'language';

function isLanguage(value: unknown): value is Language {
  return LANGUAGES.includes(value as Language);
}

function detectLanguage(): Language {
  const stored = typeof localStorage === 'undefined' ? null : localStorage.getItem(LANGUAGE_STORAGE_KEY);
  if (isLanguage(stored)) return stored;
  const preferred = typeof navigator === 'undefined' ? '' : navigator.language;
  return preferred.toLowerCase().startsWith('so') ? 'so' : 'en';
}

const i18n = createInstance();

// Resources are bundled, so initialisation is synchronous and the first render already has its texts.
void i18n.use(initReactI18next).init({
  resources: { en: { translation: commonEn }, so: { translation: commonSo } },
  lng: detectLanguage(),
  fallbackLng: 'en',
  supportedLngs: [...LANGUAGES],
  interpolation: { escapeValue: false },
  initAsync: false,
});

/** Adds one area's catalogues (landing, admin) when its chunk loads, so the entry carries only the common texts. */
export function registerCatalogue(catalogues: Record<Language, object>): void {
  for (const language of LANGUAGES) {
    i18n.addResourceBundle(language, 'translation', catalogues[language], true, true);
  }
}

/** Switches the language of both faces and remembers the choice. */
export async function changeLanguage(language: Language): Promise<void> {
  if (typeof localStorage !== 'undefined') localStorage.setItem(LANGUAGE_STORAGE_KEY, language);
  if (typeof document !== 'undefined') document.documentElement.lang = language;
  await i18n.changeLanguage(language);
}

export function currentLanguage(): Language {
  return isLanguage(i18n.resolvedLanguage) ? i18n.resolvedLanguage : 'en';
}

export { i18n };
