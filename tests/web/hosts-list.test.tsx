import type { BaseRecord, DataProvider, GetListParams } from '@refinedev/core';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { HostsList } from '../../src/admin/pages/hosts/list';
import type { HostListItem, HostSummary } from '../../src/contracts/hosts';
import { changeLanguage } from '../../src/i18n';
import type { Role } from '../../src/contracts/roles';
import { clickWhenSettled, renderAdmin, stubDataProvider } from './render-admin';

const LOAD = { timeout: 10_000 };

function host(userId: number, values: Partial<HostListItem> = {}): HostListItem {
  return { userId, name: `Host ${userId}`, email: `host${userId}@hoy.test`, statusHost: 'Pending', numberOfProperties: 2, suspendedAt: null, ...values };
}

type Answer = { rows: HostListItem[]; total: number } | { error: { statusCode: number; message: string } };

const TICKET = 'T'.repeat(43);

/** A data provider that answers from the test's rows and records every list call; `ticketRefusal` turns export tickets down. */
function fakeProvider(answer: () => Answer, summary: HostSummary, ticketRefusal?: () => { statusCode: number; message: string; reason?: string }) {
  const getList = vi.fn<(params: GetListParams) => Promise<{ data: BaseRecord[]; total: number }>>(async (params) => {
    const current = answer();
    if ('error' in current) throw current.error;
    void params;
    return { data: current.rows as unknown as BaseRecord[], total: current.total };
  });
  const custom = vi.fn<(params: { url: string; query?: Record<string, unknown> }) => Promise<{ data: BaseRecord }>>(async ({ url }) => {
    if (url.endsWith('summary')) return { data: summary as unknown as BaseRecord };
    if (url === 'admin/exports') {
      if (ticketRefusal) throw ticketRefusal();
      return { data: { url: `/api/admin/exports/${TICKET}`, expiresAt: '2026-11-01T09:01:00.000Z' } };
    }
    throw { statusCode: 404, message: 'unexpected' };
  });
  const provider = stubDataProvider({
    getList: getList as unknown as DataProvider['getList'],
    custom: custom as unknown as DataProvider['custom'],
  });
  return { provider, getList, custom };
}

function renderList(dataProvider: DataProvider, path = '/hosts', role?: Role) {
  return renderAdmin(<HostsList />, { dataProvider, path, role }).router;
}

const lastCall = (getList: { mock: { calls: unknown[][] } }) => getList.mock.calls.at(-1)?.[0] as GetListParams;
const statusOf = (params: GetListParams) => params.filters?.find((filter) => 'field' in filter && filter.field === 'status')?.value;

const SUMMARY: HostSummary = { total: 20, approved: 5, pending: 12, rejected: 3 };

beforeEach(async () => {
  await changeLanguage('en');
});

describe('Hosts Management list', () => {
  it('offers Export CSV to a role that exports, and not to a viewer', async () => {
    const rows = [host(1, { name: 'Amina Warsame' })];
    const viewer = fakeProvider(() => ({ rows, total: 1 }), SUMMARY);
    const first = renderAdmin(<HostsList />, { dataProvider: viewer.provider, path: '/hosts', role: 'viewer' });
    expect(await screen.findByRole('link', { name: 'Amina Warsame' }, LOAD)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Refresh/ })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Export CSV/ })).toBeNull();
    first.unmount();
    const support = fakeProvider(() => ({ rows, total: 1 }), SUMMARY);
    renderList(support.provider, '/hosts', 'support');
    expect(await screen.findByRole('button', { name: /Export CSV/ }, LOAD)).toBeInTheDocument();
  });

  it('shows the title, the count cards, the rows with their fallbacks and the pagination summary', async () => {
    const rows = [
      host(1, { name: 'Amina Warsame', statusHost: 'Confirmed', numberOfProperties: 1 }),
      host(2, { name: '', email: null, numberOfProperties: 3 }),
      ...Array.from({ length: 6 }, (_, index) => host(index + 3)),
    ];
    const { provider, getList } = fakeProvider(() => ({ rows, total: 20 }), SUMMARY);
    renderList(provider);

    expect(await screen.findByRole('heading', { level: 2, name: 'Hosts Management' }, LOAD)).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Amina Warsame' })).toHaveAttribute('href', '/host-details/1');
    expect(screen.getByRole('link', { name: 'Unknown Host' })).toHaveAttribute('href', '/host-details/2');
    expect(screen.getByText('No email')).toBeInTheDocument();
    expect(screen.getByText('1 property')).toBeInTheDocument();
    expect(screen.getByText('3 properties')).toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: /^View Details/ })).toHaveLength(8);
    for (const header of ['Name', 'Status', 'Email', 'Properties', 'Actions']) {
      expect(screen.getByRole('columnheader', { name: new RegExp(header) })).toBeInTheDocument();
    }
    const cards = await screen.findByRole('region', { name: 'Host counts' });
    expect(within(cards).getByText('Total Hosts')).toBeInTheDocument();
    expect(within(cards).getByText('12')).toBeInTheDocument();
    expect(screen.getByText('Showing 1 to 8 of 20 results')).toBeInTheDocument();
    expect(lastCall(getList).pagination).toMatchObject({ currentPage: 1, pageSize: 8 });
  });

  it('shows the empty state for a system without hosts, and no count cards', async () => {
    const { provider } = fakeProvider(() => ({ rows: [], total: 0 }), { total: 0, approved: 0, pending: 0, rejected: 0 });
    renderList(provider);
    expect(await screen.findByText('No hosts found', {}, LOAD)).toBeInTheDocument();
    expect(screen.getByText('There are no hosts in the system yet.')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Host counts' })).toBeNull();
  });

  it('filters by status from page 1, and words the empty state for a filtered list', async () => {
    let rows = Array.from({ length: 8 }, (_, index) => host(index + 1));
    const { provider, getList } = fakeProvider(() => ({ rows, total: 30 }), SUMMARY);
    const router = renderList(provider);
    await screen.findByText('Showing 1 to 8 of 30 results', {}, LOAD);
    await userEvent.click(screen.getByRole('button', { name: '3' }));
    await waitFor(() => expect(lastCall(getList).pagination?.currentPage).toBe(3));

    rows = [];
    await userEvent.click(screen.getByRole('radio', { name: 'Rejected' }).closest('label') as HTMLElement);
    await waitFor(() => expect(statusOf(lastCall(getList))).toBe('Rejected'));
    expect(lastCall(getList).pagination?.currentPage).toBe(1);
    expect(screen.getByRole('radio', { name: 'Rejected' })).toBeChecked();
    expect(await screen.findByText('No hosts match your search criteria.')).toBeInTheDocument();
    expect(router.state.location.search).toContain('Rejected');

    await userEvent.click(screen.getByRole('radio', { name: 'All' }).closest('label') as HTMLElement);
    await waitFor(() => expect(statusOf(lastCall(getList))).toBeUndefined());
  });

  it('searches after typing pauses and goes back to page 1', async () => {
    const { provider, getList } = fakeProvider(() => ({ rows: [host(1)], total: 30 }), SUMMARY);
    renderList(provider, '/hosts?currentPage=2');
    const search = await screen.findByRole('searchbox', { name: 'Search hosts...' }, LOAD);
    await waitFor(() => expect(lastCall(getList).pagination?.currentPage).toBe(2));
    await userEvent.type(search, 'amina');
    await waitFor(() => {
      const params = lastCall(getList);
      expect(params.filters?.find((filter) => 'field' in filter && filter.field === 'q')?.value).toBe('amina');
      expect(params.pagination?.currentPage).toBe(1);
    });
  });

  it('reads a plain status filter from the URL (the dashboard links)', async () => {
    const { provider, getList } = fakeProvider(() => ({ rows: [host(1)], total: 1 }), SUMMARY);
    renderList(provider, '/hosts?status=Pending');
    await screen.findByRole('heading', { name: 'Hosts Management' }, LOAD);
    await waitFor(() => expect(getList).toHaveBeenCalled());
    expect(getList.mock.calls.every(([params]) => statusOf(params as GetListParams) === 'Pending')).toBe(true);
    expect(screen.getByRole('radio', { name: 'Pending' })).toBeChecked();
  });

  it('sorts by a column and toggles between ascending and descending', async () => {
    const { provider, getList } = fakeProvider(() => ({ rows: [host(1)], total: 1 }), SUMMARY);
    renderList(provider);
    const header = await screen.findByRole('columnheader', { name: /Properties/ }, LOAD);
    await clickWhenSettled(header);
    await waitFor(() => expect(lastCall(getList).sorters).toEqual([{ field: 'numberOfProperties', order: 'asc' }]));
    await clickWhenSettled(header);
    await waitFor(() => expect(lastCall(getList).sorters).toEqual([{ field: 'numberOfProperties', order: 'desc' }]));
    await clickWhenSettled(header);
    await waitFor(() => expect(lastCall(getList).sorters).toEqual([{ field: 'numberOfProperties', order: 'asc' }]));
  });

  it.each([
    [500, 'Failed to fetch hosts. Please try again.'],
    [404, 'No hosts found.'],
  ])('shows the documented text when the list answers %i', async (statusCode, text) => {
    const { provider } = fakeProvider(() => ({ error: { statusCode, message: 'boom' } }), SUMMARY);
    renderList(provider);
    expect(await screen.findByText(text, {}, LOAD)).toBeInTheDocument();
  });

  it('refreshes with "Refreshing..." and reports a failed refresh', async () => {
    let isFailing = false;
    const { provider } = fakeProvider(() => (isFailing ? { error: { statusCode: 500, message: 'boom' } } : { rows: [host(1)], total: 1 }), SUMMARY);
    renderList(provider);
    await screen.findByRole('link', { name: 'Host 1' }, LOAD);
    isFailing = true;
    await userEvent.click(screen.getByRole('button', { name: 'Refresh' }));
    expect(await screen.findByText('Failed to refresh hosts. Please try again.')).toBeInTheDocument();
  });

  it('exports the filtered hosts through a download ticket: the browser downloads its URL, the page fetches no CSV', async () => {
    const clicked: HTMLAnchorElement[] = [];
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this);
    });
    const { provider, custom } = fakeProvider(() => ({ rows: [host(1)], total: 1 }), SUMMARY);
    renderList(provider, '/hosts?status=Confirmed');
    await screen.findByRole('link', { name: 'Host 1' }, LOAD);
    await userEvent.click(screen.getByRole('button', { name: /Export CSV/ }));
    await waitFor(() => expect(click).toHaveBeenCalled());
    expect(custom).toHaveBeenCalledWith(
      expect.objectContaining({ url: 'admin/exports', method: 'post', payload: { path: '/api/admin/hosts', query: { status: 'Confirmed' } } }),
    );
    expect(custom.mock.calls.some(([params]) => params.query?.format === 'csv')).toBe(false);
    expect(clicked).toHaveLength(1);
    expect(clicked[0].getAttribute('href')).toBe(`/api/admin/exports/${TICKET}`);
    expect(clicked[0].download).toBe('hosts.csv');
    expect(clicked[0].rel).toBe('noreferrer');
    expect(clicked[0].isConnected).toBe(false);
    expect(screen.queryByRole('alert')).toBeNull();
    click.mockRestore();
  });

  it('says another export is in progress, in English and Somali, when the server is busy, and that the export failed otherwise', async () => {
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    let refusal: { statusCode: number; message: string; reason?: string } = { statusCode: 503, message: 'busy', reason: 'exports-busy' };
    const { provider } = fakeProvider(
      () => ({ rows: [host(1)], total: 1 }),
      SUMMARY,
      () => refusal,
    );
    renderList(provider);
    await screen.findByRole('link', { name: 'Host 1' }, LOAD);
    await userEvent.click(screen.getByRole('button', { name: /Export CSV/ }));
    expect(await screen.findByText('Another export is in progress. Please try again in a few seconds.')).toBeInTheDocument();
    await act(() => changeLanguage('so'));
    expect(await screen.findByText('Soo dejin kale ayaa socota. Fadlan isku day mar kale dhowr ilbiriqsi kadib.')).toBeInTheDocument();
    await act(() => changeLanguage('en'));
    refusal = { statusCode: 500, message: 'boom' };
    await userEvent.click(screen.getByRole('button', { name: /Export CSV/ }));
    expect(await screen.findByText('Failed to export hosts. Please try again.')).toBeInTheDocument();
    expect(click).not.toHaveBeenCalled();
    click.mockRestore();
  });

  it('speaks Somali when the language is switched', async () => {
    const { provider } = fakeProvider(() => ({ rows: [host(1, { numberOfProperties: 1 })], total: 1 }), SUMMARY);
    renderList(provider);
    await screen.findByRole('heading', { name: 'Hosts Management' }, LOAD);
    await act(() => changeLanguage('so'));
    expect(await screen.findByRole('heading', { name: 'Maaraynta Martigeliyayaasha' })).toBeInTheDocument();
    expect(screen.getByRole('searchbox', { name: 'Raadi martigeliyayaal...' })).toBeInTheDocument();
  });
});
