import type { BaseRecord, CustomParams, DataProvider, GetListParams } from '@refinedev/core';
import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { Route, Routes } from 'react-router';
import { createLiveHub, type LiveHub } from '../../src/admin/live/live-hub';
import GuestList from '../../src/admin/pages/guests/list';
import { GuestPage } from '../../src/admin/pages/guests/show';
import type { GuestDetail, GuestListItem } from '../../src/contracts/guests';
import type { Role } from '../../src/contracts/roles';
import { changeLanguage } from '../../src/i18n';
import { renderAdmin, stubDataProvider } from './render-admin';

const LOAD = { timeout: 10_000 };

const ROWS: GuestListItem[] = [
  { id: 12, name: 'Hodan Ali', email: 'hodan@hoy.test', phone: '+252 615550101', createdAt: '2026-03-04T10:00:00.000Z', suspendedAt: null },
  { id: 11, name: '', email: null, phone: null, createdAt: '2026-03-01T10:00:00.000Z', suspendedAt: '2026-03-05T10:00:00.000Z' },
  { id: 10, name: '<b>Bold</b>', email: 'bold@hoy.test', phone: null, createdAt: '2026-02-01T10:00:00.000Z', suspendedAt: null },
];

function renderList(role?: Role) {
  const getList = vi.fn<(params: GetListParams) => Promise<{ data: BaseRecord[]; total: number }>>(async () => ({
    data: ROWS as unknown as BaseRecord[],
    total: 23,
  }));
  const dataProvider = stubDataProvider({ getList: getList as unknown as DataProvider['getList'] });
  renderAdmin(<GuestList />, { dataProvider, path: '/guests', role });
  return getList;
}

const lastCall = (getList: { mock: { calls: unknown[][] } }) => getList.mock.calls.at(-1)?.[0] as GetListParams;

const GUEST: GuestDetail = {
  id: 12,
  name: 'Hodan Ali',
  email: 'hodan@hoy.test',
  phone: '+252 615550101',
  createdAt: '2026-03-04T10:00:00.000Z',
  country: 'Somalia',
  lastSeenAt: null,
  suspendedAt: null,
  suspensionReason: null,
};

/** The guest page over a data provider that answers the guest (or an error) and its three sections. */
function renderPage(options: { role?: Role; guest?: () => GuestDetail; live?: LiveHub } = {}) {
  const getOne = vi.fn<() => Promise<{ data: BaseRecord }>>(async () => ({ data: (options.guest ?? (() => GUEST))() as unknown as BaseRecord }));
  const custom = vi.fn<(params: CustomParams) => Promise<{ data: unknown }>>(async ({ url, query }) => {
    const page = Number((query as { page?: number } | undefined)?.page ?? 1);
    if (url.endsWith('/bookings')) {
      const rows = Array.from({ length: page === 1 ? 5 : 2 }, (_, index) => ({
        id: 100 - (page - 1) * 5 - index,
        status: 'confirmed',
        checkInDate: '2026-04-01',
        checkOutDate: '2026-04-03',
        total: 120,
        propertyTitle: 'Lido Beach House',
      }));
      return { data: { rows, total: 7 } };
    }
    if (url.endsWith('/feedback'))
      return { data: { rows: [{ id: 4, rating: 2, comments: 'Noisy at night', createdAt: '2026-03-05T00:00:00.000Z' }], total: 1 } };
    if (url.endsWith('/conversations'))
      return { data: { rows: [{ id: 31, title: 'About the beach house', unreadCount: 2, lastMessageAt: '2026-03-06T00:00:00.000Z' }], total: 1 } };
    if (url.endsWith('/suspend')) return { data: { id: 12, isHost: false, suspendedAt: '2026-03-07T09:00:00.000Z', suspensionReason: 'Spam' } };
    throw { statusCode: 404, message: 'unexpected' };
  });
  const dataProvider = stubDataProvider({ getOne: getOne as unknown as DataProvider['getOne'], custom: custom as unknown as DataProvider['custom'] });
  const ui = (
    <Routes>
      <Route path="/guests/:id" element={<GuestPage />} />
      <Route path="/guests" element={<h2>Guests list</h2>} />
    </Routes>
  );
  const { router } = renderAdmin(ui, { dataProvider, path: '/guests/12', role: options.role, live: options.live });
  return { router, custom, getOne };
}

beforeEach(async () => {
  await changeLanguage('en');
});

describe('the Guests list', () => {
  it('shows each guest with a link to their page, fallbacks for what is missing, and text never as markup', async () => {
    renderList();
    expect(await screen.findByRole('heading', { level: 2, name: 'Guests' }, LOAD)).toBeInTheDocument();
    const hodan = await screen.findByRole('link', { name: 'Hodan Ali' }, LOAD);
    expect(hodan).toHaveAttribute('href', '/guests/12');
    const row = hodan.closest('tr')!;
    expect(within(row).getByText('#12')).toBeInTheDocument();
    expect(within(row).getByText('+252 615550101')).toBeInTheDocument();
    expect(within(row).getByText('Mar 4, 2026')).toHaveAttribute('dateTime', '2026-03-04T10:00:00.000Z');
    expect(within(row).getByRole('link', { name: 'View guest: Hodan Ali' })).toHaveAttribute('href', '/guests/12');
    const unnamed = screen.getByRole('link', { name: 'Unknown guest' }).closest('tr')!;
    expect(within(unnamed).getByText('No e-mail')).toBeInTheDocument();
    expect(within(unnamed).getByText('No phone')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '<b>Bold</b>' })).toBeInTheDocument();
    expect(document.querySelector('td b')).toBeNull();
  });

  it('tags a suspended guest Suspended, in words, and filters the list to the suspended ones', async () => {
    const user = userEvent.setup();
    const getList = renderList();
    const unnamed = (await screen.findByRole('link', { name: 'Unknown guest' }, LOAD)).closest('tr')!;
    expect(within(unnamed).getByText('Suspended')).toBeInTheDocument();
    expect(within(screen.getByRole('link', { name: 'Hodan Ali' }).closest('tr')!).queryByText('Suspended')).toBeNull();
    await user.click(screen.getByRole('checkbox', { name: 'Suspended only' }));
    await waitFor(() => expect(lastCall(getList).filters).toContainEqual({ field: 'suspended', operator: 'eq', value: 'true' }));
    expect(screen.getByRole('checkbox', { name: 'Suspended only' })).toBeChecked();
  });

  it('sorts from the column headers, one way then the other, and searches by name, e-mail or #id', async () => {
    const getList = renderList();
    await screen.findByRole('link', { name: 'Hodan Ali' }, LOAD);
    const user = userEvent.setup();
    for (const [label, field] of [
      ['Name', 'name'],
      ['E-mail', 'email'],
      ['Phone', 'phone'],
      ['Joined', 'createdAt'],
      ['ID', 'id'],
    ] as const) {
      await user.click(screen.getByRole('columnheader', { name: new RegExp(`^${label}`) }));
      await waitFor(() => expect(lastCall(getList).sorters).toEqual([{ field, order: 'asc' }]));
      await user.click(screen.getByRole('columnheader', { name: new RegExp(`^${label}`) }));
      await waitFor(() => expect(lastCall(getList).sorters).toEqual([{ field, order: 'desc' }]));
    }
    await user.type(screen.getByRole('searchbox', { name: /Search by name, e-mail or #id/ }), '#12{Enter}');
    await waitFor(() => expect(lastCall(getList).filters).toContainEqual({ field: 'q', operator: 'contains', value: '#12' }));
  });

  it('offers Export CSV to a role that exports and not to a viewer', async () => {
    renderList('viewer');
    await screen.findByRole('link', { name: 'Hodan Ali' }, LOAD);
    expect(screen.queryByRole('button', { name: /Export CSV/ })).toBeNull();
  });

  it('speaks Somali', async () => {
    await changeLanguage('so');
    renderList();
    expect(await screen.findByRole('heading', { level: 2, name: 'Martida' }, LOAD)).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Marti aan la aqoon' }, LOAD)).toBeInTheDocument();
    expect(screen.getByText('La hakiyay')).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'Kuwa la hakiyay oo keliya' })).toBeInTheDocument();
  });
});

describe('the guest page', () => {
  it("shows the guest's details and their bookings, feedback and conversations with links", async () => {
    renderPage();
    expect(await screen.findByRole('heading', { level: 2, name: 'Hodan Ali' }, LOAD)).toBeInTheDocument();
    expect(screen.getByText('hodan@hoy.test')).toBeInTheDocument();
    expect(screen.getByText('Somalia')).toBeInTheDocument();
    const bookings = await screen.findByRole('link', { name: 'Open booking #100 in Bookings' }, LOAD);
    expect(bookings).toHaveAttribute('href', '/bookings?q=%23100');
    expect(screen.getAllByText('Lido Beach House')).toHaveLength(5);
    expect(await screen.findByText('Noisy at night')).toBeInTheDocument();
    expect(screen.getByText('2 stars')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'About the beach house' })).toHaveAttribute('href', '/chats?conversation=31');
  });

  it('pages the bookings five at a time', async () => {
    const { custom } = renderPage();
    await screen.findByRole('link', { name: 'Open booking #100 in Bookings' }, LOAD);
    await userEvent.setup().click(screen.getByRole('listitem', { name: '2' }));
    expect(await screen.findByRole('link', { name: 'Open booking #95 in Bookings' }, LOAD)).toBeInTheDocument();
    expect(custom).toHaveBeenCalledWith(expect.objectContaining({ url: 'admin/guests/12/bookings', query: { page: 2 } }));
  });

  it('leaves out the sections a role may not read: a moderator sees feedback, not bookings or conversations', async () => {
    const { custom } = renderPage({ role: 'moderator' });
    expect(await screen.findByText('Noisy at night', undefined, LOAD)).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Bookings' })).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Conversations' })).toBeNull();
    expect(custom.mock.calls.map(([call]) => call.url)).toEqual(expect.not.arrayContaining(['admin/guests/12/bookings']));
  });

  it('suspends a guest with the reason asked for in a dialog', async () => {
    const { custom } = renderPage();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Suspend' }, LOAD));
    const dialog = await screen.findByRole('dialog', { name: 'Suspend this user' });
    expect(within(dialog).getByRole('button', { name: 'Suspend' })).toBeDisabled();
    await user.type(within(dialog).getByLabelText('Reason'), ' Spam ');
    await user.click(within(dialog).getByRole('button', { name: 'Suspend' }));
    await waitFor(() =>
      expect(custom).toHaveBeenCalledWith(expect.objectContaining({ url: 'admin/users/12/suspend', method: 'post', payload: { reason: ' Spam ' } })),
    );
  });

  it('shows a suspended guest as Suspended with the reason; Reinstate only to a role that may suspend', async () => {
    const guest = () => ({ ...GUEST, suspendedAt: '2026-03-07T09:00:00.000Z', suspensionReason: 'Abusive <b>messages</b>' });
    renderPage({ guest });
    expect(await screen.findByText('Suspended', undefined, LOAD)).toBeInTheDocument();
    expect(screen.getByText(/Abusive <b>messages<\/b>/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reinstate' })).toBeInTheDocument();
    cleanup();
    renderPage({ guest, role: 'support' });
    expect(await screen.findByText('Suspended', undefined, LOAD)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Reinstate' })).toBeNull();
  });

  it('shows the suspension a colleague makes as the live stream reports it, and reads nothing for another user', async () => {
    const live = createLiveHub();
    const shown = { guest: GUEST };
    const { getOne } = renderPage({ guest: () => shown.guest, live });
    await screen.findByRole('heading', { level: 2, name: 'Hodan Ali' }, LOAD);
    const reads = getOne.mock.calls.length;
    const publish = (id: number) => act(() => live.publish({ channel: 'resources/suspensions', type: 'updated', payload: { ids: [id] }, date: new Date() }));
    publish(13);
    expect(getOne.mock.calls).toHaveLength(reads);
    shown.guest = { ...GUEST, suspendedAt: '2026-03-07T09:00:00.000Z', suspensionReason: 'Spam' };
    publish(12);
    expect(await screen.findByText('Suspended', undefined, LOAD)).toBeInTheDocument();
    expect(getOne.mock.calls).toHaveLength(reads + 1);
  });

  it('says so for an unknown guest, with the way back to the list', async () => {
    const { router } = renderPage({
      guest: () => {
        throw { statusCode: 404, message: 'Guest not found' };
      },
    });
    expect(await screen.findByRole('alert', undefined, LOAD)).toHaveTextContent('The guest could not be loaded');
    expect(screen.getByText('There is no guest with this id.')).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: /Back to Guests/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/guests'));
  });
});
