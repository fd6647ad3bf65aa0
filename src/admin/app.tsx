// Must load before antd: without it antd's static message and notification APIs render nothing under React 19.
// oxlint-disable-next-line import/no-unassigned-import
import '@ant-design/v5-patch-for-react-19';
import { createElement, lazy, Suspense, useEffect, useMemo, useState, type ReactNode } from 'react';
import { Authenticated, CanAccess, Refine, useGetIdentity, type ResourceProps } from '@refinedev/core';
import routerProvider, { DocumentTitleHandler, UnsavedChangesNotifier } from '@refinedev/react-router';
import { App as AntdApp, ConfigProvider, Spin } from 'antd';
import { CloseOutlined, DashboardOutlined, EllipsisOutlined, UserOutlined } from './icons';
import { VisuallyHidden } from './components/visually-hidden';
import { Navigate, Outlet, Route, RouterProvider, Routes, createBrowserRouter, useRouteError } from 'react-router';
import { useTranslation } from 'react-i18next';
import { i18n } from '../i18n';
import { registerAdminCatalogue } from '../i18n/admin-catalogue';
import { APP_NAME } from '../app-name';
import { ErrorScreen } from '../lib/error-screen';
import { takeExitPath } from '../lib/session';
import { adminTheme } from './theme';
import { followLanguage, useAntdLocale } from './ui-locale';
import { RESOURCES, type ResourceEntry } from './resources';
import { SCREENS, type ResourcePages } from './screens';
import { createDataProvider } from './providers/data-provider';
import { createAuthProvider } from './providers/auth-provider';
import { createAccessControlProvider } from './access';
import type { MeResponse } from '../contracts/staff';
import { useI18nProvider } from './providers/i18n-provider';
import { AdminLayout } from './layout/admin-layout';
import { useNotificationProvider } from './providers/notification-provider';
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
const accessControlProvider = createAccessControlProvider(async () => {
  const identity = (await authProvider.getIdentity?.()) as MeResponse | null;
  if (!identity) throw new Error('not signed in');
  return identity.role;
}, RESOURCES);

// Refine names a resource in notifications by the key "<name>.<name>"; point it at the registry's label.
const RESOURCE_LABEL_ALIASES: Record<string, string> = Object.fromEntries(
  RESOURCES.map((entry) => [`${entry.name}.${entry.name}`, entry.labelKey]),
);

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

function useRefineResources(): ResourceProps[] {
  const { t } = useTranslation();
  return useMemo(
    () => [
      { name: 'dashboard', list: '/dashboard', meta: { label: t('admin.nav.dashboard'), icon: createElement(DashboardOutlined) } },
      // Reached from the sider's foot (layout/sider.tsx), not from the navigation.
      { name: 'account', list: '/account', meta: { label: t('admin.nav.account'), icon: createElement(UserOutlined), hide: true } },
      ...RESOURCES.map(
        (entry): ResourceProps => ({
          name: entry.name,
          ...entry.routes,
          meta: {
            label: t(entry.labelKey),
            icon: createElement(entry.icon),
            hide: (entry as ResourceEntry).isHiddenFromMenu === true,
          },
        }),
      ),
    ],
    [t],
  );
}

/** A screen the role may open, or the 403 screen (docs/decisions/018-staff-roles.md). */
function guarded(entry: ResourceEntry, action: string, page: ReactNode) {
  return (
    <CanAccess resource={entry.name} action={action} fallback={<ForbiddenScreen />}>
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
      return path && Page ? [<Route key={`${entry.name}-${action}`} path={path} element={guarded(entry, action, <Page />)} />] : [];
    });
    const extra = Object.entries(entry.extraRoutes ?? {}).flatMap(([screen, path]) => {
      const Page = pages.extra?.[screen];
      // The other screens of a resource (the three promo screens) read it; their controls follow the role.
      return Page ? [<Route key={`${entry.name}-${screen}`} path={path} element={guarded(entry, 'show', <Page />)} />] : [];
    });
    return [...crud, ...extra];
  });
}

function AdminShell() {
  const i18nProvider = useI18nProvider(RESOURCE_LABEL_ALIASES);
  const resources = useRefineResources();
  const antdLocale = useAntdLocale();
  const { t } = useTranslation();
  return (
    <ConfigProvider
      theme={adminTheme}
      locale={antdLocale}
      // Dialogs and the mobile menu: the close button is named in the shown language ("Close", "Xir";
      // antd's own name stays English); its icon stays hidden.
      modal={{ closable: { closeIcon: <CloseOutlined />, 'aria-label': t('admin.framework.buttons.close') } }}
      drawer={{ closable: { closeIcon: <CloseOutlined />, 'aria-label': t('admin.framework.buttons.close') } }}
      // The button that lists the tabs a narrow row cannot show: antd's shows only an icon read as "ellipsis".
      tabs={{
        more: {
          icon: (
            <>
              <EllipsisOutlined />
              <VisuallyHidden>{t('admin.layout.moreTabs')}</VisuallyHidden>
            </>
          ),
        },
      }}
      // A notification's close link is named by notification-provider.tsx; its icon stays hidden.
      notification={{ closeIcon: <CloseOutlined /> }}
    >
      <AntdApp>
        <Refine
          dataProvider={dataProvider}
          authProvider={authProvider}
          accessControlProvider={accessControlProvider}
          i18nProvider={i18nProvider}
          routerProvider={routerProvider}
          // Refine calls this hook itself inside its provider tree; passing it uncalled is the documented form.
          // oxlint-disable-next-line react/hooks
          notificationProvider={useNotificationProvider}
          resources={resources}
          options={{
            title: { text: APP_NAME },
            syncWithLocation: true,
            warnWhenUnsavedChanges: true,
            disableTelemetry: true,
          }}
        >
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
              <Route
                path="/dashboard"
                element={
                  <CanAccess resource="dashboard" action="list" fallback={<ForbiddenScreen />}>
                    <DashboardPage />
                  </CanAccess>
                }
              />
              <Route
                path="/account"
                element={
                  <CanAccess resource="account" action="list" fallback={<ForbiddenScreen />}>
                    <AccountPage />
                  </CanAccess>
                }
              />
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
          <DocumentTitleHandler
            handler={({ resource }) => (resource?.meta?.label ? `${resource.meta.label} | ${APP_NAME}` : APP_NAME)}
          />
        </Refine>
      </AntdApp>
    </ConfigProvider>
  );
}

/** The admin face: the Refine shell with its providers, layout and routes, under one data router. */
export default function AdminApp() {
  const [router] = useState(() =>
    createBrowserRouter([{ path: '*', element: <AdminShell />, errorElement: <RouteErrorScreen /> }]),
  );
  return <RouterProvider router={router} />;
}
