import type { FC } from 'react';
import { useLink, useLogout, useMenu, useTranslate, type TitleProps } from '@refinedev/core';
import { useThemedLayoutContext } from '@refinedev/antd';
import { Layout, Menu, theme, type MenuProps } from 'antd';
import { LogoutOutlined } from '@ant-design/icons';

/**
 * The sidebar of SPEC.md section 2: brand, one entry per resource with the current one highlighted,
 * and Logout at the bottom. Built on Menu `items` (Refine's ThemedSider uses deprecated Menu children).
 */
export function AdminSider({ Title }: { Title?: FC<TitleProps> }) {
  const { siderCollapsed, setSiderCollapsed } = useThemedLayoutContext();
  const { menuItems, selectedKey } = useMenu();
  const Link = useLink();
  const translate = useTranslate();
  const { mutate: logout } = useLogout();
  const { token } = theme.useToken();

  const items: MenuProps['items'] = menuItems.map((item) => ({
    key: item.key,
    icon: item.icon,
    label: <Link to={item.route ?? ''}>{item.label}</Link>,
  }));
  const logoutItems: MenuProps['items'] = [
    { key: 'logout', icon: <LogoutOutlined />, label: translate('buttons.logout'), onClick: () => logout() },
  ];

  return (
    <Layout.Sider
      theme="light"
      collapsible
      collapsed={siderCollapsed}
      onCollapse={(collapsed) => setSiderCollapsed(collapsed)}
      breakpoint="lg"
      collapsedWidth={80}
      width={220}
      style={{
        backgroundColor: token.colorBgContainer,
        borderRight: `1px solid ${token.colorBorderSecondary}`,
        height: '100vh',
        position: 'sticky',
        top: 0,
      }}
    >
      <div style={{ display: 'flex', flexDirection: 'column', height: '100%' }}>
        <div
          style={{
            display: 'flex',
            alignItems: 'center',
            justifyContent: siderCollapsed ? 'center' : 'flex-start',
            height: 64,
            padding: siderCollapsed ? 0 : '0 16px',
            backgroundColor: token.colorBgElevated,
          }}
        >
          {Title && <Title collapsed={siderCollapsed} />}
        </div>
        <nav style={{ flex: 1, overflowY: 'auto' }}>
          <Menu mode="inline" selectedKeys={selectedKey ? [selectedKey] : []} items={items} style={{ border: 'none' }} />
        </nav>
        <Menu mode="inline" selectable={false} items={logoutItems} style={{ border: 'none' }} />
      </div>
    </Layout.Sider>
  );
}
