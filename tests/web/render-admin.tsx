// The one harness for admin screens under test: the providers of src/admin/app.tsx (antd theme and
// locale, antd App, Refine with the i18n and notification providers and the resource registry)
// around a screen, under a memory data router, over the test's own data provider.
// Must load before antd, as in src/admin/app.tsx.
// oxlint-disable-next-line import/no-unassigned-import
import '@ant-design/v5-patch-for-react-19';
import { Refine, type AuthProvider, type DataProvider, type RefineProps, type ResourceProps } from '@refinedev/core';
import routerProvider from '@refinedev/react-router';
import { render, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { App as AntdApp, ConfigProvider } from 'antd';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { createAccessControlProvider } from '../../src/admin/access';
import { useI18nProvider } from '../../src/admin/providers/i18n-provider';
import { useNotificationProvider } from '../../src/admin/providers/notification-provider';
import { RESOURCES } from '../../src/admin/resources';
import { adminTheme } from '../../src/admin/theme';
import { useAntdLocale } from '../../src/admin/ui-locale';
import type { Role } from '../../src/contracts/roles';
import { registerAdminCatalogue } from '../../src/i18n/admin-catalogue';

registerAdminCatalogue();

// As in src/admin/app.tsx: Refine names a resource in notifications by "<name>.<name>".
const RESOURCE_LABEL_ALIASES: Record<string, string> = Object.fromEntries(
  RESOURCES.map((entry) => [`${entry.name}.${entry.name}`, entry.labelKey]),
);

/** The app's resources: the dashboard and the registry, with their routes. */
const APP_RESOURCES: ResourceProps[] = [
  { name: 'dashboard', list: '/dashboard' },
  { name: 'account', list: '/account' },
  ...RESOURCES.map((entry): ResourceProps => ({ name: entry.name, ...entry.routes })),
];

export type RenderAdminOptions = {
  dataProvider: DataProvider;
  /** The address the router starts at. */
  path?: string;
  /** The signed-in member's role, told to Refine's access control as the app does; without it everything is allowed. */
  role?: Role;
  /** Who is signed in (useGetIdentity), for the screens that read it; without it nobody. */
  authProvider?: AuthProvider;
};

const REFINE_OPTIONS: RefineProps['options'] = { syncWithLocation: true, warnWhenUnsavedChanges: true, disableTelemetry: true };

function AdminProviders({ dataProvider, role, authProvider, children }: Omit<RenderAdminOptions, 'path'> & { children: ReactNode }) {
  const i18nProvider = useI18nProvider(RESOURCE_LABEL_ALIASES);
  const antdLocale = useAntdLocale();
  return (
    <ConfigProvider theme={adminTheme} locale={antdLocale}>
      <AntdApp>
        <Refine
          dataProvider={dataProvider}
          authProvider={authProvider}
          accessControlProvider={role ? createAccessControlProvider(async () => role, RESOURCES) : undefined}
          i18nProvider={i18nProvider}
          routerProvider={routerProvider}
          // Refine calls this hook itself inside its provider tree, as the admin shell does.
          // oxlint-disable-next-line react/hooks
          notificationProvider={useNotificationProvider}
          resources={APP_RESOURCES}
          options={REFINE_OPTIONS}
        >
          {children}
        </Refine>
      </AntdApp>
    </ConfigProvider>
  );
}

/**
 * Renders `ui` (a screen, or `<Routes>` of several) inside the admin's providers at `path`.
 * Answers Testing Library's render result and the router, whose `state.location` is the address bar.
 */
export function renderAdmin(ui: ReactNode, { dataProvider, path = '/', role, authProvider }: RenderAdminOptions) {
  const providers = { dataProvider, role, authProvider };
  const router = createMemoryRouter([{ path: '*', element: <AdminProviders {...providers}>{ui}</AdminProviders> }], {
    initialEntries: [path],
  });
  return { router, ...render(<RouterProvider router={router} />) };
}

/** A data provider of the test's own calls; the calls a screen does not make answer nothing. */
export function stubDataProvider(calls: Partial<DataProvider>): DataProvider {
  return {
    getApiUrl: () => '/api',
    getList: async () => ({ data: [], total: 0 }),
    getOne: async () => ({ data: {} as never }),
    create: async () => ({ data: {} as never }),
    update: async () => ({ data: {} as never }),
    deleteOne: async () => ({ data: {} as never }),
    // Like the app's own provider, every stub has `custom`; a call the test does not answer is a 404.
    custom: async () => {
      throw { statusCode: 404, message: 'not answered by this test' };
    },
    ...calls,
  };
}

/**
 * Clicks `element` once no loading spinner covers it. While a list loads, antd lays a spinner over
 * the table that takes no pointer events, as in a browser; a click then would be lost.
 */
export async function clickWhenSettled(element: HTMLElement): Promise<void> {
  await waitFor(() => {
    if (document.querySelector('[aria-busy="true"]')) throw new Error('still loading');
  });
  await userEvent.click(element);
}
