import type { BaseRecord, CustomParams, DataProvider, GetListParams } from '@refinedev/core';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useEffect } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { WebhookEndpointList } from '../../src/admin/pages/webhook-deliveries/endpoints';
import { WEBHOOK_EVENT_TYPES, WEBHOOK_MESSAGES, type CreatedEndpoint, type WebhookEndpoint } from '../../src/contracts/webhooks';
import { changeLanguage } from '../../src/i18n';
import { clickWhenSettled, renderAdmin, stubDataProvider } from './render-admin';

const LOAD = { timeout: 10_000 };
const SECRET = 'whsec_c2VjcmV0LXNob3duLW9uY2Utb25seQ';

const endpoint = (id: string, url: string, overrides: Partial<WebhookEndpoint> = {}): WebhookEndpoint => ({
  id,
  url,
  eventTypes: [...WEBHOOK_EVENT_TYPES],
  isEnabled: true,
  createdAt: '2026-03-01T10:00:00.000Z',
  updatedAt: '2026-03-01T10:00:00.000Z',
  ...overrides,
});

const ROWS: WebhookEndpoint[] = [
  endpoint('5b8f0c1e-1111-4222-8333-444455556666', 'https://market.example/hooks'),
  endpoint('6c9f0c1e-1111-4222-8333-444455557777', 'https://payments.example/hoy', { eventTypes: ['booking.cancelled', 'booking.no-show'], isEnabled: false }),
];

/** Answers the calls of the Endpoints tab: the list, POST (the new endpoint and its secret) and PATCH (the row changed). */
function answer({ url, method, payload }: CustomParams): { data: unknown } {
  if (method === 'post') {
    const created: CreatedEndpoint = { endpoint: endpoint('7d0f0c1e-1111-4222-8333-444455558888', (payload as { url: string }).url), secret: SECRET };
    return { data: created };
  }
  const id = url.split('/').at(-1);
  return { data: { ...ROWS.find((row) => row.id === id), ...(payload as object) } };
}

let queryClient: QueryClient | undefined;
/** Hands the test Refine's query client, to look for the secret in what it keeps. */
function QueryClientProbe() {
  const client = useQueryClient();
  useEffect(() => {
    queryClient = client;
  }, [client]);
  return null;
}

function renderEndpoints(custom = vi.fn<(params: CustomParams) => Promise<{ data: unknown }>>(async (params) => answer(params))) {
  const getList = vi.fn<(params: GetListParams) => Promise<{ data: BaseRecord[]; total: number }>>(async () => ({
    data: ROWS as unknown as BaseRecord[],
    total: ROWS.length,
  }));
  const dataProvider = stubDataProvider({ getList: getList as unknown as DataProvider['getList'], custom: custom as unknown as DataProvider['custom'] });
  renderAdmin(
    <>
      <WebhookEndpointList />
      <QueryClientProbe />
    </>,
    { dataProvider, path: '/webhook-deliveries/endpoints', role: 'administrator' },
  );
  return { getList, custom };
}

const rowOf = (url: string) => screen.getByRole('button', { name: `Edit ${url}` }).closest('tr') as HTMLElement;

async function openAddDialog() {
  await screen.findByText('https://market.example/hooks', {}, LOAD);
  await clickWhenSettled(screen.getByRole('button', { name: 'Add endpoint' }));
  return screen.findByRole('dialog', { name: 'Add endpoint' });
}

beforeEach(async () => {
  await changeLanguage('en');
});

let consoleSpies: { mockRestore(): void }[] = [];
afterEach(() => {
  for (const spy of consoleSpies) spy.mockRestore();
  consoleSpies = [];
});

describe('Webhook endpoints', () => {
  it('lists each endpoint with its URL, events, enabled or not and when it was added, under the Endpoints tab', async () => {
    const { getList } = renderEndpoints();
    expect(await screen.findByRole('heading', { level: 2, name: 'Webhook deliveries' }, LOAD)).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Endpoints' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tab', { name: 'Deliveries' })).toHaveAttribute('aria-selected', 'false');
    await screen.findByText('https://market.example/hooks');
    expect(getList.mock.calls[0]?.[0]).toMatchObject({ resource: 'webhook-endpoints', pagination: { mode: 'off' } });
    for (const header of ['URL', 'Events', 'Status', 'Created', 'Actions']) expect(screen.getByRole('columnheader', { name: header })).toBeInTheDocument();
    const first = rowOf('https://market.example/hooks');
    expect(within(first).getByText('All events')).toBeInTheDocument();
    expect(within(first).getByText('Enabled')).toBeInTheDocument();
    expect(within(first).getByText('Mar 1, 2026', { exact: false })).toBeInTheDocument();
    expect(within(first).getByRole('button', { name: 'Disable https://market.example/hooks' })).toBeInTheDocument();
    const second = rowOf('https://payments.example/hoy');
    expect(within(second).getByText('booking.cancelled, booking.no-show')).toBeInTheDocument();
    expect(within(second).getByText('Disabled')).toBeInTheDocument();
    expect(within(second).getByRole('button', { name: 'Enable https://payments.example/hoy' })).toBeInTheDocument();
  });

  it('adds an endpoint with the URL and the events chosen, shows its secret once, and forgets it when the dialog closes', async () => {
    const user = userEvent.setup();
    const logged = (['log', 'info', 'debug', 'warn'] as const).map((level) => vi.spyOn(console, level));
    consoleSpies = logged;
    const { custom } = renderEndpoints();
    const form = await openAddDialog();
    // (The dialog puts focus on the URL as its motion ends, which this document does not run: the browser journey checks it.)
    const url = within(form).getByRole('textbox', { name: 'URL' });
    await user.type(url, 'https://market.example/new-hook');
    const events = within(form).getByRole('group', { name: 'Events' });
    await user.click(within(events).getByRole('checkbox', { name: 'listing.declined' }));
    await user.click(within(events).getByRole('checkbox', { name: 'host.verified' }));
    await user.click(within(form).getByRole('button', { name: 'Add endpoint' }));

    await waitFor(() => expect(custom).toHaveBeenCalledTimes(1));
    // The events in the contract's order, whatever the order they were ticked in.
    expect(custom.mock.calls[0]?.[0]).toMatchObject({
      url: 'admin/webhook-endpoints',
      method: 'post',
      payload: { url: 'https://market.example/new-hook', eventTypes: ['host.verified', 'listing.declined'] },
    });
    const dialog = await screen.findByRole('dialog', { name: 'Signing secret' });
    expect(within(dialog).getByRole('textbox', { name: 'Signing secret' })).toHaveValue(SECRET);
    expect(within(dialog).getByText('Copy this secret now and keep it safe: it will not be shown again.')).toBeInTheDocument();
    const copy = within(dialog).getByRole('button', { name: 'Copy secret' });
    await waitFor(() => expect(copy).toHaveFocus());
    await user.click(copy);
    expect(await navigator.clipboard.readText()).toBe(SECRET);
    expect(await screen.findByText('The secret is copied.')).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Signing secret' })).toBeNull());
    expect(document.body.innerHTML).not.toContain(SECRET);
    // Nothing the web app keeps holds it: not the query cache, not the finished call.
    expect(queryClient).toBeDefined();
    await waitFor(() =>
      expect(
        JSON.stringify(
          queryClient
            ?.getMutationCache()
            .getAll()
            .map((mutation) => mutation.state) ?? [],
        ),
      ).not.toContain(SECRET),
    );
    expect(
      JSON.stringify(
        queryClient
          ?.getQueryCache()
          .getAll()
          .map((query) => query.state.data) ?? [],
      ),
    ).not.toContain(SECRET);
    for (const spy of logged) expect(JSON.stringify(spy.mock.calls)).not.toContain(SECRET);
    // Focus goes back to Add endpoint; a new dialog starts empty.
    await waitFor(() => expect(screen.getByRole('button', { name: 'Add endpoint' })).toHaveFocus());
    await user.keyboard('{Enter}');
    const again = await screen.findByRole('dialog', { name: 'Add endpoint' });
    expect(within(again).getByRole('textbox', { name: 'URL' })).toHaveValue('');
    expect(document.body.innerHTML).not.toContain(SECRET);
  });

  it('checks the URL and the events by the contract’s rules before any call', async () => {
    const { custom } = renderEndpoints();
    const form = await openAddDialog();
    await userEvent.type(within(form).getByRole('textbox', { name: 'URL' }), 'market.example');
    await userEvent.click(within(form).getByRole('button', { name: 'Add endpoint' }));
    expect(await within(form).findByText('The URL must be an https:// address.')).toBeInTheDocument();
    expect(await within(form).findByText('Choose at least one kind of event.')).toBeInTheDocument();
    expect(custom).not.toHaveBeenCalled();
  });

  it('shows the server’s 400 message at the URL and keeps the dialog open', async () => {
    const custom = vi.fn<(params: CustomParams) => Promise<{ data: unknown }>>(async () => {
      throw { statusCode: 400, message: WEBHOOK_MESSAGES.urlInvalid };
    });
    renderEndpoints(custom);
    const form = await openAddDialog();
    // Local http passes the screen's check; the server, which knows its setting, refuses it.
    await userEvent.type(within(form).getByRole('textbox', { name: 'URL' }), 'http://127.0.0.1:9/hook');
    await userEvent.click(within(form).getByRole('checkbox', { name: 'host.verified' }));
    await userEvent.click(within(form).getByRole('button', { name: 'Add endpoint' }));
    await waitFor(() => expect(custom).toHaveBeenCalledTimes(1));
    expect(await within(form).findByText('The URL must be an https:// address.')).toBeInTheDocument();
    expect(within(form).getByRole('textbox', { name: 'URL' })).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('dialog', { name: 'Add endpoint' })).toBeInTheDocument();
  });

  it('edits an endpoint: its URL and events in a PATCH of its own address', async () => {
    const { custom } = renderEndpoints();
    await screen.findByText('https://payments.example/hoy', {}, LOAD);
    await clickWhenSettled(screen.getByRole('button', { name: 'Edit https://payments.example/hoy' }));
    const form = await screen.findByRole('dialog', { name: 'Edit endpoint' });
    const url = within(form).getByRole('textbox', { name: 'URL' });
    expect(url).toHaveValue('https://payments.example/hoy');
    expect(within(form).getByRole('checkbox', { name: 'booking.no-show' })).toBeChecked();
    await userEvent.clear(url);
    await userEvent.type(url, 'https://payments.example/hoy/v2');
    await userEvent.click(within(form).getByRole('checkbox', { name: 'booking.no-show' }));
    await userEvent.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(custom).toHaveBeenCalledTimes(1));
    expect(custom.mock.calls[0]?.[0]).toMatchObject({
      url: `admin/webhook-endpoints/${ROWS[1]!.id}`,
      method: 'patch',
      payload: { url: 'https://payments.example/hoy/v2', eventTypes: ['booking.cancelled'] },
    });
    expect(await screen.findByText('The endpoint is saved.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Edit endpoint' })).toBeNull());
  });

  it('disables an enabled endpoint and enables a disabled one', async () => {
    const { custom } = renderEndpoints();
    await screen.findByText('https://market.example/hooks', {}, LOAD);
    await clickWhenSettled(screen.getByRole('button', { name: 'Disable https://market.example/hooks' }));
    await waitFor(() => expect(custom).toHaveBeenCalledTimes(1));
    expect(custom.mock.calls[0]?.[0]).toMatchObject({ url: `admin/webhook-endpoints/${ROWS[0]!.id}`, method: 'patch', payload: { isEnabled: false } });
    expect(await screen.findByText('The endpoint is disabled: its deliveries wait until it is enabled again.')).toBeInTheDocument();
    await clickWhenSettled(screen.getByRole('button', { name: 'Enable https://payments.example/hoy' }));
    await waitFor(() => expect(custom).toHaveBeenCalledTimes(2));
    expect(custom.mock.calls[1]?.[0]).toMatchObject({ url: `admin/webhook-endpoints/${ROWS[1]!.id}`, method: 'patch', payload: { isEnabled: true } });
    expect(await screen.findByText('The endpoint is enabled.')).toBeInTheDocument();
  });

  it('reads in Somali, the server’s messages too', async () => {
    await changeLanguage('so');
    const custom = vi.fn<(params: CustomParams) => Promise<{ data: unknown }>>(async () => {
      throw { statusCode: 400, message: WEBHOOK_MESSAGES.urlInvalid };
    });
    renderEndpoints(custom);
    expect(await screen.findByRole('heading', { level: 2, name: 'Gaarsiinta webhook-yada' }, LOAD)).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Cinwaannada' })).toHaveAttribute('aria-selected', 'true');
    await screen.findByText('https://market.example/hooks');
    expect(screen.getByRole('columnheader', { name: 'Dhacdooyin' })).toBeInTheDocument();
    expect(within(rowOf2('https://payments.example/hoy')).getByText('La damiyay')).toBeInTheDocument();
    await clickWhenSettled(screen.getByRole('button', { name: 'Ku dar cinwaan' }));
    const form = await screen.findByRole('dialog', { name: 'Ku dar cinwaan' });
    await userEvent.type(within(form).getByRole('textbox', { name: 'URL' }), 'http://127.0.0.1:9/hook');
    await userEvent.click(within(within(form).getByRole('group', { name: 'Dhacdooyin' })).getByRole('checkbox', { name: 'host.verified' }));
    await userEvent.click(within(form).getByRole('button', { name: 'Ku dar cinwaan' }));
    expect(await within(form).findByText('URL-ku waa inuu noqdaa cinwaan https:// ah.')).toBeInTheDocument();
  });
});

const rowOf2 = (url: string) => screen.getByRole('button', { name: `Wax ka beddel ${url}` }).closest('tr') as HTMLElement;
