// Who a booking is between, on its side panel: the guest, the property and its host, each linked to
// their page (GET /api/admin/bookings/:id/parties), the host's suspension shown, in English and Somali.
import type { BaseRecord, DataProvider } from '@refinedev/core';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { BookingList } from '../../src/admin/pages/bookings/list';
import type { BookingParties } from '../../src/contracts/bookings';
import { changeLanguage } from '../../src/i18n';
import { BOOKING_SUMMARY, booking } from './booking-rows';
import { renderAdmin, stubDataProvider } from './render-admin';

const LOAD = { timeout: 10_000 };
const PARTIES: BookingParties = {
  guest: { id: 31, name: 'Guest 5', suspendedAt: null },
  property: { id: 12, title: 'Villa 5' },
  host: { id: 40, name: 'Hodan Host', suspendedAt: '2026-11-01T08:00:00.000Z' },
};

async function openBooking(parties: BookingParties) {
  const custom = vi.fn<(call: { url: string }) => Promise<{ data: BaseRecord }>>(async (call) => {
    if (call.url.endsWith('summary')) return { data: BOOKING_SUMMARY as unknown as BaseRecord };
    if (call.url === 'admin/bookings/5/parties') return { data: parties as unknown as BaseRecord };
    return { data: {} as BaseRecord };
  });
  const dataProvider = stubDataProvider({
    getList: (async () => ({ data: [booking(5)] as unknown as BaseRecord[], total: 1 })) as unknown as DataProvider['getList'],
    custom: custom as unknown as DataProvider['custom'],
  });
  renderAdmin(<BookingList />, { dataProvider, path: '/bookings', role: 'support' });
  await userEvent.setup().click(await screen.findByRole('button', { name: 'View booking #5' }, LOAD));
  return screen.findByRole('dialog');
}

beforeEach(async () => {
  await changeLanguage('en');
});

describe("a booking's parties", () => {
  it('links the guest, the property and the host to their pages, and tags a suspended host', async () => {
    const drawer = await openBooking(PARTIES);
    expect(await within(drawer).findByRole('link', { name: 'Hodan Host' }, LOAD)).toHaveAttribute('href', '/hosts/40');
    expect(within(drawer).getByRole('link', { name: 'Guest 5' })).toHaveAttribute('href', '/guests/31');
    expect(within(drawer).getByRole('link', { name: 'Villa 5' })).toHaveAttribute('href', '/listings/12');
    const hostRow = within(drawer).getByText('Host').closest('tr') as HTMLElement;
    expect(within(hostRow).getByText('Suspended')).toBeInTheDocument();
  });

  it('names a host who is gone as unknown, without a link', async () => {
    const drawer = await openBooking({ ...PARTIES, host: null });
    const hostRow = (await within(drawer).findByText('Host', {}, LOAD)).closest('tr') as HTMLElement;
    expect(await within(hostRow).findByText('Unknown User')).toBeInTheDocument();
    expect(within(hostRow).queryByRole('link')).toBeNull();
  });

  it('says Host in Somali', async () => {
    const drawer = await openBooking(PARTIES);
    await within(drawer).findByRole('link', { name: 'Hodan Host' }, LOAD);
    await act(() => changeLanguage('so'));
    expect(await within(drawer).findByText('Martigeliyaha', {}, LOAD)).toBeInTheDocument();
  });
});
