import type { BaseRecord, CustomParams, DataProvider, GetListParams } from '@refinedev/core';
import { act, cleanup, configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useEffect } from 'react';
import { Route, Routes, useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AuditEvent } from '../../src/contracts/audit';
import type { ListingDetail, ListingRow } from '../../src/contracts/listings';
import { toneOfStatus } from '../../src/admin/components/status-badge';
import { ListingList } from '../../src/admin/pages/listings/list';
import { ListingShow } from '../../src/admin/pages/listings/show';
import { openStreetMapLink } from '../../src/admin/pages/listings/location-section';
import { listingDeclineEvent } from './audit-events';
import { clickWhenSettled, renderAdmin, stubDataProvider } from './render-admin';
import { pressQueueKey } from './review-queue-steps';

// Refine and antd are transformed on first use and the machine is shared: allow slow first renders.
configure({ asyncUtilTimeout: 10_000 });

// Leaflet cannot draw in jsdom; the stand-in reports failed tiles at once, as this offline machine does.
vi.mock('../../src/admin/pages/listings/listing-map', () => ({
  default: function FailingMap({ onUnavailable }: { onUnavailable(): void }) {
    useEffect(() => onUnavailable(), [onUnavailable]);
    return null;
  },
}));

function LocationProbe() {
  const location = useLocation();
  return <output data-testid="location">{decodeURIComponent(location.pathname + location.search)}</output>;
}

function renderAt(path: string, dataProvider: DataProvider) {
  const ui = (
    <>
      <Routes>
        <Route path="/listings" element={<ListingList />} />
        <Route path="/listings/:id" element={<ListingShow />} />
      </Routes>
      <LocationProbe />
    </>
  );
  return renderAdmin(ui, { dataProvider, path });
}

const STATUSES: ListingRow['status'][] = ['Pending', 'Approved', 'Declined', 'Rejected', 'Pending For Verification'];

function makeRows(count: number): ListingRow[] {
  return Array.from({ length: count }, (_, index) => ({
    id: index + 1,
    propertyId: index + 101,
    title: `Listing ${index + 1}`,
    status: STATUSES[index % STATUSES.length] as ListingRow['status'],
    address: `${index + 1} Market Street`,
    hostName: `Host ${index + 1}`,
  }));
}

function makeDetail(overrides: Partial<ListingDetail> = {}): ListingDetail {
  return {
    id: 3,
    title: 'Secure Family Home with sea view',
    city: 'Mogadishu',
    country: 'Somalia',
    status: 'Pending',
    price: 36,
    User: { name: 'Priya Müller' },
    PropertyType: { name: 'House' },
    description: 'Freshly renovated.',
    placeType: 'Private room',
    adultCount: 8,
    childrenCount: 3,
    checkInTime: '15:00',
    checkOutTime: '11:00',
    isWifi: true,
    isTv: false,
    isKitchen: true,
    isWasher: false,
    isFreeParking: false,
    isPaidParking: false,
    isAC: false,
    isWorkspace: false,
    isPetAllowed: false,
    isRequestBooking: true,
    isCancellationAllowed: false,
    LatLoc: 2.021346,
    LngLoc: 45.315365,
    PropertyImages: Array.from({ length: 7 }, (_, index) => ({ url: `/demo/property-0${index + 1}.svg` })),
    declineReason: null,
    ...overrides,
  };
}

type CustomHandler = (params: CustomParams) => Promise<{ data: unknown }>;
type ListHandler = (params: GetListParams) => Promise<{ data: BaseRecord[]; total: number }>;

function createStubProvider({
  rows = makeRows(20),
  detail = makeDetail(),
  detailOf = () => detail,
  custom,
}: { rows?: ListingRow[]; detail?: ListingDetail; detailOf?: (id: number) => ListingDetail; custom?: CustomHandler } = {}) {
  const getList = vi.fn<ListHandler>(async ({ pagination, filters }) => {
    const status = filters?.find((filter) => 'field' in filter && filter.field === 'status')?.value as string | undefined;
    const matching = status ? rows.filter((row) => row.status === status) : rows;
    const page = pagination?.currentPage ?? 1;
    const size = pagination?.pageSize ?? 10;
    return { data: matching.slice((page - 1) * size, page * size) as unknown as BaseRecord[], total: matching.length };
  });
  const customCalls = vi.fn<CustomHandler>(custom ?? (async () => ({ data: [] })));
  const provider = stubDataProvider({
    getList: getList as unknown as DataProvider['getList'],
    getOne: (async ({ id }: { id: string }) => ({ data: detailOf(Number(id)) as unknown as BaseRecord })) as unknown as DataProvider['getOne'],
    custom: customCalls as unknown as DataProvider['custom'],
  });
  return { provider, getList, customCalls };
}

function lastListCall(getList: ReturnType<typeof createStubProvider>['getList']) {
  return getList.mock.calls[getList.mock.calls.length - 1]?.[0];
}

afterEach(() => {
  vi.useRealTimers();
});

describe('Review Listings', () => {
  it('asks the server for page 1 of 8 and shows the four columns with title links and every status badge', async () => {
    const { provider, getList } = createStubProvider();
    renderAt('/listings', provider);

    expect(await screen.findByRole('link', { name: 'Listing 1' })).toHaveAttribute('href', '/listings/101');
    expect(lastListCall(getList)?.pagination).toMatchObject({ currentPage: 1, pageSize: 8 });
    for (const column of ['Property Title', 'Status', 'Address', 'Host name']) {
      expect(screen.getByRole('columnheader', { name: column })).toBeInTheDocument();
    }
    expect(screen.getAllByRole('row')).toHaveLength(9);
    expect(screen.getByText('Rejected')).toBeInTheDocument();
    expect(screen.getByText('Pending For Verification')).toBeInTheDocument();
    expect(screen.getByText('Showing 1 to 8 of 20 results')).toBeInTheDocument();
  });

  it('filters by Decline (value Declined) on the server, back on page 1, with the state in the URL', async () => {
    const { provider, getList } = createStubProvider();
    renderAt('/listings?currentPage=2&pageSize=8', provider);
    await screen.findByRole('link', { name: 'Listing 9' });

    await userEvent.click(screen.getByText('Decline'));

    await waitFor(() => expect(lastListCall(getList)?.filters).toEqual([{ field: 'status', operator: 'eq', value: 'Declined' }]));
    expect(lastListCall(getList)?.pagination).toMatchObject({ currentPage: 1 });
    await waitFor(() => expect(screen.getByTestId('location').textContent).toContain('currentPage=1'));
    expect(screen.getByTestId('location').textContent).toContain('Declined');
  });

  it('sends a search once typing pauses and goes back to page 1', async () => {
    const { provider, getList } = createStubProvider();
    renderAt('/listings?currentPage=2&pageSize=8', provider);
    await screen.findByRole('link', { name: 'Listing 9' });
    const callsBefore = getList.mock.calls.length;

    await userEvent.type(screen.getByRole('searchbox', { name: 'Search any listing' }), 'villa');
    expect(getList.mock.calls.length).toBe(callsBefore);

    await waitFor(() => expect(lastListCall(getList)?.filters).toEqual([{ field: 'q', operator: 'contains', value: 'villa' }]));
    expect(lastListCall(getList)?.pagination).toMatchObject({ currentPage: 1 });
    expect(getList.mock.calls.filter(([params]) => params.filters?.length).length).toBe(1);
  });

  it('says "No listings found" when nothing matches', async () => {
    const { provider } = createStubProvider({ rows: [] });
    renderAt('/listings', provider);
    expect(await screen.findByText('No listings found')).toBeInTheDocument();
    expect(screen.getByText('Showing 0 to 0 of 0 results')).toBeInTheDocument();
  });
});

describe('listing approval detail', () => {
  it('shows the header, price, five photos and an overlay tile, the details, amenities and rules', async () => {
    const { provider } = createStubProvider();
    renderAt('/listings/3', provider);

    expect(await screen.findByRole('heading', { level: 2, name: 'Secure Family Home with sea view' })).toBeInTheDocument();
    expect(screen.getByText('Hosted by Priya Müller · Mogadishu, Somalia')).toBeInTheDocument();
    expect(screen.getByText('$36.00 / night')).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: /^Open photo \d of 7$/ })).toHaveLength(5);
    expect(screen.getByRole('button', { name: '+2 photos' })).toBeInTheDocument();
    expect(screen.getByText('11 guests (8 adults, 3 children)')).toBeInTheDocument();
    expect(screen.getByText('Private room')).toBeInTheDocument();
    expect(screen.getByText('15:00')).toBeInTheDocument();
    expect(screen.getByText('Wi-Fi')).toBeInTheDocument();
    expect(screen.getByText('Kitchen')).toBeInTheDocument();
    expect(screen.queryByText('TV')).toBeNull();
    expect(screen.getByText('The host approves each booking request')).toBeInTheDocument();
    expect(screen.getByText('Cancellation is not allowed')).toBeInTheDocument();
  });

  it('shows "Show all photos" on the sixth tile when there are exactly five photos', async () => {
    const detail = makeDetail({ PropertyImages: makeDetail().PropertyImages.slice(0, 5) });
    renderAt('/listings/3', createStubProvider({ detail }).provider);
    expect(await screen.findByRole('button', { name: 'Show all photos' })).toBeInTheDocument();
  });

  it('falls back to the coordinates and an OpenStreetMap link when the tiles cannot load', async () => {
    renderAt('/listings/3', createStubProvider().provider);
    expect(await screen.findByText('The map could not be loaded')).toBeInTheDocument();
    expect(screen.getByText('Latitude 2.021346, longitude 45.315365')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Open in OpenStreetMap' })).toHaveAttribute(
      'href',
      'https://www.openstreetmap.org/?mlat=2.021346&mlon=45.315365#map=15/2.021346/45.315365',
    );
    expect(openStreetMapLink(1.5, -2)).toBe('https://www.openstreetmap.org/?mlat=1.5&mlon=-2#map=15/1.5/-2');
  });

  it('approves through the registry action, disables both buttons while processing and shows the documented message', async () => {
    let finish: (value: { data: unknown }) => void = () => undefined;
    const { provider, customCalls } = createStubProvider({
      custom: async (params) => (params.url.endsWith('/approve') ? new Promise((resolve) => (finish = resolve)) : { data: [] }),
    });
    renderAt('/listings/3', provider);
    const approve = await screen.findByRole('button', { name: 'Approve Property' });

    await userEvent.click(approve);
    expect(customCalls).toHaveBeenCalledWith(expect.objectContaining({ url: 'admin/listings/3/approve', method: 'post', payload: {} }));
    await waitFor(() => expect(screen.getByRole('button', { name: /Approve Property/ })).toBeDisabled());
    expect(screen.getByRole('button', { name: 'Decline' })).toBeDisabled();

    await act(async () => finish({ data: { id: 3, status: 'Approved', message: 'Status updated to Approved successfully!' } }));
    expect(await screen.findByText('Status updated to Approved successfully!')).toBeInTheDocument();
  });

  it('declines with the optional reason typed in the dialog', async () => {
    const { provider, customCalls } = createStubProvider({
      custom: async (params) => (params.url.endsWith('/decline') ? { data: { id: 3, status: 'Declined', message: '' } } : { data: [] }),
    });
    renderAt('/listings/3', provider);
    await userEvent.click(await screen.findByRole('button', { name: 'Decline' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Reason for declining' }), '  Blurry photos  ');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Decline' }));

    expect(customCalls).toHaveBeenCalledWith(expect.objectContaining({ url: 'admin/listings/3/decline', payload: { reason: 'Blurry photos' } }));
    expect(await screen.findByText('Status updated to Declined successfully!')).toBeInTheDocument();
  });

  it('keeps the buttons disabled on a decided listing and shows the stored reason as plain text', async () => {
    const detail = makeDetail({ status: 'Declined', declineReason: '<b>Not a real address</b>' });
    renderAt('/listings/3', createStubProvider({ detail }).provider);
    expect(await screen.findByText('<b>Not a real address</b>')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Approve Property' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Decline' })).toBeDisabled();
    expect(document.querySelector('b')).toBeNull();
  });

  it("shows the server's message when the listing was decided elsewhere (409)", async () => {
    const { provider } = createStubProvider({
      custom: async (params) => {
        if (params.url.endsWith('/approve')) throw { statusCode: 409, message: 'This listing was already declined.' };
        return { data: [] };
      },
    });
    renderAt('/listings/3', provider);
    await userEvent.click(await screen.findByRole('button', { name: 'Approve Property' }));
    expect(await screen.findByText('This listing was already declined.')).toBeInTheDocument();
  });

  it('shows the history from the audit trail: what, who, when and why', async () => {
    const events: AuditEvent[] = [listingDeclineEvent('Blurry photos')];
    const { provider, customCalls } = createStubProvider({ custom: async (params) => ({ data: params.url === 'admin/audit' ? events : [] }) });
    renderAt('/listings/3', provider);

    expect(await screen.findByText('Listing declined')).toBeInTheDocument();
    expect(screen.getByText('Reason: Blurry photos')).toBeInTheDocument();
    // Who decided: the staff member by name and e-mail.
    expect(screen.getByText(/by Administrator \(a@hoy\.test\)/)).toBeInTheDocument();
    expect(screen.getByText('Status: Pending → Declined')).toBeInTheDocument();
    expect(customCalls).toHaveBeenCalledWith(expect.objectContaining({ url: 'admin/audit', method: 'get', query: { entityType: 'listing', entityId: 3 } }));
  });
});

/**
 * `count` pending listings, each titled by its id, over a stub provider; with `approvedId`, its
 * approve call approves that listing and answers as the server does.
 */
function pendingQueue(count: number, approvedId?: number) {
  const rows: ListingRow[] = makeRows(count).map((row) => ({ ...row, status: 'Pending' }));
  return createStubProvider({
    rows,
    detailOf: (id) => makeDetail({ id, title: `Listing ${id}`, status: rows[id - 1].status }),
    custom: async ({ url }) => {
      if (approvedId === undefined || url !== `admin/listings/${approvedId}/approve`) return { data: [] };
      rows[approvedId - 1] = { ...rows[approvedId - 1], status: 'Approved' };
      return { data: { id: approvedId, status: 'Approved', message: 'Status updated to Approved successfully!' } };
    },
  });
}

describe('keyboard review queue', () => {
  it('walks past the first 100 pending listings: J from the 100th opens the 101st, K from there the 100th', async () => {
    // No search or order remembered from the list tests above: the queue walks the default order.
    sessionStorage.clear();
    const { provider, getList } = pendingQueue(250);
    const { router } = renderAt('/listings/100', provider);
    expect(await screen.findByRole('heading', { level: 2, name: 'Listing 100' })).toBeInTheDocument();
    expect(await screen.findByText('100 of 250 pending')).toBeInTheDocument();
    // The last of its page: the queue reads the next page too, and its first is read ahead.
    await waitFor(() =>
      expect(getList).toHaveBeenCalledWith(expect.objectContaining({ pagination: expect.objectContaining({ currentPage: 2, pageSize: 100 }) })),
    );

    await pressQueueKey(router, 'j', { heading: 'Listing 101', path: '/listings/101', position: '101 of 250 pending' });
    await pressQueueKey(router, 'k', { heading: 'Listing 100', path: '/listings/100', position: '100 of 250 pending' });
  });

  it('draws the listing J opens at once, not as an interruptible transition: the data router is asked for flushSync (decision 031)', async () => {
    sessionStorage.clear();
    const { provider } = pendingQueue(20);
    const { router } = renderAt('/listings/5', provider);
    expect(await screen.findByText('5 of 20 pending')).toBeInTheDocument();
    const navigate = vi.spyOn(router, 'navigate');
    await pressQueueKey(router, 'j', { heading: 'Listing 6', path: '/listings/6', position: '6 of 20 pending' });
    expect(navigate).toHaveBeenCalledWith('/listings/6', expect.objectContaining({ flushSync: true }));
  });

  it('approves the 100th by key and opens the 101st, which the decision moves up to 100th', async () => {
    sessionStorage.clear();
    const { provider, getList } = pendingQueue(250, 100);
    const { router } = renderAt('/listings/100', provider);
    expect(await screen.findByText('100 of 250 pending')).toBeInTheDocument();
    // The lists read again after the decision answer only once the 101st has opened, as over a network.
    let answerLists = () => undefined as void;
    const listsAnswered = new Promise<void>((resolve) => (answerLists = resolve));
    const readList = getList.getMockImplementation()!;
    getList.mockImplementation(async (params) => listsAnswered.then(() => readList(params)));
    await userEvent.keyboard('a');
    await waitFor(() => expect(router.state.location.pathname).toBe('/listings/101'));
    expect(await screen.findByText('101 of 250 pending')).toBeInTheDocument();
    answerLists();
    // Read again, the 101st is the last of page 1: the queue finds it there, and K opens the 99th.
    expect(await screen.findByText('100 of 249 pending')).toBeInTheDocument();
    await userEvent.keyboard('k');
    expect(await screen.findByRole('heading', { level: 2, name: 'Listing 99' })).toBeInTheDocument();
  });

  it('goes on from a listing decided with the mouse: J opens the one after it, not the top of the queue', async () => {
    sessionStorage.clear();
    const { provider } = pendingQueue(20, 5);
    const { router } = renderAt('/listings/5', provider);
    expect(await screen.findByText('5 of 20 pending')).toBeInTheDocument();
    await clickWhenSettled(screen.getByRole('button', { name: 'Approve Property' }));
    // Read again, the pending listings no longer hold it: the screen gives it no place among them.
    await waitFor(() => expect(screen.queryByText('5 of 20 pending')).toBeNull());
    await pressQueueKey(router, 'j', { heading: 'Listing 6', path: '/listings/6', position: '5 of 19 pending' });
    await pressQueueKey(router, 'k', { heading: 'Listing 4', path: '/listings/4', position: '4 of 19 pending' });
  });

  it('says so when A or D is pressed on a listing already decided, and asks the server nothing', async () => {
    const { provider, customCalls } = createStubProvider({ detail: makeDetail({ status: 'Declined' }) });
    renderAt('/listings/3', provider);
    await waitFor(() => expect(screen.getByRole('button', { name: 'Approve Property' })).toBeDisabled());
    await userEvent.keyboard('a');
    expect(await screen.findByText('No decision to make here now')).toBeInTheDocument();
    await userEvent.keyboard('d');
    expect(await screen.findByText('No decision to make here now')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(customCalls.mock.calls.filter(([{ url }]) => /approve|decline/.test(url))).toHaveLength(0);
  });

  it('keeps the page it moved to for the tab, and starts again at page 1 once the list is searched otherwise', async () => {
    sessionStorage.clear();
    const { provider } = pendingQueue(250);
    renderAt('/listings/101', provider);
    // 101 is not on page 1: the queue finds it on the page after, and moves there.
    expect(await screen.findByText('101 of 250 pending')).toBeInTheDocument();
    await waitFor(() => expect(JSON.parse(sessionStorage.getItem('hoy.reviewQueuePage.listings') ?? '{}')).toMatchObject({ page: 2 }));
    await userEvent.keyboard('j');
    expect(await screen.findByText('102 of 250 pending')).toBeInTheDocument();
    cleanup();

    // Another search on the list: the remembered page belonged to the old one.
    sessionStorage.setItem('hoy.listView.listings', JSON.stringify({ q: 'Listing' }));
    renderAt('/listings/250', provider);
    expect(await screen.findByRole('heading', { level: 2, name: 'Listing 250' })).toBeInTheDocument();
    await userEvent.keyboard('j');
    // Not on page 1 nor the page after it: J opens the top of page 1.
    expect(await screen.findByRole('heading', { level: 2, name: 'Listing 1' })).toBeInTheDocument();
  });
});

describe('status badge tones', () => {
  it('reads every listing, property, host and booking status, case-insensitively, and leaves unknown ones neutral', () => {
    expect(['Approved', 'confirmed', 'Completed'].map(toneOfStatus)).toEqual(['success', 'success', 'success']);
    expect(['Pending', 'Pending For Verification'].map(toneOfStatus)).toEqual(['warning', 'info']);
    expect(['Declined', 'Rejected', 'cancelled'].map(toneOfStatus)).toEqual(['error', 'error', 'error']);
    expect([undefined, null, 'Something else'].map(toneOfStatus)).toEqual(['neutral', 'neutral', 'neutral']);
  });
});
