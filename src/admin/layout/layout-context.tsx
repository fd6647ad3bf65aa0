import { createContext, useContext, useMemo, useState, type ReactNode } from 'react';

type LayoutState = {
  /** The wide sider folded to its icons. */
  siderCollapsed: boolean;
  setSiderCollapsed: (collapsed: boolean) => void;
  /** The narrow screen's navigation drawer. */
  mobileSiderOpen: boolean;
  setMobileSiderOpen: (open: boolean) => void;
};

const LayoutContext = createContext<LayoutState>({
  siderCollapsed: false,
  setSiderCollapsed: () => undefined,
  mobileSiderOpen: false,
  setMobileSiderOpen: () => undefined,
});

/** The sider's state shared by the sider and the header's menu button (the header opens the drawer). */
export function LayoutStateProvider({ children }: { children: ReactNode }) {
  const [siderCollapsed, setSiderCollapsed] = useState(false);
  const [mobileSiderOpen, setMobileSiderOpen] = useState(false);
  const value = useMemo(() => ({ siderCollapsed, setSiderCollapsed, mobileSiderOpen, setMobileSiderOpen }), [siderCollapsed, mobileSiderOpen]);
  return <LayoutContext.Provider value={value}>{children}</LayoutContext.Provider>;
}

export function useLayoutState(): LayoutState {
  return useContext(LayoutContext);
}
