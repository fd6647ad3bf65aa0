import { Grid } from 'antd';

/** True below antd's md breakpoint (768 px), where the sider becomes a drawer opened from the header. */
export function useIsNarrowScreen(): boolean {
  const screens = Grid.useBreakpoint();
  // Before the first measurement `md` is undefined: assume the wide layout, as antd itself does.
  return screens.md === false;
}
