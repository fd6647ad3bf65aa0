// antd and dayjs keep their own locale, apart from i18next; this keeps both on the admin's chosen language.
import type { Locale } from 'antd/es/locale';
import enUS from 'antd/es/locale/en_US';
import dayjs from 'dayjs';
import type { i18n as I18next } from 'i18next';
import { useTranslation } from 'react-i18next';
import { SOMALI_DAYJS_LOCALE } from '../lib/dayjs-somali';
import { antdSomali } from './antd-locale-so';

/**
 * The date picker's month and year buttons show "Oct" and "2025" but antd names them "Choose a month"
 * and "Choose a year": without those labels they are named by what they show.
 */
function namedByTheirText(locale: Locale): Locale {
  const picker = locale.DatePicker;
  if (!picker) return locale;
  const { monthSelect: _month, yearSelect: _year, decadeSelect: _decade, ...lang } = picker.lang;
  return { ...locale, DatePicker: { ...picker, lang: lang as typeof picker.lang } };
}

const ENGLISH = namedByTheirText(enUS);
const SOMALI = namedByTheirText(antdSomali);

/** antd's built-in texts for a language tag ("en", "so"); English for anything else. */
export function antdLocaleFor(language: string | undefined): Locale {
  return language === 'so' ? SOMALI : ENGLISH;
}

/** The dayjs locale name for a language tag; English for anything else. */
export function dayjsLocaleFor(language: string | undefined): string {
  return language === 'so' ? SOMALI_DAYJS_LOCALE.name : 'en';
}

/**
 * Sets dayjs's global locale from the current language (the stored choice at start) and again on each change.
 * i18next announces the change before React re-renders, so the screens format dates in the new language.
 * Returns the unsubscribe.
 */
export function followLanguage(i18n: I18next): () => void {
  const apply = (language: string) => {
    dayjs.locale(dayjsLocaleFor(language));
  };
  apply(i18n.resolvedLanguage ?? i18n.language);
  i18n.on('languageChanged', apply);
  return () => i18n.off('languageChanged', apply);
}

/** The antd locale for <ConfigProvider>; re-renders its caller when the language changes. */
export function useAntdLocale(): Locale {
  const { i18n } = useTranslation();
  return antdLocaleFor(i18n.resolvedLanguage ?? i18n.language);
}
