import type { ReactNode } from 'react';
import { Grid, Layout } from 'antd';
import { AdminHeader } from './header';
import { LayoutStateProvider } from './layout-context';
import { LiveConnection } from '../live/live-connection';
import { MentionListener } from '../live/mention-listener';
import { AdminSider } from './sider';

/**
 * The admin frame: sider, header and the page. Our own few lines over antd's Layout instead of
 * @refinedev/antd's ThemedLayout: importing that package brings its Markdown field's react-markdown
 * (CommonJS, which the bundler cannot drop) and more into every administrator's first download.
 */
export function AdminLayout({ children }: { children: ReactNode }) {
  const screens = Grid.useBreakpoint();
  // Below antd's sm breakpoint (576 px) the page keeps more of its width; before the first measurement, the wide padding.
  const isSmall = screens.sm === false;
  return (
    <LayoutStateProvider>
      <Layout style={{ minHeight: '100vh' }} hasSider>
        <AdminSider />
        <Layout>
          <AdminHeader />
          <Layout.Content>
            <div style={{ minHeight: 360, padding: isSmall ? 12 : 24 }}>{children}</div>
          </Layout.Content>
          <LiveConnection />
          <MentionListener />
        </Layout>
      </Layout>
    </LayoutStateProvider>
  );
}
