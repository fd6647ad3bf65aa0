import type { BaseRecord, DataProvider, GetListParams } from '@refinedev/core';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { BookingList } from '../../src/admin/pages/bookings/list';
import { bookingStatusLabelKey, normalizeBookingStatus } from '../../src/admin/components/booking-status';
import type { Booking } from '../../src/contracts/bookings';
import { changeLanguage } from '../../src/i18n';
import { clickWhenSettled, expectShownWithin, renderAdmin, stubDataProvider } from './render-admin';
import { BOOKING_SUMMARY, booking } from './booking-rows';

const LOAD = { timeout: 10_000 };

type Answer = { rows: Booking[]; total: number } | { error: { statusCode: number; message: string } };

/** A data provider that answers from the test's rows and records every list call. */
function fakeProvider(answer: () => Answer) {
  const getList = vi.fn<(params: GetListParams) => Promise<{ data: BaseRecord[]; total: number }>>(async (params) => {
    void params;
    const current = answer();
    if ('error' in current) throw current.error;
    return { data: current.rows as unknown as BaseRecord[], total: current.total };
  });
  const custom = vi.fn<(params: { url: string }) => Promise<{ data: BaseRecord }>>(async ({ url }) => {
    if (url.endsWith('summary')) return { data: BOOKING_SUMMARY as unknown as BaseRecord };
    throw { statusCode: 404, message: 'unexpected' };
  });
  const provider = stubDataProvider({
    getList: getList as unknown as DataProvider['getList'],
    custom: custom as unknown as DataProvider['custom'],
  });
  return { provider, getList, custom };
}

function renderList(dataProvider: DataProvider, path = '/bookings') {
  return renderAdmin(<BookingList />, { dataProvider, path }).router;
}

const lastCall = (getList: { mock: { calls: GetListParams[][] } }) => getList.mock.calls.at(-1)?.[0] as GetListParams;
const filterOf = (params: GetListParams, field: string) => params.filters?.find((filter) => 'field' in filter && filter.field === field)?.value;

beforeEach(async () => {
  await changeLanguage('en');
});

describe('booking status and sort rules', () => {
  it('reads the four statuses in any letter case, keeps other values as they are, and calls a missing one Unknown', () => {
    expect(normalizeBookingStatus('CONFIRMED')).toBe('confirmed');
    expect(normalizeBookingStatus(' Pending ')).toBe('pending');
    expect(normalizeBookingStatus('on hold')).toBe('on hold');
    expect(normalizeBookingStatus(null)).toBeNull();
    expect(bookingStatusLabelKey('Cancelled')).toBe('admin.bookings.statuses.cancelled');
    expect(bookingStatusLabelKey('on hold')).toBeUndefined();
    expect(bookingStatusLabelKey(undefined)).toBe('admin.bookings.statuses.unknown');
  });
});

describe('Bookings Management', () => {
  it('shows the title, the cards from the summary and one page of 8 with every column', async () => {
    const rows = Array.from({ length: 8 }, (_, index) => booking(index + 1));
    rows[0] = booking(1, { isPetComing: true, isDisputed: true, isCancelled: true, adultCount: 3, childrenCount: 2, total: 1234.5, status: 'pending' });
    const { provider, getList } = fakeProvider(() => ({ rows, total: 20 }));
    renderList(provider);
    expect(await screen.findByRole('heading', { level: 2, name: 'Bookings Management' }, LOAD)).toBeInTheDocument();
    expect(await screen.findByText('#1', {}, LOAD)).toBeInTheDocument();
    expect(lastCall(getList).pagination).toMatchObject({ currentPage: 1, pageSize: 8 });
    for (const [label, value] of [
      ['Total Bookings', '40'],
      ['Confirmed', '11'],
      ['Pending', '12'],
      ['Cancelled', '7'],
    ]) {
      const card = screen
        .getAllByText(label)
        .map((element) => element.closest('.ant-card'))
        .find(Boolean) as HTMLElement;
      await waitFor(() => expect(within(card).getByText(value)).toBeInTheDocument());
    }
    for (const header of ['Booking ID', 'Guest', 'Property', 'Check-in', 'Check-out', 'Total', 'Guests', 'Status', 'Actions']) {
      expect(screen.getByRole('columnheader', { name: new RegExp(`^${header}$`) })).toBeInTheDocument();
    }
    const first = screen.getByText('#1').closest('tr') as HTMLElement;
    expectShownWithin(first, ['Guest 1', 'guest1@hoy.test', 'Villa 1', '1 Lido Road', 'Jan 5, 2025', 'Jan 9, 2025', '$1,234.50', '5', '3 adults, 2 children']);
    expectShownWithin(first, ['Pet', 'Cancelled', 'Disputed', 'Pending']);
    expect(screen.getByText('Showing 1 to 8 of 20 results')).toBeInTheDocument();
  });

  it('shows the rows of a broad search at once, says the total is being counted, then shows it when /total answers', async () => {
    const rows = Array.from({ length: 8 }, (_, index) => booking(index + 1));
    let answerTotal: (total: number) => void = () => {};
    const totalCalls: Array<Record<string, unknown> | undefined> = [];
    const getList = vi.fn<() => Promise<{ data: BaseRecord[]; total: number; isTotalPending: boolean }>>(async () => ({
      data: rows as unknown as BaseRecord[],
      total: 9,
      isTotalPending: true,
    }));
    const custom = vi.fn<(params: { url: string; query?: Record<string, unknown> }) => Promise<{ data: BaseRecord }>>(async ({ url, query }) => {
      if (url.endsWith('summary')) return { data: BOOKING_SUMMARY as unknown as BaseRecord };
      if (url === 'admin/bookings/total') {
        totalCalls.push(query);
        return { data: await new Promise<BaseRecord>((resolve) => (answerTotal = (total) => resolve({ total }))) };
      }
      throw { statusCode: 404, message: 'unexpected' };
    });
    const provider = stubDataProvider({ getList: getList as unknown as DataProvider['getList'], custom: custom as unknown as DataProvider['custom'] });
    renderList(provider, '/bookings?filters[0][field]=q&filters[0][operator]=contains&filters[0][value]=com');
    expect(await screen.findByText('#1', {}, LOAD)).toBeInTheDocument();
    expect(await screen.findByText('Showing 1 to 8; counting every result…', {}, LOAD)).toBeInTheDocument();
    // Last waits for the total; Next goes on.
    expect(screen.getByRole('button', { name: 'Last' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Next' })).toBeEnabled();
    await waitFor(() => expect(totalCalls).toEqual([{ q: 'com' }]));
    answerTotal(819004);
    expect(await screen.findByText('Showing 1 to 8 of 819004 results', {}, LOAD)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Last' })).toBeEnabled();
  });

  it('shows Unknown User, No email, Unknown Property, No address, N/A, Invalid Date and the status fallbacks', async () => {
    const rows = [
      booking(1, { User: null, Property: null, checkInDate: null, checkOutDate: 'not a date', status: null as unknown as Booking['status'] }),
      booking(2, { User: { name: 'Amina', email: null, suspendedAt: null }, status: 'ON HOLD' as Booking['status'] }),
      booking(3, { status: 'COMPLETED' as Booking['status'], adultCount: 1, childrenCount: 0 }),
    ];
    const { provider } = fakeProvider(() => ({ rows, total: 3 }));
    renderList(provider);
    const orphan = (await screen.findByText('#1', {}, LOAD)).closest('tr') as HTMLElement;
    expectShownWithin(orphan, ['Unknown User', 'No email', 'Unknown Property', 'No address', 'N/A', 'Invalid Date', 'Unknown']);
    const noEmail = screen.getByText('#2').closest('tr') as HTMLElement;
    expectShownWithin(noEmail, ['No email', 'ON HOLD']);
    const completed = screen.getByText('#3').closest('tr') as HTMLElement;
    expect(within(completed).getByText('Completed')).toBeInTheDocument();
    expect(within(completed).getByText('1 adult, 0 children')).toBeInTheDocument();
  });

  it('toggles a column between ascending and descending, keeps it in the address and goes back to page 1', async () => {
    const { provider, getList } = fakeProvider(() => ({ rows: [booking(1)], total: 30 }));
    const router = renderList(provider, '/bookings?currentPage=3&pageSize=8');
    await screen.findByText('#1', {}, LOAD);
    expect(lastCall(getList).pagination?.currentPage).toBe(3);
    await clickWhenSettled(screen.getByRole('columnheader', { name: /^Total/ }));
    await waitFor(() => expect(lastCall(getList).sorters).toEqual([{ field: 'total', order: 'asc' }]));
    expect(lastCall(getList).pagination?.currentPage).toBe(1);
    expect(screen.getByRole('columnheader', { name: /^Total/ })).toHaveAttribute('aria-sort', 'ascending');
    await clickWhenSettled(screen.getByRole('columnheader', { name: /^Total/ }));
    await waitFor(() => expect(lastCall(getList).sorters).toEqual([{ field: 'total', order: 'desc' }]));
    await clickWhenSettled(screen.getByRole('columnheader', { name: /^Total/ }));
    await waitFor(() => expect(lastCall(getList).sorters).toEqual([{ field: 'total', order: 'asc' }]));
    await clickWhenSettled(screen.getByRole('columnheader', { name: /^Guest$/ }));
    await waitFor(() => expect(lastCall(getList).sorters).toEqual([{ field: 'User.name', order: 'asc' }]));
    await waitFor(() => expect(decodeURIComponent(router.state.location.search)).toContain('sorters[0][field]=User.name'));
    expect(decodeURIComponent(router.state.location.search)).toContain('sorters[0][order]=asc');
  });

  it('searches after typing pauses and filters by status, each back on page 1, and reads both from the address', async () => {
    const { provider, getList } = fakeProvider(() => ({ rows: [booking(1)], total: 30 }));
    const router = renderList(provider, '/bookings?currentPage=2&filters[0][field]=status&filters[0][operator]=eq&filters[0][value]=pending');
    await screen.findByText('#1', {}, LOAD);
    expect(filterOf(lastCall(getList), 'status')).toBe('pending');
    expect(lastCall(getList).pagination?.currentPage).toBe(2);
    expect(screen.getByRole('radio', { name: 'Pending' })).toBeChecked();
    const user = userEvent.setup();
    await user.type(screen.getByPlaceholderText('Search bookings...'), 'sahra');
    await waitFor(() => expect(filterOf(lastCall(getList), 'q')).toBe('sahra'));
    expect(filterOf(lastCall(getList), 'status')).toBe('pending');
    expect(lastCall(getList).pagination?.currentPage).toBe(1);
    const searches = getList.mock.calls.filter(([params]) => filterOf(params as GetListParams, 'q') !== undefined);
    expect(searches.map(([params]) => filterOf(params as GetListParams, 'q'))).toEqual(['sahra']);
    const pick = (name: string) => user.click(screen.getByRole('radio', { name }).closest('label') as HTMLElement);
    await pick('Completed');
    await waitFor(() => expect(filterOf(lastCall(getList), 'status')).toBe('completed'));
    await pick('All');
    await waitFor(() => expect(filterOf(lastCall(getList), 'status')).toBeUndefined());
    expect(filterOf(lastCall(getList), 'q')).toBe('sahra');
    await waitFor(() => expect(decodeURIComponent(router.state.location.search)).toContain('filters[0][value]=sahra'));
  });

  it('opens filtered from a plain status link and moves the filter into the synced form', async () => {
    const { provider, getList } = fakeProvider(() => ({ rows: [booking(1)], total: 1 }));
    const router = renderList(provider, '/bookings?status=cancelled');
    await screen.findByText('#1', {}, LOAD);
    expect(getList.mock.calls.every(([params]) => filterOf(params, 'status') === 'cancelled')).toBe(true);
    expect(screen.getByRole('radio', { name: 'Cancelled' })).toBeChecked();
    await waitFor(() => expect(decodeURIComponent(router.state.location.search)).toContain('filters[0][value]=cancelled'));
    expect(router.state.location.search).not.toMatch(/(^|[?&])status=/);
  });

  it('opens the details of a booking from View', async () => {
    const { provider } = fakeProvider(() => ({ rows: [booking(7, { isPetComing: true })], total: 1 }));
    renderList(provider);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'View booking #7' }, LOAD));
    const drawer = await screen.findByRole('dialog');
    expectShownWithin(drawer, ['Booking #7', 'guest7@hoy.test', '7 Lido Road']);
    expect(within(drawer).getByText('Pet coming').closest('tr')).toHaveTextContent('Yes');
    expect(within(drawer).getByText('Disputed').closest('tr')).toHaveTextContent('No');
    await user.click(within(drawer).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByText('Booking #7')).not.toBeInTheDocument());
  });

  it("tags a suspended guest Suspended in the row and beside their name in the booking's details", async () => {
    const suspended = { name: 'Hodan Ali', email: 'hodan@hoy.test', suspendedAt: '2026-03-07T09:00:00.000Z' };
    const { provider } = fakeProvider(() => ({ rows: [booking(7, { User: suspended }), booking(6)], total: 2 }));
    renderList(provider);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'View booking #7' }, LOAD));
    const drawer = await screen.findByRole('dialog');
    expect(within(drawer).getByText('Guest name').closest('tr')).toHaveTextContent('Hodan AliSuspended');
    expect(screen.getByText('Guest 6').closest('tr')).not.toHaveTextContent('Suspended');
  });

  it('shows No bookings found with the search wording when nothing matches', async () => {
    const { provider } = fakeProvider(() => ({ rows: [], total: 0 }));
    renderList(provider, `/bookings?filters[0][field]=q&filters[0][operator]=contains&filters[0][value]=nobody`);
    expect(await screen.findByText('No bookings found', {}, LOAD)).toBeInTheDocument();
    expect(screen.getByText('No bookings match your search criteria.')).toBeInTheDocument();
    expect(screen.getByPlaceholderText('Search bookings...')).toHaveValue('nobody');
  });

  it.each([
    [401, 'Unauthorized access. Please login again.'],
    [404, 'No bookings found.'],
    [500, 'Failed to fetch bookings. Please try again.'],
  ])('shows the documented message for a failed load answered %s', async (statusCode, message) => {
    const { provider } = fakeProvider(() => ({ error: { statusCode, message: 'from server' } }));
    renderList(provider);
    expect(await screen.findByText(message, {}, LOAD)).toBeInTheDocument();
  });

  it('shows Refreshing... while refreshing and the refresh message when it fails', async () => {
    let answer: Answer = { rows: [booking(1)], total: 1 };
    const { provider, getList } = fakeProvider(() => answer);
    renderList(provider);
    await screen.findByText('#1', {}, LOAD);
    let release: () => void = () => undefined;
    getList.mockImplementationOnce(
      () =>
        new Promise((_, reject) => {
          release = () => reject({ statusCode: 500, message: 'down' });
        }),
    );
    answer = { error: { statusCode: 500, message: 'down' } };
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Refresh' }));
    expect(await screen.findByRole('button', { name: 'Refreshing...' })).toBeDisabled();
    release();
    expect(await screen.findByText('Failed to refresh bookings. Please try again.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Refresh' })).toBeEnabled();
  });

  it('shows the screen in Somali', async () => {
    await changeLanguage('so');
    const { provider } = fakeProvider(() => ({ rows: [booking(1, { User: null })], total: 1 }));
    renderList(provider);
    expect(await screen.findByRole('heading', { level: 2, name: 'Maamulka Ballansashooyinka' }, LOAD)).toBeInTheDocument();
    expect(await screen.findByText('Isticmaale aan la aqoon')).toBeInTheDocument();
  });
});
