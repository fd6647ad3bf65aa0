// Selection and batch decisions on a list that declares them (src/admin/list/, decision 027), shown
// on Property Approvals: checkboxes only for a role that decides, "select all N that match" sent as
// the list's search and filter, a dialog that counts, and the per-row summary with Undo.
import type { BaseRecord, CustomParams, DataProvider } from '@refinedev/core';
import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { BatchResult } from '../../src/contracts/batch-decisions';
import type { PropertyApprovalRow } from '../../src/contracts/property-approvals';
import type { Role } from '../../src/contracts/roles';
import { isOwnChange, OWN_CHANGE_MS } from '../../src/admin/live/own-changes';
import { PropertyApprovalList } from '../../src/admin/pages/property-approvals/list';
import { clickWhenSettled, renderAdmin, stubDataProvider } from './render-admin';

configure({ asyncUtilTimeout: 10_000 });

const ROWS: PropertyApprovalRow[] = Array.from({ length: 8 }, (_, index) => ({
  id: index + 1,
  title: `Pending house ${index + 1}`,
  address: `${index + 1} Lido Road`,
  hostName: 'Amina',
  status: 'pending',
  version: 1,
}));

type CustomHandler = (params: CustomParams) => Promise<{ data: unknown }>;

function renderList(role: Role, answer?: (params: CustomParams) => BatchResult, rows: PropertyApprovalRow[] = ROWS) {
  const custom = vi.fn<CustomHandler>(async (params) => ({ data: answer ? answer(params) : {} }));
  const dataProvider = stubDataProvider({
    getList: (async () => ({ data: rows as unknown as BaseRecord[], total: 30 })) as unknown as DataProvider['getList'],
    custom: custom as unknown as DataProvider['custom'],
  });
  renderAdmin(<PropertyApprovalList />, { dataProvider, path: '/property-approvals?status=pending', role });
  return custom;
}

describe('batch decisions on a list', () => {
  it.each(['support', 'viewer'] as const)('gives a %s member no checkboxes and no batch buttons', async (role) => {
    renderList(role);
    await screen.findByText('Pending house 1');
    expect(screen.queryByRole('checkbox')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Decline selection' })).toBeNull();
  });

  it('selects all 30 that match, declines them with one reason after a dialog that counts, and sums up the answer per row', async () => {
    const custom = renderList('moderator', () => ({
      changed: 28,
      results: [
        ...Array.from({ length: 28 }, (_, index) => ({ id: index + 1, outcome: 'decided' as const, status: 'declined', by: null })),
        { id: 29, outcome: 'alreadyDecided', status: 'confirmed', by: 'Hodan' },
        { id: 30, outcome: 'alreadyDecided', status: 'confirmed', by: 'Hodan' },
      ],
    }));
    await screen.findByRole('checkbox', { name: 'Select Pending house 1' });
    expect(screen.getByRole('button', { name: 'Decline selection' })).toBeDisabled();
    await clickWhenSettled(screen.getByRole('checkbox', { name: 'Select every row on this page' }));
    expect(screen.getByText('8 selected')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Select all 30 that match' }));
    expect(screen.getByText('30 selected')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Decline selection' }));
    const dialog = await screen.findByRole('dialog', { name: 'Decline 30 records?' });
    await userEvent.type(within(dialog).getByRole('textbox', { name: /Why are they declined/ }), 'No photos');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Decline 30' }));

    expect(await screen.findByText('28 declined; 2 already approved by Hodan, skipped')).toBeInTheDocument();
    const call = custom.mock.calls.find(([params]) => params.url === 'admin/property-approvals/decisions')?.[0];
    expect(call?.method).toBe('post');
    // "All that match" is the list's search and filter, resolved by the server, not ids.
    expect(call?.payload).toEqual({ decision: 'decline', reason: 'No photos', match: { status: 'pending' } });
    expect(screen.getByRole('button', { name: 'Undo' })).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('30 selected')).toBeNull());
  });

  it('offers no checkbox on a row already decided, and "every row on this page" takes only the rows awaiting a decision', async () => {
    const rows = ROWS.map((row, index) =>
      index < 2 ? { ...row, title: `Decided house ${index + 1}`, status: index === 0 ? ('confirmed' as const) : ('declined' as const) } : row,
    );
    const custom = renderList('moderator', () => ({ changed: 6, results: [] }), rows);
    await screen.findByRole('checkbox', { name: 'Select Pending house 3' });
    expect(screen.getByText('Decided house 1')).toBeInTheDocument();
    expect(screen.getByText('Decided house 2')).toBeInTheDocument();
    expect(screen.queryByRole('checkbox', { name: /Decided house/ })).toBeNull();
    await clickWhenSettled(screen.getByRole('checkbox', { name: 'Select every row on this page' }));
    expect(screen.getByText('6 selected')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Approve selection' }));
    const dialog = await screen.findByRole('dialog', { name: 'Approve 6 records?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Approve 6' }));
    await waitFor(() => expect(custom.mock.calls.at(-1)?.[0].payload).toEqual({ decision: 'approve', ids: [3, 4, 5, 6, 7, 8] }));
  });

  it('sends the ids of the rows ticked one by one, and Undo sends back those the batch changed', async () => {
    const custom = renderList('moderator', (params) =>
      params.url.endsWith('/undo')
        ? { changed: 1, results: [{ id: 2, outcome: 'undone', status: 'pending', by: null }] }
        : {
            changed: 1,
            results: [
              { id: 2, outcome: 'decided', status: 'confirmed', by: null },
              { id: 3, outcome: 'notFound', status: null, by: null },
            ],
          },
    );
    await clickWhenSettled(await screen.findByRole('checkbox', { name: 'Select Pending house 2' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select Pending house 3' }));
    await userEvent.click(screen.getByRole('button', { name: 'Approve selection' }));
    const dialog = await screen.findByRole('dialog', { name: 'Approve 2 records?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Approve 2' }));
    expect(await screen.findByText('1 approved; 1 no longer exist, skipped')).toBeInTheDocument();
    expect(custom.mock.calls.at(-1)?.[0].payload).toEqual({ decision: 'approve', ids: [2, 3] });
    await userEvent.click(screen.getByRole('button', { name: 'Undo' }));
    expect(await screen.findByText('1 undone')).toBeInTheDocument();
    expect(custom.mock.calls.at(-1)?.[0]).toMatchObject({ url: 'admin/property-approvals/decisions/undo', payload: { ids: [2] } });
  });

  it("marks the batch's rows and its undo's as this tab's own change, so their record screens do not call it someone else's", async () => {
    renderList('moderator', (params) =>
      params.url.endsWith('/undo')
        ? { changed: 1, results: [{ id: 6, outcome: 'undone', status: 'pending', by: null }] }
        : { changed: 2, results: [6, 7].map((id) => ({ id, outcome: 'decided' as const, status: 'confirmed', by: null })) },
    );
    await clickWhenSettled(await screen.findByRole('checkbox', { name: 'Select Pending house 6' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select Pending house 7' }));
    // Marks are the tab's (other tests here mark rows too): each is read as of OWN_CHANGE_MS after
    // `from`, when only a mark made since `from` still holds.
    const heldSince = (from: number, id: number) => isOwnChange('listing', id, from + OWN_CHANGE_MS);
    await new Promise((resolve) => setTimeout(resolve, 5));
    const sentAt = Date.now();
    await userEvent.click(screen.getByRole('button', { name: 'Approve selection' }));
    await userEvent.click(within(await screen.findByRole('dialog', { name: 'Approve 2 records?' })).getByRole('button', { name: 'Approve 2' }));
    expect(await screen.findByText('2 approved')).toBeInTheDocument();
    // A property's screen is the listing's: the marks are the listing screen's.
    expect([heldSince(sentAt, 6), heldSince(sentAt, 7), heldSince(sentAt, 8)]).toEqual([true, true, false]);

    await new Promise((resolve) => setTimeout(resolve, 5));
    const undoneAt = Date.now();
    await userEvent.click(screen.getByRole('button', { name: 'Undo' }));
    expect(await screen.findByText('1 undone')).toBeInTheDocument();
    // Marked again by the undo.
    expect(heldSince(undoneAt, 6)).toBe(true);
  });
});
