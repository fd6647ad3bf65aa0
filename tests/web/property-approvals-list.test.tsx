import type { BaseRecord, CustomParams, DataProvider, GetListParams } from '@refinedev/core';
import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { PropertyApprovalRow } from '../../src/contracts/property-approvals';
import type { Role } from '../../src/contracts/roles';
import { PropertyApprovalList } from '../../src/admin/pages/property-approvals/list';
import { clickWhenSettled, renderAdmin, stubDataProvider } from './render-admin';

// Refine and antd are transformed on first use and the machine is shared: allow slow first renders.
configure({ asyncUtilTimeout: 10_000 });

const ROWS: PropertyApprovalRow[] = [
  { id: 5, title: 'Sunny Loft', address: '1 Market Street', hostName: 'Amina', status: 'pending', version: 3 },
  { id: 6, title: 'Quiet Villa', address: '2 Lido Road', hostName: 'Bashir', status: 'confirmed', version: 2 },
  { id: 7, title: 'Sea View Flat', address: '3 Beach Road', hostName: 'Cawo', status: 'declined', version: 2 },
];

type CustomHandler = (params: CustomParams) => Promise<{ data: unknown }>;
type ListHandler = (params: GetListParams) => Promise<{ data: BaseRecord[]; total: number }>;

function renderList({ rows = ROWS, custom, role }: { rows?: PropertyApprovalRow[]; custom?: CustomHandler; role?: Role } = {}) {
  const getList = vi.fn<ListHandler>(async () => ({ data: rows as unknown as BaseRecord[], total: rows.length }));
  const customCalls = vi.fn<CustomHandler>(custom ?? (async () => ({ data: {} })));
  const dataProvider = stubDataProvider({
    getList: getList as unknown as DataProvider['getList'],
    custom: customCalls as unknown as DataProvider['custom'],
  });
  renderAdmin(<PropertyApprovalList />, { dataProvider, path: '/property-approvals', role });
  return { getList, customCalls };
}

function rowOf(title: string): HTMLElement {
  return screen.getByText(title).closest('tr') as HTMLElement;
}

describe('Property Approvals', () => {
  it.each(['support', 'viewer'] as const)('shows a %s member the pending row waiting, without Approve or Decline', async (role) => {
    renderList({ role });
    expect(await screen.findByText('Awaiting a decision')).toBeInTheDocument();
    expect(within(rowOf('Sunny Loft')).queryByRole('button')).toBeNull();
  });

  it('links each title to its listing’s page, where the property’s notes and history are', async () => {
    renderList();
    expect(await screen.findByRole('link', { name: 'Sunny Loft' })).toHaveAttribute('href', '/listings/5');
    expect(screen.getByRole('link', { name: 'Sea View Flat' })).toHaveAttribute('href', '/listings/7');
  });

  it('gives a moderator Approve and Decline on the pending row', async () => {
    renderList({ role: 'moderator' });
    expect(await screen.findByRole('button', { name: 'Approve Sunny Loft' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Decline Sunny Loft' })).toBeEnabled();
  });

  it('asks for 8 a page and offers decisions only on pending rows', async () => {
    const { getList } = renderList();
    await screen.findByText('Sunny Loft');
    expect(getList.mock.calls[0]?.[0].pagination).toMatchObject({ currentPage: 1, pageSize: 8 });
    expect(within(rowOf('Sunny Loft')).getByRole('button', { name: 'Approve Sunny Loft' })).toBeEnabled();
    expect(within(rowOf('Sunny Loft')).getByRole('button', { name: 'Decline Sunny Loft' })).toBeEnabled();
    expect(within(rowOf('Quiet Villa')).getByText('Already Confirmed')).toBeInTheDocument();
    expect(within(rowOf('Sea View Flat')).getByText('Already Declined')).toBeInTheDocument();
    expect(within(rowOf('Quiet Villa')).queryByRole('button')).toBeNull();
    expect(screen.getByRole('searchbox', { name: 'Search by title, address, or host...' })).toBeInTheDocument();
  });

  it('sorts title, address, host and status on the server, a second click flipping the order', async () => {
    const { getList } = renderList();
    await screen.findByText('Sunny Loft');
    for (const [header, field] of [
      ['Title', 'title'],
      ['Address', 'address'],
      ['Host', 'hostName'],
      ['Status', 'status'],
    ] as const) {
      await clickWhenSettled(screen.getByRole('columnheader', { name: header }));
      await waitFor(() => expect(getList.mock.calls.at(-1)?.[0].sorters).toEqual([{ field, order: 'asc' }]));
      await clickWhenSettled(screen.getByRole('columnheader', { name: header }));
      await waitFor(() => expect(getList.mock.calls.at(-1)?.[0].sorters).toEqual([{ field, order: 'desc' }]));
    }
    await clickWhenSettled(screen.getByRole('columnheader', { name: 'Status' }));
    await waitFor(() => expect(getList.mock.calls.at(-1)?.[0].sorters).toEqual([{ field: 'status', order: 'asc' }]));
  });

  it("approves with the row's version and shows the success message", async () => {
    const { customCalls } = renderList({
      custom: async () => ({ data: { ...ROWS[0], status: 'confirmed', version: 4, message: 'Status updated to confirmed successfully!' } }),
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Approve Sunny Loft' }));
    expect(customCalls).toHaveBeenCalledWith(expect.objectContaining({ url: 'admin/property-approvals/5/approve', method: 'post', payload: { version: 3 } }));
    expect(await screen.findByText('Status updated to Confirmed successfully!')).toBeInTheDocument();
  });

  it("shows the server's 409 message and reloads the page of rows", async () => {
    const { getList } = renderList({
      custom: async () => {
        throw { statusCode: 409, message: 'This property was already confirmed by someone else.' };
      },
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Decline Sunny Loft' }));
    expect(await screen.findByText('This property was already confirmed by someone else.')).toBeInTheDocument();
    await waitFor(() => expect(getList.mock.calls.length).toBeGreaterThanOrEqual(2));
  });

  it('says "No properties found" when nothing matches', async () => {
    renderList({ rows: [] });
    expect(await screen.findByText('No properties found')).toBeInTheDocument();
  });
});
