// Runs only in the server-pg project: two processes' delivery workers, each with its own pool on one
// PostgreSQL database, race for the same due deliveries (decision 041). FOR UPDATE SKIP LOCKED and the
// lease give each delivery to one of them: the receiver gets every event exactly once.
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../server/app';
import { readConfig } from '../../../server/config';
import { openPostgres, type DatabaseHandle } from '../../../server/db/client';
import { enqueueEvents } from '../../../server/modules/webhooks/outbox';
import { createTestApp, type TestApp } from '../helpers/app';
import { startWebhookReceiver, type WebhookReceiver } from '../helpers/webhook-receiver';

const EVENTS = 300;

let first: TestApp;
let otherHandle: DatabaseHandle;
let other: FastifyInstance;
let receiver: WebhookReceiver;

beforeAll(async () => {
  first = await createTestApp({ webhooks: { ...readConfig({}).webhooks, isLocalHttpAllowed: true, concurrency: 16, timeoutMs: 5000 } });
  // The second process: its own pool on the same database, its own app and worker.
  otherHandle = await openPostgres(String(first.handle.pool!.options.connectionString), 5);
  other = await buildApp({ handle: otherHandle, config: first.config, clock: first.clock, logger: false });
  receiver = await startWebhookReceiver();
});

afterAll(async () => {
  await other?.close();
  await otherHandle?.close();
  await first?.close();
  await receiver?.close();
});

describe('two processes delivering together', () => {
  it('claim each due delivery once: every event reaches the receiver exactly once', async () => {
    const token = await first.login();
    const created = await first.request({
      method: 'POST',
      url: '/api/admin/webhook-endpoints',
      token,
      payload: { url: `${receiver.origin}/race`, eventTypes: ['host.verified'] },
    });
    expect(created.statusCode).toBe(201);
    await first.handle.db.transaction((transaction) =>
      enqueueEvents(
        transaction,
        Array.from({ length: EVENTS }, (_, n) => ({ type: 'host.verified' as const, payload: { id: n }, createdAt: first.clock.now() })),
      ),
    );

    const workers = [first.app.services.webhooks.createWorker(), other.services.webhooks.createWorker()];
    const claimedBy = [0, 0];
    // Each worker claims batch after batch, side by side, until nothing is due.
    await Promise.all(
      workers.map(async (worker, index) => {
        for (let claimed = await worker.deliverDue(); claimed > 0; claimed = await worker.deliverDue()) claimedBy[index] += claimed;
      }),
    );

    expect(claimedBy[0] + claimedBy[1]).toBe(EVENTS);
    expect(receiver.received).toHaveLength(EVENTS);
    expect(new Set(receiver.received.map((request) => request.headers['hoy-event-id'])).size).toBe(EVENTS);
    expect(await first.handle.query(sql`SELECT status, attempts, count(*)::int AS count FROM webhook_deliveries GROUP BY status, attempts`)).toEqual([
      { status: 'delivered', attempts: 1, count: EVENTS },
    ]);
  });
});
