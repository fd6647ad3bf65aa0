import type { BaseRecord, CustomParams, DataProvider, GetListParams } from '@refinedev/core';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { StaffList } from '../../src/admin/pages/staff/list';
import type { StaffRow } from '../../src/contracts/staff';
import { changeLanguage } from '../../src/i18n';
import { renderAdmin, stubDataProvider } from './render-admin';

const LOAD = { timeout: 10_000 };

const ROWS: StaffRow[] = [
  { id: 1, name: 'Amina Admin', email: 'amina@hoy.test', role: 'administrator', disabledAt: null, createdAt: '2026-01-01T00:00:00.000Z' },
  { id: 2, name: 'Bashir Viewer', email: 'bashir@hoy.test', role: 'viewer', disabledAt: null, createdAt: '2026-01-02T00:00:00.000Z' },
  { id: 3, name: 'Cawo Support', email: 'cawo@hoy.test', role: 'support', disabledAt: '2026-02-01T00:00:00.000Z', createdAt: '2026-01-03T00:00:00.000Z' },
];

type CustomHandler = (params: CustomParams) => Promise<{ data: unknown }>;

function renderStaff(answer: CustomHandler = async ({ url }) => ({ data: { ...ROWS[1], id: Number(url.split('/')[2] ?? 9) } })) {
  const getList = vi.fn<(params: GetListParams) => Promise<{ data: BaseRecord[]; total: number }>>(async () => ({
    data: ROWS as unknown as BaseRecord[],
    total: ROWS.length,
  }));
  const custom = vi.fn<CustomHandler>(answer);
  const dataProvider = stubDataProvider({
    getList: getList as unknown as DataProvider['getList'],
    custom: custom as unknown as DataProvider['custom'],
  });
  renderAdmin(<StaffList />, { dataProvider, path: '/staff', role: 'administrator' });
  return { getList, custom };
}

const rowOf = (email: string) => screen.getByText(email).closest('tr') as HTMLElement;

beforeEach(async () => {
  await changeLanguage('en');
});

describe('Staff', () => {
  it('lists members by name with role, status and their actions, 10 a page, with search and role filter', async () => {
    const { getList } = renderStaff();
    expect(await screen.findByRole('heading', { level: 2, name: 'Staff' }, LOAD)).toBeInTheDocument();
    await screen.findByText('bashir@hoy.test');
    expect(getList.mock.calls[0]?.[0].pagination).toMatchObject({ currentPage: 1, pageSize: 10 });
    for (const header of ['Name', 'Email', 'Role', 'Status', 'Actions']) {
      expect(screen.getByRole('columnheader', { name: new RegExp(header) })).toBeInTheDocument();
    }
    expect(within(rowOf('cawo@hoy.test')).getByText('Disabled')).toBeInTheDocument();
    expect(within(rowOf('cawo@hoy.test')).getByRole('button', { name: 'Enable Cawo Support' })).toBeInTheDocument();
    expect(within(rowOf('bashir@hoy.test')).getByText('Active')).toBeInTheDocument();
    expect(within(rowOf('bashir@hoy.test')).getByRole('link', { name: 'Activity of Bashir Viewer' })).toHaveAttribute('href', '/activity?staffId=2');
    expect(screen.getByRole('searchbox', { name: 'Search by name or email...' })).toBeInTheDocument();
    const roles = screen.getByRole('radiogroup', { name: 'Filter staff by role' });
    await userEvent.click(within(roles).getByText('Viewers'));
    await waitFor(() => expect(getList.mock.calls.at(-1)?.[0].filters).toEqual([{ field: 'status', operator: 'eq', value: 'viewer' }]));
  });

  it('adds a member with the four fields, checking them on the screen first', async () => {
    const { custom } = renderStaff(async ({ payload }) => ({ data: { ...ROWS[1], id: 9, ...(payload as object) } }));
    await userEvent.click(await screen.findByRole('button', { name: 'Add staff member' }, LOAD));
    const dialog = await screen.findByRole('dialog', { name: 'Add staff member' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await within(dialog).findByText('Please enter a name')).toBeInTheDocument();
    expect(within(dialog).getByText('Please enter a valid email address')).toBeInTheDocument();
    expect(within(dialog).getByText('The password must be 12 to 128 characters')).toBeInTheDocument();
    expect(custom).not.toHaveBeenCalled();

    await userEvent.type(within(dialog).getByLabelText('Name'), 'Deeqa Moderator');
    await userEvent.type(within(dialog).getByLabelText('Email'), 'deeqa@hoy.test');
    await userEvent.click(within(dialog).getByLabelText('Role'));
    await userEvent.click(await screen.findByTitle('Moderator'));
    await userEvent.type(within(dialog).getByLabelText('Password'), 'a first password');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(custom).toHaveBeenCalledTimes(1));
    expect(custom.mock.calls[0]?.[0]).toMatchObject({
      url: 'admin/staff',
      method: 'post',
      payload: { name: 'Deeqa Moderator', email: 'deeqa@hoy.test', role: 'moderator', password: 'a first password' },
    });
    expect(await screen.findByText('Deeqa Moderator was added as Moderator.')).toBeInTheDocument();
  });

  it('disables a member only after confirming, and shows the server refusing the last administrator', async () => {
    const { custom } = renderStaff(async ({ url }) => {
      if (url === 'admin/staff/1/role') throw { statusCode: 409, message: 'At least one active administrator must remain: make another staff member an administrator first.' };
      return { data: { ...ROWS[1], disabledAt: '2026-03-01T00:00:00.000Z' } };
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Disable Bashir Viewer' }, LOAD));
    const confirm = await screen.findByRole('dialog', { name: 'Disable Bashir Viewer?' });
    expect(custom).not.toHaveBeenCalled();
    await userEvent.click(within(confirm).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(custom.mock.calls[0]?.[0]).toMatchObject({ url: 'admin/staff/2/disable', method: 'post' }));
    expect(await screen.findByText('Bashir Viewer was disabled.')).toBeInTheDocument();

    await userEvent.click(within(rowOf('amina@hoy.test')).getByRole('combobox', { name: 'Role of Amina Admin' }));
    const viewerChoices = await screen.findAllByTitle('Viewer');
    await userEvent.click(viewerChoices.at(-1) as HTMLElement);
    await waitFor(() => expect(custom.mock.calls.at(-1)?.[0]).toMatchObject({ url: 'admin/staff/1/role', method: 'put', payload: { role: 'viewer' } }));
    expect(await screen.findByText(/At least one active administrator must remain/)).toBeInTheDocument();
  });
});
