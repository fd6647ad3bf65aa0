import type { BaseRecord, CustomParams, DataProvider, GetListParams, GetOneParams } from '@refinedev/core';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import WebhookDeliveryList from '../../src/admin/pages/webhook-deliveries/list';
import type { DeliveryDetail, WebhookDelivery } from '../../src/contracts/webhooks';
import { changeLanguage } from '../../src/i18n';
import { clickWhenSettled, renderAdmin, stubDataProvider } from './render-admin';

const LOAD = { timeout: 10_000 };

const delivery = (id: number, status: WebhookDelivery['status'], overrides: Partial<WebhookDelivery> = {}): WebhookDelivery => ({
  id,
  eventId: `0190a0b0-0000-7000-8000-00000000000${id}`,
  eventType: 'host.verified',
  endpointId: '5b8f0c1e-1111-4222-8333-444455556666',
  endpointUrl: 'https://market.example/hooks',
  status,
  attempts: 0,
  nextAttemptAt: null,
  lastError: null,
  lastStatusCode: null,
  deliveredAt: null,
  createdAt: '2026-03-01T10:00:00.000Z',
  ...overrides,
});

const ROWS: WebhookDelivery[] = [
  delivery(1, 'pending', { attempts: 2, lastError: 'connect ECONNREFUSED', nextAttemptAt: '2026-03-01T10:05:00.000Z' }),
  delivery(2, 'delivering', { eventType: 'listing.approved' }),
  delivery(3, 'delivered', { eventType: 'property.confirmed', attempts: 1, deliveredAt: '2026-03-01T10:00:02.000Z' }),
  delivery(4, 'dead', { eventType: 'host.declined', attempts: 8, lastError: 'HTTP 500: upstream down', lastStatusCode: 500 }),
];

const DETAIL: DeliveryDetail = {
  delivery: ROWS[3]!,
  event: {
    id: ROWS[3]!.eventId,
    type: 'host.declined',
    idempotencyKey: 'host.declined:42:7',
    payload: { hostId: 42, reason: '<b>x</b>' },
    createdAt: '2026-03-01T10:00:00.000Z',
  },
  attempts: [
    { at: '2026-03-01T11:00:07.000Z', durationMs: 312, statusCode: 500, error: 'upstream down', isDelivered: false },
    { at: '2026-03-01T10:59:40.000Z', durationMs: 10_000, statusCode: null, error: 'timed out after 10 s', isDelivered: false },
  ],
};

/** The Deliveries screen over a stand-in data provider: the four rows, delivery 4's detail, and `custom` recording Retry now. */
function renderDeliveries() {
  const getList = vi.fn<(params: GetListParams) => Promise<{ data: BaseRecord[]; total: number }>>(async () => ({
    data: ROWS as unknown as BaseRecord[],
    total: ROWS.length,
  }));
  const getOne = vi.fn<(params: GetOneParams) => Promise<{ data: BaseRecord }>>(async () => ({ data: DETAIL as unknown as BaseRecord }));
  const custom = vi.fn<(params: CustomParams) => Promise<{ data: unknown }>>(async () => ({ data: { ...ROWS[0], status: 'pending' } }));
  const dataProvider = stubDataProvider({
    getList: getList as unknown as DataProvider['getList'],
    getOne: getOne as unknown as DataProvider['getOne'],
    custom: custom as unknown as DataProvider['custom'],
  });
  renderAdmin(<WebhookDeliveryList />, { dataProvider, path: '/webhook-deliveries', role: 'administrator' });
  return { getList, getOne, custom };
}

const rowOf = (id: number) => screen.getByRole('button', { name: new RegExp(`^Details of delivery ${id},`) }).closest('tr') as HTMLElement;

beforeEach(async () => {
  await changeLanguage('en');
});

describe('Webhook deliveries', () => {
  it('shows each delivery with its event, status in words, attempts and last error', async () => {
    const { getList } = renderDeliveries();
    expect(await screen.findByRole('heading', { level: 2, name: 'Webhook deliveries' }, LOAD)).toBeInTheDocument();
    await screen.findByText('listing.approved');
    expect(getList.mock.calls[0]?.[0]).toMatchObject({ resource: 'webhook-deliveries', pagination: { currentPage: 1, pageSize: 20 }, filters: [] });
    for (const header of ['Created', 'Event', 'Endpoint', 'Status', 'Attempts', 'Last error', 'Actions']) {
      expect(screen.getByRole('columnheader', { name: header })).toBeInTheDocument();
    }
    expect(within(rowOf(1)).getByText('Pending')).toBeInTheDocument();
    expect(within(rowOf(1)).getByText('connect ECONNREFUSED')).toBeInTheDocument();
    expect(within(rowOf(2)).getByText('Delivering')).toBeInTheDocument();
    expect(within(rowOf(3)).getByText('Delivered')).toBeInTheDocument();
    expect(within(rowOf(4)).getByText('Failed for good')).toBeInTheDocument();
    expect(within(rowOf(4)).getByText('8')).toBeInTheDocument();
  });

  it('asks the data provider for the status chosen in the filter, and for all again', async () => {
    const { getList } = renderDeliveries();
    await screen.findByText('listing.approved', {}, LOAD);
    await userEvent.click(screen.getByRole('combobox', { name: 'Delivery status' }));
    await userEvent.click(await screen.findByTitle('Failed for good'));
    await waitFor(() => expect(getList.mock.calls.at(-1)?.[0].filters).toEqual([{ field: 'status', operator: 'eq', value: 'dead' }]));
    expect(getList.mock.calls.at(-1)?.[0].pagination).toMatchObject({ currentPage: 1 });
    await userEvent.click(screen.getByRole('combobox', { name: 'Delivery status' }));
    await userEvent.click(await screen.findByTitle('All statuses'));
    await waitFor(() => expect(getList.mock.calls.at(-1)?.[0].filters).toEqual([]));
  });

  it('offers Retry now only for a pending or dead delivery, and posts it to the delivery’s retry call', async () => {
    const { custom } = renderDeliveries();
    await screen.findByText('listing.approved', {}, LOAD);
    expect(within(rowOf(1)).getByRole('button', { name: 'Retry now' })).toBeInTheDocument();
    expect(within(rowOf(2)).queryByRole('button', { name: 'Retry now' })).toBeNull();
    expect(within(rowOf(3)).queryByRole('button', { name: 'Retry now' })).toBeNull();
    await clickWhenSettled(within(rowOf(4)).getByRole('button', { name: 'Retry now' }));
    await waitFor(() => expect(custom).toHaveBeenCalledTimes(1));
    expect(custom.mock.calls[0]?.[0]).toMatchObject({ url: 'admin/webhook-deliveries/4/retry', method: 'post' });
    expect(await screen.findByText('The delivery will be tried again now.')).toBeInTheDocument();
  });

  it('opens a delivery from the keyboard: its event, ids, attempts, and its payload as literal text', async () => {
    const { getOne } = renderDeliveries();
    await screen.findByText('listing.approved', {}, LOAD);
    within(rowOf(4)).getByRole('button', { name: 'Details of delivery 4, host.declined' }).focus();
    await userEvent.keyboard('{Enter}');
    const drawer = await screen.findByRole('dialog', { name: 'Delivery 4' });
    await waitFor(() => expect(getOne).toHaveBeenCalledWith(expect.objectContaining({ resource: 'webhook-deliveries', id: 4 })));
    expect(await within(drawer).findByText('host.declined:42:7')).toBeInTheDocument();
    expect(within(drawer).getByText(DETAIL.event.id)).toBeInTheDocument();
    expect(within(drawer).getByText('Failed for good')).toBeInTheDocument();

    // The payload is shown as the JSON it is: "<b>x</b>" stays characters, no <b> element is made.
    const payload = within(drawer).getByRole('region', { name: 'Payload' });
    expect(payload.querySelector('pre')?.textContent).toBe(JSON.stringify(DETAIL.event.payload, null, 2));
    expect(within(payload).getByText(/"reason": "<b>x<\/b>"/)).toBeInTheDocument();
    expect(drawer.querySelector('b')).toBeNull();

    const attempts = within(drawer).getByRole('region', { name: 'Attempts' });
    const [, first, second] = within(attempts).getAllByRole('row');
    expect(first).toHaveTextContent('HTTP 500 · upstream down');
    expect(first).toHaveTextContent('312 ms');
    expect(second).toHaveTextContent('timed out after 10 s');
    expect(second).toHaveTextContent('10000 ms');

    await userEvent.click(within(drawer).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Delivery 4' })).toBeNull());
  });

  it('reads in Somali', async () => {
    await changeLanguage('so');
    renderDeliveries();
    expect(await screen.findByRole('heading', { level: 2, name: 'Gaarsiinta webhook-yada' }, LOAD)).toBeInTheDocument();
    await screen.findByText('listing.approved');
    await clickWhenSettled(screen.getByRole('button', { name: 'Faahfaahin: gaarsiinta 4, host.declined' }));
    const drawer = await screen.findByRole('dialog', { name: 'Gaarsiinta 4' });
    expect(await within(drawer).findByRole('region', { name: 'Xogta dhacdada' })).toBeInTheDocument();
    expect(within(drawer).getByRole('region', { name: 'Isku dayo' })).toBeInTheDocument();
  });
});
