// The review queue's single-key shortcuts are a member's choice, kept in this browser under the
// member's id (src/admin/review/shortcut-preference.ts). Until the member is known the keys are off
// and the choice cannot change: a click in that moment once turned the keys off for the member while
// the switch showed them on.
import type { AuthProvider } from '@refinedev/core';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { useShortcutPreference } from '../../src/admin/review/shortcut-preference';
import { renderAdmin, stubDataProvider } from './render-admin';

/** A loaded machine runs the suite's files two at a time: each wait gives the screen room. */
const LOAD = { timeout: 10_000 };

function Preference() {
  const preference = useShortcutPreference();
  return (
    <button type="button" disabled={!preference.isKnown} onClick={() => preference.setIsOn(!preference.isOn)}>
      {preference.isOn ? 'keys on' : 'keys off'}
    </button>
  );
}

/** An auth provider whose member (id 7) is known once the test says so. */
function slowIdentity() {
  let tell: (member: { id: number; name: string }) => void = () => undefined;
  const identity = new Promise<{ id: number; name: string }>((resolve) => (tell = resolve));
  const authProvider: AuthProvider = {
    login: async () => ({ success: true }),
    logout: async () => ({ success: true }),
    check: async () => ({ authenticated: true }),
    onError: async () => ({}),
    getIdentity: () => identity,
  };
  return {
    authProvider,
    // An async callback keeps React's act environment on until the update it causes has rendered.
    tell: (id: number) => act(async () => tell({ id, name: 'Amina' })),
  };
}

describe('the review shortcuts preference', () => {
  it('keeps the keys off and the choice closed until the member is known, then reads the member’s own choice', async () => {
    localStorage.setItem('hoy.reviewShortcuts.7', 'off');
    const { authProvider, tell } = slowIdentity();
    renderAdmin(<Preference />, { dataProvider: stubDataProvider({}), authProvider });
    const button = await screen.findByRole('button', { name: 'keys off' }, LOAD);
    expect(button).toBeDisabled();

    await tell(7);
    await waitFor(() => expect(screen.getByRole('button', { name: 'keys off' })).toBeEnabled(), LOAD);
    await userEvent.click(screen.getByRole('button', { name: 'keys off' }));
    expect(await screen.findByRole('button', { name: 'keys on' }, LOAD)).toBeEnabled();
    expect(localStorage.getItem('hoy.reviewShortcuts.7')).toBe('on');
  });

  it('turns the keys on by default for a member who never chose', async () => {
    const { authProvider, tell } = slowIdentity();
    renderAdmin(<Preference />, { dataProvider: stubDataProvider({}), authProvider });
    await tell(8);
    await waitFor(() => expect(screen.getByRole('button', { name: 'keys on' })).toBeEnabled(), LOAD);
  });
});
