import type { BaseRecord, DataProvider, GetListParams } from '@refinedev/core';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes, useLocation } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ActivityList } from '../../src/admin/pages/activity/list';
import type { ActivityRow } from '../../src/contracts/activity';
import type { Role } from '../../src/contracts/roles';
import { changeLanguage } from '../../src/i18n';
import { listingDeclineEvent } from './audit-events';
import { clickWhenSettled, renderAdmin, stubDataProvider } from './render-admin';

const LOAD = { timeout: 10_000 };

const ROWS: ActivityRow[] = [
  listingDeclineEvent('<img src=x onerror=alert(1)>', {
    id: 3,
    createdAt: '2026-11-01T09:02:00.000Z',
    administratorEmail: null,
    administratorName: null,
    entityId: 41,
  }),
  {
    id: 2,
    createdAt: '2026-11-01T09:01:00.000Z',
    administratorEmail: 'hodan@hoy.test',
    administratorName: 'Hodan',
    action: 'host.approve',
    entityType: 'host',
    entityId: 7,
    entityName: 'Mehmet Smith',
    reason: null,
    before: { statusHost: 'Pending' },
    after: { statusHost: 'Confirmed' },
  },
];

type StaffNamesAnswer = () => Promise<{ data: unknown }>;

/** The staff filter's choices: every member by name. */
const STAFF_NAMES: StaffNamesAnswer = async () => ({
  data: [
    { id: 4, name: 'Hodan' },
    { id: 9, name: 'Yusuf' },
  ],
});

function activityProvider({ rows = ROWS, staffNames = STAFF_NAMES }: { rows?: ActivityRow[]; staffNames?: StaffNamesAnswer } = {}) {
  const getList = vi.fn<(params: GetListParams) => Promise<{ data: BaseRecord[]; total: number }>>(async () => ({
    data: rows as unknown as BaseRecord[],
    total: 12,
  }));
  const custom = async ({ url }: { url: string }) => {
    if (url === 'admin/activity/staff') return staffNames();
    throw { statusCode: 404, message: 'unexpected' };
  };
  const dataProvider = stubDataProvider({ getList: getList as unknown as DataProvider['getList'], custom: custom as unknown as DataProvider['custom'] });
  return { dataProvider, getList };
}

function renderList({ role, rows, staffNames, path = '/activity' }: { role?: Role; rows?: ActivityRow[]; staffNames?: StaffNamesAnswer; path?: string } = {}) {
  const { dataProvider, getList } = activityProvider({ rows, staffNames });
  renderAdmin(<ActivityList />, { dataProvider, path, role });
  return getList;
}

function LocationProbe() {
  const location = useLocation();
  return <output data-testid="location">{decodeURIComponent(location.pathname + location.search)}</output>;
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
    // Named as a person reads it, with its kind and id.
    expect(within(approved).getByRole('link', { name: 'Mehmet Smith (Host #7)' })).toHaveAttribute('href', '/host-details/7');
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

  it("opens on a dashboard week's days from its address, keeps them with the other filters, and shows every date again", async () => {
    const getList = renderList({ path: '/activity?createdFrom=2026-10-26&createdTo=2026-11-01' });
    const range = [
      { field: 'createdFrom', operator: 'eq', value: '2026-10-26' },
      { field: 'createdTo', operator: 'eq', value: '2026-11-01' },
    ];
    await waitFor(() => expect(lastCall(getList).filters).toEqual(range), LOAD);
    expect(await screen.findByText('Created Oct 26, 2026 – Nov 1, 2026')).toBeInTheDocument();
    // Every call asked for the range: the list waited for the address's days rather than loading every date.
    expect(getList.mock.calls.every(([params]) => JSON.stringify(params.filters).includes('createdFrom'))).toBe(true);

    const kinds = screen.getByRole('radiogroup', { name: 'Filter activity by kind of record' });
    await userEvent.click(within(kinds).getByText('Listings'));
    await waitFor(() => expect(lastCall(getList).filters).toEqual([{ field: 'status', operator: 'eq', value: 'listing' }, ...range]));
    expect(lastCall(getList).pagination).toMatchObject({ currentPage: 1 });

    await clickWhenSettled(screen.getByRole('button', { name: 'Show every date' }));
    await waitFor(() => expect(lastCall(getList).filters).toEqual([{ field: 'status', operator: 'eq', value: 'listing' }]));
    expect(screen.queryByText(/^Created /)).toBeNull();
  });

  it("shows a week's days in Somali", async () => {
    await changeLanguage('so');
    renderList({ path: '/activity?createdFrom=2026-10-26&createdTo=2026-11-01' });
    expect(await screen.findByRole('button', { name: 'Muuji taariikh kasta' }, LOAD)).toBeInTheDocument();
    expect(screen.getByText(/^La sameeyay /)).toBeInTheDocument();
  });

  it('offers the Staff kind to an administrator', async () => {
    renderList({ role: 'administrator' });
    const kinds = await screen.findByRole('radiogroup', { name: 'Filter activity by kind of record' }, LOAD);
    expect(await within(kinds).findByRole('radio', { name: 'Staff' })).toBeInTheDocument();
  });

  it('shows a role that does not manage staff who acted by name, and no Staff kind to filter by (nor Promos without promos.read)', async () => {
    // The server leaves the e-mail out for such a role, and the entries about staff accounts.
    const byName = ROWS.map((row) => ({ ...row, administratorEmail: null }));
    renderList({ role: 'moderator', rows: byName });
    const kinds = await screen.findByRole('radiogroup', { name: 'Filter activity by kind of record' }, LOAD);
    await screen.findByRole('link', { name: 'Mehmet Smith (Host #7)' });
    const [, declined, approved] = screen.getAllByRole('row');
    expect(within(approved).getByText('Hodan')).toBeInTheDocument();
    expect(within(declined).getByText('an administrator no longer on record')).toBeInTheDocument();
    expect(within(kinds).getByRole('radio', { name: 'Properties' })).toBeInTheDocument();
    expect(within(kinds).queryByRole('radio', { name: 'Staff' })).toBeNull();
    // A Moderator may not read promos nor bookings: the server leaves their entries out, and so does the filter.
    expect(within(kinds).queryByRole('radio', { name: 'Promos' })).toBeNull();
    expect(within(kinds).queryByRole('radio', { name: 'Bookings' })).toBeNull();
    // All, Hosts, Guests (a moderator reads the guests), Listings and Properties.
    expect(within(kinds).getByRole('radio', { name: 'Guests' })).toBeInTheDocument();
    expect(within(kinds).getAllByRole('radio')).toHaveLength(5);
  });

  it('offers a Viewer (promos.read, no staff.manage) the Promos kind but not Staff', async () => {
    renderList({ role: 'viewer', rows: ROWS.map((row) => ({ ...row, administratorEmail: null })) });
    const kinds = await screen.findByRole('radiogroup', { name: 'Filter activity by kind of record' }, LOAD);
    expect(await within(kinds).findByRole('radio', { name: 'Promos' })).toBeInTheDocument();
    expect(within(kinds).queryByRole('radio', { name: 'Staff' })).toBeNull();
    // All, Hosts, Guests, Listings, Properties, Promos and Bookings (the viewer reads guests and bookings).
    expect(within(kinds).getByRole('radio', { name: 'Guests' })).toBeInTheDocument();
    expect(within(kinds).getAllByRole('radio')).toHaveLength(7);
  });

  it('speaks Somali', async () => {
    await changeLanguage('so');
    renderList();
    expect(await screen.findByRole('heading', { level: 2, name: 'Dhaqdhaqaaqa' }, LOAD)).toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: /Waqtiga/ })).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Liis #41' })).toBeInTheDocument();
    expect(screen.getByRole('radiogroup', { name: 'Ku kala shaandhee dhaqdhaqaaqa nooca diiwaanka' })).toBeInTheDocument();
  });

  it('says when the staff members cannot be loaded, and loads them again with Refresh', async () => {
    let isDown = true;
    const staffNames = vi.fn<StaffNamesAnswer>(async () => {
      if (isDown) throw { statusCode: 500, message: 'down' };
      return STAFF_NAMES();
    });
    renderList({ staffNames });
    expect(await screen.findByRole('alert', {}, LOAD)).toHaveTextContent('Failed to fetch staff members. Please try again.');
    // The list still shows, and the filter stands at all staff.
    expect(await screen.findByRole('link', { name: 'Listing #41' })).toBeInTheDocument();
    const filter = screen.getByRole('combobox', { name: 'Filter activity by staff member' });
    expect(within(filter.closest('.ant-select') as HTMLElement).getByTitle('All staff')).toBeInTheDocument();

    isDown = false;
    await clickWhenSettled(screen.getByRole('button', { name: 'Refresh' }));
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
    await userEvent.click(screen.getByRole('combobox', { name: 'Filter activity by staff member' }));
    expect(await screen.findByTitle('Yusuf')).toBeInTheDocument();
    expect(staffNames).toHaveBeenCalledTimes(2);
  });

  it('says in Somali when the staff members cannot be loaded', async () => {
    await changeLanguage('so');
    renderList({ staffNames: async () => Promise.reject({ statusCode: 500, message: 'down' }) });
    expect(await screen.findByRole('alert', {}, LOAD)).toHaveTextContent('Shaqaalaha lama soo qaadi karin. Fadlan isku day mar kale.');
  });

  it('keeps its search and staff member in the address on the way back from a record', async () => {
    const { dataProvider, getList } = activityProvider();
    const ui = (
      <>
        <Routes>
          <Route path="/activity" element={<ActivityList />} />
          <Route path="/listings/:id" element={<p>Listing page</p>} />
        </Routes>
        <LocationProbe />
      </>
    );
    const { router } = renderAdmin(ui, { dataProvider, path: '/activity' });
    const search = await screen.findByRole('searchbox', { name: 'Search by staff member, record name, action or reason...' }, LOAD);
    await userEvent.type(search, 'declined');
    await waitFor(() => expect(lastCall(getList).filters).toEqual([{ field: 'q', operator: 'contains', value: 'declined' }]));
    const filter = screen.getByRole('combobox', { name: 'Filter activity by staff member' });
    await userEvent.click(filter);
    await userEvent.click(await screen.findByTitle('Yusuf'));
    await waitFor(() => expect(lastCall(getList).filters).toEqual(expect.arrayContaining([{ field: 'staffId', operator: 'eq', value: '9' }])));
    const address = screen.getByTestId('location').textContent;

    await clickWhenSettled(screen.getByRole('link', { name: 'Listing #41' }));
    expect(await screen.findByText('Listing page')).toBeInTheDocument();
    await router.navigate(-1);

    expect(await screen.findByRole('searchbox', { name: 'Search by staff member, record name, action or reason...' }, LOAD)).toHaveValue('declined');
    await screen.findByRole('link', { name: 'Listing #41' });
    const filterAgain = screen.getByRole('combobox', { name: 'Filter activity by staff member' });
    await waitFor(() => expect(within(filterAgain.closest('.ant-select') as HTMLElement).getByTitle('Yusuf')).toBeInTheDocument());
    expect(screen.getByTestId('location').textContent).toBe(address);
    expect(lastCall(getList).filters).toEqual([
      { field: 'q', operator: 'contains', value: 'declined' },
      { field: 'staffId', operator: 'eq', value: '9' },
    ]);
  });
});
