// The dashboard's charts follow the live stream (decision 028): a change to what a chart counts reads
// that chart again, at most once every CHART_REFETCH_MS, without leaving its table view or moving the
// focus; a change to something else reads nothing; a range before today ignores new rows but not
// changed ones; a hidden tab reads what it owes once it is shown again; a reconnection reads once.
import type { CustomParams, DataProvider } from '@refinedev/core';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createLiveHub, LIVE_RECONNECTED_CHANNEL, type LiveHub } from '../../src/admin/live/live-hub';
import { ChartCard } from '../../src/admin/pages/dashboard/charts/chart-card';
import { chartFormat } from '../../src/admin/pages/dashboard/charts/chart-format';
import { CHART_SPECS } from '../../src/admin/pages/dashboard/charts/chart-specs';
import Trends from '../../src/admin/pages/dashboard/charts/trends';
import { actionsOf, CHART_REFETCH_MS } from '../../src/admin/pages/dashboard/charts/use-chart-follow';
import { CHART_NAMES, type ChartName } from '../../src/contracts/dashboard-chart-names';
import { renderAdmin, stubDataProvider } from './render-admin';

const LOAD = { timeout: 10_000 };

/** Every chart's call answers one bucket over the asked range whose every number is `value`. */
function chartProvider(value: { current: number }) {
  const reads = new Map<ChartName, number>();
  const custom = vi.fn<(params: CustomParams) => Promise<{ data: unknown }>>(async ({ url, query }) => {
    const name = CHART_NAMES.find((chart) => url.endsWith(`/${chart}`));
    if (!name) throw { statusCode: 404, message: 'not answered by this test' };
    reads.set(name, (reads.get(name) ?? 0) + 1);
    const { from, to } = query as { from: string; to: string };
    const numbers = Object.fromEntries((CHART_SPECS.find((spec) => spec.name === name)?.series ?? []).map((series) => [series.key, value.current]));
    return { data: { from, to, bucket: 'week', points: [{ from, to, ...numbers }], total: value.current, averagePerBucket: value.current } };
  });
  const readsOf = (...names: ChartName[]) => names.map((name) => reads.get(name) ?? 0);
  return { readsOf, dataProvider: stubDataProvider({ custom: custom as unknown as DataProvider['custom'] }) };
}

function publish(hub: LiveHub, resource: string, type: 'created' | 'updated' = 'created') {
  act(() => hub.publish({ channel: `resources/${resource}`, type, payload: { ids: [1] }, date: new Date() }));
}

/** Lets the throttle's timers run: `ms` of the fake clock, then the answers settle. */
async function wait(ms: number) {
  await act(() => vi.advanceTimersByTimeAsync(ms));
}

const BOOKING_CHARTS: ChartName[] = ['bookings', 'booking-value', 'cancellations'];
const OTHER_CHARTS: ChartName[] = ['hosts', 'decisions', 'chats'];

let visibility: DocumentVisibilityState = 'visible';

beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
  visibility = 'visible';
  Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => visibility });
});

afterEach(() => {
  vi.useRealTimers();
  Reflect.deleteProperty(document, 'visibilityState');
});

describe('the dashboard charts over the live stream', () => {
  it('read the booking charts again on a booking change, once for a burst, keeping the table view and the focus; other charts and other lists read nothing', async () => {
    const hub = createLiveHub();
    const value = { current: 7 };
    const { readsOf, dataProvider } = chartProvider(value);
    renderAdmin(<Trends />, { dataProvider, path: '/dashboard', live: hub });
    const bookings = await screen.findByRole('region', { name: 'Bookings by status' }, LOAD);
    await waitFor(() => expect(readsOf(...CHART_NAMES)).toEqual([1, 1, 1, 1, 1, 1]));
    await userEvent.click(within(bookings).getByText('Table'));
    const link = await within(bookings).findByRole('link');
    link.focus();

    value.current = 8;
    publish(hub, 'bookings');
    publish(hub, 'bookings', 'updated');
    publish(hub, 'bookings');
    expect(await within(bookings).findAllByText('8', {}, LOAD)).not.toHaveLength(0);
    expect(readsOf(...BOOKING_CHARTS)).toEqual([2, 2, 2]);
    expect(within(bookings).getByRole('table')).toBeInTheDocument();
    expect(document.activeElement).toBe(link);

    // Changes within the interval wait for it, then are one read.
    publish(hub, 'bookings');
    publish(hub, 'bookings');
    await wait(CHART_REFETCH_MS - 1000);
    expect(readsOf(...BOOKING_CHARTS)).toEqual([2, 2, 2]);
    await wait(1500);
    await waitFor(() => expect(readsOf(...BOOKING_CHARTS)).toEqual([3, 3, 3]));

    publish(hub, 'staff');
    publish(hub, 'feedbacks');
    await wait(CHART_REFETCH_MS + 500);
    expect(readsOf(...CHART_NAMES)).toEqual([3, 3, 3, 1, 1, 1]);

    // Each other chart follows what it counts.
    publish(hub, 'hosts');
    publish(hub, 'activity');
    publish(hub, 'chats');
    await waitFor(() => expect(readsOf(...OTHER_CHARTS)).toEqual([2, 2, 2]));
    expect(readsOf(...BOOKING_CHARTS)).toEqual([3, 3, 3]);
  });

  it('over days before today, read again when a booking changes but not when one is made', async () => {
    const hub = createLiveHub();
    const { readsOf, dataProvider } = chartProvider({ current: 3 });
    const spec = CHART_SPECS.find((entry) => entry.name === 'cancellations')!;
    const format = chartFormat('en', (key) => key);
    renderAdmin(<ChartCard spec={spec} range={{ from: '2025-01-06', to: '2025-03-30' }} format={format} />, { dataProvider, path: '/dashboard', live: hub });
    await waitFor(() => expect(readsOf('cancellations')).toEqual([1]));

    publish(hub, 'bookings', 'created');
    await wait(CHART_REFETCH_MS + 500);
    expect(readsOf('cancellations')).toEqual([1]);
    publish(hub, 'bookings', 'updated');
    await waitFor(() => expect(readsOf('cancellations')).toEqual([2]));
  });

  it('in a hidden tab, read nothing until the tab is shown, then once', async () => {
    const hub = createLiveHub();
    const { readsOf, dataProvider } = chartProvider({ current: 3 });
    renderAdmin(<Trends />, { dataProvider, path: '/dashboard', live: hub });
    await waitFor(() => expect(readsOf('hosts')).toEqual([1]), LOAD);

    visibility = 'hidden';
    act(() => void document.dispatchEvent(new Event('visibilitychange')));
    publish(hub, 'hosts');
    publish(hub, 'hosts');
    await wait(CHART_REFETCH_MS * 2);
    expect(readsOf('hosts')).toEqual([1]);

    visibility = 'visible';
    act(() => void document.dispatchEvent(new Event('visibilitychange')));
    await waitFor(() => expect(readsOf('hosts')).toEqual([2]));
    await wait(CHART_REFETCH_MS + 500);
    expect(readsOf('hosts', 'bookings')).toEqual([2, 1]);
  });

  it('read every chart once when the stream comes back from a break', async () => {
    const hub = createLiveHub();
    const { readsOf, dataProvider } = chartProvider({ current: 3 });
    renderAdmin(<Trends />, { dataProvider, path: '/dashboard', live: hub });
    await waitFor(() => expect(readsOf(...CHART_NAMES)).toEqual([1, 1, 1, 1, 1, 1]), LOAD);
    act(() => hub.publish({ channel: LIVE_RECONNECTED_CHANNEL, type: 'reconnected', payload: {}, date: new Date() }));
    await waitFor(() => expect(readsOf(...CHART_NAMES)).toEqual([2, 2, 2, 2, 2, 2]));
    await wait(CHART_REFETCH_MS + 500);
    expect(readsOf(...CHART_NAMES)).toEqual([2, 2, 2, 2, 2, 2]);
  });

  it('take new rows only over a range that holds today', () => {
    const now = Date.parse('2026-11-28T12:00:00Z');
    expect(actionsOf({ from: '2026-10-30', to: '2026-11-28' }, now)).toEqual(['created', 'updated', 'deleted']);
    expect(actionsOf({ from: '2026-11-01', to: '2026-11-27' }, now)).toEqual(['updated', 'deleted']);
    expect(actionsOf({ from: '2026-11-29', to: '2026-12-05' }, now)).toEqual(['updated', 'deleted']);
  });
});
