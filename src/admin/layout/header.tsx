import { useTranslate } from '@refinedev/core';
import { Button, Space, theme } from 'antd';
import { MenuOutlined } from '../icons';
import { LanguageSelect } from './language-select';
import { useLayoutState } from './layout-context';
import { useIsNarrowScreen } from './narrow-screen';
import { TopBar } from './top-bar';

/**
 * The top bar of docs/product.md §5: the "Dashboard" title, the fixed greeting and the language switch;
 * on a narrow screen also the button that opens the navigation drawer.
 * The switch (language-select.tsx) changes the admin texts and, through src/admin/ui-locale.ts, antd's built-in
 * texts and dayjs's month and weekday names too (our own Somali locales: src/admin/antd-locale-so.ts, src/lib/dayjs-somali.ts).
 */
export function AdminHeader() {
  const translate = useTranslate();
  const { token } = theme.useToken();
  const { setMobileSiderOpen } = useLayoutState();
  const isNarrow = useIsNarrowScreen();
  return (
    <TopBar style={{ columnGap: 12, padding: isNarrow ? '8px 12px' : '0 24px' }}>
      <Space size="small">
        {isNarrow && <Button type="text" icon={<MenuOutlined />} aria-label={translate('admin.layout.openMenu')} onClick={() => setMobileSiderOpen(true)} />}
        <strong style={{ fontWeight: token.fontWeightStrong }}>{translate('admin.header.title')}</strong>
      </Space>
      <Space size={isNarrow ? 'small' : 'middle'} wrap>
        <span>{translate('admin.header.greeting')}</span>
        <LanguageSelect width={isNarrow ? 110 : 120} />
      </Space>
    </TopBar>
  );
}
