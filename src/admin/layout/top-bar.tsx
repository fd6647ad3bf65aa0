import { Layout, theme } from 'antd';
import type { CSSProperties, ReactNode } from 'react';

/**
 * The bar across the top of the back-office (the admin header, the enrolment screen): the elevated
 * background, its two ends pushed apart and wrapping onto a second row on a narrow screen. `style`
 * gives its padding and gaps.
 */
export function TopBar({ style, children }: { style: CSSProperties; children: ReactNode }) {
  const { token } = theme.useToken();
  return (
    <Layout.Header
      style={{
        backgroundColor: token.colorBgElevated,
        display: 'flex',
        flexWrap: 'wrap',
        justifyContent: 'space-between',
        alignItems: 'center',
        height: 'auto',
        minHeight: 64,
        lineHeight: 'normal',
        ...style,
      }}
    >
      {children}
    </Layout.Header>
  );
}
