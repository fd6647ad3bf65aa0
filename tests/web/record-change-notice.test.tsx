import type { BaseRecord, CustomParams, DataProvider } from '@refinedev/core';
import { act, configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useEffect } from 'react';
import { Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createLiveHub, type LiveHub } from '../../src/admin/live/live-hub';
import { HostDetails } from '../../src/admin/pages/hosts/show';
import { ListingShow } from '../../src/admin/pages/listings/show';
import type { AuditEvent } from '../../src/contracts/audit';
import type { ListingDetail } from '../../src/contracts/listings';
import { changeLanguage } from '../../src/i18n';
import { noteServerDate } from '../../src/lib/server-clock';
import { renderAdmin, stubDataProvider } from './render-admin';

configure({ asyncUtilTimeout: 10_000 });

// Leaflet cannot draw in jsdom.
vi.mock('../../src/admin/pages/listings/listing-map', () => ({
  default: function FailingMap({ onUnavailable }: { onUnavailable(): void }) {
    useEffect(() => onUnavailable(), [onUnavailable]);
    return null;
  },
}));

afterEach(async () => {
  await changeLanguage('en');
});

function listing(id: number, status: ListingDetail['status']): ListingDetail {
  return {
    id,
    title: `Villa ${id}`,
    city: 'Mogadishu',
    country: 'Somalia',
    status,
    price: 36,
    User: { name: 'Priya Müller' },
    PropertyType: { name: 'House' },
    description: 'Freshly renovated.',
    placeType: 'Private room',
    adultCount: 2,
    childrenCount: 0,
    checkInTime: '15:00',
    checkOutTime: '11:00',
    isWifi: false,
    isTv: false,
    isKitchen: false,
    isWasher: false,
    isFreeParking: false,
    isPaidParking: false,
    isAC: false,
    isWorkspace: false,
    isPetAllowed: false,
    isRequestBooking: false,
    isCancellationAllowed: false,
    LatLoc: 2.02,
    LngLoc: 45.31,
    PropertyImages: [],
    declineReason: null,
  };
}

function approval(id: number, entityId: number, who: string | null, createdAt = '2026-11-20T10:00:00.000Z'): AuditEvent {
  return {
    id,
    action: 'listing.approve',
    entityType: 'listing',
    entityId,
    entityName: null,
    reason: null,
    before: { status: 'Pending' },
    after: { status: 'Approved' },
    createdAt,
    administratorEmail: who ? `${who.toLowerCase()}@hoy.test` : null,
    administratorName: who,
  };
}

/** A listing server: the record, its history, and a colleague who decides it meanwhile. */
function fakeListing(id: number) {
  // `historyHeld`: while set, a history read answers the history as it was asked, once released.
  const state = { record: listing(id, 'Pending'), history: [] as AuditEvent[], isHistoryBroken: false, historyHeld: undefined as Promise<void> | undefined };
  const getOne = vi.fn<() => Promise<{ data: BaseRecord }>>(async () => ({ data: state.record as unknown as BaseRecord }));
  const custom = vi.fn<(params: CustomParams) => Promise<{ data: BaseRecord }>>(async ({ url, method }) => {
    if (url === 'admin/audit') {
      if (state.isHistoryBroken) throw { statusCode: 500, message: 'history unavailable' };
      const asked = [...state.history];
      await state.historyHeld;
      return { data: asked as unknown as BaseRecord };
    }
    if (method === 'post' && url.endsWith('/approve')) {
      state.record = { ...state.record, status: 'Approved' };
      state.history = [approval(state.history.length + 1, id, 'Me'), ...state.history];
      return { data: { id, status: 'Approved' } as unknown as BaseRecord };
    }
    throw { statusCode: 404, message: 'not answered' };
  });
  const provider = stubDataProvider({ getOne: getOne as unknown as DataProvider['getOne'], custom: custom as unknown as DataProvider['custom'] });
  /** A colleague approves the listing (as the server would record it). */
  const approveElsewhere = (who: string | null) => {
    state.record = { ...state.record, status: 'Approved' };
    state.history = [approval(state.history.length + 1, id, who), ...state.history];
  };
  return { provider, getOne, custom, state, approveElsewhere };
}

function publish(hub: LiveHub, resource: string, ids: number[], type = 'updated') {
  act(() => hub.publish({ channel: `resources/${resource}`, type, payload: { ids }, date: new Date() }));
}

/** The listing screen is ready in English: Approve is offered. */
function approveOffered() {
  expect(screen.getByRole('button', { name: 'Approve Property' })).toBeEnabled();
}

/** Opens listing `id`, whose history already holds `history`, and waits until its screen is `ready`. */
async function openListing(id: number, { ready = approveOffered, history = [] as AuditEvent[] } = {}) {
  const hub = createLiveHub();
  const fake = fakeListing(id);
  fake.state.history = history;
  renderAdmin(
    <Routes>
      <Route path="/listings/:id" element={<ListingShow />} />
    </Routes>,
    { dataProvider: fake.provider, path: `/listings/${id}`, live: hub },
  );
  await screen.findByRole('heading', { level: 2, name: `Villa ${id}` });
  await waitFor(ready);
  return { hub, ...fake };
}

describe('a detail screen following its record on the live stream', () => {
  it('says who approved the listing elsewhere, politely, and stops offering Approve and Decline', async () => {
    const { hub, getOne, approveElsewhere } = await openListing(41);
    const reads = getOne.mock.calls.length;
    const approve = screen.getByRole('button', { name: 'Approve Property' });
    approve.focus();
    approveElsewhere('Amina');
    // A property is a listing and an approval: the two changes of one message read it once.
    publish(hub, 'listings', [41]);
    publish(hub, 'property-approvals', [41]);
    const notice = await screen.findByRole('status', { name: 'Changes by others' });
    await within(notice).findByText('Amina approved this listing a moment ago');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Approve Property' })).toBeDisabled());
    expect(screen.getByRole('button', { name: 'Decline' })).toBeDisabled();
    expect(getOne.mock.calls).toHaveLength(reads + 1);
    // The History card shows the decision too, and the focus stayed where it was.
    expect(await screen.findByText(/by Amina/)).toBeInTheDocument();
    expect(document.activeElement).toBe(approve);
  });

  it('reads the history afresh when the change arrives while a read of it is on its way, and says who', async () => {
    const { hub, state, custom, approveElsewhere } = await openListing(46);
    let release = () => {};
    state.historyHeld = new Promise((resolve) => (release = resolve));
    const historyReads = () => custom.mock.calls.filter(([{ url }]) => url === 'admin/audit').length;
    const before = historyReads();
    // A read of the history leaves (the screen's own), and the colleague decides before it is answered.
    act(() => hub.publish({ channel: 'resources/listings', type: 'updated', payload: { ids: [46] }, date: new Date() }));
    await waitFor(() => expect(historyReads()).toBe(before + 1));
    approveElsewhere('Amina');
    publish(hub, 'listings', [46]);
    state.historyHeld = undefined;
    release();
    const notice = screen.getByRole('status', { name: 'Changes by others' });
    await within(notice).findByText('Amina approved this listing a moment ago');
    expect(within(notice).queryByText('This listing was changed by someone else a moment ago')).toBeNull();
  });

  it('says who, when the history read as the screen opened already held the decision the stream then brings', async () => {
    // The colleague decided while the screen's first history read was on its way: that read holds the entry.
    const { hub, state } = await openListing(47, { history: [approval(1, 47, 'Amina', new Date().toISOString())] });
    state.record = { ...state.record, status: 'Approved' };
    publish(hub, 'listings', [47]);
    const notice = screen.getByRole('status', { name: 'Changes by others' });
    expect(await within(notice).findByText('Amina approved this listing a moment ago')).toBeInTheDocument();
  });

  it('says who, on the server’s clock, when this browser’s clock is ten minutes ahead', async () => {
    const serverTime = Date.now() - 10 * 60_000;
    noteServerDate(new Date(serverTime).toUTCString());
    try {
      const { hub, state } = await openListing(48, { history: [approval(1, 48, 'Amina', new Date(serverTime - 2_000).toISOString())] });
      state.record = { ...state.record, status: 'Approved' };
      publish(hub, 'listings', [48]);
      const notice = screen.getByRole('status', { name: 'Changes by others' });
      expect(await within(notice).findByText('Amina approved this listing a moment ago')).toBeInTheDocument();
    } finally {
      noteServerDate(new Date().toUTCString());
    }
  });

  it('ignores a change to another record', async () => {
    const { hub, getOne } = await openListing(42);
    const reads = getOne.mock.calls.length;
    publish(hub, 'listings', [7]);
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 50));
    });
    expect(getOne.mock.calls).toHaveLength(reads);
    expect(screen.getByRole('status', { name: 'Changes by others' })).toBeEmptyDOMElement();
  });

  it('says "changed by someone else" when the history does not tell who', async () => {
    const { hub, state, approveElsewhere } = await openListing(43);
    approveElsewhere('Amina');
    state.isHistoryBroken = true;
    publish(hub, 'listings', [43]);
    expect(
      await within(screen.getByRole('status', { name: 'Changes by others' })).findByText('This listing was changed by someone else a moment ago'),
    ).toBeInTheDocument();
  });

  it('reads its own decision again without saying someone else made it', async () => {
    const { hub, getOne } = await openListing(44);
    await userEvent.click(screen.getByRole('button', { name: 'Approve Property' }));
    // The success message is on screen meanwhile: the button is found by its text.
    await waitFor(() => expect(screen.getByText('Approve Property').closest('button')).toBeDisabled());
    const reads = getOne.mock.calls.length;
    publish(hub, 'listings', [44]);
    await waitFor(() => expect(getOne.mock.calls.length).toBeGreaterThan(reads));
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 50));
    });
    expect(screen.getByRole('status', { name: 'Changes by others' })).toBeEmptyDOMElement();
  });

  it('says it in Somali', async () => {
    await changeLanguage('so');
    const { hub, approveElsewhere } = await openListing(45, { ready: () => expect(document.querySelector('output')).not.toBeNull() });
    approveElsewhere('Amina');
    publish(hub, 'listings', [45]);
    expect(await within(screen.getByRole('status', { name: 'Isbeddellada dadka kale' })).findByText('Amina ayaa hadda oggolaaday liiskan')).toBeInTheDocument();
  });

  it("says who edited a host's details elsewhere and reads the host again", async () => {
    const hub = createLiveHub();
    let name = 'Hodan Yusuf';
    const history: AuditEvent[] = [];
    const getOne = vi.fn<() => Promise<{ data: BaseRecord }>>(async () => ({
      data: {
        id: 9,
        name,
        email: 'hodan@hoy.test',
        phone: null,
        propertyAddress: null,
        createdAt: '2026-01-01T00:00:00Z',
        updatedAt: '2026-01-01T00:00:00Z',
      } as unknown as BaseRecord,
    }));
    const custom = vi.fn<(params: CustomParams) => Promise<{ data: BaseRecord }>>(async ({ url }) => {
      if (url === 'admin/audit') return { data: [...history] as unknown as BaseRecord };
      throw { statusCode: 404, message: 'not answered' };
    });
    renderAdmin(
      <Routes>
        <Route path="/hosts/:id" element={<HostDetails />} />
      </Routes>,
      {
        dataProvider: stubDataProvider({ getOne: getOne as unknown as DataProvider['getOne'], custom: custom as unknown as DataProvider['custom'] }),
        path: '/hosts/9',
        live: hub,
      },
    );
    await screen.findByRole('heading', { level: 2, name: 'Hodan Yusuf' });
    name = 'Hodan Yusuf Ali';
    history.unshift({ ...approval(1, 9, 'Amina'), action: 'host.update', entityType: 'host' });
    publish(hub, 'hosts', [9]);
    expect(
      await within(screen.getByRole('status', { name: 'Changes by others' })).findByText("Amina edited this host's details a moment ago"),
    ).toBeInTheDocument();
    expect(await screen.findByRole('heading', { level: 2, name: 'Hodan Yusuf Ali' })).toBeInTheDocument();
  });
});
