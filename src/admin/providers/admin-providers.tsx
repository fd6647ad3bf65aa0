// The providers every admin screen runs inside, in the app (src/admin/app.tsx) and in the component
// tests (tests/web/render-admin.tsx) alike: antd's theme, locale and component settings, antd's App,
// and Refine with the i18n, router and notification providers and the resource registry, and the
// step-up dialog (src/admin/step-up), and the data route's navigate (src/admin/review/navigate-at-once.tsx).
// The caller brings the router, and the data, auth and access control providers.
// Must load before antd: without it antd's static message and notification APIs render nothing under React 19.
// oxlint-disable-next-line import/no-unassigned-import
import '@ant-design/v5-patch-for-react-19';
import { Refine, type AccessControlProvider, type AuthProvider, type DataProvider, type ResourceProps } from '@refinedev/core';
import routerProvider from '@refinedev/react-router';
import { App as AntdApp, ConfigProvider, type ConfigProviderProps } from 'antd';
import { createElement, useMemo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { APP_NAME } from '../../app-name';
import { VisuallyHidden } from '../components/visually-hidden';
import { CloseOutlined, DashboardOutlined, EllipsisOutlined, UserOutlined } from '../icons';
import { LiveHubContext, type LiveHub } from '../live/live-hub';
import { RESOURCES, type ResourceEntry } from '../resources';
import { DataRouteNavigate } from '../review/navigate-at-once';
import { StepUpProvider } from '../step-up/step-up';
import { adminTheme, stillTheme } from '../theme';
import { useAntdLocale } from '../ui-locale';
import { useI18nProvider } from './i18n-provider';
import { useNotificationProvider } from './notification-provider';
import { useReducedMotion } from './use-reduced-motion';

// Refine names a resource in notifications by the key "<name>.<name>"; point it at the registry's label.
const RESOURCE_LABEL_ALIASES: Record<string, string> = Object.fromEntries(RESOURCES.map((entry) => [`${entry.name}.${entry.name}`, entry.labelKey]));

const REFINE_OPTIONS = { title: { text: APP_NAME }, syncWithLocation: true, warnWhenUnsavedChanges: true, disableTelemetry: true };

/** Refine's resources: the dashboard, My account and the registry, labelled in the shown language. */
function useRefineResources(): ResourceProps[] {
  const { t } = useTranslation();
  return useMemo(
    () => [
      { name: 'dashboard', list: '/dashboard', meta: { label: t('admin.nav.dashboard'), icon: createElement(DashboardOutlined) } },
      // Reached from the sider's foot (layout/sider.tsx), not from the navigation.
      { name: 'account', list: '/account', meta: { label: t('admin.nav.account'), icon: createElement(UserOutlined), hide: true } },
      ...RESOURCES.map((entry): ResourceProps => ({
        name: entry.name,
        ...entry.routes,
        meta: {
          label: t(entry.labelKey),
          icon: createElement(entry.icon),
          hide: (entry as ResourceEntry).isHiddenFromMenu === true,
        },
      })),
    ],
    [t],
  );
}

/** antd's settings for its components, with the names of their icon-only controls in the shown language. */
function useComponentSettings(): Pick<ConfigProviderProps, 'modal' | 'drawer' | 'tabs' | 'notification'> {
  const { t } = useTranslation();
  return useMemo(() => {
    // Dialogs and the mobile menu: the close button is named in the shown language ("Close", "Xir";
    // antd's own name stays English); its icon stays hidden.
    const closable = { closeIcon: <CloseOutlined />, 'aria-label': t('admin.framework.buttons.close') };
    return {
      modal: { closable },
      drawer: { closable },
      // The button that lists the tabs a narrow row cannot show: antd's shows only an icon read as "ellipsis".
      tabs: {
        more: {
          icon: (
            <>
              <EllipsisOutlined />
              <VisuallyHidden>{t('admin.layout.moreTabs')}</VisuallyHidden>
            </>
          ),
        },
      },
      // A notification's close link is named by notification-provider.tsx; its icon stays hidden.
      notification: { closeIcon: <CloseOutlined /> },
    };
  }, [t]);
}

type AdminProvidersProps = {
  dataProvider: DataProvider;
  /** Who is signed in; without it nobody (a component test of a screen that does not ask). */
  authProvider?: AuthProvider;
  /** What the signed-in member may open; without it everything is allowed. */
  accessControlProvider?: AccessControlProvider;
  /** The tab's live stream hub (Refine's liveProvider, the sidebar's counts); without it nothing is live. */
  live?: LiveHub;
  children: ReactNode;
};

/** The admin's provider stack around `children`; it must sit inside a react-router data router. */
export function AdminProviders({ dataProvider, authProvider, accessControlProvider, live, children }: AdminProvidersProps) {
  const i18nProvider = useI18nProvider(RESOURCE_LABEL_ALIASES);
  const resources = useRefineResources();
  const antdLocale = useAntdLocale();
  const componentSettings = useComponentSettings();
  const isMotionReduced = useReducedMotion();
  return (
    <ConfigProvider theme={isMotionReduced ? stillTheme : adminTheme} locale={antdLocale} {...componentSettings}>
      <AntdApp>
        <Refine
          dataProvider={dataProvider}
          authProvider={authProvider}
          accessControlProvider={accessControlProvider}
          liveProvider={live}
          i18nProvider={i18nProvider}
          routerProvider={routerProvider}
          // Refine calls this hook itself inside its provider tree; passing it uncalled is the documented form.
          // oxlint-disable-next-line react/hooks
          notificationProvider={useNotificationProvider}
          resources={resources}
          options={REFINE_OPTIONS}
        >
          <LiveHubContext.Provider value={live}>
            <StepUpProvider>
              <DataRouteNavigate>{children}</DataRouteNavigate>
            </StepUpProvider>
          </LiveHubContext.Provider>
        </Refine>
      </AntdApp>
    </ConfigProvider>
  );
}
