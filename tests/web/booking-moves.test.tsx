// The booking's moves on its side panel (issue 51, point 2): the buttons the state machine allows from
// the booking's status, for roles that may intervene; the cancel dialog's labelled fields; the call;
// the success and 409 messages from the catalogues; English and Somali.
import type { BaseRecord, DataProvider } from '@refinedev/core';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { BookingList } from '../../src/admin/pages/bookings/list';
import type { Booking } from '../../src/contracts/bookings';
import type { Role } from '../../src/contracts/roles';
import { changeLanguage } from '../../src/i18n';
import { renderAdmin, stubDataProvider } from './render-admin';
import somali from '../../src/i18n/locales/so/admin-bookings.json';
import { BOOKING_SUMMARY, booking } from './booking-rows';

const LOAD = { timeout: 10_000 };
type MoveCall = { url: string; method: string; payload?: Record<string, unknown> };

/** A provider over one booking whose moves answer `moveAnswer` (a thrown error for a refusal). */
function fakeProvider(row: Booking, moveAnswer: (call: MoveCall) => BaseRecord) {
  const custom = vi.fn<(params: MoveCall) => Promise<{ data: BaseRecord }>>(async (call) => {
    if (call.url.endsWith('summary')) return { data: BOOKING_SUMMARY as unknown as BaseRecord };
    return { data: moveAnswer(call) };
  });
  const provider = stubDataProvider({
    getList: (async () => ({ data: [row] as unknown as BaseRecord[], total: 1 })) as unknown as DataProvider['getList'],
    custom: custom as unknown as DataProvider['custom'],
  });
  return { provider, custom };
}

async function openBooking(row: Booking, role: Role, moveAnswer: (call: MoveCall) => BaseRecord = () => ({}), viewName = `View booking #${row.id}`) {
  const { provider, custom } = fakeProvider(row, moveAnswer);
  renderAdmin(<BookingList />, { dataProvider: provider, path: '/bookings', role });
  const user = userEvent.setup();
  await user.click(await screen.findByRole('button', { name: viewName }, LOAD));
  const drawer = await screen.findByRole('dialog');
  return { user, drawer, custom };
}

const moveCalls = (custom: ReturnType<typeof fakeProvider>['custom']) => custom.mock.calls.map(([call]) => call).filter((call) => call.url.endsWith('/moves'));
/**
 * The drawer's buttons but Close, the Notes section's Add note (tests/web/record-notes.test.tsx tests
 * the notes) and Flag for follow-up (tests/web/cases.test.tsx tests the flag).
 */
const buttonNames = (drawer: HTMLElement) =>
  within(drawer)
    .queryAllByRole('button')
    .map((button) => button.textContent)
    .filter((name) => name !== 'Close' && name !== 'Add note' && name !== 'Flag for follow-up');

beforeEach(async () => {
  await changeLanguage('en');
});

describe("a booking's moves", () => {
  it('offers a confirmed booking every move, a pending one only Cancel, a cancelled one none', async () => {
    const confirmed = await openBooking(booking(5), 'support');
    await waitFor(() => expect(buttonNames(confirmed.drawer)).toEqual(['Cancel booking', 'Mark no-show', 'Mark completed']));
    expect(within(confirmed.drawer).getByRole('group', { name: 'Actions on booking #5' })).toBeInTheDocument();
  });

  it.each([
    ['pending', ['Cancel booking']],
    ['cancelled', []],
    ['completed', []],
  ] as const)('offers a %s booking %j', async (status, names) => {
    const { drawer } = await openBooking(booking(6, { status }), 'administrator');
    expect(await within(drawer).findByText('Booking #6')).toBeInTheDocument();
    await waitFor(() => expect(buttonNames(drawer)).toEqual(names));
  });

  it('shows no move to the viewer', async () => {
    const { drawer } = await openBooking(booking(7), 'viewer');
    expect(await within(drawer).findByText('guest7@hoy.test')).toBeInTheDocument();
    expect(buttonNames(drawer)).toEqual([]);
  });

  it('marks a booking completed: the call, the message and the panel as moved', async () => {
    const { user, drawer, custom } = await openBooking(booking(8), 'support', () => ({
      id: 8,
      move: 'complete',
      status: 'completed',
      previousStatus: 'confirmed',
    }));
    await user.click(await within(drawer).findByRole('button', { name: 'Mark completed' }));
    expect(await screen.findByText('Booking #8 marked completed')).toBeInTheDocument();
    expect(moveCalls(custom)).toEqual([expect.objectContaining({ url: 'admin/bookings/8/moves', method: 'post', payload: { move: 'complete' } })]);
    await waitFor(() => expect(buttonNames(drawer)).toEqual([]));
    expect(within(drawer).getByText('Completed')).toBeInTheDocument();
  });

  it('tells a refused move (409) from the catalogue', async () => {
    const { user, drawer } = await openBooking(booking(9), 'support', () => {
      throw { statusCode: 409, message: 'A completed booking cannot be moved by "no-show"' };
    });
    await user.click(await within(drawer).findByRole('button', { name: 'Mark no-show' }));
    expect(await screen.findByText('Booking #9 was changed meanwhile and can no longer be moved this way. It is shown as it is now.')).toBeInTheDocument();
  });

  it('cancels through a dialog of labelled fields, opened by keyboard, sending the reason, who bears it and the note', async () => {
    const { user, drawer, custom } = await openBooking(booking(10), 'support', () => ({
      id: 10,
      move: 'cancel',
      status: 'cancelled',
      previousStatus: 'confirmed',
    }));
    // The dialog opens from the keyboard.
    (await within(drawer).findByRole('button', { name: 'Cancel booking' })).focus();
    await user.keyboard('{Enter}');
    // antd names every dialog by one id under test (rc-util's useId), so the dialog is found by its title.
    const dialog = (await screen.findByText('Cancel booking #10')).closest<HTMLElement>('[role="dialog"]')!;
    const confirm = within(dialog).getByRole('button', { name: 'Cancel booking' });
    expect(confirm).toBeDisabled();
    // antd draws each choice as an item titled with its label.
    await user.click(within(dialog).getByRole('combobox', { name: 'Reason' }));
    await user.click(await screen.findByTitle('Payment problem'));
    const bearers = within(dialog).getByRole('radiogroup', { name: 'Who bears the cancellation' });
    await user.click(within(bearers).getByRole('radio', { name: 'Host' }));
    await user.type(within(dialog).getByRole('textbox', { name: 'Note (optional)' }), 'Card declined twice');
    await waitFor(() => expect(confirm).toBeEnabled());
    await user.click(confirm);
    expect(await screen.findByText('Booking #10 cancelled')).toBeInTheDocument();
    expect(moveCalls(custom)).toEqual([
      expect.objectContaining({
        url: 'admin/bookings/10/moves',
        payload: { move: 'cancel', reason: 'payment-problem', bearer: 'host', note: 'Card declined twice' },
      }),
    ]);
    await waitFor(() => expect(screen.queryByText('Cancel booking #10')).not.toBeInTheDocument());
  });

  it('speaks Somali', async () => {
    await changeLanguage('so');
    const { drawer } = await openBooking(booking(11), 'support', undefined, somali.admin.bookings.viewLabel.replace('{{id}}', '11'));
    expect(await within(drawer).findByRole('button', { name: 'Jooji ballansashada' })).toBeInTheDocument();
    expect(within(drawer).getByRole('button', { name: 'U calaamadee mid dhammaatay' })).toBeInTheDocument();
  });
});
