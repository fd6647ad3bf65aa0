import type { AuthProvider } from '@refinedev/core';
import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { createLiveHub, type LiveHub } from '../../src/admin/live/live-hub';
import { PresenceMark, PresenceNote } from '../../src/admin/live/presence-note';
import type { LivePresence } from '../../src/contracts/live';
import { changeLanguage } from '../../src/i18n';
import { renderAdmin, stubDataProvider } from './render-admin';

afterEach(async () => {
  await changeLanguage('en');
});

/** Signed in as member 1 (Hodan). */
const authProvider: AuthProvider = {
  login: async () => ({ success: true }),
  logout: async () => ({ success: true }),
  check: async () => ({ authenticated: true }),
  onError: async () => ({}),
  getIdentity: async () => ({ id: 1, name: 'Hodan', email: 'hodan@hoy.test', role: 'moderator' }),
};

function publish(hub: LiveHub, presence: LivePresence) {
  act(() => hub.publish({ channel: `presence/${presence.resource}`, type: 'presence', payload: { ...presence }, date: new Date() }));
}

describe('presence on a review screen', () => {
  it('names the others who have the record open, politely, and not the reader', async () => {
    const hub = createLiveHub();
    renderAdmin(<PresenceNote resource="listings" id={5} />, { dataProvider: stubDataProvider({}), authProvider, live: hub });
    const status = await screen.findByRole('status', { name: 'Others reviewing' });
    expect(status).toBeEmptyDOMElement();
    publish(hub, {
      resource: 'listings',
      id: 5,
      viewers: [
        { administratorId: 1, name: 'Hodan' },
        { administratorId: 2, name: 'Amina' },
      ],
    });
    await waitFor(() => expect(status).toHaveTextContent('Amina is also reviewing this'));
    expect(status).not.toHaveTextContent('Hodan');
    // Another record's viewers are not this screen's.
    publish(hub, { resource: 'listings', id: 6, viewers: [{ administratorId: 3, name: 'Omar' }] });
    expect(status).not.toHaveTextContent('Omar');
    publish(hub, { resource: 'listings', id: 5, viewers: [{ administratorId: 1, name: 'Hodan' }] });
    await waitFor(() => expect(status).toBeEmptyDOMElement());
  });

  it('says it in Somali', async () => {
    await changeLanguage('so');
    const hub = createLiveHub();
    renderAdmin(<PresenceNote resource="hosts" id={9} />, { dataProvider: stubDataProvider({}), authProvider, live: hub });
    const status = await screen.findByRole('status', { name: 'Dadka kale ee dib u eegaya' });
    publish(hub, { resource: 'hosts', id: 9, viewers: [{ administratorId: 2, name: 'Amina' }] });
    await waitFor(() => expect(status).toHaveTextContent('Amina ayaa sidoo kale dib u eegaya tan'));
  });

  it('marks a list row with everyone reviewing it, joined as the language joins names', async () => {
    renderAdmin(
      <PresenceMark
        viewers={[
          { administratorId: 2, name: 'Amina' },
          { administratorId: 3, name: 'Omar' },
        ]}
      />,
      { dataProvider: stubDataProvider({}) },
    );
    expect(await screen.findByText('Amina and Omar are reviewing')).toBeInTheDocument();
  });
});
