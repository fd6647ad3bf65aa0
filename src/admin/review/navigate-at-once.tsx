// A navigation drawn at once, not as an interruptible transition (decision 031). React Router's
// useNavigate hands `flushSync` on to the data router only where it is called in a data route's own
// element; under the descendant <Routes> that hold every screen it drops it. So the provider stack,
// which is that element (src/admin/providers/admin-providers.tsx), takes its navigate and hands it down.
import { createContext, useContext, type ReactNode } from 'react';
import { useNavigate, type NavigateFunction } from 'react-router';

const DataRouteNavigateContext = createContext<NavigateFunction | undefined>(undefined);

/** Hands down the data route's navigate; it must be rendered in a data route's own element. */
export function DataRouteNavigate({ children }: { children: ReactNode }) {
  return <DataRouteNavigateContext.Provider value={useNavigate()}>{children}</DataRouteNavigateContext.Provider>;
}

/** Opens a path drawn at once; outside a data route's element (no data router) it navigates as usual. */
export function useNavigateAtOnce(): (path: string) => void {
  const dataRouteNavigate = useContext(DataRouteNavigateContext);
  const navigate = useNavigate();
  return (path) => void (dataRouteNavigate ?? navigate)(path, { flushSync: true });
}
