import { useGetLocale, useSetLocale, useTranslate } from '@refinedev/core';
import { Select } from 'antd';
import { LANGUAGES } from '../../i18n';

/**
 * The language select "English" / "Soomaali" of docs/product.md §24 (the top bar, the enrolment
 * screen). It changes the admin texts and, through src/admin/ui-locale.ts, antd's and dayjs's too.
 */
export function LanguageSelect({ width = 120 }: { width?: number }) {
  const translate = useTranslate();
  const getLocale = useGetLocale();
  const setLocale = useSetLocale();
  return (
    <Select
      aria-label={translate('common.language.label')}
      value={getLocale()}
      onChange={(language: string) => void setLocale(language)}
      options={LANGUAGES.map((language) => ({ value: language, label: translate(`common.language.${language}`) }))}
      style={{ width }}
    />
  );
}
