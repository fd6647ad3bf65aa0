// The marketplace hears it (issue 51, point 4; decision 041): a decision enqueues its event in its own
// transaction, the worker posts it signed to a local receiver, failures are retried with backoff until
// dead, Retry now, a lease that runs out is taken over, and the routes are administrators' only.
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { CreatedEndpoint, DeliveryDetail, WebhookDelivery } from '../../src/contracts/webhooks';
import { readConfig, type WebhookSettings } from '../../server/config';
import { administrators, webhookEndpoints } from '../../server/db/schema';
import { enqueueEvents } from '../../server/modules/webhooks/outbox';
import { isValidWebhookSignature, REPLAY_WINDOW_SECONDS, signWebhook } from '../../server/modules/webhooks/webhook-signature';
import { createWebhooksRepository } from '../../server/modules/webhooks/webhooks.repository';
import { signedInTestApp, TEST_ADMIN_EMAIL } from './helpers/app';
import { insertHost, insertProperty } from './helpers/fixtures';
import { createStaff, loginAs } from './helpers/staff';
import { startWebhookReceiver, type WebhookReceiver } from './helpers/webhook-receiver';

const SETTINGS: WebhookSettings = {
  ...readConfig({}).webhooks,
  isLocalHttpAllowed: true,
  timeoutMs: 400,
  maxAttempts: 3,
  retryBaseMs: 10_000,
  retryCapMs: 15_000,
  leaseMs: 60_000,
  concurrency: 8,
};
const t = signedInTestApp({ webhooks: SETTINGS, secondFactorKey: Buffer.alloc(32, 7) });
let receiver: WebhookReceiver;
let administratorId: number;
/** Signed in afresh for each test: the tests move the clock past a session's idle time. */
let token: string;

beforeAll(async () => {
  receiver = await startWebhookReceiver();
  [{ id: administratorId }] = await t.handle.db.select({ id: administrators.id }).from(administrators).where(eq(administrators.email, TEST_ADMIN_EMAIL));
});
afterAll(async () => receiver.close());

// Each test starts with no deliveries and no enabled endpoint, and a receiver that answers 200.
beforeEach(async () => {
  await t.handle.query(sql`DELETE FROM webhook_deliveries`);
  await t.handle.db.update(webhookEndpoints).set({ isEnabled: false });
  receiver.received.length = 0;
  receiver.answer = { status: 200 };
  token = await t.login();
});

const post = (url: string, payload?: Record<string, unknown>) => t.request({ method: 'POST', url, token, ...(payload && { payload }) });
const get = (url: string) => t.request({ method: 'GET', url, token });

async function addEndpoint(eventTypes: string[] = ['host.verified', 'host.declined'], path = '/hooks'): Promise<CreatedEndpoint> {
  const response = await post('/api/admin/webhook-endpoints', { url: `${receiver.origin}${path}`, eventTypes });
  expect(response.statusCode).toBe(201);
  return response.json<CreatedEndpoint>();
}

const eventsOf = (entity: string, id: number) =>
  t.handle.query<{ id: string; type: string; payload: Record<string, unknown>; idempotency_key: string }>(
    sql`SELECT id, type, payload, idempotency_key FROM outbox_events WHERE payload->>'entity' = ${entity} AND payload->>'id' = ${String(id)} ORDER BY created_at, type`,
  );

const deliveryOf = async (eventId: string) =>
  (await t.handle.query<{ id: number; status: string }>(sql`SELECT id::int AS id, status FROM webhook_deliveries WHERE event_id = ${eventId}`))[0];

/** An event enqueued as a service does, in a transaction of its own. */
async function enqueueOne(): Promise<string> {
  const key = `test-${Math.random()}`;
  await t.handle.db.transaction((transaction) =>
    enqueueEvents(transaction, [{ type: 'host.verified', payload: { id: 1 }, createdAt: t.clock.now(), idempotencyKey: key }]),
  );
  const [row] = await t.handle.query<{ id: string }>(sql`SELECT id FROM outbox_events WHERE idempotency_key = ${key}`);
  return row.id;
}

const worker = (owner?: string) => t.app.services.webhooks.createWorker({ owner, random: () => 1 });
const deliveryDetail = async (id: number) => (await get(`/api/admin/webhook-deliveries/${id}`)).json<DeliveryDetail>();

describe('the outbox', () => {
  it('gets exactly one event from a decision, in its transaction, with one delivery per endpoint taking it', async () => {
    const { endpoint } = await addEndpoint(['host.verified']);
    await addEndpoint(['listing.approved']);
    const host = await insertHost(t.handle);

    expect((await post(`/api/admin/update-status-host/${host.id}`)).statusCode).toBe(200);
    // Approving an approved host changes nothing, and tells nothing.
    expect((await post(`/api/admin/update-status-host/${host.id}`)).statusCode).toBe(200);

    const events = await eventsOf('host', host.id);
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({
      type: 'host.verified',
      payload: { entity: 'host', id: host.id, status: 'Confirmed', previousStatus: 'Pending', reason: null, decidedBy: administratorId },
      idempotency_key: events[0].id,
    });
    const deliveries = await t.handle.query<{ endpoint_id: string; status: string }>(
      sql`SELECT endpoint_id, status FROM webhook_deliveries WHERE event_id = ${events[0].id}`,
    );
    expect(deliveries).toEqual([{ endpoint_id: endpoint.id, status: 'pending' }]);
  });

  it('gets none from a decision whose transaction rolls back', async () => {
    await addEndpoint(['host.declined']);
    const host = await insertHost(t.handle);
    const rolledBack = t.handle.db.transaction(async (transaction) => {
      await t.app.services.review.decideOne(transaction, 'hosts', administratorId, host.id, 'decline', { reason: 'No papers' });
      const result = await transaction.execute(sql`SELECT count(*)::int AS seen FROM outbox_events WHERE payload->>'id' = ${String(host.id)}`);
      const [{ seen }] = (result as unknown as { rows: { seen: number }[] }).rows;
      expect(seen).toBe(1);
      throw new Error('the change fails after its decision');
    });
    await expect(rolledBack).rejects.toThrow('the change fails after its decision');
    expect(await eventsOf('host', host.id)).toEqual([]);
    expect(await t.handle.query(sql`SELECT count(*)::int AS count FROM webhook_deliveries`)).toEqual([{ count: 0 }]);
  });

  it('gets one event per row of a batch and of its undo, and from a property decision', async () => {
    const host = await insertHost(t.handle);
    const listings = [await insertProperty(t.handle, host.id), await insertProperty(t.handle, host.id)];
    const ids = listings.map((listing) => listing.id);
    expect((await post('/api/admin/listings/decisions', { decision: 'decline', ids, reason: 'Photos missing' })).statusCode).toBe(200);
    t.clock.advance(1000);
    expect((await post('/api/admin/listings/decisions/undo', { ids })).statusCode).toBe(200);
    for (const id of ids) {
      const events = await eventsOf('listing', id);
      expect(events.map((event) => [event.type, event.payload.status, event.payload.reason])).toEqual([
        ['listing.declined', 'Declined', 'Photos missing'],
        ['listing.decision-undone', 'Pending', null],
      ]);
    }
    const property = await insertProperty(t.handle, host.id);
    expect((await post(`/api/admin/property-approvals/${property.id}/approve`, {})).statusCode).toBe(200);
    expect((await eventsOf('property', property.id)).map((event) => [event.type, event.payload.status])).toEqual([['property.confirmed', 'confirmed']]);
  });

  it('enqueues an idempotency key once', async () => {
    const event = { type: 'host.verified' as const, payload: { id: 7 }, createdAt: t.clock.now(), idempotencyKey: 'refund-7-requested' };
    await t.handle.db.transaction((transaction) => enqueueEvents(transaction, [event]));
    await t.handle.db.transaction((transaction) => enqueueEvents(transaction, [event]));
    expect(await t.handle.query(sql`SELECT count(*)::int AS count FROM outbox_events WHERE idempotency_key = 'refund-7-requested'`)).toEqual([{ count: 1 }]);
  });
});

describe('delivery', () => {
  it('posts the event signed to the receiver, which verifies it; the secret is stored sealed', async () => {
    const { endpoint, secret } = await addEndpoint();
    const [stored] = await t.handle.db.select({ secret: webhookEndpoints.secret }).from(webhookEndpoints).where(eq(webhookEndpoints.id, endpoint.id));
    expect(stored.secret).toMatch(/^sealed-v1:/);
    expect(stored.secret).not.toContain(secret.slice(6));
    const host = await insertHost(t.handle);
    await post(`/api/admin/update-status-host/${host.id}`);
    const [event] = await eventsOf('host', host.id);

    expect(await worker().deliverDue()).toBe(1);

    expect(receiver.received).toHaveLength(1);
    const [{ headers, body, path }] = receiver.received;
    expect(path).toBe('/hooks');
    expect(headers['content-type']).toBe('application/json');
    expect(headers['hoy-event-id']).toBe(event.id);
    expect(headers['hoy-event-type']).toBe('host.verified');
    expect(headers['idempotency-key']).toBe(event.idempotency_key);
    expect(headers['hoy-delivery-attempt']).toBe('1');
    const timestamp = String(headers['hoy-timestamp']);
    expect(Number(timestamp)).toBe(Math.floor(t.clock.now().getTime() / 1000));
    const signature = String(headers['hoy-signature']);
    const now = Number(timestamp);
    expect(isValidWebhookSignature(secret, { timestamp, signature }, body, now)).toBe(true);
    // Another body, another secret, or an old timestamp do not verify.
    expect(isValidWebhookSignature(secret, { timestamp, signature }, `${body} `, now)).toBe(false);
    expect(isValidWebhookSignature(`${secret}x`, { timestamp, signature }, body, now)).toBe(false);
    expect(isValidWebhookSignature(secret, { timestamp, signature }, body, now + REPLAY_WINDOW_SECONDS + 1)).toBe(false);
    expect(signature).toBe(signWebhook(secret, now, body));
    expect(JSON.parse(body)).toEqual({
      id: event.id,
      type: 'host.verified',
      createdAt: t.clock.now().toISOString(),
      data: { entity: 'host', id: host.id, status: 'Confirmed', previousStatus: 'Pending', reason: null, decidedBy: administratorId },
    });

    const delivery = await deliveryOf(event.id);
    const detail = await deliveryDetail(delivery.id);
    expect(detail.delivery).toMatchObject({ status: 'delivered', attempts: 1, lastStatusCode: 200, lastError: null, nextAttemptAt: null });
    expect(detail.event).toMatchObject({ id: event.id, type: 'host.verified' });
    expect(detail.attempts).toEqual([expect.objectContaining({ statusCode: 200, error: null, isDelivered: true })]);
    // Delivered once: nothing more is due.
    expect(await worker().deliverDue()).toBe(0);
  });

  it('retries a failing receiver after 10 s, then 15 s (capped), then the delivery is dead; Retry now gives it another round', async () => {
    await addEndpoint();
    const eventId = await enqueueOne();
    receiver.answer = { status: 503, body: 'x'.repeat(5000) };
    const { id } = await deliveryOf(eventId);

    expect(await worker().deliverDue()).toBe(1);
    let detail = await deliveryDetail(id);
    expect(detail.delivery).toMatchObject({ status: 'pending', attempts: 1, lastStatusCode: 503 });
    expect(detail.delivery.lastError!.length).toBeLessThanOrEqual(500);
    expect(detail.delivery.lastError).toMatch(/^HTTP 503: x+/);
    expect(new Date(detail.delivery.nextAttemptAt!).getTime() - t.clock.now().getTime()).toBe(10_000);

    t.clock.advance(9_999);
    expect(await worker().deliverDue()).toBe(0);
    t.clock.advance(1);
    expect(await worker().deliverDue()).toBe(1);
    detail = await deliveryDetail(id);
    expect(detail.delivery).toMatchObject({ status: 'pending', attempts: 2 });
    expect(new Date(detail.delivery.nextAttemptAt!).getTime() - t.clock.now().getTime()).toBe(15_000);

    t.clock.advance(15_000);
    expect(await worker().deliverDue()).toBe(1);
    detail = await deliveryDetail(id);
    expect(detail.delivery).toMatchObject({ status: 'dead', attempts: 3, nextAttemptAt: null });
    expect(detail.attempts.map((attempt) => attempt.statusCode)).toEqual([503, 503, 503]);
    t.clock.advance(3_600_000);
    expect(await worker().deliverDue()).toBe(0);
    expect(receiver.received).toHaveLength(3);

    receiver.answer = { status: 204 };
    token = await t.login();
    const retried = await post(`/api/admin/webhook-deliveries/${id}/retry`);
    expect(retried.statusCode).toBe(200);
    expect(retried.json<WebhookDelivery>()).toMatchObject({ status: 'pending', attempts: 0 });
    expect(await worker().deliverDue()).toBe(1);
    expect((await deliveryDetail(id)).delivery).toMatchObject({ status: 'delivered', attempts: 1, lastStatusCode: 204 });
    // A delivered one is not retried; an unknown one is not found.
    expect((await post(`/api/admin/webhook-deliveries/${id}/retry`)).statusCode).toBe(409);
    expect((await post('/api/admin/webhook-deliveries/999999999/retry')).statusCode).toBe(404);
  });

  it('counts a timeout and a redirect as failed attempts, and never follows the redirect', async () => {
    await addEndpoint();
    receiver.answer = 'never';
    const hanging = await deliveryOf(await enqueueOne());
    expect(await worker().deliverDue()).toBe(1);
    expect((await deliveryDetail(hanging.id)).delivery).toMatchObject({ status: 'pending', lastStatusCode: null, lastError: 'No answer within 0.4 s' });

    await t.handle.query(sql`DELETE FROM webhook_deliveries`);
    receiver.received.length = 0;
    receiver.answer = { status: 302, location: `${receiver.origin}/elsewhere` };
    const redirected = await deliveryOf(await enqueueOne());
    expect(await worker().deliverDue()).toBe(1);
    expect((await deliveryDetail(redirected.id)).delivery).toMatchObject({ status: 'pending', lastStatusCode: 302, lastError: 'HTTP 302' });
    expect(receiver.received.map((request) => request.path)).toEqual(['/hooks']);
  });

  it('delivers nothing to a disabled endpoint until it is enabled again', async () => {
    const { endpoint } = await addEndpoint();
    await enqueueOne();
    expect((await t.request({ method: 'PATCH', url: `/api/admin/webhook-endpoints/${endpoint.id}`, token, payload: { isEnabled: false } })).statusCode).toBe(
      200,
    );
    expect(await worker().deliverDue()).toBe(0);
    const enabled = await t.request({ method: 'PATCH', url: `/api/admin/webhook-endpoints/${endpoint.id}`, token, payload: { isEnabled: true } });
    expect(enabled.json()).toMatchObject({ id: endpoint.id, isEnabled: true });
    expect(await worker().deliverDue()).toBe(1);
  });

  it('gives a delivery whose worker died to another once the lease runs out; the late worker records nothing over it', async () => {
    await addEndpoint();
    const eventId = await enqueueOne();
    const repository = createWebhooksRepository(t.handle.db);
    const now = t.clock.now();
    // A worker claims the delivery, then its process dies before it posts.
    const [claimed] = await repository.claimDue('dead-process', now, new Date(now.getTime() + SETTINGS.leaseMs), 8);
    expect(claimed.eventId).toBe(eventId);

    expect(await worker('survivor').deliverDue()).toBe(0);
    t.clock.advance(SETTINGS.leaseMs);
    expect(await worker('survivor').deliverDue()).toBe(1);
    expect(receiver.received).toHaveLength(1);
    expect((await deliveryDetail(claimed.id)).delivery).toMatchObject({ status: 'delivered', attempts: 2 });

    const isStillOurs = await repository.finish(claimed.id, 'dead-process', {
      startedAt: now,
      durationMs: 1,
      statusCode: 500,
      error: 'HTTP 500',
      isDelivered: false,
      status: 'pending',
      nextAttemptAt: now,
    });
    expect(isStillOurs).toBe(false);
    expect((await deliveryDetail(claimed.id)).delivery.status).toBe('delivered');
  });
});

describe('the Deliveries screen calls', () => {
  it('list deliveries newest first, a page at a time, of one status', async () => {
    await addEndpoint();
    const ids = [];
    for (let n = 0; n < 3; n += 1) ids.push((await deliveryOf(await enqueueOne())).id);
    receiver.answer = { status: 500 };
    const [oldest] = ids;
    await t.handle.query(sql`UPDATE webhook_deliveries SET status = 'dead' WHERE id = ${oldest}`);

    const response = await get('/api/admin/webhook-deliveries?page=1&pageSize=2');
    expect(response.headers['x-total-count']).toBe('3');
    const page = response.json<WebhookDelivery[]>();
    expect(page.map((delivery) => delivery.id)).toEqual([ids[2], ids[1]]);
    expect(page[0]).toMatchObject({ eventType: 'host.verified', endpointUrl: `${receiver.origin}/hooks`, status: 'pending' });
    const second = (await get('/api/admin/webhook-deliveries?page=2&pageSize=2')).json<WebhookDelivery[]>();
    expect(second.map((delivery) => delivery.id)).toEqual([oldest]);
    const dead = await get('/api/admin/webhook-deliveries?status=dead');
    expect(dead.headers['x-total-count']).toBe('1');
    expect(dead.json()).toMatchObject([{ id: oldest, status: 'dead' }]);
    expect((await get('/api/admin/webhook-deliveries/999999999')).statusCode).toBe(404);
  });

  it('list endpoints without their secrets', async () => {
    const { endpoint, secret } = await addEndpoint();
    const response = await get('/api/admin/webhook-endpoints');
    expect(response.statusCode).toBe(200);
    expect(response.body).not.toContain(secret);
    expect(response.body).not.toContain('sealed-v1');
    expect(response.json<{ endpoints: unknown[] }>().endpoints).toContainEqual(endpoint);
  });
});

describe('access and input', () => {
  const ROUTES = [
    ['GET', '/api/admin/webhook-endpoints'],
    ['POST', '/api/admin/webhook-endpoints'],
    ['PATCH', '/api/admin/webhook-endpoints/00000000-0000-4000-8000-000000000000'],
    ['GET', '/api/admin/webhook-deliveries'],
    ['GET', '/api/admin/webhook-deliveries/1'],
    ['POST', '/api/admin/webhook-deliveries/1/retry'],
  ] as const;

  it('answers 401 without a session and 403 to every role but the administrator, on every call', async () => {
    const tokens = [];
    for (const role of ['moderator', 'support', 'viewer'] as const) tokens.push(await loginAs(t, (await createStaff(t, token, role)).email));
    const payload = { url: 'https://example.org/hooks', eventTypes: ['host.verified'] };
    for (const [method, url] of ROUTES) {
      expect((await t.request({ method, url, payload: method === 'GET' ? undefined : payload })).statusCode, `${method} ${url}`).toBe(401);
      for (const memberToken of tokens)
        expect((await t.request({ method, url, token: memberToken, payload: method === 'GET' ? undefined : payload })).statusCode, `${method} ${url}`).toBe(
          403,
        );
    }
    expect(await t.handle.query(sql`SELECT count(*)::int AS count FROM webhook_endpoints WHERE url = 'https://example.org/hooks'`)).toEqual([{ count: 0 }]);
  });

  it('refuses hostile endpoints and parameters with a 4xx and changes nothing', async () => {
    const [{ count: before }] = await t.handle.query<{ count: number }>(sql`SELECT count(*)::int AS count FROM webhook_endpoints`);
    const refused = [
      { url: 'javascript:alert(1)', eventTypes: ['host.verified'] },
      { url: 'ftp://example.org/hooks', eventTypes: ['host.verified'] },
      { url: 'file:///etc/passwd', eventTypes: ['host.verified'] },
      { url: 'http://example.org/hooks', eventTypes: ['host.verified'] },
      { url: 'http://10.0.0.1/hooks', eventTypes: ['host.verified'] },
      { url: 'https://user:password@example.org/hooks', eventTypes: ['host.verified'] },
      { url: `https://example.org/${'a'.repeat(3000)}`, eventTypes: ['host.verified'] },
      { url: 'https://example.org/hooks', eventTypes: [] },
      { url: 'https://example.org/hooks', eventTypes: ['booking.everything'] },
      { url: 'https://example.org/hooks', eventTypes: Array.from({ length: 1000 }, () => 'host.verified') },
      { url: 12, eventTypes: ['host.verified'] },
      { eventTypes: ['host.verified'] },
    ];
    for (const payload of refused) expect((await post('/api/admin/webhook-endpoints', payload)).statusCode, JSON.stringify(payload).slice(0, 80)).toBe(400);
    expect((await post('/api/admin/webhook-endpoints', { url: `https://example.org/${'a'.repeat(30_000)}`, eventTypes: ['host.verified'] })).statusCode).toBe(
      413,
    );
    expect((await t.request({ method: 'PATCH', url: '/api/admin/webhook-endpoints/not-a-uuid', token, payload: { isEnabled: false } })).statusCode).toBe(400);
    expect(
      (await t.request({ method: 'PATCH', url: '/api/admin/webhook-endpoints/00000000-0000-4000-8000-000000000000', token, payload: { isEnabled: false } }))
        .statusCode,
    ).toBe(404);
    for (const url of [
      '/api/admin/webhook-deliveries?status=lost',
      '/api/admin/webhook-deliveries?pageSize=1000',
      '/api/admin/webhook-deliveries?page=0',
      '/api/admin/webhook-deliveries/abc',
    ]) {
      expect((await get(url)).statusCode, url).toBe(400);
    }
    expect((await post('/api/admin/webhook-deliveries/1e99/retry')).statusCode).toBe(400);
    const [{ count: after }] = await t.handle.query<{ count: number }>(sql`SELECT count(*)::int AS count FROM webhook_endpoints`);
    expect(after).toBe(before);
  });
});
