import type { BaseRecord, DataProvider, GetListParams } from '@refinedev/core';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { LiveConnection } from '../../src/admin/live/live-connection';
import { createLiveHub, type LiveHub } from '../../src/admin/live/live-hub';
import type { OpenEventSource } from '../../src/admin/live/live-stream';
import { MenuBadge } from '../../src/admin/live/menu-badge';
import { BookingList } from '../../src/admin/pages/bookings/list';
import { storeToken } from '../../src/lib/session';
import { renderAdmin, stubDataProvider } from './render-admin';
import { BOOKING_SUMMARY, booking } from './booking-rows';

const LOAD = { timeout: 10_000 };

/** Bookings newest first; the test adds rows as the marketplace would. */
function fakeBookings(ids: number[]) {
  const rows = { ids, suspendedIds: [] as number[] };
  const guestOf = (id: number) => ({
    name: `Guest ${id}`,
    email: `guest${id}@hoy.test`,
    suspendedAt: rows.suspendedIds.includes(id) ? '2026-03-07T09:00:00.000Z' : null,
  });
  const getList = vi.fn<(params: GetListParams) => Promise<{ data: BaseRecord[]; total: number }>>(async () => ({
    data: rows.ids.slice(0, 8).map((id) => booking(id, { User: guestOf(id) })) as unknown as BaseRecord[],
    total: rows.ids.length,
  }));
  const custom = vi.fn<(params: { url: string }) => Promise<{ data: BaseRecord }>>(async () => ({ data: BOOKING_SUMMARY as unknown as BaseRecord }));
  const provider = stubDataProvider({ getList: getList as unknown as DataProvider['getList'], custom: custom as unknown as DataProvider['custom'] });
  return { provider, getList, custom, rows };
}

/** The stream's side of the test: a change as the live connection publishes it. */
function publish(hub: LiveHub, type: string, ids: number[]) {
  act(() => hub.publish({ channel: 'resources/bookings', type, payload: { ids }, date: new Date() }));
}

async function renderBookings(path: string, ids: number[]) {
  const hub = createLiveHub();
  const fake = fakeBookings(ids);
  renderAdmin(
    <>
      <BookingList />
      <LiveConnection />
    </>,
    { dataProvider: fake.provider, path, live: hub },
  );
  await screen.findByText('Guest 10', {}, LOAD);
  return { hub, ...fake };
}

const politeRegion = () => document.querySelector('[aria-live="polite"]:not(:empty)') ?? document.querySelector('[aria-live="polite"]');

describe('a list following the live stream', () => {
  it('on its first page in its default order, shows a new booking at once, highlighted, and says so politely', async () => {
    const { hub, getList, custom, rows } = await renderBookings('/bookings', [10, 9, 8]);
    const listCalls = getList.mock.calls.length;
    const summaryCalls = custom.mock.calls.length;
    rows.ids = [11, 10, 9, 8];
    publish(hub, 'created', [11]);
    const cell = await screen.findByText('Guest 11', {}, LOAD);
    expect(cell.closest('tr')).toHaveClass('hoy-live-new');
    expect(getList.mock.calls.length).toBe(listCalls + 1);
    // The count cards follow.
    await waitFor(() => expect(custom.mock.calls.length).toBeGreaterThan(summaryCalls));
    expect(document.activeElement).toBe(document.body);
    await waitFor(() => expect(screen.getByText('Bookings Management: 1 new')).toHaveAttribute('aria-live', 'polite'));
  });

  it('on a deeper page, moves no row: "1 new — Show" counts it, and Show opens the first page, where it is, and says so', async () => {
    const ids = Array.from({ length: 20 }, (_, index) => 30 - index);
    ids.splice(ids.indexOf(10), 1);
    ids.unshift(10);
    const { hub, getList, rows } = await renderBookings('/bookings?currentPage=2&pageSize=8', ids);
    const listCalls = getList.mock.calls.length;
    publish(hub, 'created', [31]);
    expect(await screen.findByText('1 new —', {}, LOAD)).toBeInTheDocument();
    expect(getList.mock.calls.length).toBe(listCalls);
    rows.ids = [31, ...ids];
    await userEvent.click(screen.getByRole('button', { name: 'Show' }));
    await waitFor(() => expect(getList.mock.calls.at(-1)?.[0].pagination?.currentPage).toBe(1));
    expect(await screen.findByText('Guest 31', {}, LOAD)).toBeInTheDocument();
    expect(screen.queryByText('1 new —')).not.toBeInTheDocument();
    await waitFor(() => expect(screen.getByText('Bookings Management: page 1 shown, the new row included')).toHaveAttribute('aria-live', 'polite'));
  });

  it('while searched on its first page, Show reads that page again with the search kept', async () => {
    const { hub, getList } = await renderBookings('/bookings?filters[0][field]=q&filters[0][operator]=contains&filters[0][value]=guest', [10, 9, 8]);
    const listCalls = getList.mock.calls.length;
    publish(hub, 'created', [11]);
    expect(await screen.findByText('1 new —', {}, LOAD)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Show' }));
    await waitFor(() => expect(getList.mock.calls.length).toBe(listCalls + 1));
    const asked = getList.mock.calls.at(-1)?.[0];
    expect(asked?.pagination?.currentPage).toBe(1);
    expect(asked?.filters).toEqual([{ field: 'q', operator: 'contains', value: 'guest' }]);
  });

  it('while sorted, reads the page again in place when a shown row changes, and not for a row elsewhere', async () => {
    const { hub, getList } = await renderBookings('/bookings?sorters[0][field]=User.name&sorters[0][order]=asc', [10, 9, 8]);
    const listCalls = getList.mock.calls.length;
    publish(hub, 'updated', [500]);
    publish(hub, 'created', [11]);
    expect(await screen.findByText('1 new —', {}, LOAD)).toBeInTheDocument();
    expect(getList.mock.calls.length).toBe(listCalls);
    publish(hub, 'updated', [9]);
    await waitFor(() => expect(getList.mock.calls.length).toBe(listCalls + 1));
  });

  it('reads the page again in place when a guest is suspended anywhere, as its declaration follows suspensions, and tags them', async () => {
    const { hub, getList, rows } = await renderBookings('/bookings?currentPage=1&pageSize=8', [10, 9, 8]);
    const listCalls = getList.mock.calls.length;
    rows.suspendedIds = [9];
    act(() => hub.publish({ channel: 'resources/suspensions', type: 'updated', payload: { ids: [4242] }, date: new Date() }));
    const guest = await screen.findByText('Guest 9', {}, LOAD);
    await waitFor(() => expect(within(guest.closest('tr') as HTMLElement).getByText('Suspended')).toBeInTheDocument());
    expect(getList.mock.calls.length).toBe(listCalls + 1);
    expect(screen.queryByText('1 new —')).not.toBeInTheDocument();
    expect(screen.getAllByText('Suspended')).toHaveLength(1);
  });

  it("shows a suspension arriving live in the open booking's details, beside the guest's name", async () => {
    const { hub, rows } = await renderBookings('/bookings', [10, 9, 8]);
    await userEvent.click(screen.getByRole('button', { name: 'View booking #9' }));
    const drawer = await screen.findByRole('dialog');
    const guestName = () => within(drawer).getByText('Guest name').closest('tr') as HTMLElement;
    expect(guestName()).not.toHaveTextContent('Suspended');
    rows.suspendedIds = [9];
    act(() => hub.publish({ channel: 'resources/suspensions', type: 'updated', payload: { ids: [4242] }, date: new Date() }));
    await waitFor(() => expect(guestName()).toHaveTextContent('Guest 9Suspended'), LOAD);
  });
});

describe('the sidebar counts', () => {
  it('shows the stream’s exact counts with words for assistive technology, and says when one moves', async () => {
    storeToken('token-1');
    const hub = createLiveHub();
    const inits: Parameters<OpenEventSource>[1][] = [];
    const open: OpenEventSource = (_url, init) => {
      inits.push(init);
      return new Promise(() => undefined);
    };
    renderAdmin(
      <>
        <LiveConnection open={open} />
        <a href="/listings">
          Listings
          <MenuBadge name="listings" />
        </a>
      </>,
      { dataProvider: stubDataProvider({}), live: hub },
    );
    await waitFor(() => expect(inits).toHaveLength(1));
    act(() => inits[0].onmessage?.({ event: 'badges', data: JSON.stringify({ listings: 3, hosts: 1 }), id: '' }));
    expect(await screen.findByRole('link', { name: /Listings\s*3 awaiting a decision/ })).toBeInTheDocument();
    expect(screen.getByText('3')).toHaveAttribute('aria-hidden');
    act(() => inits[0].onmessage?.({ event: 'badges', data: JSON.stringify({ listings: 4, hosts: 1 }), id: '' }));
    expect(await screen.findByRole('link', { name: /Listings\s*4 awaiting a decision/ })).toBeInTheDocument();
    expect(politeRegion()).toHaveTextContent('Listings: 4 awaiting a decision');
  });
});
