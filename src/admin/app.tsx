// Must load before antd: without it antd's static message and notification APIs render nothing under React 19.
// oxlint-disable-next-line import/no-unassigned-import
import '@ant-design/v5-patch-for-react-19';
import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react';
import { Authenticated, CanAccess, useGetIdentity } from '@refinedev/core';
import { DocumentTitleHandler, UnsavedChangesNotifier } from '@refinedev/react-router';
import { Spin } from 'antd';
import { flushSync } from 'react-dom';
import { Navigate, Outlet, Route, RouterProvider, Routes, createBrowserRouter, useRouteError } from 'react-router';
import { i18n } from '../i18n';
import { registerAdminCatalogue } from '../i18n/admin-catalogue';
import { APP_NAME } from '../app-name';
import { ErrorScreen } from '../lib/error-screen';
import { takeExitPath } from '../lib/session';
import { followLanguage } from './ui-locale';
import { RESOURCES, type ResourceEntry } from './resources';
import { SCREENS, type ResourcePages } from './screens';
import { createDataProvider } from './providers/data-provider';
import { createAuthProvider } from './providers/auth-provider';
import { createAccessControlProvider } from './access';
import { createLiveHub } from './live/live-hub';
import type { MeResponse } from '../contracts/staff';
import { AdminLayout } from './layout/admin-layout';
import { AdminProviders } from './providers/admin-providers';
import { DashboardPage } from './pages/dashboard/dashboard-page';
import { useMustEnrol } from './identity-state';

// My account and the enrolment screen load when opened: most sessions open neither. So does the 403
// screen, whose antd Result brings three large illustrations.
const AccountPage = lazy(async () => ({ default: (await import('./pages/account/account-page')).AccountPage }));
const EnrolmentScreen = lazy(() => import('./pages/account/enrolment-screen'));
const ForbiddenScreen = lazy(async () => ({ default: (await import('./components/forbidden-screen')).ForbiddenScreen }));

registerAdminCatalogue();
followLanguage(i18n);

const dataProvider = createDataProvider();
const authProvider = createAuthProvider();
// The tab's live stream: Refine's liveProvider; the stream opens inside the signed-in frame (layout/admin-layout.tsx).
const live = createLiveHub();
const accessControlProvider = createAccessControlProvider(async () => {
  const identity = (await authProvider.getIdentity?.()) as MeResponse | null;
  if (!identity) throw new Error('not signed in');
  return identity.role;
}, RESOURCES);

/** Without a token the admin pages do not exist: reload at `/` (the landing page), or at the login
 * page when the session was ended by a logout or a 401. Several routes may ask at once; the first decides. */
let isLeaving = false;
function LeaveForLanding() {
  useEffect(() => {
    if (isLeaving) return;
    isLeaving = true;
    window.location.replace(takeExitPath());
  }, []);
  return null;
}

const PAGE_SPINNER = <Spin style={{ display: 'block', margin: '48px auto' }} />;

/**
 * A member whose role requires a second factor they have not set up sees its setup and nothing else
 * (docs/decisions/020-second-factor.md): GET /api/admin/me says so at sign-in, and a 403 "enrolment
 * required" from any call says so later (src/admin/identity-state.ts). The frame waits for /me.
 */
function SecondFactorGate({ children }: { children: ReactNode }) {
  const { isLoading } = useGetIdentity<MeResponse>();
  const mustEnrol = useMustEnrol();
  if (mustEnrol) return <Suspense fallback={PAGE_SPINNER}>{<EnrolmentScreen />}</Suspense>;
  return isLoading ? PAGE_SPINNER : children;
}

function RouteErrorScreen() {
  return <ErrorScreen error={useRouteError()} />;
}

/** A screen the role may open, or the 403 screen (docs/decisions/018-staff-roles.md). */
function guarded(resource: string, action: string, page: ReactNode) {
  return (
    <CanAccess resource={resource} action={action} fallback={<ForbiddenScreen />}>
      {page}
    </CanAccess>
  );
}

function resourceRoutes() {
  return RESOURCES.flatMap((resource) => {
    const entry: ResourceEntry = resource;
    const pages: ResourcePages = SCREENS[resource.name];
    const routes: Record<string, string | undefined> = entry.routes;
    const crud = (['list', 'show', 'edit', 'create'] as const).flatMap((action) => {
      const path = routes[action];
      const Page = pages[action];
      return path && Page ? [<Route key={`${entry.name}-${action}`} path={path} element={guarded(entry.name, action, <Page />)} />] : [];
    });
    const extra = Object.entries(entry.extraRoutes ?? {}).flatMap(([screen, path]) => {
      const Page = pages.extra?.[screen];
      // The other screens of a resource (the three promo screens) read it; their controls follow the role.
      return Page ? [<Route key={`${entry.name}-${screen}`} path={path} element={guarded(entry.name, 'show', <Page />)} />] : [];
    });
    return [...crud, ...extra];
  });
}

function AdminShell() {
  return (
    <AdminProviders dataProvider={dataProvider} authProvider={authProvider} accessControlProvider={accessControlProvider} live={live}>
      <Routes>
        <Route
          element={
            <Authenticated key="admin-pages" fallback={<LeaveForLanding />}>
              <SecondFactorGate>
                <AdminLayout>
                  <Suspense fallback={PAGE_SPINNER}>
                    <Outlet />
                  </Suspense>
                </AdminLayout>
              </SecondFactorGate>
            </Authenticated>
          }
        >
          <Route index element={<Navigate to="/dashboard" replace />} />
          <Route path="/dashboard" element={guarded('dashboard', 'list', <DashboardPage />)} />
          <Route path="/account" element={guarded('account', 'list', <AccountPage />)} />
          {resourceRoutes()}
          <Route path="/guest-manage" element={<Navigate to="/promo-code" replace />} />
          <Route path="*" element={<Navigate to="/dashboard" replace />} />
        </Route>
        {/* The sign-in page is a face of its own (src/login); without a token the shell reloads there. */}
        <Route
          path="/login"
          element={
            <Authenticated key="admin-login" fallback={<LeaveForLanding />}>
              <Navigate to="/dashboard" replace />
            </Authenticated>
          }
        />
      </Routes>
      <UnsavedChangesNotifier />
      <DocumentTitleHandler handler={({ resource }) => (resource?.meta?.label ? `${resource.meta.label} | ${APP_NAME}` : APP_NAME)} />
    </AdminProviders>
  );
}

/** The admin face: the Refine shell with its providers, layout and routes, under one data router. */
export default function AdminApp() {
  const [router] = useState(() => createBrowserRouter([{ path: '*', element: <AdminShell />, errorElement: <RouteErrorScreen /> }]));
  // ReactDOM's flushSync, as react-router/dom passes it: a navigation may then be drawn at once (the review queue's, decision 031).
  return <RouterProvider router={router} flushSync={(draw) => void flushSync(draw)} />;
}
