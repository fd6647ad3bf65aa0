import { Space, theme } from 'antd';
import { HomeFilled } from '../icons';
import { Link } from 'react-router';
import { APP_NAME } from '../../app-name';

/** The sider's brand: the product name beside its mark, linking home; only the mark when the sider is folded. */
export function BrandTitle({ collapsed }: { collapsed: boolean }) {
  const { token } = theme.useToken();
  return (
    // Folded, only the mark shows: the link keeps the product's name.
    <Link to="/" aria-label={collapsed ? APP_NAME : undefined} style={{ display: 'inline-block', textDecoration: 'none' }}>
      <Space style={{ display: 'flex', alignItems: 'center', fontSize: 'inherit' }}>
        <div style={{ height: 24, width: 24, color: token.colorPrimary }}>
          <HomeFilled aria-hidden />
        </div>
        {/* A plain h1 in Typography.Title's colour: Typography would bring its text area to every first load. */}
        {!collapsed && (
          <h1 style={{ fontSize: 'inherit', lineHeight: token.lineHeightHeading1, margin: 0, fontWeight: 700, color: token.colorTextHeading }}>{APP_NAME}</h1>
        )}
      </Space>
    </Link>
  );
}
