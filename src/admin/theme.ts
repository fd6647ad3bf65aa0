import type { ThemeConfig } from 'antd';

/**
 * antd's default primary blue (#1677ff) gives white button text a 4.0:1 contrast, under WCAG AA's
 * 4.5:1; this darker blue gives about 6.4:1 and keeps the same hue.
 */
export const adminTheme: ThemeConfig = {
  token: { colorPrimary: '#0b57d0', colorLink: '#0b57d0' },
};
