import { useGetLocale, useSetLocale, useTranslate } from '@refinedev/core';
import { Layout, Select, Space, Typography, theme } from 'antd';
import { LANGUAGES } from '../../i18n';

/** The top bar of SPEC.md section 1: the "Dashboard" title, the fixed greeting and the language switch. */
export function AdminHeader() {
  const translate = useTranslate();
  const getLocale = useGetLocale();
  const setLocale = useSetLocale();
  const { token } = theme.useToken();
  return (
    <Layout.Header
      style={{
        backgroundColor: token.colorBgElevated,
        display: 'flex',
        justifyContent: 'space-between',
        alignItems: 'center',
        padding: '0 24px',
        height: 64,
      }}
    >
      <Typography.Text strong>{translate('admin.header.title')}</Typography.Text>
      <Space size="middle">
        <Typography.Text>{translate('admin.header.greeting')}</Typography.Text>
        <Select
          aria-label={translate('common.language.label')}
          value={getLocale()}
          onChange={(language: string) => void setLocale(language)}
          options={LANGUAGES.map((language) => ({ value: language, label: translate(`common.language.${language}`) }))}
          style={{ width: 120 }}
        />
      </Space>
    </Layout.Header>
  );
}
