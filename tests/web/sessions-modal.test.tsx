import type { CustomParams, DataProvider } from '@refinedev/core';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import SessionsModal from '../../src/admin/layout/sessions-modal';
import type { SessionRow } from '../../src/contracts/auth';
import { changeLanguage } from '../../src/i18n';
import { formatDateTime } from '../../src/lib/format';
import { renderAdmin, stubDataProvider } from './render-admin';

const LOAD = { timeout: 10_000 };

function session(id: number, values: Partial<SessionRow> = {}): SessionRow {
  return {
    id,
    createdAt: `2026-11-0${id}T08:15:00.000Z`,
    lastSeenAt: `2026-11-0${id}T09:45:00.000Z`,
    expiresAt: `2026-11-0${id}T10:15:00.000Z`,
    isCurrent: false,
    ...values,
  };
}

type CustomHandler = (params: CustomParams) => Promise<{ data: unknown }>;

/** The sessions endpoints behind the data provider interface: revoking leaves the current session only. */
function fakeSessions(initial: SessionRow[], revoke?: CustomHandler) {
  let sessions = initial;
  const custom = vi.fn<CustomHandler>(async (params) => {
    if (params.url === 'admin/sessions' && params.method === 'get') return { data: sessions };
    if (params.url === 'admin/sessions/revoke-others' && params.method === 'post') {
      if (revoke) return revoke(params);
      const revoked = sessions.filter((row) => !row.isCurrent).length;
      sessions = sessions.filter((row) => row.isCurrent);
      return { data: { revoked } };
    }
    throw { statusCode: 404, message: 'Not Found' };
  });
  const provider = stubDataProvider({ custom: custom as unknown as DataProvider['custom'] });
  const listCalls = () => custom.mock.calls.filter(([params]) => params.url === 'admin/sessions');
  return { provider, custom, listCalls };
}

function renderModal(dataProvider: DataProvider, onClose = vi.fn<() => void>()) {
  renderAdmin(<SessionsModal open onClose={onClose} />, { dataProvider });
  return { onClose };
}

const revokeButton = () => screen.getByRole('button', { name: 'Sign out all other sessions' });

beforeEach(async () => {
  await changeLanguage('en');
});

describe('Your sessions', () => {
  it('lists each live session with when it signed in and was last active, the current one tagged "This device"', async () => {
    const { provider } = fakeSessions([session(1), session(2, { isCurrent: true }), session(3)]);
    renderModal(provider);

    const dialog = await screen.findByRole('dialog', { name: 'Your sessions' }, LOAD);
    const rows = await within(dialog).findAllByRole('listitem');
    expect(rows).toHaveLength(3);
    expect(within(rows[1]).getByText('This device')).toBeInTheDocument();
    expect(within(rows[0]).queryByText('This device')).toBeNull();
    expect(within(rows[2]).queryByText('This device')).toBeNull();
    expect(within(rows[0]).getByText('Signed in at')).toBeInTheDocument();
    expect(within(rows[0]).getByText('Last active')).toBeInTheDocument();
    expect(within(rows[0]).getByText(formatDateTime('2026-11-01T08:15:00.000Z'))).toHaveAttribute('dateTime', '2026-11-01T08:15:00.000Z');
    expect(within(rows[0]).getByText(formatDateTime('2026-11-01T09:45:00.000Z'))).toBeInTheDocument();
    expect(revokeButton()).toBeEnabled();
  });

  it('disables "Sign out all other sessions" when the current session is the only one', async () => {
    const { provider } = fakeSessions([session(4, { isCurrent: true })]);
    renderModal(provider);

    expect(await screen.findByText('This device', {}, LOAD)).toBeInTheDocument();
    expect(revokeButton()).toBeDisabled();
  });

  it('signs out the other sessions, says how many, and shows the list again with the current one only', async () => {
    const { provider, custom, listCalls } = fakeSessions([session(1), session(2, { isCurrent: true }), session(3)]);
    renderModal(provider);
    await screen.findByText('This device', {}, LOAD);
    await waitFor(() => expect(revokeButton()).toBeEnabled());

    await userEvent.click(revokeButton());

    expect(custom).toHaveBeenCalledWith(expect.objectContaining({ url: 'admin/sessions/revoke-others', method: 'post' }));
    expect(await screen.findByText('Signed out of 2 other sessions')).toBeInTheDocument();
    await waitFor(() => expect(listCalls().length).toBeGreaterThanOrEqual(2));
    await waitFor(() => expect(screen.getAllByRole('listitem')).toHaveLength(1));
    expect(revokeButton()).toBeDisabled();
  });

  it('says "1 other session" in the singular', async () => {
    const { provider } = fakeSessions([session(1, { isCurrent: true }), session(2)]);
    renderModal(provider);
    await screen.findByText('This device', {}, LOAD);
    await waitFor(() => expect(revokeButton()).toBeEnabled());

    await userEvent.click(revokeButton());

    expect(await screen.findByText('Signed out of 1 other session')).toBeInTheDocument();
  });

  it("shows the standard error notification with the server's message when signing out fails", async () => {
    const { provider } = fakeSessions([session(1, { isCurrent: true }), session(2)], async () => {
      throw { statusCode: 500, message: 'Server error occurred' };
    });
    renderModal(provider);
    await screen.findByText('This device', {}, LOAD);
    await waitFor(() => expect(revokeButton()).toBeEnabled());

    await userEvent.click(revokeButton());

    expect(await screen.findByText('Server error occurred')).toBeInTheDocument();
    expect(screen.getByText('Error (status code: 500)')).toBeInTheDocument();
    expect(screen.getAllByRole('listitem')).toHaveLength(2);
  });

  it('explains a list that cannot be loaded', async () => {
    const failing = stubDataProvider({
      custom: async () => {
        throw { statusCode: 0, message: 'Network error - please check your connection' };
      },
    });
    renderModal(failing);

    const alert = await screen.findByRole('alert', {}, LOAD);
    expect(alert).toHaveTextContent('Your sessions could not be loaded');
    expect(alert).toHaveTextContent('Network error - please check your connection');
  });

  it('closes with the close button or Escape', async () => {
    const { provider } = fakeSessions([session(1, { isCurrent: true })]);
    const { onClose } = renderModal(provider);
    await screen.findByText('This device', {}, LOAD);

    fireEvent.keyDown(screen.getByRole('button', { name: 'Close' }), { key: 'Escape', code: 'Escape', keyCode: 27 });
    expect(onClose).toHaveBeenCalledTimes(1);
    await userEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(onClose).toHaveBeenCalledTimes(2);
  });

  it('speaks Somali', async () => {
    await changeLanguage('so');
    const { provider } = fakeSessions([session(1, { isCurrent: true }), session(2)]);
    renderModal(provider);

    expect(await screen.findByRole('dialog', { name: 'Fadhiyadaada' }, LOAD)).toBeInTheDocument();
    expect(await screen.findByText('Qalabkan')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Ka bax dhammaan fadhiyada kale' })).toBeEnabled();
  });
});
