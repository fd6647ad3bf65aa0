// The Cases screen (decision 048): rows with queue, subject, owner and time left in words, the filters,
// Take the next case and what it says, a case's panel with Close needing a resolution, a viewer's
// screen without the working buttons, text never drawn as markup, Somali; and a booking's flag.
import type { AuthProvider, BaseRecord, CustomParams, DataProvider, GetListParams, GetOneParams } from '@refinedev/core';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import CaseList from '../../src/admin/pages/cases/list';
import { FlagBooking } from '../../src/admin/pages/bookings/flag-booking';
import type { Case } from '../../src/contracts/cases';
import type { Role } from '../../src/contracts/roles';
import { changeLanguage } from '../../src/i18n';
import { clickWhenSettled, renderAdmin, stubDataProvider } from './render-admin';

const LOAD = { timeout: 10_000 };
const MINUTE = 60_000;
const ME = 3;

const at = (offsetMs: number) => new Date(Date.now() + offsetMs).toISOString();

const aCase = (id: number, overrides: Partial<Case> = {}): Case => ({
  id,
  source: 'feedback',
  sourceId: 100 + id,
  queue: 'low-rating',
  status: 'open',
  ownerId: null,
  ownerName: null,
  openedAt: at(-60 * MINUTE),
  dueAt: at(150 * MINUTE + 30_000),
  firstActionAt: null,
  closedAt: null,
  closedBy: null,
  resolution: null,
  reason: null,
  rating: 1,
  comment: 'Dirty <b>kitchen</b>',
  ...overrides,
});

const ROWS: Case[] = [
  aCase(7),
  aCase(8, {
    source: 'booking',
    sourceId: 42,
    queue: 'flagged-booking',
    rating: null,
    comment: null,
    reason: 'Guest locked out',
    ownerId: ME,
    ownerName: 'Amina',
    dueAt: at(-(65 * MINUTE + 30_000)),
  }),
];

const identity: AuthProvider = {
  login: async () => ({ success: true }),
  logout: async () => ({ success: true }),
  check: async () => ({ authenticated: true }),
  onError: async () => ({}),
  getIdentity: async () => ({ id: ME, name: 'Amina', email: 'amina@hoy.test', role: 'support', secondFactor: 'none' }),
};

/** The screen over a stand-in data provider: the two rows, case 7's detail, and `custom` answering each call. */
function renderCases(role: Role = 'support') {
  const getList = vi.fn<(params: GetListParams) => Promise<{ data: BaseRecord[]; total: number }>>(async () => ({
    data: ROWS as unknown as BaseRecord[],
    total: ROWS.length,
  }));
  const getOne = vi.fn<(params: GetOneParams) => Promise<{ data: BaseRecord }>>(async ({ id }) => ({
    data: { ...ROWS[0], id: Number(id), ownerId: ME, ownerName: 'Amina' } as unknown as BaseRecord,
  }));
  const custom = vi.fn<(params: CustomParams) => Promise<{ data: unknown }>>(async ({ url }) => {
    if (url.endsWith('take-next')) return { data: { case: { ...ROWS[0], ownerId: ME, ownerName: 'Amina' } } };
    return { data: { ...ROWS[0], status: 'closed' } };
  });
  const dataProvider = stubDataProvider({
    getList: getList as unknown as DataProvider['getList'],
    getOne: getOne as unknown as DataProvider['getOne'],
    custom: custom as unknown as DataProvider['custom'],
  });
  renderAdmin(<CaseList />, { dataProvider, path: '/cases', role, authProvider: identity });
  return { getList, getOne, custom };
}

const rowOf = (id: number) => screen.getByRole('button', { name: `Open case #${id}` }).closest('tr') as HTMLElement;

beforeEach(async () => {
  await changeLanguage('en');
});

describe('Cases', () => {
  it('shows each case with its queue, subject as text, owner and time left or overdue in words', async () => {
    const { getList } = renderCases();
    expect(await screen.findByRole('heading', { level: 2, name: 'Cases' }, LOAD)).toBeInTheDocument();
    await screen.findByRole('button', { name: 'Open case #7' }, LOAD);
    expect(getList.mock.calls[0]?.[0]).toMatchObject({ resource: 'cases', filters: [{ field: 'filter', operator: 'eq', value: 'open' }] });
    for (const header of ['Case', 'Queue', 'Subject', 'Owner', 'Time left']) expect(screen.getByRole('columnheader', { name: header })).toBeInTheDocument();
    const feedback = rowOf(7);
    expect(within(feedback).getByText('Low rating')).toBeInTheDocument();
    expect(feedback).toHaveTextContent('1 star · Dirty <b>kitchen</b>');
    expect(feedback.querySelector('b')).toBeNull();
    expect(within(feedback).getByText('Unowned')).toBeInTheDocument();
    expect(within(feedback).getByText('2 h 30 min left')).toBeInTheDocument();
    const booking = rowOf(8);
    expect(booking).toHaveTextContent('Booking #42 · Guest locked out');
    expect(within(booking).getByText('Amina (you)')).toBeInTheDocument();
    expect(within(booking).getByText('Overdue by 1 h 5 min')).toBeInTheDocument();
  });

  it('reads the chosen filter from the server', async () => {
    const { getList } = renderCases();
    await screen.findByRole('button', { name: 'Open case #7' }, LOAD);
    const filters = screen.getByRole('group', { name: 'Show cases' });
    await clickWhenSettled(within(filters).getByRole('radio', { name: 'Overdue' }).closest('label')!);
    await waitFor(() => expect(getList.mock.calls.at(-1)?.[0]).toMatchObject({ filters: [{ field: 'filter', value: 'overdue' }] }));
  });

  it('takes the next case, says so in the live region, and opens its panel', async () => {
    const { custom } = renderCases();
    await screen.findByRole('button', { name: 'Open case #7' }, LOAD);
    await clickWhenSettled(screen.getByRole('button', { name: 'Take the next case' }));
    await waitFor(() => expect(custom).toHaveBeenCalledWith(expect.objectContaining({ url: 'admin/cases/take-next', method: 'post' })));
    const status = await screen.findByRole('status');
    await waitFor(() => expect(status).toHaveTextContent('Case #7 is yours now.'));
    expect(await screen.findByRole('dialog', { name: 'Case #7' }, LOAD)).toBeInTheDocument();
  });

  it('closes a case only with a resolution, sent as typed', async () => {
    const user = userEvent.setup();
    const { custom } = renderCases();
    await clickWhenSettled(await screen.findByRole('button', { name: 'Open case #7' }, LOAD));
    const panel = await screen.findByRole('dialog', { name: 'Case #7' }, LOAD);
    const close = await within(panel).findByRole('button', { name: 'Close the case' });
    expect(close).toBeDisabled();
    // The member holds case 7 (the panel's read): they may also give it back.
    expect(within(panel).getByRole('button', { name: 'Release to the queue' })).toBeInTheDocument();
    const field = within(panel).getByLabelText('Resolution (required)');
    expect(field).toHaveAccessibleDescription('How was it resolved? At most 2000 characters.');
    await user.type(field, '   ');
    expect(close).toBeDisabled();
    await user.type(field, 'Called the guest');
    expect(close).toBeEnabled();
    await user.click(close);
    await waitFor(() =>
      expect(custom).toHaveBeenCalledWith(
        expect.objectContaining({ url: 'admin/cases/7/close', method: 'post', payload: { resolution: '   Called the guest' } }),
      ),
    );
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('Case #7 is closed.'));
  });

  it('shows a viewer the cases without Take the next case or Close', async () => {
    renderCases('viewer');
    await clickWhenSettled(await screen.findByRole('button', { name: 'Open case #7' }, LOAD));
    const panel = await screen.findByRole('dialog', { name: 'Case #7' }, LOAD);
    await within(panel).findByText('Low rating');
    expect(within(panel).queryByRole('button', { name: 'Close the case' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Take the next case' })).toBeNull();
  });

  it('speaks Somali', async () => {
    await changeLanguage('so');
    renderCases();
    expect(await screen.findByRole('heading', { level: 2, name: 'Kiisaska' }, LOAD)).toBeInTheDocument();
    await screen.findByRole('button', { name: 'Fur kiis #7' }, LOAD);
    expect(screen.getByRole('button', { name: 'Qaado kiiska xiga' })).toBeInTheDocument();
    expect(screen.getByText('Wuu dib u dhacay 1 saacadood 5 daqiiqo')).toBeInTheDocument();
  });
});

describe("A booking's flag", () => {
  it('asks for a reason, then flags the booking and says which case is open', async () => {
    const user = userEvent.setup();
    const custom = vi.fn<(params: CustomParams) => Promise<{ data: unknown }>>(async () => ({ data: { case: aCase(9), isNew: true } }));
    renderAdmin(<FlagBooking bookingId={42} />, { dataProvider: stubDataProvider({ custom: custom as unknown as DataProvider['custom'] }), role: 'support' });
    await user.click(await screen.findByRole('button', { name: 'Flag for follow-up' }, LOAD));
    const dialog = await screen.findByRole('dialog', { name: 'Flag booking #42' });
    const submit = within(dialog).getByRole('button', { name: 'Flag' });
    expect(submit).toBeDisabled();
    await user.type(within(dialog).getByLabelText('Why does it need follow-up?'), 'Guest locked out');
    await user.click(submit);
    await waitFor(() =>
      expect(custom).toHaveBeenCalledWith(expect.objectContaining({ url: 'admin/bookings/42/flag', payload: { reason: 'Guest locked out' } })),
    );
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('Booking #42 is flagged: case #9 is open.'));
  });

  it('is not offered to a role that does not work cases', async () => {
    renderAdmin(<FlagBooking bookingId={42} />, { dataProvider: stubDataProvider({}), role: 'viewer' });
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(screen.queryByRole('button', { name: 'Flag for follow-up' })).toBeNull();
  });
});
