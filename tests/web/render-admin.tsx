// The one harness for admin screens under test: the app's own providers (src/admin/providers/admin-providers.tsx:
// antd theme, locale and component settings, antd App, Refine with the i18n and notification providers and
// the resource registry) around a screen, under a memory data router, over the test's own data provider.
import type { AuthProvider, DataProvider } from '@refinedev/core';
import { render, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { flushSync } from 'react-dom';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { expect } from 'vitest';
import { createAccessControlProvider } from '../../src/admin/access';
import type { LiveHub } from '../../src/admin/live/live-hub';
import { AdminProviders } from '../../src/admin/providers/admin-providers';
import { RESOURCES } from '../../src/admin/resources';
import type { Role } from '../../src/contracts/roles';
import { registerAdminCatalogue } from '../../src/i18n/admin-catalogue';

registerAdminCatalogue();

export type RenderAdminOptions = {
  dataProvider: DataProvider;
  /** The address the router starts at. */
  path?: string;
  /** The signed-in member's role, told to Refine's access control as the app does; without it everything is allowed. */
  role?: Role;
  /** Who is signed in (useGetIdentity), for the screens that read it; without it nobody. */
  authProvider?: AuthProvider;
  /** The live stream's hub the test publishes to (src/admin/live/live-hub.ts); without it nothing is live. */
  live?: LiveHub;
};

/**
 * Renders `ui` (a screen, or `<Routes>` of several) inside the admin's providers at `path`.
 * Answers Testing Library's render result and the router, whose `state.location` is the address bar.
 */
export function renderAdmin(ui: ReactNode, { dataProvider, path = '/', role, authProvider, live }: RenderAdminOptions) {
  const accessControlProvider = role ? createAccessControlProvider(async () => role, RESOURCES) : undefined;
  const providers = { dataProvider, authProvider, accessControlProvider, live };
  const router = createMemoryRouter([{ path: '*', element: <AdminProviders {...providers}>{ui}</AdminProviders> }], {
    initialEntries: [path],
  });
  return { router, ...render(<RouterProvider router={router} flushSync={(draw) => void flushSync(draw)} />) };
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

/** Each of `texts` is shown inside `element` (a row, a card, a drawer): one assertion per text, named by it. */
export function expectShownWithin(element: HTMLElement, texts: readonly string[]): void {
  for (const text of texts) expect(within(element).getByText(text), text).toBeInTheDocument();
}
