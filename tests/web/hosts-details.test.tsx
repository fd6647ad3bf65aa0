import type { BaseRecord, DataProvider, GetListParams } from '@refinedev/core';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { HostDetails } from '../../src/admin/pages/hosts/show';
import type { HostDetail, UserDetailsResponse } from '../../src/contracts/hosts';
import type { Role } from '../../src/contracts/roles';
import { changeLanguage } from '../../src/i18n';
import { renderAdmin, stubDataProvider } from './render-admin';
import { pressQueueKey } from './review-queue-steps';

const LOAD = { timeout: 10_000 };

const HOST: HostDetail = {
  id: 7,
  name: 'Amina Warsame',
  email: 'amina@hoy.test',
  phone: '+252 61 555 0101',
  propertyAddress: '12 Maka Al Mukarama Road, Mogadishu',
  createdAt: '2025-01-05T10:00:00.000Z',
  updatedAt: '2025-03-09T10:00:00.000Z',
  suspendedAt: null,
  suspensionReason: null,
};

const USER: UserDetailsResponse = {
  userDetails: {
    name: 'Amina Warsame',
    email: 'amina@hoy.test',
    phoneCountryCode: '+252',
    phoneNumber: '615550101',
    about: '<b>Not bold</b>',
    createdAt: '2024-12-01T10:00:00.000Z',
    profilePicture: null,
  },
  hostVerificationDetails: { idType: 'Passport', country: 'Somalia', createdAt: '2025-01-02T10:00:00.000Z', idDocumentUrl: '/id.png' },
};

type Failure = { statusCode: number; message: string };

function fakeProvider(options: { getOne?: () => HostDetail; update?: () => HostDetail; approve?: () => void } = {}) {
  const getOne = vi.fn<() => Promise<{ data: BaseRecord }>>(async () => ({ data: (options.getOne ?? (() => HOST))() as unknown as BaseRecord }));
  const update = vi.fn<(params: { variables: unknown }) => Promise<{ data: BaseRecord }>>(async ({ variables }) => ({
    data: (options.update ?? (() => ({ ...HOST, ...(variables as object) })))() as unknown as BaseRecord,
  }));
  const deleteOne = vi.fn<(params: { resource: string; id: unknown }) => Promise<{ data: BaseRecord }>>(async () => ({ data: { id: HOST.id } as BaseRecord }));
  const custom = vi.fn<(params: { url: string; method: string }) => Promise<{ data: BaseRecord }>>(async ({ url, method }) => {
    if (url === 'admin/user/7') return { data: USER as unknown as BaseRecord };
    if (url === 'admin/update-status-host/7' && method === 'post') {
      options.approve?.();
      return { data: {} as BaseRecord };
    }
    if (url === 'admin/audit') return { data: [] as unknown as BaseRecord };
    throw { statusCode: 404, message: 'unexpected' } satisfies Failure;
  });
  const provider = stubDataProvider({
    getOne: getOne as unknown as DataProvider['getOne'],
    update: update as unknown as DataProvider['update'],
    deleteOne: deleteOne as unknown as DataProvider['deleteOne'],
    custom: custom as unknown as DataProvider['custom'],
  });
  return { provider, getOne, update, deleteOne, custom };
}

function renderDetails(dataProvider: DataProvider, role?: Role) {
  const ui = (
    <Routes>
      <Route path="/host-details/:id" element={<HostDetails />} />
      <Route path="/hosts" element={<h2>Hosts list</h2>} />
    </Routes>
  );
  return renderAdmin(ui, { dataProvider, path: '/host-details/7', role }).router;
}

beforeEach(async () => {
  await changeLanguage('en');
});

describe('Host Details', () => {
  it.each(['support', 'viewer'] as const)('shows a %s member the host without Edit, Delete or Approve', async (role) => {
    const { provider } = fakeProvider();
    renderDetails(provider, role);
    expect(await screen.findByRole('heading', { level: 2, name: 'Amina Warsame' }, LOAD)).toBeInTheDocument();
    // The verification card once loaded (while it loads it has no Approve to show or hide).
    expect(await screen.findByText('Passport')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Host Verification Details' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Edit/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /Delete/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /Approve/ })).toBeNull();
  });

  it('shows a moderator Edit, Delete and Approve', async () => {
    const { provider } = fakeProvider();
    renderDetails(provider, 'moderator');
    expect(await screen.findByRole('button', { name: /Edit/ }, LOAD)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Delete/ })).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: /Approve/ })).toBeInTheDocument();
  });

  it('shows the host in its two sections with "Jan 5, 2025" dates, the verification card and the user text literally', async () => {
    const { provider } = fakeProvider();
    renderDetails(provider);
    expect(await screen.findByRole('heading', { level: 2, name: 'Amina Warsame' }, LOAD)).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Host Information' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Registration Details' })).toBeInTheDocument();
    expect(screen.getByText('+252 61 555 0101')).toBeInTheDocument();
    expect(screen.getByText('12 Maka Al Mukarama Road, Mogadishu')).toBeInTheDocument();
    expect(screen.getByText('Jan 5, 2025')).toBeInTheDocument();
    expect(screen.getByText('Mar 9, 2025')).toBeInTheDocument();
    expect(await screen.findByText('Passport')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Host Verification Details' })).toBeInTheDocument();
    expect(screen.getByText('<b>Not bold</b>')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'History' })).toBeInTheDocument();
  });

  it('checks the host edit rules in order on Save, and Cancel restores the stored values', async () => {
    const { provider, update } = fakeProvider();
    renderDetails(provider);
    await userEvent.click(await screen.findByRole('button', { name: /Edit/ }, LOAD));
    const name = screen.getByLabelText('Name');
    const email = screen.getByLabelText('Email');
    await userEvent.clear(name);
    await userEvent.type(name, '   ');
    await userEvent.clear(email);
    await userEvent.click(screen.getByRole('button', { name: /Save/ }));
    expect(await screen.findByText('Name is required')).toBeInTheDocument();
    await userEvent.type(name, 'Amina W');
    await userEvent.click(screen.getByRole('button', { name: /Save/ }));
    expect(await screen.findByText('Email is required')).toBeInTheDocument();
    await userEvent.type(email, 'not an email');
    await userEvent.click(screen.getByRole('button', { name: /Save/ }));
    expect(await screen.findByText('Please enter a valid email address')).toBeInTheDocument();
    expect(update).not.toHaveBeenCalled();

    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByLabelText('Name')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: /Edit/ }));
    expect(screen.getByLabelText('Name')).toHaveValue('Amina Warsame');
    expect(screen.getByLabelText('Email')).toHaveValue('amina@hoy.test');
  });

  it('saves valid values and returns to the view', async () => {
    const { provider, update } = fakeProvider();
    renderDetails(provider);
    await userEvent.click(await screen.findByRole('button', { name: /Edit/ }, LOAD));
    const phone = screen.getByLabelText('Phone');
    await userEvent.clear(phone);
    await userEvent.type(phone, '+252 61 000 0000');
    await userEvent.click(screen.getByRole('button', { name: /Save/ }));
    await waitFor(() => expect(update).toHaveBeenCalled());
    expect(update.mock.calls[0][0]).toMatchObject({
      id: '7',
      variables: { name: 'Amina Warsame', email: 'amina@hoy.test', phone: '+252 61 000 0000', propertyAddress: HOST.propertyAddress },
    });
    expect(await screen.findByText('Host updated successfully')).toBeInTheDocument();
    expect(screen.queryByLabelText('Phone')).toBeNull();
  });

  it('asks before deleting and then goes to /hosts', async () => {
    const { provider, deleteOne } = fakeProvider();
    const router = renderDetails(provider);
    await userEvent.click(await screen.findByRole('button', { name: /Delete/ }, LOAD));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Are you sure you want to delete Amina Warsame? This action cannot be undone.')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/hosts'));
    expect(deleteOne).toHaveBeenCalledWith(expect.objectContaining({ resource: 'hosts', id: '7' }));
  });

  it('shows the failed-load screen with Back to Hosts and Retry', async () => {
    let isFailing = true;
    const { provider, getOne } = fakeProvider({
      getOne: () => {
        if (isFailing) throw { statusCode: 404, message: 'Host not found' } satisfies Failure;
        return HOST;
      },
    });
    renderDetails(provider);
    expect(await screen.findByText('Failed to fetch host details', {}, LOAD)).toBeInTheDocument();
    expect(screen.getByText('Host not found')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Back to Hosts/ })).toBeInTheDocument();
    isFailing = false;
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Amina Warsame' })).toBeInTheDocument();
    expect(getOne).toHaveBeenCalledTimes(2);
  });

  it('opens the ID document in a modal with a Close button, and approves the host', async () => {
    const approve = vi.fn<() => void>();
    const { provider } = fakeProvider({ approve });
    renderDetails(provider);
    await userEvent.click(await screen.findByRole('button', { name: 'Open the ID document of Amina Warsame' }, LOAD));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByRole('img', { name: 'ID document of Amina Warsame' })).toHaveAttribute('src', '/id.png');
    // The footer's Close button (the corner cross is named Close too).
    const closeButtons = within(dialog).getAllByRole('button', { name: 'Close' });
    expect(closeButtons.some((button) => button.textContent === 'Close')).toBe(true);
    await userEvent.click(closeButtons.find((button) => button.textContent === 'Close') as HTMLElement);
    // jsdom never finishes antd's closing animation; tests/e2e/hosts.spec.ts sees the modal go away.

    await userEvent.click(screen.getByRole('button', { name: /Approve Host/ }));
    expect(await screen.findByText('Host is Approved Successfully')).toBeInTheDocument();
    expect(approve).toHaveBeenCalledTimes(1);
  });
});

describe('Host Details review queue', () => {
  it('walks past the first 100 pending hosts: J from the 100th opens the 101st, K from there the 100th', async () => {
    sessionStorage.clear();
    const pending = Array.from({ length: 150 }, (_, index) => ({ userId: index + 1, name: `Host ${index + 1}`, status: 'Pending' }));
    const provider = stubDataProvider({
      getList: (async ({ pagination }: GetListParams) => {
        const { currentPage = 1, pageSize = 10 } = pagination ?? {};
        return { data: pending.slice((currentPage - 1) * pageSize, currentPage * pageSize), total: pending.length };
      }) as unknown as DataProvider['getList'],
      getOne: (async ({ id }: { id: string }) => ({ data: { ...HOST, id: Number(id), name: `Host ${id}` } })) as unknown as DataProvider['getOne'],
      custom: (async ({ url }: { url: string }) => ({ data: url.startsWith('admin/user/') ? USER : [] })) as unknown as DataProvider['custom'],
    });
    const ui = (
      <Routes>
        <Route path="/host-details/:id" element={<HostDetails />} />
      </Routes>
    );
    const { router } = renderAdmin(ui, { dataProvider: provider, path: '/host-details/100' });
    expect(await screen.findByRole('heading', { level: 2, name: 'Host 100' }, LOAD)).toBeInTheDocument();
    expect(await screen.findByText('100 of 150 pending')).toBeInTheDocument();

    await pressQueueKey(router, 'j', { heading: 'Host 101', path: '/host-details/101', position: '101 of 150 pending' });
    await pressQueueKey(router, 'k', { heading: 'Host 100', path: '/host-details/100', position: '100 of 150 pending' });
  });
});
