// @vitest-environment node
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { BaseRecord, DataProvider } from '@refinedev/core';
import { startTestServer, type TestServer } from '../server/helpers/test-server';
import { insertBooking, insertHost } from '../server/helpers/fixtures';
import { sql } from 'drizzle-orm';
import { installMemoryStorage } from './memory-storage';
import { createAuthProvider } from '../../src/admin/providers/auth-provider';
import { createDataProvider, toListQuery } from '../../src/admin/providers/data-provider';
import { BACKGROUND_ACTIVITY_HEADERS, createApiClient } from '../../src/lib/api-client';
import { actionPath, findResource } from '../../src/admin/resources';
import { declaration as hostList } from '../../src/contracts/lists/hosts';

// Nothing listens on port 1, so calls there fail without an answer.
const UNREACHABLE_API = 'http://127.0.0.1:1/api';

let server: TestServer;
let apiUrl: string;
let provider: DataProvider;
let token: string;
const storage = installMemoryStorage();
const hostIds: number[] = [];

beforeAll(async () => {
  server = await startTestServer();
  apiUrl = `${server.url}/api`;
  provider = createDataProvider(apiUrl);
  await createAuthProvider(apiUrl).login({ email: server.adminEmail, password: server.adminPassword });
  token = storage.getItem('token') ?? '';
  const { handle } = server.testApp;
  // Eleven hosts: names sort as Ada, Bashir, ... so pages and order are predictable.
  const names = ['Kadra', 'Bashir', 'Ifrah', 'Ada', 'Jama', 'Cawo', 'Hodan', 'Deqa', 'Faysal', 'Guled', 'Ebyan'];
  for (const [index, name] of names.entries()) {
    const statusHost = index % 3 === 0 ? 'Confirmed' : index % 3 === 1 ? 'Pending' : 'Rejected';
    const host = await insertHost(handle, { name, email: `${name.toLowerCase()}@hoy.test`, statusHost });
    hostIds.push(host.id);
  }
});

afterAll(async () => {
  await server?.close();
});

beforeEach(() => {
  storage.setItem('token', token);
});

describe('mapping Refine list parameters onto the paged form', () => {
  it('sends page, pageSize, sort, order, q and status and leaves empty filters out', () => {
    expect(
      toListQuery(
        { currentPage: 3, pageSize: 5 },
        [{ field: 'name', order: 'desc' }],
        [
          { field: 'q', operator: 'contains', value: ' ada ' },
          { field: 'status', operator: 'eq', value: '' },
        ],
        findResource('hosts'),
      ),
    ).toEqual({ page: 3, pageSize: 5, sort: 'name', order: 'desc', q: 'ada' });
  });

  it('uses page 1 and the resource page size by default, and no paging when pagination is off', () => {
    expect(toListQuery(undefined, undefined, undefined, findResource('hosts'))).toEqual({ page: 1, pageSize: hostList.pageSize });
    expect(toListQuery({ mode: 'off' }, undefined, [{ field: 'status', operator: 'eq', value: 'Pending' }], findResource('hosts'))).toEqual({
      status: 'Pending',
    });
  });

  it("sends a list's own filters and refuses one the list does not declare", () => {
    const staffId = [{ field: 'staffId', operator: 'eq', value: '7' }] as const;
    expect(toListQuery({ mode: 'off' }, undefined, [...staffId], findResource('activity'))).toEqual({ staffId: '7' });
    expect(() => toListQuery({ mode: 'off' }, undefined, [...staffId], findResource('hosts'))).toThrow(/"staffId"/);
    // Feedback has no statuses, so no status filter either.
    expect(() => toListQuery(undefined, undefined, [{ field: 'status', operator: 'eq', value: 'x' }], findResource('feedbacks'))).toThrow(/"status"/);
  });
});

describe('data provider getList', () => {
  it('reads one page of hosts and the total from X-Total-Count', async () => {
    const firstPage = await provider.getList({
      resource: 'hosts',
      pagination: { currentPage: 1, pageSize: 8 },
      sorters: [{ field: 'name', order: 'asc' }],
    });
    expect(firstPage.total).toBe(11);
    expect(firstPage.data.map((host) => host.name)).toEqual(['Ada', 'Bashir', 'Cawo', 'Deqa', 'Ebyan', 'Faysal', 'Guled', 'Hodan']);

    const secondPage = await provider.getList({
      resource: 'hosts',
      pagination: { currentPage: 2, pageSize: 8 },
      sorters: [{ field: 'name', order: 'asc' }],
    });
    expect(secondPage.total).toBe(11);
    expect(secondPage.data.map((host) => host.name)).toEqual(['Ifrah', 'Jama', 'Kadra']);
  });

  it('reads the rows of a list answered as an object from its declared field (webhook endpoints)', async () => {
    const values = { url: 'https://market.example/data-provider', eventTypes: ['host.verified'] };
    const { data: created } = await provider.custom!<BaseRecord>({ url: actionPath('webhook-endpoints', 'create'), method: 'post', payload: values });
    const { data, total } = await provider.getList({ resource: 'webhook-endpoints', pagination: { mode: 'off' } });
    expect(total).toBe(data.length);
    expect(data).toContainEqual(expect.objectContaining({ id: (created.endpoint as BaseRecord).id, ...values, isEnabled: true }));
  });

  it('gives each host row an id equal to its userId', async () => {
    const { data } = await provider.getList({ resource: 'hosts', pagination: { currentPage: 1, pageSize: 3 } });
    for (const host of data) expect(host.id).toBe(host.userId);
  });

  it('sorts descending', async () => {
    const { data } = await provider.getList({
      resource: 'hosts',
      pagination: { currentPage: 1, pageSize: 3 },
      sorters: [{ field: 'name', order: 'desc' }],
    });
    expect(data.map((host) => host.name)).toEqual(['Kadra', 'Jama', 'Ifrah']);
  });

  it('filters by status and by a search over name and e-mail', async () => {
    const confirmed = await provider.getList({
      resource: 'hosts',
      sorters: [{ field: 'name', order: 'asc' }],
      filters: [{ field: 'status', operator: 'eq', value: 'Confirmed' }],
    });
    expect(confirmed.total).toBe(4);
    expect(confirmed.data.every((host) => host.statusHost === 'Confirmed')).toBe(true);

    const searched = await provider.getList({ resource: 'hosts', filters: [{ field: 'q', operator: 'contains', value: 'ifrah@' }] });
    expect(searched.total).toBe(1);
    expect(searched.data[0]).toMatchObject({ name: 'Ifrah', email: 'ifrah@hoy.test' });
  });

  it('rejects with 401 and "Unauthorized access. Please login again." without a valid token', async () => {
    storage.setItem('token', 'not-a-real-token');
    await expect(provider.getList({ resource: 'hosts' })).rejects.toEqual({
      statusCode: 401,
      message: 'Unauthorized access. Please login again.',
    });
    storage.removeItem('token');
    await expect(provider.getList({ resource: 'hosts' })).rejects.toMatchObject({ statusCode: 401 });
  });

  it('rejects with the server message on a bad query', async () => {
    await expect(provider.getList({ resource: 'hosts', filters: [{ field: 'status', operator: 'eq', value: 'Sleeping' }] })).rejects.toMatchObject({
      statusCode: 400,
      message: expect.any(String),
    });
  });

  it("hands Refine's abort signal to the request, so a superseded search is cancelled", async () => {
    const client = createApiClient(apiUrl);
    const sentSignals: unknown[] = [];
    client.interceptors.request.use((config) => {
      sentSignals.push(config.signal);
      return config;
    });
    const controller = new AbortController();
    const superseded = createDataProvider(apiUrl, client).getList({
      resource: 'hosts',
      filters: [{ field: 'q', operator: 'contains', value: 'ifr' }],
      meta: { signal: controller.signal },
    });
    controller.abort();
    await expect(superseded).rejects.toMatchObject({ statusCode: 0 });
    expect(sentSignals).toEqual([controller.signal]);

    const current = await createDataProvider(apiUrl, client).getList({
      resource: 'hosts',
      filters: [{ field: 'q', operator: 'contains', value: 'ifrah' }],
      meta: { signal: new AbortController().signal },
    });
    expect(current.total).toBe(1);
  });

  it('sends the headers a caller passes in meta, e.g. the background mark of a poll', async () => {
    const client = createApiClient(apiUrl);
    const sentHeaders: unknown[] = [];
    client.interceptors.request.use((config) => {
      sentHeaders.push(config.headers.get('X-Hoy-Activity'));
      return config;
    });
    const polling = createDataProvider(apiUrl, client);
    const { total } = await polling.getList({ resource: 'hosts', meta: { headers: BACKGROUND_ACTIVITY_HEADERS } });
    expect(total).toBe(11);
    await polling.custom!({ url: actionPath('hosts', 'summary'), method: 'get', meta: { headers: BACKGROUND_ACTIVITY_HEADERS } });
    await polling.custom!({ url: actionPath('hosts', 'summary'), method: 'get', headers: BACKGROUND_ACTIVITY_HEADERS });
    await polling.getList({ resource: 'hosts' });
    expect(sentHeaders).toEqual(['background', 'background', 'background', undefined]);
  });

  it('rejects with statusCode 0 and the network message when the server cannot be reached', async () => {
    await expect(createDataProvider(UNREACHABLE_API).getList({ resource: 'hosts' })).rejects.toEqual({
      statusCode: 0,
      message: 'Network error - please check your connection',
    });
  });
});

describe('data provider getOne, update and deleteOne on /api/hosts/:id', () => {
  it('unwraps the host from the {success, data} envelope', async () => {
    const { data } = await provider.getOne({ resource: 'hosts', id: hostIds[0] });
    expect(data).toMatchObject({ id: hostIds[0], name: 'Kadra', email: 'kadra@hoy.test', phone: expect.any(String) });
    expect(data).toHaveProperty('propertyAddress');
    expect(data).toHaveProperty('createdAt');
  });

  it('rejects an unknown host with 404 and "Host not found"', async () => {
    await expect(provider.getOne({ resource: 'hosts', id: 987654 })).rejects.toEqual({ statusCode: 404, message: 'Host not found' });
  });

  it('updates a host and answers the saved values', async () => {
    const values = { name: 'Bashir Ali', email: 'bashir.ali@hoy.test', phone: '615550101', propertyAddress: '7 Lido Road' };
    const { data } = await provider.update<BaseRecord, typeof values>({ resource: 'hosts', id: hostIds[1], variables: values });
    expect(data).toMatchObject({ id: hostIds[1], ...values });
    const { data: reloaded } = await provider.getOne({ resource: 'hosts', id: hostIds[1] });
    expect(reloaded).toMatchObject(values);
  });

  it('rejects an invalid update with 400 and the rule message of docs/product.md §20.1', async () => {
    const values = { name: 'Cawo', email: 'not an email', phone: '615550102', propertyAddress: '8 Lido Road' };
    await expect(provider.update({ resource: 'hosts', id: hostIds[5], variables: values })).rejects.toEqual({
      statusCode: 400,
      message: 'Please enter a valid email address',
    });
  });

  it('deletes a host, after which it is not found', async () => {
    const host = await insertHost(server.testApp.handle, { name: 'Zahra' });
    const { data } = await provider.deleteOne({ resource: 'hosts', id: host.id });
    expect(data).toMatchObject({ id: host.id });
    await expect(provider.getOne({ resource: 'hosts', id: host.id })).rejects.toMatchObject({ statusCode: 404 });
  });

  it('answers a host detail call without a response with the network message', async () => {
    await expect(createDataProvider(UNREACHABLE_API).getOne({ resource: 'hosts', id: 1 })).rejects.toEqual({
      statusCode: 0,
      message: 'Network error - please check your connection',
    });
  });
});

describe('data provider custom', () => {
  it('approves a host through the registry action', async () => {
    const host = await insertHost(server.testApp.handle, { name: 'Yasmin', statusHost: 'Pending' });
    const { data } = await provider.custom!({ url: actionPath('hosts', 'approve', host.id), method: 'post' });
    expect(data).toMatchObject({ userId: host.id, statusHost: 'Confirmed' });

    const confirmed = await provider.getList({
      resource: 'hosts',
      filters: [
        { field: 'status', operator: 'eq', value: 'Confirmed' },
        { field: 'q', operator: 'contains', value: 'Yasmin' },
      ],
    });
    expect(confirmed.data.map((row) => row.userId)).toEqual([host.id]);
  });
});

describe('a broad search: the rows first, the total from /total', () => {
  it("answers the rows without their total, and the list's /total call counts them exactly", async () => {
    const { handle } = server.testApp;
    // More than 2,000 matching guests make the bookings search broad (server/modules/bookings).
    await handle.query(sql`INSERT INTO users (is_host, name) SELECT false, 'Widesearch guest ' || n FROM generate_series(1, 2100) AS n`);
    const guests = await handle.query<{ id: number }>(sql`SELECT id FROM users WHERE name LIKE 'Widesearch guest %' ORDER BY id LIMIT 10`);
    for (const guest of guests) await insertBooking(handle, { guestId: guest.id });
    const q = [{ field: 'q', operator: 'contains', value: 'widesearch' } as const];

    const first = await provider.getList({ resource: 'bookings', pagination: { currentPage: 1, pageSize: 8 }, filters: q });
    expect(first.data).toHaveLength(8);
    expect(first.isTotalPending).toBe(true);
    // The rows so far and one more: a full page lets paging go on.
    expect(first.total).toBe(9);
    const second = await provider.getList({ resource: 'bookings', pagination: { currentPage: 2, pageSize: 8 }, filters: q });
    expect(second.data).toHaveLength(2);
    expect(second.total).toBe(10);

    const counted = await provider.custom!<BaseRecord>({ url: 'admin/bookings/total', method: 'get', query: { q: 'widesearch' } });
    expect(counted.data).toEqual({ total: 10 });
    const none = await provider.custom!<BaseRecord>({ url: 'admin/bookings/total', method: 'get', query: { q: 'widesearch', status: 'cancelled' } });
    expect(none.data).toEqual({ total: 0 });

    // A narrow search keeps its exact total with the page.
    const narrow = await provider.getList({ resource: 'bookings', filters: [{ field: 'q', operator: 'contains', value: 'widesearch guest 7' }] });
    expect(narrow.isTotalPending).toBeUndefined();
  });
});
