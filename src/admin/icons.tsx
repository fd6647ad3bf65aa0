// The back-office's icons, all decorative: each renders with aria-hidden, so a button, link, tab or
// menu entry is named by its own text ("Refresh"), never by the icon's file name ("reload Refresh").
// An icon-only control names itself with aria-label. Lint allows @ant-design/icons only in icon-sets/.
// The frame's icons and the screens' are two modules, so the first screen downloads only the frame's.
export * from './icon-sets/frame';
export * from './icon-sets/screens';
