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
  components: {
    Descriptions: { labelColor: 'rgba(0, 0, 0, 0.65)' },
    // The photo preview's counter ("1 / 5") and buttons: 65 % white over antd's 45 % black veil is 2.6:1.
    Image: { previewOperationColor: '#fff', colorBgMask: 'rgba(0, 0, 0, 0.75)' },
    // The days of the next and previous months in an open calendar are choosable: 25 % black is 1.9:1; 56 % is 4.9:1.
    DatePicker: { colorTextDisabled: 'rgba(0, 0, 0, 0.56)' },
  },
};

/** The same theme without antd's motion, for a member whose system asks for less (use-reduced-motion.ts). */
export const stillTheme: ThemeConfig = { ...adminTheme, token: { ...adminTheme.token, motion: false } };
