// A booking's refunds on its side panel (issue 51, points 2 and 4; decision 043): what is left to
// refund, each refund's status as it changes live, "Refund" for the administrator only, the dialog's
// labelled fields (dollars shown, cents sent, one idempotency key per opening), the 409 message from
// the catalogues, and Somali.
import type { BaseRecord, DataProvider } from '@refinedev/core';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createLiveHub } from '../../src/admin/live/live-hub';
import { BookingList } from '../../src/admin/pages/bookings/list';
import type { BookingRefunds, Refund } from '../../src/contracts/refunds';
import type { Role } from '../../src/contracts/roles';
import { changeLanguage } from '../../src/i18n';
import somaliBookings from '../../src/i18n/locales/so/admin-bookings.json';
import somali from '../../src/i18n/locales/so/admin-refunds.json';
import { BOOKING_SUMMARY, booking } from './booking-rows';
import { renderAdmin, stubDataProvider } from './render-admin';

const LOAD = { timeout: 10_000 };
type Call = { url: string; method: string; payload?: Record<string, unknown> };

const refundRow = (id: number, values: Partial<Refund> = {}): Refund => ({
  id,
  bookingId: 5,
  amountMinor: 5_000,
  currency: 'USD',
  status: 'requested',
  reason: 'Broken heater',
  requestedBy: 1,
  createdAt: '2026-12-07T10:00:00.000Z',
  decidedAt: null,
  failureReason: null,
  ...values,
});

/** Booking 5 paid $180.50, of which $50.00 is requested back. */
const REFUNDS: BookingRefunds = {
  bookingId: 5,
  currency: 'USD',
  isPaid: true,
  paidMinor: 18_050,
  refundedMinor: 5_000,
  remainingMinor: 13_050,
  refunds: [refundRow(1)],
};

/** A provider over booking 5 whose refunds are `current()` and whose new refund answers `onRefund`. */
function fakeProvider(
  current: () => BookingRefunds,
  onRefund: (call: Call) => BaseRecord = (call) => refundRow(2, { amountMinor: Number(call.payload?.amountMinor) }),
) {
  const custom = vi.fn<(params: Call) => Promise<{ data: BaseRecord }>>(async (call) => {
    if (call.url.endsWith('summary')) return { data: BOOKING_SUMMARY as unknown as BaseRecord };
    if (call.url.endsWith('/refunds') && call.method === 'get') return { data: current() as unknown as BaseRecord };
    if (call.url.endsWith('/refunds')) return { data: onRefund(call) };
    throw { statusCode: 404, message: 'not answered by this test' };
  });
  const provider = stubDataProvider({
    getList: (async () => ({ data: [booking(5)] as unknown as BaseRecord[], total: 1 })) as unknown as DataProvider['getList'],
    custom: custom as unknown as DataProvider['custom'],
  });
  return { provider, custom };
}

async function openBooking(role: Role, current: () => BookingRefunds = () => REFUNDS, onRefund?: (call: Call) => BaseRecord, viewName = 'View booking #5') {
  const { provider, custom } = fakeProvider(current, onRefund);
  const live = createLiveHub();
  renderAdmin(<BookingList />, { dataProvider: provider, path: '/bookings', role, live });
  const user = userEvent.setup();
  await user.click(await screen.findByRole('button', { name: viewName }, LOAD));
  const drawer = await screen.findByRole('dialog');
  return { user, drawer, custom, live };
}

// antd names every dialog by one id under test (rc-util's useId), so a dialog is found by its title.
const dialogTitled = async (title: string) => (await screen.findByText(title)).closest<HTMLElement>('[role="dialog"]')!;

const refundCalls = (custom: ReturnType<typeof fakeProvider>['custom']) =>
  custom.mock.calls.map(([call]) => call).filter((call) => call.url.endsWith('/refunds') && call.method === 'post');

beforeEach(async () => {
  await changeLanguage('en');
});

describe("a booking's refunds", () => {
  it('shows what was paid, what is left and each refund with its status; the support role sees no Refund', async () => {
    const { drawer } = await openBooking('support');
    expect(await within(drawer).findByText('Left to refund: $130.50')).toBeInTheDocument();
    expect(within(drawer).getByText('Paid: $180.50')).toBeInTheDocument();
    const list = within(drawer).getByRole('list', { name: 'Refunds of booking #5' });
    expect(within(list).getByText('$50.00')).toBeInTheDocument();
    expect(within(list).getByText('Requested')).toBeInTheDocument();
    expect(within(drawer).queryByRole('button', { name: 'Refund' })).toBeNull();
  });

  it('follows a refund live: the payment side’s answer changes its status on the open panel', async () => {
    let current = REFUNDS;
    const { drawer, live } = await openBooking('viewer', () => current);
    expect(await within(drawer).findByText('Requested')).toBeInTheDocument();
    current = { ...REFUNDS, refunds: [refundRow(1, { status: 'failed', failureReason: 'Card closed' })], refundedMinor: 0, remainingMinor: 18_050 };
    act(() => live.publish({ channel: 'resources/refunds', type: 'updated', payload: { ids: [5] }, date: new Date() }));
    expect(await within(drawer).findByText('Failed')).toBeInTheDocument();
    expect(within(drawer).getByText('Why it failed: Card closed')).toBeInTheDocument();
    expect(within(drawer).getByText('Left to refund: $180.50')).toBeInTheDocument();
  });

  it('asks for a refund: the amount filled with what is left in dollars, sent in cents with the reason as typed and a key', async () => {
    const { user, drawer, custom } = await openBooking('administrator');
    // Opened from the keyboard.
    (await within(drawer).findByRole('button', { name: 'Refund' })).focus();
    await user.keyboard('{Enter}');
    const dialog = await dialogTitled('Refund booking #5');
    const amount = within(dialog).getByLabelText('Amount (USD)');
    expect(amount).toHaveValue('130.50');
    const submit = within(dialog).getByRole('button', { name: 'Request refund' });
    expect(submit).toBeDisabled();
    await user.type(within(dialog).getByLabelText('Reason'), ' Heater broken ');
    await user.clear(amount);
    await user.type(amount, '130.51');
    expect(within(dialog).getByText('Enter an amount from 0.01 up to $130.50, with at most two decimals.')).toBeInTheDocument();
    expect(submit).toBeDisabled();
    await user.clear(amount);
    await user.type(amount, '12.3');
    expect(submit).toBeEnabled();
    await user.click(submit);
    await waitFor(() => expect(refundCalls(custom)).toHaveLength(1));
    expect(refundCalls(custom)[0].payload).toEqual({ amountMinor: 1_230, reason: ' Heater broken ', idempotencyKey: expect.stringMatching(/^[0-9a-f-]{36}$/) });
    expect(await screen.findByText('A refund of $12.30 was requested for booking #5.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('Refund booking #5')).toBeNull());
  });

  it('says nothing was refunded on a 409 and keeps the dialog, sending the same key when pressed again', async () => {
    const refuse = () => {
      throw { statusCode: 409, message: 'The refund is more than what remains refundable' };
    };
    const { user, drawer, custom } = await openBooking('administrator', () => REFUNDS, refuse);
    await user.click(await within(drawer).findByRole('button', { name: 'Refund' }));
    const dialog = await dialogTitled('Refund booking #5');
    await user.type(within(dialog).getByLabelText('Reason'), 'Storm');
    await user.click(within(dialog).getByRole('button', { name: 'Request refund' }));
    expect(await screen.findByText('Booking #5 has less left to refund than that, or it changed meanwhile: nothing was refunded.')).toBeInTheDocument();
    // The button's loading icon stays named "loading" under test (its leaving motion never ends).
    await user.click(within(dialog).getByRole('button', { name: /Request refund$/ }));
    await waitFor(() => expect(refundCalls(custom)).toHaveLength(2));
    const [first, second] = refundCalls(custom);
    expect(second.payload).toEqual(first.payload);
  });

  it('offers no Refund on a booking with nothing left to refund', async () => {
    const { drawer } = await openBooking('administrator', () => ({ ...REFUNDS, remainingMinor: 0, refundedMinor: 18_050 }));
    expect(await within(drawer).findByText('Left to refund: $0.00')).toBeInTheDocument();
    expect(within(drawer).queryByRole('button', { name: 'Refund' })).toBeNull();
  });

  it('speaks Somali', async () => {
    await changeLanguage('so');
    const { user, drawer } = await openBooking('administrator', () => REFUNDS, undefined, somaliBookings.admin.bookings.viewLabel.replace('{{id}}', '5'));
    const texts = somali.admin.refunds;
    await user.click(await within(drawer).findByRole('button', { name: texts.open }, LOAD));
    const dialog = await dialogTitled(texts.dialog.title.replace('{{id}}', '5'));
    expect(within(dialog).getByLabelText(texts.dialog.amount)).toHaveValue('130.50');
    expect(within(dialog).getByLabelText(texts.dialog.reason)).toBeInTheDocument();
    expect(within(drawer).getByText(texts.statuses.requested)).toBeInTheDocument();
  });
});
