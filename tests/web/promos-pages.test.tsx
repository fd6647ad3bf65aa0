import type { BaseRecord, DataProvider, UpdateParams } from '@refinedev/core';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { GuestPromoPage } from '../../src/admin/pages/promos/guest';
import { HostNewJoinerPromoPage } from '../../src/admin/pages/promos/host-new-joiner';
import { HostRegularPromoPage } from '../../src/admin/pages/promos/host-regular';
import { PromoOverviewPage } from '../../src/admin/pages/promos/list';
import { todayUtc, translatePromoMessage } from '../../src/admin/pages/promos/promo-rules';
import {
  MAX_FREE_STAYS,
  MAX_PROMO_CODE_LENGTH,
  MAX_PROMO_VALUE,
  PROMO_MESSAGES,
  type GuestPromoState,
  type HostPromoState,
  type PromoSummary,
} from '../../src/contracts/promos';
import english from '../../src/i18n/locales/en/admin-promos.json';
import { changeLanguage, i18n } from '../../src/i18n';
import type { Role } from '../../src/contracts/roles';
import { renderAdmin, stubDataProvider } from './render-admin';

const LOAD = { timeout: 10_000 };

const GUEST: GuestPromoState = {
  kind: 'guest',
  name: 'Guest Promo',
  promoCode: 'HOY5',
  validUntil: '2031-10-31',
  promoValue: 5,
  activation: true,
  version: 3,
  updatedAt: '2026-11-01T00:00:00.000Z',
};

function hostState(kind: 'host-new-joiner' | 'host-regular', values: Partial<HostPromoState> = {}): HostPromoState {
  return { kind, name: 'New Joiner Promo', validityEnds: '2031-10-31', freeStays: 5, isActive: true, version: 2, updatedAt: '', ...values };
}

const SUMMARIES: PromoSummary[] = [
  { kind: 'guest', name: 'Guest Promo', status: 'Active', validUntil: '2025-10-31', promoCode: 'HOY5', promoValue: 5 },
  { kind: 'host-new-joiner', name: 'New Joiner Promo', status: 'Active', validUntil: '2025-10-31', numberOfStays: 5 },
  { kind: 'host-regular', name: 'Regular Promo', status: 'Inactive', validUntil: '2026-12-24', numberOfStays: 12 },
];

type UpdateAnswer = (params: UpdateParams) => BaseRecord | { statusCode: number; message: string };

/** Promos behind the data provider interface; `answerUpdate` decides what a save answers. */
function fakePromos(states: Record<string, GuestPromoState | HostPromoState>, answerUpdate?: UpdateAnswer) {
  const getOne = vi.fn<(params: { id: string | number }) => Promise<{ data: BaseRecord }>>(async ({ id }) => ({
    data: { ...states[String(id)] } as unknown as BaseRecord,
  }));
  const update = vi.fn<(params: UpdateParams) => Promise<{ data: BaseRecord }>>(async (params) => {
    const answer = answerUpdate?.(params);
    if (answer && 'statusCode' in answer) throw answer;
    const id = String(params.id);
    const current = states[id] as GuestPromoState | HostPromoState;
    states[id] = { ...current, ...(params.variables as object), version: current.version + 1 } as GuestPromoState | HostPromoState;
    return { data: states[id] as unknown as BaseRecord };
  });
  const provider = stubDataProvider({
    getList: (async () => ({ data: SUMMARIES as unknown as BaseRecord[], total: SUMMARIES.length })) as unknown as DataProvider['getList'],
    getOne: getOne as unknown as DataProvider['getOne'],
    update: update as unknown as DataProvider['update'],
  });
  return { provider, getOne, update };
}

function renderPage(page: ReactNode, dataProvider: DataProvider, path: string, role?: Role) {
  return renderAdmin(page, { dataProvider, path, role }).router;
}

/** The Guest Promo screen on GUEST (as `role`), once its form has filled in: the fake's calls and the code field. */
async function openGuestPromo(answerUpdate?: UpdateAnswer, role?: Role) {
  const fake = fakePromos({ guest: { ...GUEST } }, answerUpdate);
  renderPage(<GuestPromoPage />, fake.provider, '/promo-code-guest', role);
  await waitFor(() => expect(screen.getByLabelText('Promo Code')).toHaveValue('HOY5'), LOAD);
  return { ...fake, code: screen.getByLabelText('Promo Code') };
}

/** Presses a field's Edit and types `text` in place of its value (nothing: the field is left empty). */
async function retype(field: 'Promo Code' | 'Promo Value', text: string) {
  await userEvent.click(screen.getByRole('button', { name: `Edit ${field}` }));
  await userEvent.clear(screen.getByLabelText(field));
  if (text) await userEvent.type(screen.getByLabelText(field), text);
}

beforeEach(async () => {
  await changeLanguage('en');
});

describe('Promo Code overview', () => {
  it('shows the Host Promos and Guest Promo cards from the API with their Manage links', async () => {
    const { provider } = fakePromos({});
    renderPage(<PromoOverviewPage />, provider, '/promo-code');

    const hostCard = (await screen.findByRole('heading', { level: 3, name: 'Host Promos' }, LOAD)).closest('.ant-card') as HTMLElement;
    expect(await within(hostCard).findByText('New Joiner Promo', {}, LOAD)).toBeInTheDocument();
    expect(within(hostCard).getByText('Regular Promo')).toBeInTheDocument();
    expect(within(hostCard).getAllByText('Active')).toHaveLength(1);
    expect(within(hostCard).getByText('Inactive')).toBeInTheDocument();
    expect(within(hostCard).getByText('Dec 24, 2026')).toBeInTheDocument();
    expect(within(hostCard).getByText('12')).toBeInTheDocument();
    expect(within(hostCard).getByRole('link', { name: 'Manage Host Promos' })).toHaveAttribute('href', '/promo-code-host');
    expect(within(hostCard).getByRole('link', { name: 'Manage Regular Promo' })).toHaveAttribute('href', '/promo-code-host-regular');

    const guestCard = screen.getByRole('heading', { level: 3, name: 'Guest Promo' }).closest('.ant-card') as HTMLElement;
    expect(within(guestCard).getByText('HOY5')).toBeInTheDocument();
    expect(within(guestCard).getByText('Oct 31, 2025')).toBeInTheDocument();
    expect(within(guestCard).getByText('5%')).toBeInTheDocument();
    expect(within(guestCard).getByText('Active')).toBeInTheDocument();
    expect(within(guestCard).getByRole('link', { name: 'Manage Guest Promo' })).toHaveAttribute('href', '/promo-code-guest');
  });
});

describe('Guest Promo screen', () => {
  it.each(['viewer', 'support'] as const)('shows a %s member the stored values with no Edit or Save', async (role) => {
    await openGuestPromo(undefined, role);
    expect(screen.queryByRole('button', { name: /Edit/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /Save/ })).toBeNull();
    expect(screen.getByRole('checkbox', { name: 'Activation Active' })).toBeDisabled();
  });

  it('gives an administrator Edit and Save', async () => {
    const { provider } = fakePromos({ guest: { ...GUEST } });
    renderPage(<GuestPromoPage />, provider, '/promo-code-guest', 'administrator');
    expect(await screen.findByRole('button', { name: 'Edit Promo Code' }, LOAD)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Save/ })).toBeInTheDocument();
  });

  it('shows the title, description and stored values, each value read-only until its Edit is pressed', async () => {
    const { provider } = fakePromos({ guest: { ...GUEST } });
    renderPage(<GuestPromoPage />, provider, '/promo-code-guest');

    expect(await screen.findByRole('heading', { level: 2, name: 'Guest Promo' }, LOAD)).toBeInTheDocument();
    expect(screen.getByText(/applies to all guests for 1 stay if they book before the expiry date/)).toBeInTheDocument();
    // The form fills in once the promo is read; fields are looked up afresh after that.
    await waitFor(() => expect(screen.getByLabelText('Promo Code')).toHaveValue('HOY5'), LOAD);
    const code = screen.getByLabelText('Promo Code');
    expect(code).toHaveAttribute('readonly');
    expect(screen.getByLabelText('Promo Value')).toHaveValue('5');
    expect(screen.getByLabelText('Promo Value')).toHaveAttribute('readonly');
    expect(screen.getByLabelText('Valid Until')).toBeDisabled();
    expect(screen.getByLabelText('Valid Until')).toHaveValue('Oct 31, 2031');
    expect(screen.getByRole('checkbox', { name: 'Activation Active' })).toBeChecked();
    expect(screen.getByRole('link', { name: 'Back to Guest Manage' })).toHaveAttribute('href', '/guest-manage');

    await userEvent.click(screen.getByRole('button', { name: 'Edit Promo Code' }));
    expect(code).not.toHaveAttribute('readonly');
    expect(screen.getByLabelText('Promo Value')).toHaveAttribute('readonly');
  });

  it('saves the edited values with the version read, then shows the success message and locks the fields again', async () => {
    const { update } = await openGuestPromo();
    await retype('Promo Code', 'SUMMER26');
    await retype('Promo Value', '15');
    await userEvent.click(screen.getByRole('checkbox', { name: 'Activation Active' }));
    expect(screen.getByRole('checkbox', { name: 'Activation Inactive' })).not.toBeChecked();
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(update).toHaveBeenCalledTimes(1));
    expect(update.mock.calls[0]?.[0]).toMatchObject({
      resource: 'promos',
      id: 'guest',
      variables: { promoCode: 'SUMMER26', validUntil: '2031-10-31', promoValue: 15, activation: false, version: 3 },
    });
    expect(await screen.findByText('Promo saved')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByLabelText('Promo Code')).toHaveAttribute('readonly'));
  });

  it('refuses a code that is not letters and digits, and an empty value, on the screen without a call', async () => {
    const { update } = await openGuestPromo();
    await retype('Promo Code', 'HOY 5!');
    // The number box itself clamps typed values to 1..100, so the rule's message shows for an empty box.
    await retype('Promo Value', '');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText(`Promo code must be 1 to ${MAX_PROMO_CODE_LENGTH} letters or digits`)).toBeInTheDocument();
    expect(await screen.findByText(`Promo value must be a whole number from 1 to ${MAX_PROMO_VALUE}`)).toBeInTheDocument();
    expect(update).not.toHaveBeenCalled();
  });

  it('warns that a stored past date has expired, and saves it anyway', async () => {
    const { provider, update } = fakePromos({ guest: { ...GUEST, validUntil: '2025-10-31' } });
    renderPage(<GuestPromoPage />, provider, '/promo-code-guest');
    await waitFor(() => expect(screen.getByLabelText('Valid Until')).toHaveValue('Oct 31, 2025'), LOAD);
    expect(await screen.findByText('This promo has expired')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(update).toHaveBeenCalledTimes(1));
    expect(update.mock.calls[0]?.[0]).toMatchObject({ id: 'guest', variables: { validUntil: '2025-10-31' } });
    expect(await screen.findByText('Promo saved')).toBeInTheDocument();
  });

  it('switches an expired host promo off and saves it, warning that it has expired', async () => {
    const { provider, update } = fakePromos({ 'host-new-joiner': hostState('host-new-joiner', { validityEnds: '2025-10-31' }) });
    renderPage(<HostNewJoinerPromoPage />, provider, '/promo-code-host');
    await waitFor(() => expect(screen.getByLabelText('Validity Ends')).toHaveValue('Oct 31, 2025'), LOAD);
    expect(await screen.findByText('This promo has expired')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('switch', { name: 'Activation' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(update).toHaveBeenCalledTimes(1));
    expect(update.mock.calls[0]?.[0]).toMatchObject({ variables: { validityEnds: '2025-10-31', isActive: false } });
  });

  it('shows no expiry warning for a date still ahead', async () => {
    const { provider } = fakePromos({ guest: { ...GUEST } });
    renderPage(<GuestPromoPage />, provider, '/promo-code-guest');
    await waitFor(() => expect(screen.getByLabelText('Valid Until')).toHaveValue('Oct 31, 2031'), LOAD);
    expect(screen.queryByText('This promo has expired')).toBeNull();
  });

  it('shows the server refusing a taken code at the field, and a stale version above the form', async () => {
    let answer: { statusCode: number; message: string } = { statusCode: 409, message: PROMO_MESSAGES.promoCodeTaken };
    const { update, code } = await openGuestPromo(() => answer);

    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('This promo code is already used by another promo')).toBeInTheDocument();
    expect(code).not.toHaveAttribute('readonly');

    answer = { statusCode: 409, message: PROMO_MESSAGES.changed };
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('This promo was changed by someone else. Reload it and try again.')).toBeInTheDocument();
    expect(update).toHaveBeenCalledTimes(2);
  });
});

describe('Host promo screens', () => {
  it('saves the New Joiner promo: free stays and the activation switch', async () => {
    const { provider, update } = fakePromos({ 'host-new-joiner': hostState('host-new-joiner') });
    renderPage(<HostNewJoinerPromoPage />, provider, '/promo-code-host');

    expect(await screen.findByRole('heading', { level: 2, name: 'Host: New Joiner Promo' }, LOAD)).toBeInTheDocument();
    expect(screen.getByText(/every new host who registers before the expiry date/)).toBeInTheDocument();
    expect(screen.getByText(/applied automatically on save/)).toBeInTheDocument();
    await waitFor(() => expect(screen.getByLabelText('Number of free stays offered')).toHaveValue('5'), LOAD);
    const stays = screen.getByLabelText('Number of free stays offered');
    expect(screen.getByLabelText('Validity Ends')).toHaveValue('Oct 31, 2031');
    const toggle = screen.getByRole('switch', { name: 'Activation' });
    expect(toggle).toBeChecked();
    expect(screen.getByText('Active')).toBeInTheDocument();

    await userEvent.clear(stays);
    await userEvent.type(stays, '7');
    await userEvent.click(toggle);
    expect(screen.getByText('Inactive')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(update).toHaveBeenCalledTimes(1));
    expect(update.mock.calls[0]?.[0]).toMatchObject({
      id: 'host-new-joiner',
      variables: { validityEnds: '2031-10-31', freeStays: 7, isActive: false, version: 2 },
    });
    expect(await screen.findByText('Promo saved')).toBeInTheDocument();
  });

  it('refuses free stays outside 1 to 365 on the Regular promo with the rule’s message', async () => {
    const { provider, update } = fakePromos({ 'host-regular': hostState('host-regular', { name: 'Regular Promo' }) });
    renderPage(<HostRegularPromoPage />, provider, '/promo-code-host-regular');
    expect(await screen.findByRole('heading', { level: 2, name: 'Host: Regular Promo' }, LOAD)).toBeInTheDocument();
    expect(screen.getByText(/host-fee-free bookings for the chosen number of stays/)).toBeInTheDocument();
    await waitFor(() => expect(screen.getByLabelText('Number of free stays offered')).toHaveValue('5'), LOAD);
    const stays = screen.getByLabelText('Number of free stays offered');

    await userEvent.clear(stays);
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(`Number of free stays must be a whole number from 1 to ${MAX_FREE_STAYS}`)).toBeInTheDocument();
    expect(update).not.toHaveBeenCalled();
  });
});

describe('promo messages', () => {
  it('says in English exactly what the server says', () => {
    for (const [key, message] of Object.entries(PROMO_MESSAGES)) {
      expect(translatePromoMessage(i18n.t.bind(i18n), message), key).toBe(message);
    }
    expect(Object.keys(english.admin.promos.errors).sort()).toEqual(Object.keys(PROMO_MESSAGES).sort());
  });

  it('counts today in UTC, as the server does', () => {
    expect(todayUtc(new Date('2026-11-21T23:30:00-05:00'))).toBe('2026-11-22');
  });
});
