import type { I18nProvider } from '@refinedev/core';
import type { i18n as I18next, TFunction } from 'i18next';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { changeLanguage, LANGUAGES, type Language } from '../../i18n';

// Refine asks for its own keys ("buttons.logout"); the catalogues keep them under admin.framework.
const FRAMEWORK_PREFIX = 'admin.framework.';

/**
 * Refine's i18n provider over i18next. `aliases` maps Refine's generated keys (such as "hosts.hosts",
 * the resource name in notifications) onto catalogue keys.
 */
export function createI18nProvider(i18n: I18next, aliases: Record<string, string> = {}, t: TFunction = i18n.t.bind(i18n)): I18nProvider {
  return {
    translate(key, options, defaultMessage) {
      const fallback = typeof options === 'string' ? options : defaultMessage;
      const values = typeof options === 'object' && options !== null ? options : {};
      const candidates = [aliases[key], key, `${FRAMEWORK_PREFIX}${key}`].filter((candidate): candidate is string => Boolean(candidate));
      const found = candidates.find((candidate) => i18n.exists(candidate));
      if (!found) return fallback ?? key;
      return String(t(found, values));
    },
    changeLocale: (locale) => changeLanguage(LANGUAGES.includes(locale as Language) ? (locale as Language) : 'en'),
    getLocale: () => i18n.resolvedLanguage ?? i18n.language,
  };
}

/** The provider for <Refine>; a new object on each language change so Refine's consumers re-render. */
export function useI18nProvider(aliases: Record<string, string>): I18nProvider {
  // react-i18next hands out a new `t` on each language change, which renews the provider.
  const { t, i18n } = useTranslation();
  return useMemo(() => createI18nProvider(i18n, aliases, t), [i18n, aliases, t]);
}
