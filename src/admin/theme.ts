import type { ThemeConfig } from 'antd';

/**
 * antd's defaults fall under WCAG AA's 4.5:1 on white in a few places: the primary blue (#1677ff
 * under white button text, 4.0:1), danger red (#ff4d4f, 3.9:1), and secondary, tertiary and
 * description text (45 % black, 3.5:1). These darker values keep the hues and pass.
 */
export const adminTheme: ThemeConfig = {
  token: {
    colorPrimary: '#0b57d0',
    colorLink: '#0b57d0',
    colorError: '#cf1322',
    colorTextSecondary: 'rgba(0, 0, 0, 0.65)',
    colorTextTertiary: 'rgba(0, 0, 0, 0.62)',
    colorTextDescription: 'rgba(0, 0, 0, 0.65)',
    colorTextPlaceholder: 'rgba(0, 0, 0, 0.6)',
  },
  components: { Descriptions: { labelColor: 'rgba(0, 0, 0, 0.65)' } },
};
