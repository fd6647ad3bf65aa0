// The dashboard's count cards follow the live stream: a change to a counted list reads the counts
// again, a burst of changes is one read, and a list the cards do not count reads nothing.
import type { BaseRecord, DataProvider } from '@refinedev/core';
import { act, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { createLiveHub, type LiveHub } from '../../src/admin/live/live-hub';
import { DashboardPage } from '../../src/admin/pages/dashboard/dashboard-page';
import { ADMIN_CALLS } from '../../src/admin/resources';
import type { Dashboard } from '../../src/contracts/dashboard';
import { renderAdmin, stubDataProvider } from './render-admin';

const LOAD = { timeout: 10_000 };

function dashboard(pending: number): Dashboard {
  return {
    hosts: { total: 30, approved: 20, pending, rejected: 30 - 20 - pending },
    listingsAwaitingDecision: 4,
    propertiesAwaitingApproval: 2,
    bookings: { total: 90, confirmed: 40, pending: 20, cancelled: 10, completed: 20 },
    feedback: { count: 5, averageRating: 4.2 },
  } as Dashboard;
}

function publish(hub: LiveHub, resource: string) {
  act(() => hub.publish({ channel: `resources/${resource}`, type: 'updated', payload: { ids: [1] }, date: new Date() }));
}

describe('the dashboard over the live stream', () => {
  it('reads its counts again when a counted list changes, once for a burst, and not for a list it does not count', async () => {
    const hub = createLiveHub();
    const answers = { pending: 7 };
    const custom = vi.fn<(params: { url: string }) => Promise<{ data: BaseRecord }>>(async ({ url }) => {
      // The charts and the map below the cards are not this test's: they are refused.
      if (url !== ADMIN_CALLS.dashboard.path) throw { statusCode: 403, message: 'You do not have permission to do this.' };
      return { data: dashboard(answers.pending) as unknown as BaseRecord };
    });
    const dashboardReads = () => custom.mock.calls.filter(([{ url }]) => url === ADMIN_CALLS.dashboard.path).length;
    renderAdmin(<DashboardPage />, { dataProvider: stubDataProvider({ custom: custom as unknown as DataProvider['custom'] }), live: hub });
    expect(await screen.findByText('7', {}, LOAD)).toBeInTheDocument();
    expect(dashboardReads()).toBe(1);

    answers.pending = 8;
    publish(hub, 'hosts');
    publish(hub, 'bookings');
    publish(hub, 'hosts');
    expect(await screen.findByText('8', {}, LOAD)).toBeInTheDocument();
    // The next read waits its second, then the burst is one read.
    await new Promise((resolve) => setTimeout(resolve, 1_300));
    expect(dashboardReads()).toBe(2);

    publish(hub, 'staff');
    await new Promise((resolve) => setTimeout(resolve, 1_300));
    expect(dashboardReads()).toBe(2);
    await waitFor(() => expect(screen.getByText('8')).toBeInTheDocument());
  });
});
