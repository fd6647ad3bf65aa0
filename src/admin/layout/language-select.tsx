import { useGetLocale, useSetLocale, useTranslate } from '@refinedev/core';
import { theme } from 'antd';
import { LANGUAGES } from '../../i18n';

/**
 * The language select "English" / "Soomaali" of docs/product.md §24 (the top bar, the enrolment
 * screen). It changes the admin texts and, through src/admin/ui-locale.ts, antd's and dayjs's too.
 * A native select drawn with antd's tokens: antd's Select would add about 23 KB (gzip) to the
 * back-office's first screen for two options.
 */
export function LanguageSelect({ width = 120 }: { width?: number }) {
  const translate = useTranslate();
  const getLocale = useGetLocale();
  const setLocale = useSetLocale();
  const { token } = theme.useToken();
  return (
    <select
      aria-label={translate('common.language.label')}
      value={getLocale()}
      onChange={(event) => void setLocale(event.target.value)}
      style={{
        width,
        height: token.controlHeight,
        padding: `0 ${token.paddingXS}px`,
        border: `${token.lineWidth}px ${token.lineType} ${token.colorBorder}`,
        borderRadius: token.borderRadius,
        backgroundColor: token.colorBgContainer,
        color: token.colorText,
        font: 'inherit',
        fontSize: token.fontSize,
        cursor: 'pointer',
      }}
    >
      {LANGUAGES.map((language) => (
        <option key={language} value={language}>
          {translate(`common.language.${language}`)}
        </option>
      ))}
    </select>
  );
}
