import type { NotificationProvider } from '@refinedev/core';
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { App as AntdApp } from 'antd';
import { useEffect } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { useNotificationProvider } from '../../src/admin/providers/notification-provider';
import { registerAdminCatalogue } from '../../src/i18n/admin-catalogue';

// The undo button is named from the admin catalogue.
registerAdminCatalogue();

/** Closed: gone, or (jsdom runs no animations) left in antd's leave transition. */
function isClosed(text: string): boolean {
  const notice = screen.queryByText(text)?.closest('.ant-notification-notice-wrapper');
  return !notice || notice.classList.contains('ant-notification-fade-leave');
}

/** Hands the provider out as Refine gets it: called as a hook inside antd's App. */
function Capture({ onProvider }: { onProvider: (provider: NotificationProvider) => void }) {
  const provider = useNotificationProvider();
  useEffect(() => {
    onProvider(provider);
  }, [onProvider, provider]);
  return null;
}

/** Renders antd's App and hands back the provider from inside it. */
function renderProvider(): { current: NotificationProvider } {
  const latest = { current: undefined as unknown as NotificationProvider };
  render(
    <AntdApp>
      <Capture onProvider={(provider) => (latest.current = provider)} />
    </AntdApp>,
  );
  return latest;
}

describe('the notification provider', () => {
  it("shows Refine's message as the text and its description as the title, and closes by key", async () => {
    const provider = renderProvider();
    act(() => provider.current.open({ key: 'saved', type: 'success', message: 'Promo saved', description: 'Success' }));
    expect(await screen.findByText('Promo saved')).toBeInTheDocument();
    expect(isClosed('Promo saved')).toBe(false);
    expect(screen.getByText('Success')).toBeInTheDocument();
    expect(document.querySelector('.ant-notification-notice-success')).not.toBeNull();

    act(() => provider.current.close('saved'));
    await waitFor(() => expect(isClosed('Promo saved')).toBe(true));
  });

  it('marks an error notification as an error', async () => {
    const provider = renderProvider();
    act(() => provider.current.open({ type: 'error', message: 'Could not save' }));
    expect(await screen.findByText('Could not save')).toBeInTheDocument();
    expect(document.querySelector('.ant-notification-notice-error')).not.toBeNull();
  });

  it('counts down an undoable mutation with a button that cancels it', async () => {
    const provider = renderProvider();
    const cancelMutation = vi.fn<() => void>();
    act(() => provider.current.open({ key: 'undo', type: 'progress', message: 'You have 5 seconds to undo', cancelMutation, undoableTimeout: 5 }));
    expect(await screen.findByText('You have 5 seconds to undo')).toBeInTheDocument();
    const undo = await screen.findByRole('button', { name: 'Undo' });
    expect(screen.getByRole('progressbar')).toBeInTheDocument();
    await userEvent.click(undo);
    expect(cancelMutation).toHaveBeenCalledOnce();
    await waitFor(() => expect(isClosed('You have 5 seconds to undo')).toBe(true));
  });
});
