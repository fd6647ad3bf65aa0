import { lazy, Suspense, useState } from 'react';
import { useLink, useLogout, useMenu, useTranslate } from '@refinedev/core';
import { Link as RouterLink, useLocation } from 'react-router';
import { Layout, Menu, theme, type MenuProps } from 'antd';
import { LaptopOutlined, LeftOutlined, LogoutOutlined, RightOutlined, UserOutlined } from '../icons';
import { useLayoutState } from './layout-context';
import { useIsNarrowScreen } from './narrow-screen';
import { BrandTitle } from './title';
import { useReadableResources } from '../access';
import { MenuBadge } from '../live/menu-badge';

const SIDER_WIDTH = 252;

// The fold toggle fills antd's trigger bar; a real button, so a keyboard reaches it and it has a name.
const TRIGGER_BUTTON_STYLE = {
  width: '100%',
  height: '100%',
  padding: 0,
  border: 'none',
  background: 'transparent',
  color: 'inherit',
  font: 'inherit',
  cursor: 'pointer',
} as const;

// Closed until the header's menu button opens it, so it may arrive a moment after the page.
const NavigationDrawer = lazy(() => import('./navigation-drawer'));
// Opened now and then: its list and dates load the first time it opens.
const SessionsModal = lazy(() => import('./sessions-modal'));

/** The sessions dialog, loaded the first time it opens and kept outside the drawer, which closes as it opens. */
function useSessionsModal() {
  const [isOpen, setIsOpen] = useState(false);
  const [hasOpened, setHasOpened] = useState(false);
  const modal = hasOpened && (
    <Suspense fallback={null}>
      <SessionsModal open={isOpen} onClose={() => setIsOpen(false)} />
    </Suspense>
  );
  const open = () => {
    setHasOpened(true);
    setIsOpen(true);
  };
  return { open, modal };
}

interface SiderContentProps {
  isCollapsed: boolean;
  /** After a link or Sessions is chosen: the drawer closes on a narrow screen. */
  onNavigate: () => void;
  onOpenSessions: () => void;
}

/** Brand, one entry per resource the role reads, then My account, Sessions and Logout. */
function SiderContent({ isCollapsed, onNavigate, onOpenSessions }: SiderContentProps) {
  const { menuItems, selectedKey } = useMenu();
  const Link = useLink();
  const translate = useTranslate();
  const { mutate: logout } = useLogout();
  const { token } = theme.useToken();
  const isOnAccount = useLocation().pathname === '/account';
  // Only the screens the role reads (docs/decisions/018-staff-roles.md).
  const readable = useReadableResources(menuItems.map((item) => item.name));

  const items: MenuProps['items'] = menuItems
    .filter((item) => readable.has(item.name))
    .map((item) => ({
      key: item.key,
      icon: item.icon,
      label: (
        <Link to={item.route ?? ''} aria-current={item.key === selectedKey ? 'page' : undefined} onClick={onNavigate}>
          {item.label}
          <MenuBadge name={item.name} />
        </Link>
      ),
    }));
  // The icons are decoration: each entry's accessible name is its visible text alone.
  const accountItems: MenuProps['items'] = [
    {
      key: 'account',
      icon: <UserOutlined aria-hidden />,
      label: (
        <RouterLink to="/account" aria-current={isOnAccount ? 'page' : undefined} onClick={onNavigate}>
          {translate('admin.nav.account')}
        </RouterLink>
      ),
    },
    {
      key: 'sessions',
      icon: <LaptopOutlined aria-hidden />,
      label: translate('admin.sessions.menu'),
      onClick: () => {
        onNavigate();
        onOpenSessions();
      },
    },
    { key: 'logout', icon: <LogoutOutlined aria-hidden />, label: translate('buttons.logout'), onClick: () => logout() },
  ];

  return (
    <div style={{ display: 'flex', flexDirection: 'column', height: '100%' }}>
      <div
        style={{
          display: 'flex',
          alignItems: 'center',
          justifyContent: isCollapsed ? 'center' : 'flex-start',
          height: 64,
          flex: 'none',
          padding: isCollapsed ? 0 : '0 16px',
          backgroundColor: token.colorBgElevated,
        }}
      >
        <BrandTitle collapsed={isCollapsed} />
      </div>
      <nav aria-label={translate('admin.layout.navigation')} style={{ flex: 1, overflowY: 'auto' }}>
        <Menu mode="inline" selectedKeys={selectedKey ? [selectedKey] : []} items={items} style={{ border: 'none' }} />
      </nav>
      <Menu mode="inline" selectedKeys={isOnAccount ? ['account'] : []} items={accountItems} style={{ border: 'none' }} />
    </div>
  );
}

/**
 * The sidebar of docs/product.md §5: brand, one entry per resource with the current one highlighted
 * (and marked aria-current="page"), and My account, Sessions and Logout at the bottom. Built on Menu `items` (Refine's
 * ThemedSider uses deprecated Menu children). Below the md breakpoint it becomes a drawer that the
 * header's menu button opens, so a 360 px screen keeps its whole width for the page.
 */
export function AdminSider() {
  const { siderCollapsed, setSiderCollapsed, mobileSiderOpen, setMobileSiderOpen } = useLayoutState();
  const translate = useTranslate();
  const { token } = theme.useToken();
  const isNarrow = useIsNarrowScreen();
  const sessions = useSessionsModal();
  const closeDrawer = () => setMobileSiderOpen(false);
  const content = <SiderContent isCollapsed={!isNarrow && siderCollapsed} onNavigate={closeDrawer} onOpenSessions={sessions.open} />;

  if (isNarrow) {
    return (
      <Suspense fallback={null}>
        <NavigationDrawer open={mobileSiderOpen} onClose={closeDrawer} width={Math.min(SIDER_WIDTH + 40, 300)} title={translate('admin.layout.menuTitle')}>
          {content}
        </NavigationDrawer>
        {sessions.modal}
      </Suspense>
    );
  }

  return (
    <Layout.Sider
      theme="light"
      collapsible
      collapsed={siderCollapsed}
      onCollapse={(collapsed) => setSiderCollapsed(collapsed)}
      breakpoint="lg"
      collapsedWidth={80}
      width={SIDER_WIDTH}
      // antd's own trigger is a bare <div> with an icon read as "left" or "right"; the bar toggles on a
      // click, which the button passes up.
      trigger={
        <button type="button" style={TRIGGER_BUTTON_STYLE} aria-label={translate(siderCollapsed ? 'admin.layout.expandMenu' : 'admin.layout.collapseMenu')}>
          {siderCollapsed ? <RightOutlined /> : <LeftOutlined />}
        </button>
      }
      style={{
        backgroundColor: token.colorBgContainer,
        borderRight: `1px solid ${token.colorBorderSecondary}`,
        height: '100vh',
        position: 'sticky',
        top: 0,
      }}
    >
      {content}
      {sessions.modal}
    </Layout.Sider>
  );
}
