import type { BaseRecord, DataProvider, GetListParams } from '@refinedev/core';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ActivityList } from '../../src/admin/pages/activity/list';
import type { ActivityRow } from '../../src/contracts/activity';
import type { Role } from '../../src/contracts/roles';
import { changeLanguage } from '../../src/i18n';
import { clickWhenSettled, renderAdmin, stubDataProvider } from './render-admin';

const LOAD = { timeout: 10_000 };

const ROWS: ActivityRow[] = [
  {
    id: 3,
    createdAt: '2026-11-01T09:02:00.000Z',
    administratorEmail: null,
    administratorName: null,
    action: 'listing.decline',
    entityType: 'listing',
    entityId: 41,
    reason: '<img src=x onerror=alert(1)>',
    before: { status: 'Pending', declineReason: null },
    after: { status: 'Declined', declineReason: '<img src=x onerror=alert(1)>' },
  },
  {
    id: 2,
    createdAt: '2026-11-01T09:01:00.000Z',
    administratorEmail: 'hodan@hoy.test',
    administratorName: 'Hodan',
    action: 'host.approve',
    entityType: 'host',
    entityId: 7,
    reason: null,
    before: { statusHost: 'Pending' },
    after: { statusHost: 'Confirmed' },
  },
];

function renderList({ role, rows = ROWS }: { role?: Role; rows?: ActivityRow[] } = {}) {
  const getList = vi.fn<(params: GetListParams) => Promise<{ data: BaseRecord[]; total: number }>>(async () => ({
    data: rows as unknown as BaseRecord[],
    total: 12,
  }));
  // The staff filter's choices: every member by name.
  const custom = async ({ url }: { url: string }) => {
    if (url === 'admin/activity/staff') return { data: [{ id: 4, name: 'Hodan' }, { id: 9, name: 'Yusuf' }] };
    throw { statusCode: 404, message: 'unexpected' };
  };
  renderAdmin(<ActivityList />, {
    dataProvider: stubDataProvider({ getList: getList as unknown as DataProvider['getList'], custom: custom as unknown as DataProvider['custom'] }),
    path: '/activity',
    role,
  });
  return getList;
}
const lastCall = (getList: { mock: { calls: unknown[][] } }) => getList.mock.calls.at(-1)?.[0] as GetListParams;

beforeEach(async () => {
  await changeLanguage('en');
});

describe('Activity', () => {
  it('shows time, who, what, the linked record and before → after, as text', async () => {
    const getList = renderList();
    expect(await screen.findByRole('heading', { level: 2, name: 'Activity' }, LOAD)).toBeInTheDocument();
    await screen.findByRole('link', { name: 'Listing #41' });
    const [, declined, approved] = screen.getAllByRole('row');
    expect(within(declined).getByText('Listing declined')).toBeInTheDocument();
    expect(within(declined).getByText('an administrator no longer on record')).toBeInTheDocument();
    expect(within(declined).getByRole('link', { name: 'Listing #41' })).toHaveAttribute('href', '/listings/41');
    expect(within(declined).getByText('Status: Pending → Declined')).toBeInTheDocument();
    expect(within(declined).getByText('Reason: <img src=x onerror=alert(1)>')).toBeInTheDocument();
    expect(document.querySelector('tbody img')).toBeNull();
    expect(within(approved).getByRole('link', { name: 'Host #7' })).toHaveAttribute('href', '/host-details/7');
    expect(within(approved).getByText('Hodan (hodan@hoy.test)')).toBeInTheDocument();
    expect(within(approved).getByText('Host status: Pending → Confirmed')).toBeInTheDocument();
    expect(within(approved).getByRole('time')).toHaveAttribute('datetime', '2026-11-01T09:01:00.000Z');
    expect(screen.getByText('Showing 1 to 10 of 12 results')).toBeInTheDocument();
    expect(lastCall(getList).pagination).toMatchObject({ currentPage: 1, pageSize: 10 });
  });

  it('filters by kind of record and sorts by time, each from page 1', async () => {
    const getList = renderList();
    const kinds = await screen.findByRole('radiogroup', { name: 'Filter activity by kind of record' }, LOAD);
    await userEvent.click(within(kinds).getByText('Properties'));
    await waitFor(() => expect(lastCall(getList).filters).toEqual([{ field: 'status', operator: 'eq', value: 'property' }]));
    expect(within(kinds).getByRole('radio', { name: 'Properties' })).toBeChecked();
    const time = screen.getByRole('columnheader', { name: /Time/ });
    await clickWhenSettled(time);
    await waitFor(() => expect(lastCall(getList).sorters).toEqual([{ field: 'createdAt', order: 'asc' }]));
    await clickWhenSettled(time);
    await waitFor(() => expect(lastCall(getList).sorters).toEqual([{ field: 'createdAt', order: 'desc' }]));
  });

  it('filters by staff member from page 1, and back to all staff', async () => {
    const getList = renderList();
    const filter = await screen.findByRole('combobox', { name: 'Filter activity by staff member' }, LOAD);
    await userEvent.click(filter);
    // antd draws each choice as an item titled with its label (its role=option copies are for screen readers only).
    await userEvent.click(await screen.findByTitle('Yusuf'));
    await waitFor(() => expect(lastCall(getList).filters).toEqual([{ field: 'staffId', operator: 'eq', value: '9' }]));
    expect(lastCall(getList).pagination).toMatchObject({ currentPage: 1 });
    await userEvent.click(filter);
    await userEvent.click(await screen.findByTitle('All staff'));
    await waitFor(() => expect(lastCall(getList).filters).toEqual([]));
  });

  it('offers the Staff kind to an administrator', async () => {
    renderList({ role: 'administrator' });
    const kinds = await screen.findByRole('radiogroup', { name: 'Filter activity by kind of record' }, LOAD);
    expect(await within(kinds).findByRole('radio', { name: 'Staff' })).toBeInTheDocument();
  });

  it('shows a role that does not manage staff who acted by name, and no Staff kind to filter by', async () => {
    // The server leaves the e-mail out for such a role, and the entries about staff accounts.
    const byName = ROWS.map((row) => ({ ...row, administratorEmail: null }));
    renderList({ role: 'moderator', rows: byName });
    const kinds = await screen.findByRole('radiogroup', { name: 'Filter activity by kind of record' }, LOAD);
    await screen.findByRole('link', { name: 'Host #7' });
    const [, declined, approved] = screen.getAllByRole('row');
    expect(within(approved).getByText('Hodan')).toBeInTheDocument();
    expect(within(declined).getByText('an administrator no longer on record')).toBeInTheDocument();
    expect(within(kinds).getByRole('radio', { name: 'Properties' })).toBeInTheDocument();
    expect(within(kinds).queryByRole('radio', { name: 'Staff' })).toBeNull();
    expect(within(kinds).getAllByRole('radio')).toHaveLength(5);
  });

  it('speaks Somali', async () => {
    await changeLanguage('so');
    renderList();
    expect(await screen.findByRole('heading', { level: 2, name: 'Dhaqdhaqaaqa' }, LOAD)).toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: /Waqtiga/ })).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Liis #41' })).toBeInTheDocument();
    expect(screen.getByRole('radiogroup', { name: 'Ku kala shaandhee dhaqdhaqaaqa nooca diiwaanka' })).toBeInTheDocument();
  });
});
