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
  {
    id: 1,
    name: 'Amina Admin',
    email: 'amina@hoy.test',
    role: 'administrator',
    disabledAt: null,
    hasSecondFactor: true,
    createdAt: '2026-01-01T00:00:00.000Z',
  },
  { id: 2, name: 'Bashir Viewer', email: 'bashir@hoy.test', role: 'viewer', disabledAt: null, hasSecondFactor: false, createdAt: '2026-01-02T00:00:00.000Z' },
  {
    id: 3,
    name: 'Cawo Support',
    email: 'cawo@hoy.test',
    role: 'support',
    disabledAt: '2026-02-01T00:00:00.000Z',
    hasSecondFactor: false,
    createdAt: '2026-01-03T00:00:00.000Z',
  },
];

type CustomHandler = (params: CustomParams) => Promise<{ data: unknown }>;

const POLICY_PATH = 'admin/staff/second-factor-policy';

/**
 * The Staff screen over a stand-in data provider: `custom` records the changes (every call but the
 * policy's GET, which `policy` answers: no role required at first).
 */
function renderStaff(
  answer: CustomHandler = async ({ url }) => ({ data: { ...ROWS[1], id: Number(url.split('/')[2] ?? 9) } }),
  policy: CustomHandler = async () => ({ data: { requiredRoles: [] } }),
) {
  const getList = vi.fn<(params: GetListParams) => Promise<{ data: BaseRecord[]; total: number }>>(async () => ({
    data: ROWS as unknown as BaseRecord[],
    total: ROWS.length,
  }));
  const custom = vi.fn<CustomHandler>(answer);
  const policyReads = vi.fn<CustomHandler>(policy);
  const dataProvider = stubDataProvider({
    getList: getList as unknown as DataProvider['getList'],
    custom: (async (params: CustomParams) =>
      params.url === POLICY_PATH && params.method === 'get' ? policyReads(params) : custom(params)) as unknown as DataProvider['custom'],
  });
  renderAdmin(<StaffList />, { dataProvider, path: '/staff', role: 'administrator' });
  return { getList, custom, policyReads };
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
    for (const header of ['Name', 'Email', 'Role', 'Status', 'Two-factor', 'Actions']) {
      expect(screen.getByRole('columnheader', { name: new RegExp(header) })).toBeInTheDocument();
    }
    expect(within(rowOf('cawo@hoy.test')).getByText('Disabled')).toBeInTheDocument();
    expect(within(rowOf('cawo@hoy.test')).getByRole('button', { name: 'Enable Cawo Support' })).toBeInTheDocument();
    expect(within(rowOf('bashir@hoy.test')).getByText('Active')).toBeInTheDocument();
    expect(within(rowOf('amina@hoy.test')).getByText('On')).toBeInTheDocument();
    expect(within(rowOf('bashir@hoy.test')).getByText('Off')).toBeInTheDocument();
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
      if (url === 'admin/staff/1/role')
        throw { statusCode: 409, message: 'At least one active administrator must remain: make another staff member an administrator first.' };
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

  it("resets a member's two-factor sign-in after a confirmation that says what follows", async () => {
    const { custom } = renderStaff(async () => ({ data: { ...ROWS[0], hasSecondFactor: false } }));
    // Only a member who has a second factor has one to reset.
    expect(await screen.findByText('bashir@hoy.test', {}, LOAD)).toBeInTheDocument();
    expect(within(rowOf('bashir@hoy.test')).queryByRole('button', { name: /Reset two-factor/ })).toBeNull();
    await userEvent.click(within(rowOf('amina@hoy.test')).getByRole('button', { name: 'Reset two-factor sign-in of Amina Admin' }));
    const confirm = await screen.findByRole('dialog', { name: 'Reset the two-factor sign-in of Amina Admin?' });
    expect(confirm).toHaveTextContent('Their sessions end at once.');
    expect(confirm).toHaveTextContent('must set up two-factor sign-in again');
    expect(custom).not.toHaveBeenCalled();
    await userEvent.click(within(confirm).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(custom.mock.calls[0]?.[0]).toMatchObject({ url: 'admin/staff/1/reset-second-factor', method: 'post' }));
    expect(await screen.findByText('The two-factor sign-in of Amina Admin was reset.')).toBeInTheDocument();
  });

  it('sets the roles that must sign in with a second factor', async () => {
    const { custom, policyReads } = renderStaff(async ({ payload }) => ({ data: payload }));
    const setting = await screen.findByRole('group', { name: 'Two-factor sign-in required for' }, LOAD);
    await waitFor(() => expect(policyReads).toHaveBeenCalled());
    expect(within(setting).getByRole('checkbox', { name: 'Administrator' })).not.toBeChecked();
    const save = screen.getByRole('button', { name: 'Save' });
    expect(save).toBeDisabled();
    await userEvent.click(within(setting).getByRole('checkbox', { name: 'Moderator' }));
    await userEvent.click(within(setting).getByRole('checkbox', { name: 'Administrator' }));
    await userEvent.click(save);
    await waitFor(() =>
      expect(custom.mock.calls[0]?.[0]).toMatchObject({ url: POLICY_PATH, method: 'put', payload: { requiredRoles: ['administrator', 'moderator'] } }),
    );
    expect(await screen.findByText('Saved: two-factor sign-in is required for Administrator, Moderator.')).toBeInTheDocument();
  });

  it('shows the two-factor column, reset and setting in Somali', async () => {
    await changeLanguage('so');
    renderStaff(undefined, async () => ({ data: { requiredRoles: ['administrator'] } }));
    expect(await screen.findByRole('columnheader', { name: /Laba-tallaabo/ }, LOAD)).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Dib u deji gelitaanka laba-tallaabada ah ee Amina Admin' })).toBeInTheDocument();
    const setting = await screen.findByRole('group', { name: 'Gelitaanka laba-tallaabada ah waxaa looga baahan yahay' });
    expect(within(setting).getByRole('checkbox', { name: 'Maamule' })).toBeChecked();
  });
});
