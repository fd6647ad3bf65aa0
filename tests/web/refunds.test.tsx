// A booking's refunds on its side panel (issue 51, points 2 and 4; decision 043): what is left to
// refund, each refund's status as it changes live, "Refund" for the administrator only, the dialog's
// labelled fields (dollars shown, cents sent, one idempotency key per opening), the 409 message from
// the catalogues, and Somali. A refund awaiting a second member's approval (decision 047): who asked,
// Approve and Reject for another member who may refund, the requester told it waits, live.
import type { AuthProvider, BaseRecord, DataProvider } from '@refinedev/core';
import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
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
  requestedByName: 'Amina Requester',
  createdAt: '2026-12-07T10:00:00.000Z',
  decidedAt: null,
  failureReason: null,
  reviewedBy: null,
  reviewedByName: null,
  reviewedAt: null,
  rejectionReason: null,
  ...values,
});

/** Booking 5 paid $180.50, of which $50.00 is requested back. */
const REFUNDS: BookingRefunds = {
  bookingId: 5,
  currency: 'USD',
  isPaid: true,
  paidMinor: 18_050,
  refundedMinor: 5_000,
  awaitingApprovalMinor: 0,
  remainingMinor: 13_050,
  refunds: [refundRow(1)],
};

/** Booking 5 paid $2,000.00, of which $1,500.00 awaits a second member's approval. */
const AWAITING: BookingRefunds = {
  ...REFUNDS,
  paidMinor: 200_000,
  refundedMinor: 150_000,
  awaitingApprovalMinor: 150_000,
  remainingMinor: 50_000,
  refunds: [refundRow(1, { amountMinor: 150_000, status: 'awaiting-approval', reason: 'Flooded flat' })],
};

/** Signed in as member `id` (the requester of the refunds above is member 1). */
const signedInAs = (id: number): AuthProvider => ({
  login: async () => ({ success: true }),
  logout: async () => ({ success: true }),
  check: async () => ({ authenticated: true }),
  onError: async () => ({}),
  getIdentity: async () => ({ id, name: `Member ${id}`, email: `member-${id}@hoy.test`, role: 'administrator' }),
});

/** A provider over booking 5 whose refunds are `current()` and whose new refund answers `onRefund`. */
function fakeProvider(
  current: () => BookingRefunds,
  onRefund: (call: Call) => BaseRecord = (call) => refundRow(2, { amountMinor: Number(call.payload?.amountMinor) }),
  onReview: (call: Call) => BaseRecord = () => refundRow(1, { amountMinor: 150_000, status: 'requested', reviewedBy: 2, reviewedByName: 'Member 2' }),
) {
  const custom = vi.fn<(params: Call) => Promise<{ data: BaseRecord }>>(async (call) => {
    if (call.url.endsWith('summary')) return { data: BOOKING_SUMMARY as unknown as BaseRecord };
    if (call.url.endsWith('/refunds') && call.method === 'get') return { data: current() as unknown as BaseRecord };
    if (call.url.endsWith('/refunds')) return { data: onRefund(call) };
    if (call.url.endsWith('/approve') || call.url.endsWith('/reject')) return { data: onReview(call) };
    throw { statusCode: 404, message: 'not answered by this test' };
  });
  const provider = stubDataProvider({
    getList: (async () => ({ data: [booking(5)] as unknown as BaseRecord[], total: 1 })) as unknown as DataProvider['getList'],
    custom: custom as unknown as DataProvider['custom'],
  });
  return { provider, custom };
}

async function openBooking(
  role: Role,
  current: () => BookingRefunds = () => REFUNDS,
  onRefund?: (call: Call) => BaseRecord,
  viewName = 'View booking #5',
  { memberId = 2, onReview }: { memberId?: number; onReview?: (call: Call) => BaseRecord } = {},
) {
  const { provider, custom } = fakeProvider(current, onRefund, onReview);
  const live = createLiveHub();
  renderAdmin(<BookingList />, { dataProvider: provider, path: '/bookings', role, live, authProvider: signedInAs(memberId) });
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

describe('a refund awaiting a second member’s approval', () => {
  const reviewCalls = (custom: ReturnType<typeof fakeProvider>['custom']) =>
    custom.mock.calls.map(([call]) => call).filter((call) => /\/refunds\/\d+\/(approve|reject)$/.test(call.url));

  it('shows who asked and what awaits, and approves it for another member: the call names the refund', async () => {
    const { user, drawer, custom } = await openBooking('administrator', () => AWAITING);
    const list = within(drawer).getByRole('list', { name: 'Refunds of booking #5' });
    expect(await within(list).findByText('Awaiting approval')).toBeInTheDocument();
    expect(within(list).getByText('Asked for by Amina Requester')).toBeInTheDocument();
    expect(within(drawer).getByText('Of which awaiting approval: $1,500.00')).toBeInTheDocument();
    await user.click(await within(list).findByRole('button', { name: 'Approve the refund of $1,500.00' }));
    await waitFor(() => expect(reviewCalls(custom)).toHaveLength(1));
    expect(reviewCalls(custom)[0]).toMatchObject({ url: expect.stringMatching(/refunds\/1\/approve$/), method: 'post' });
    expect(await screen.findByText('The refund of $1,500.00 was approved: the payment side is asked to pay it back.')).toBeInTheDocument();
  });

  it('rejects it with a reason typed in a labelled dialog, Reject refund disabled until there is one', async () => {
    const rejected = () => refundRow(1, { amountMinor: 150_000, status: 'rejected', reviewedBy: 2, rejectionReason: 'No flood' });
    const { user, drawer, custom } = await openBooking('administrator', () => AWAITING, undefined, undefined, { onReview: rejected });
    await user.click(await within(drawer).findByRole('button', { name: 'Reject the refund of $1,500.00' }));
    const dialog = await dialogTitled('Reject the refund of $1,500.00');
    const submit = within(dialog).getByRole('button', { name: 'Reject refund' });
    expect(submit).toBeDisabled();
    await user.type(within(dialog).getByLabelText('Why reject it?'), ' No flood ');
    await user.click(submit);
    await waitFor(() => expect(reviewCalls(custom)).toHaveLength(1));
    expect(reviewCalls(custom)[0]).toMatchObject({ url: expect.stringMatching(/refunds\/1\/reject$/), payload: { reason: ' No flood ' } });
    expect(await screen.findByText('The refund of $1,500.00 was rejected: nothing will be paid back.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('Reject the refund of $1,500.00')).toBeNull());
  });

  it('tells the requester it waits for a colleague, with nothing to approve; a role without the refund permission gets no buttons', async () => {
    const { drawer } = await openBooking('administrator', () => AWAITING, undefined, undefined, { memberId: 1 });
    expect(await within(drawer).findByText('Waiting for a colleague with the refund permission to approve it.')).toBeInTheDocument();
    expect(within(drawer).queryByRole('button', { name: /Approve/ })).toBeNull();
    expect(within(drawer).queryByRole('button', { name: /Reject/ })).toBeNull();
    cleanup();
    const support = await openBooking('support', () => AWAITING);
    expect(await within(support.drawer).findByText('Asked for by Amina Requester')).toBeInTheDocument();
    expect(within(support.drawer).queryByRole('button', { name: /Approve/ })).toBeNull();
  });

  it('follows another screen’s approval live, and says so when someone else decided first (409)', async () => {
    let current = AWAITING;
    const decidedFirst = () => {
      throw { statusCode: 409, message: 'This refund is not awaiting approval any more' };
    };
    const { user, drawer, live } = await openBooking('administrator', () => current, undefined, undefined, { onReview: decidedFirst });
    await user.click(await within(drawer).findByRole('button', { name: 'Approve the refund of $1,500.00' }));
    expect(await screen.findByText('The refund of $1,500.00 was already approved or rejected by someone else.')).toBeInTheDocument();
    current = {
      ...AWAITING,
      awaitingApprovalMinor: 0,
      refunds: [refundRow(1, { amountMinor: 150_000, status: 'requested', reviewedBy: 3, reviewedByName: 'Farah Approver' })],
    };
    act(() => live.publish({ channel: 'resources/refunds', type: 'updated', payload: { ids: [5] }, date: new Date() }));
    expect(await within(drawer).findByText('Approved by Farah Approver')).toBeInTheDocument();
    expect(within(drawer).getByText('Requested')).toBeInTheDocument();
    expect(within(drawer).queryByRole('button', { name: /Approve/ })).toBeNull();
  });

  it('speaks Somali', async () => {
    await changeLanguage('so');
    const { drawer } = await openBooking('administrator', () => AWAITING, undefined, somaliBookings.admin.bookings.viewLabel.replace('{{id}}', '5'));
    const texts = somali.admin.refunds;
    expect(await within(drawer).findByText(texts.statuses['awaiting-approval'], {}, LOAD)).toBeInTheDocument();
    expect(within(drawer).getByText(texts.review.askedBy.replace('{{name}}', 'Amina Requester'))).toBeInTheDocument();
    expect(await within(drawer).findByRole('button', { name: texts.review.approveLabel.replace('{{amount}}', '$1,500.00') })).toBeInTheDocument();
  });
});
