import type { BaseRecord, DataProvider, GetListParams } from '@refinedev/core';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import GuestList from '../../src/admin/pages/guests/list';
import type { GuestListItem } from '../../src/contracts/guests';
import type { Role } from '../../src/contracts/roles';
import { changeLanguage } from '../../src/i18n';
import { renderAdmin, stubDataProvider } from './render-admin';

const LOAD = { timeout: 10_000 };

const ROWS: GuestListItem[] = [
  { id: 12, name: 'Hodan Ali', email: 'hodan@hoy.test', phone: '+252 615550101', createdAt: '2026-03-04T10:00:00.000Z' },
  { id: 11, name: '', email: null, phone: null, createdAt: '2026-03-01T10:00:00.000Z' },
  { id: 10, name: '<b>Bold</b>', email: 'bold@hoy.test', phone: null, createdAt: '2026-02-01T10:00:00.000Z' },
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

beforeEach(async () => {
  await changeLanguage('en');
});

describe('the Guests list', () => {
  it('shows each guest, fallbacks for what is missing, and text never as markup', async () => {
    renderList();
    expect(await screen.findByRole('heading', { level: 2, name: 'Guests' }, LOAD)).toBeInTheDocument();
    const row = (await screen.findByText('Hodan Ali', undefined, LOAD)).closest('tr')!;
    expect(within(row).getByText('#12')).toBeInTheDocument();
    expect(within(row).getByText('+252 615550101')).toBeInTheDocument();
    expect(within(row).getByText('Mar 4, 2026')).toHaveAttribute('dateTime', '2026-03-04T10:00:00.000Z');
    const unnamed = screen.getByText('Unknown guest').closest('tr')!;
    expect(within(unnamed).getByText('No e-mail')).toBeInTheDocument();
    expect(within(unnamed).getByText('No phone')).toBeInTheDocument();
    expect(screen.getByText('<b>Bold</b>')).toBeInTheDocument();
    expect(document.querySelector('td b')).toBeNull();
  });

  it('sorts from the column headers, one way then the other, and searches by name, e-mail or #id', async () => {
    const getList = renderList();
    await screen.findByText('Hodan Ali', undefined, LOAD);
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
    await screen.findByText('Hodan Ali', undefined, LOAD);
    expect(screen.queryByRole('button', { name: /Export CSV/ })).toBeNull();
  });

  it('speaks Somali', async () => {
    await changeLanguage('so');
    renderList();
    expect(await screen.findByRole('heading', { level: 2, name: 'Martida' }, LOAD)).toBeInTheDocument();
    expect(await screen.findByText('Marti aan la aqoon', undefined, LOAD)).toBeInTheDocument();
  });
});
