// Refunds, exactly once (issue 51, points 2, 4 and 6; decision 043): full and partial refunds, an
// over-refund refused by the service and by the database itself, 50 racing requests with one winner,
// idempotency keys, the event in the request's transaction, the payment side's signed callback, the
// step-up above the configured amount, the roles, and hostile input. Above a second amount a refund
// awaits a second member's approval (decision 047): never the requester's, once, with its events.
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_REASONS } from '../../src/contracts/account-reasons';
import type { BookingRefunds, Refund } from '../../src/contracts/refunds';
import { readConfig } from '../../server/config';
import type { BookingStatus } from '../../src/contracts/statuses';
import { signWebhook } from '../../server/modules/webhooks/webhook-signature';
import { createTestApp, signedInTestApp, TEST_ADMIN_PASSWORD } from './helpers/app';
import { bookingParties } from './helpers/booking-parties';
import { insertBooking } from './helpers/fixtures';
import { createStaff, loginAs, stepUp } from './helpers/staff';

const SECRET = 'a payments callback secret of at least 32 characters';
const STEP_UP_ABOVE = 50_000;
const APPROVAL_ABOVE = 100_000;
const t = signedInTestApp({ refunds: { callbackSecret: SECRET, stepUpAboveMinor: STEP_UP_ABOVE, approvalAboveMinor: APPROVAL_ABOVE } });
const parties = bookingParties(t, { guest: 'Hodan Refund', host: 'Host Refund', property: 'Jazeera flat', tag: 'refunds' });
const { tokens } = parties;

/** A booking whose guest paid `total` dollars (135.00 by default: 13,500 cents). */
const bookingOf = async (status: BookingStatus = 'confirmed', total = 135) =>
  (await insertBooking(t.handle, { status, guestId: parties.guestId, propertyId: parties.propertyId, total })).id;

/** As the test administrator unless another token, or none (null), is given. */
const refund = (id: number | string, payload: unknown, { token = t.token as string | null, headers = {} as Record<string, string> } = {}) =>
  t.request({ method: 'POST', url: `/api/admin/bookings/${id}/refunds`, token: token ?? undefined, headers, payload: payload as Record<string, unknown> });

const refundsOf = async (id: number, token = t.token) =>
  (await t.request({ method: 'GET', url: `/api/admin/bookings/${id}/refunds`, token })).json<BookingRefunds>();

/** The payment side's signed answer; `signature` and `timestamp` override the right ones. */
function callback(refundId: number | string, body: unknown, signing: { secret?: string; timestamp?: number; signature?: string | null } = {}) {
  const text = JSON.stringify(body);
  const timestamp = signing.timestamp ?? Math.floor(t.clock.now().getTime() / 1000);
  const signature = signing.signature === undefined ? signWebhook(signing.secret ?? SECRET, timestamp, text) : signing.signature;
  const headers: Record<string, string> = {
    'content-type': 'application/json',
    'hoy-timestamp': String(timestamp),
    ...(signature === null ? {} : { 'hoy-signature': signature }),
  };
  return t.request({ method: 'POST', url: `/api/payments/refunds/${refundId}/result`, headers, payload: text });
}

/** What a refund changes: the booking's refunds, their audit entries and their events. */
async function stateOf(bookingId: number) {
  const refunds = await t.handle.query<{ id: number; amount_minor: string; status: string; reason: string; idempotency_key: string }>(
    sql`SELECT id, amount_minor::text, status, reason, idempotency_key FROM refunds WHERE booking_id = ${bookingId} ORDER BY id`,
  );
  const audit = await t.handle.query<{ action: string; administrator_id: number | null; reason: string | null; after: unknown }>(
    sql`SELECT action, administrator_id, reason, after FROM audit_events WHERE entity_type = 'booking' AND entity_id = ${bookingId} ORDER BY id`,
  );
  const events = await t.handle.query<{ type: string; payload: Record<string, unknown>; idempotency_key: string }>(
    sql`SELECT type, payload, idempotency_key FROM outbox_events WHERE payload->>'entity' = 'refund' AND payload->>'bookingId' = ${String(bookingId)} ORDER BY created_at, CASE type WHEN 'refund.awaiting-approval' THEN 0 WHEN 'refund.requested' THEN 1 ELSE 2 END, type`,
  );
  return { refunds, audit, events };
}

describe('POST /api/admin/bookings/:id/refunds', () => {
  it('refunds a booking in part, then the rest, each with its audit entry and its refund.requested event', async () => {
    const id = await bookingOf('completed');
    const first = await refund(id, { amountMinor: 5_000, reason: 'Broken heater' }, { headers: { 'idempotency-key': 'part-one' } });
    expect(first.statusCode).toBe(201);
    expect(first.json<Refund>()).toMatchObject({
      bookingId: id,
      amountMinor: 5_000,
      currency: 'USD',
      status: 'requested',
      reason: 'Broken heater',
      requestedBy: parties.administratorId,
    });
    expect(await refundsOf(id)).toMatchObject({ isPaid: true, paidMinor: 13_500, refundedMinor: 5_000, remainingMinor: 8_500 });
    const rest = await refund(id, { amountMinor: 8_500, reason: 'The rest', idempotencyKey: 'part-two' });
    expect(rest.statusCode).toBe(201);
    expect(await refundsOf(id)).toMatchObject({ refundedMinor: 13_500, remainingMinor: 0 });
    const { refunds, audit, events } = await stateOf(id);
    expect(refunds.map((row) => [row.amount_minor, row.status])).toEqual([
      ['5000', 'requested'],
      ['8500', 'requested'],
    ]);
    expect(audit.map((entry) => [entry.action, entry.administrator_id, entry.reason])).toEqual([
      ['booking.refund-requested', parties.administratorId, 'Broken heater'],
      ['booking.refund-requested', parties.administratorId, 'The rest'],
    ]);
    expect(events).toEqual([
      {
        type: 'refund.requested',
        idempotency_key: 'refund.requested:part-one',
        payload: {
          entity: 'refund',
          id: first.json<Refund>().id,
          bookingId: id,
          amountMinor: 5_000,
          currency: 'USD',
          status: 'requested',
          previousStatus: null,
          reason: 'Broken heater',
          failureReason: null,
          idempotencyKey: 'part-one',
          requestedBy: parties.administratorId,
          reviewedBy: null,
          rejectionReason: null,
        },
      },
      expect.objectContaining({ type: 'refund.requested', idempotency_key: 'refund.requested:part-two' }),
    ]);
  });

  it('refunds in full, to the cent of a total with cents, and refuses one cent more with 409', async () => {
    // 234.57 × 100 is 23456.999… in floating point: the database converts the numeric exactly.
    const id = await bookingOf('cancelled', 234.57);
    expect((await refund(id, { amountMinor: 23_458, reason: 'One cent too many' })).statusCode).toBe(409);
    expect((await refund(id, { amountMinor: 23_457, reason: 'All of it' })).statusCode).toBe(201);
    const over = await refund(id, { amountMinor: 1, reason: 'More' });
    expect(over.statusCode).toBe(409);
    expect(over.json()).toMatchObject({ reason: 'refund-exceeds-paid', message: expect.stringContaining('remains refundable') });
    expect((await stateOf(id)).refunds).toHaveLength(1);
  });

  it('refuses a booking that was not paid (pending) with 409, and answers 404 for one that does not exist', async () => {
    const id = await bookingOf('pending');
    const response = await refund(id, { amountMinor: 100, reason: 'Not paid' });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ reason: 'booking-not-paid' });
    expect((await stateOf(id)).refunds).toEqual([]);
    expect((await refund(2_000_000_000, { amountMinor: 100, reason: 'Nobody' })).statusCode).toBe(404);
  });

  it('lets exactly one of 50 concurrent full refunds through; the others get 409 and write nothing', async () => {
    const id = await bookingOf('confirmed');
    const responses = await Promise.all(Array.from({ length: 50 }, (_, index) => refund(id, { amountMinor: 13_500, reason: `Storm ${index}` })));
    const statuses = responses.map((response) => response.statusCode).sort();
    expect(statuses).toEqual([201, ...Array<number>(49).fill(409)]);
    for (const response of responses.filter((each) => each.statusCode === 409)) expect(response.json()).toMatchObject({ reason: 'refund-exceeds-paid' });
    const { refunds, audit, events } = await stateOf(id);
    expect(refunds).toHaveLength(1);
    expect(audit).toHaveLength(1);
    expect(events).toHaveLength(1);
  });

  it('answers the same refund to a key sent again (once or 10 times at once), and 409 to the key on another request', async () => {
    const id = await bookingOf('confirmed');
    const payload = { amountMinor: 2_000, reason: 'Retried' };
    const first = await refund(id, payload, { headers: { 'idempotency-key': 'retry-me' } });
    const again = await Promise.all(Array.from({ length: 10 }, () => refund(id, payload, { headers: { 'idempotency-key': 'retry-me' } })));
    expect(first.statusCode).toBe(201);
    for (const response of again) expect([response.statusCode, response.json()]).toEqual([201, first.json()]);
    const viaBody = await refund(id, { ...payload, idempotencyKey: 'retry-me' });
    expect(viaBody.json()).toEqual(first.json());
    const otherAmount = await refund(id, { ...payload, amountMinor: 2_001 }, { headers: { 'idempotency-key': 'retry-me' } });
    expect(otherAmount.statusCode).toBe(409);
    expect(otherAmount.json()).toMatchObject({ reason: 'idempotency-key-reused' });
    const otherBooking = await refund(await bookingOf('confirmed'), payload, { headers: { 'idempotency-key': 'retry-me' } });
    expect(otherBooking.statusCode).toBe(409);
    const { refunds, events } = await stateOf(id);
    expect(refunds).toHaveLength(1);
    expect(events).toHaveLength(1);
  });

  it('answers 400 to a header key and a body key that differ', async () => {
    const id = await bookingOf('confirmed');
    const response = await refund(id, { amountMinor: 100, reason: 'Two keys', idempotencyKey: 'one' }, { headers: { 'idempotency-key': 'two' } });
    expect(response.statusCode).toBe(400);
    expect((await stateOf(id)).refunds).toEqual([]);
  });

  it('writes the refund, its audit entry and its event in one transaction: a failing event leaves none of them', async () => {
    const id = await bookingOf('confirmed');
    await t.handle.query(
      sql.raw(`CREATE FUNCTION refuse_refund_event() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'refused by the test'; END $$`),
    );
    await t.handle.query(
      sql.raw(
        `CREATE TRIGGER refuse_refund_event BEFORE INSERT ON outbox_events FOR EACH ROW WHEN (NEW.payload->>'bookingId' = '${id}') EXECUTE FUNCTION refuse_refund_event()`,
      ),
    );
    try {
      expect((await refund(id, { amountMinor: 100, reason: 'Doomed' })).statusCode).toBe(500);
      expect(await stateOf(id)).toEqual({ refunds: [], audit: [], events: [] });
    } finally {
      await t.handle.query(sql.raw('DROP TRIGGER refuse_refund_event ON outbox_events'));
      await t.handle.query(sql.raw('DROP FUNCTION refuse_refund_event()'));
    }
  });

  it('records a live change of the booking’s refunds', async () => {
    const id = await bookingOf('confirmed');
    await refund(id, { amountMinor: 100, reason: 'Live' });
    const changes = await t.handle.query<{ action: string }>(sql`SELECT action FROM live_changes WHERE resource = 'refunds' AND row_id = ${id}`);
    expect(changes).toEqual([{ action: 'created' }]);
  });

  it(`needs a step-up above ${STEP_UP_ABOVE} cents (403 step-up-required, nothing written), and takes it after one`, async () => {
    const id = await bookingOf('confirmed', 2000);
    expect((await refund(id, { amountMinor: STEP_UP_ABOVE, reason: 'At the limit' })).statusCode).toBe(201);
    const token = await t.login();
    const refused = await refund(id, { amountMinor: STEP_UP_ABOVE + 1, reason: 'Large' }, { token });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ reason: ACCOUNT_REASONS.stepUpRequired });
    expect((await stateOf(id)).refunds).toHaveLength(1);
    await stepUp(t, token, { password: TEST_ADMIN_PASSWORD });
    expect((await refund(id, { amountMinor: STEP_UP_ABOVE + 1, reason: 'Large' }, { token })).statusCode).toBe(201);
    t.clock.advance(5 * 60 * 1000);
    expect((await refund(id, { amountMinor: STEP_UP_ABOVE - 2, reason: 'Under the limit' }, { token })).statusCode).toBe(201);
    expect((await refund(id, { amountMinor: STEP_UP_ABOVE + 1, reason: 'Large again' }, { token })).statusCode).toBe(403);
  });

  it('answers 401 without a session and 403 to the moderator, support and viewer; support and viewer read the refunds', async () => {
    const id = await bookingOf('confirmed');
    expect((await refund(id, { amountMinor: 100, reason: 'No session' }, { token: null })).statusCode).toBe(401);
    for (const role of ['moderator', 'support', 'viewer'] as const) {
      expect((await refund(id, { amountMinor: 100, reason: role }, { token: tokens[role] })).statusCode, role).toBe(403);
    }
    expect((await stateOf(id)).refunds).toEqual([]);
    expect((await t.request({ method: 'GET', url: `/api/admin/bookings/${id}/refunds`, token: tokens.moderator })).statusCode).toBe(403);
    expect((await refundsOf(id, tokens.support)).remainingMinor).toBe(13_500);
    expect((await refundsOf(id, tokens.viewer)).refunds).toEqual([]);
  });

  it.each([
    ['no body', undefined],
    ['a body that is a list', [{ amountMinor: 100, reason: 'x' }]],
    ['no amount', { reason: 'x' }],
    ['an amount of 0', { amountMinor: 0, reason: 'x' }],
    ['a negative amount', { amountMinor: -100, reason: 'x' }],
    ['an amount with a fraction', { amountMinor: 1.5, reason: 'x' }],
    ['an amount as text', { amountMinor: '100', reason: 'x' }],
    ['an amount too large to be paid', { amountMinor: 1e15, reason: 'x' }],
    ['no reason', { amountMinor: 100 }],
    ['an empty reason', { amountMinor: 100, reason: '' }],
    ['a reason of spaces only', { amountMinor: 100, reason: '   ' }],
    ['a reason of 501 characters', { amountMinor: 100, reason: 'x'.repeat(501) }],
    ['a reason that is not text', { amountMinor: 100, reason: { $gt: '' } }],
    ['a reason with a NUL', { amountMinor: 100, reason: 'a\u0000b' }],
    ['a field it does not take', { amountMinor: 100, reason: 'x', status: 'succeeded' }],
    ['an empty idempotency key', { amountMinor: 100, reason: 'x', idempotencyKey: '' }],
    ['an idempotency key with a space', { amountMinor: 100, reason: 'x', idempotencyKey: 'a b' }],
    ['an idempotency key of 201 characters', { amountMinor: 100, reason: 'x', idempotencyKey: 'k'.repeat(201) }],
  ])('answers 400 to %s, writing nothing', async (_label, payload) => {
    const id = await bookingOf('confirmed');
    expect((await refund(id, payload)).statusCode).toBe(400);
    expect((await stateOf(id)).refunds).toEqual([]);
  });

  it('answers 400 to an Idempotency-Key header of non-ASCII text', async () => {
    const id = await bookingOf('confirmed');
    expect((await refund(id, { amountMinor: 100, reason: 'x' }, { headers: { 'idempotency-key': 'clé' } })).statusCode).toBe(400);
  });

  it.each(['abc', '0', '-1', '1.5', '99999999999'])('answers 400 to the booking id %s', async (id) => {
    expect((await refund(id, { amountMinor: 100, reason: 'x' })).statusCode).toBe(400);
  });

  it('keeps a reason of exactly 500 characters as written, spaces and all', async () => {
    const id = await bookingOf('confirmed');
    const reason = ` <b>${'é'.repeat(491)}</b> `;
    expect((await refund(id, { amountMinor: 100, reason })).json<Refund>().reason).toBe(reason);
    expect((await stateOf(id)).refunds[0].reason).toBe(reason);
  });
});

describe('the database itself', () => {
  const insertByHand = (bookingId: number, amountMinor: number, key: string, status = 'requested') =>
    t.handle.query(
      sql`INSERT INTO refunds (booking_id, amount_minor, status, reason, idempotency_key, created_at) VALUES (${bookingId}, ${amountMinor}, ${status}, 'by hand', ${key}, now())`,
    );

  /** The database's own message of a statement that fails (drizzle wraps it as the cause). */
  const refusalOf = (statement: Promise<unknown>) =>
    statement.then(
      () => 'accepted',
      (error: Error & { cause?: Error }) => error.cause?.message ?? error.message,
    );

  it('refuses an insert by SQL that would refund more than was paid, and one on a booking not paid', async () => {
    const id = await bookingOf('confirmed');
    await insertByHand(id, 13_000, 'hand-1');
    expect(await refusalOf(insertByHand(id, 501, 'hand-2'))).toMatch(/would reach 13501 cents, more than the 13500 paid/);
    await insertByHand(id, 500, 'hand-3');
    await insertByHand(id, 9_999, 'hand-4', 'failed');
    expect(await refusalOf(insertByHand(await bookingOf('pending'), 1, 'hand-5'))).toMatch(/more than the 0 paid/);
    expect(await refusalOf(insertByHand(id, 0, 'hand-6', 'failed'))).toMatch(/refunds_amount_minor_check/);
    expect((await stateOf(id)).refunds.map((row) => row.amount_minor)).toEqual(['13000', '500', '9999']);
  });

  it('refuses an update by SQL that would bring a failed refund back past what was paid', async () => {
    const id = await bookingOf('confirmed');
    await insertByHand(id, 13_500, 'hand-7', 'failed');
    await insertByHand(id, 13_500, 'hand-8');
    expect(await refusalOf(t.handle.query(sql`UPDATE refunds SET status = 'requested' WHERE idempotency_key = 'hand-7'`))).toMatch(/would reach 27000 cents/);
  });
});

describe('POST /api/payments/refunds/:id/result', () => {
  async function requested(amountMinor = 1_000): Promise<Refund & { bookingId: number }> {
    const response = await refund(await bookingOf('confirmed'), { amountMinor, reason: 'For the callback' });
    return response.json<Refund>();
  }

  it('moves a requested refund to succeeded, with its audit entry, its event and a live change; the same answer again is a 200 that changes nothing', async () => {
    const { id, bookingId } = await requested();
    const response = await callback(id, { status: 'succeeded' });
    expect(response.statusCode).toBe(200);
    expect(response.json<Refund>()).toMatchObject({ id, status: 'succeeded', decidedAt: t.clock.now().toISOString(), failureReason: null });
    const again = await callback(id, { status: 'succeeded' });
    expect([again.statusCode, again.json()]).toEqual([200, response.json()]);
    const { audit, events } = await stateOf(bookingId);
    expect(audit.map((entry) => [entry.action, entry.administrator_id])).toEqual([
      ['booking.refund-requested', parties.administratorId],
      ['booking.refund-succeeded', null],
    ]);
    expect(events.map((event) => [event.type, event.idempotency_key, event.payload.status, event.payload.previousStatus])).toEqual([
      ['refund.requested', expect.any(String), 'requested', null],
      ['refund.succeeded', `refund.succeeded:${id}`, 'succeeded', 'requested'],
    ]);
    const changes = await t.handle.query<{ action: string }>(
      sql`SELECT action FROM live_changes WHERE resource = 'refunds' AND row_id = ${bookingId} ORDER BY id`,
    );
    expect(changes).toEqual([{ action: 'created' }, { action: 'updated' }]);
    expect((await refundsOf(bookingId)).refundedMinor).toBe(1_000);
  });

  it('moves a requested refund to failed with its reason, which gives the amount back; a contradicting answer is 409', async () => {
    const { id, bookingId } = await requested(13_500);
    const failed = await callback(id, { status: 'failed', failureReason: 'Card closed' });
    expect(failed.json<Refund>()).toMatchObject({ status: 'failed', failureReason: 'Card closed' });
    expect((await stateOf(bookingId)).events.map((event) => event.type)).toEqual(['refund.requested', 'refund.failed']);
    expect(await refundsOf(bookingId)).toMatchObject({ refundedMinor: 0, remainingMinor: 13_500 });
    const contradiction = await callback(id, { status: 'succeeded' });
    expect(contradiction.statusCode).toBe(409);
    expect(contradiction.json()).toMatchObject({ reason: 'refund-already-decided' });
    expect((await stateOf(bookingId)).events).toHaveLength(2);
    expect((await refund(bookingId, { amountMinor: 13_500, reason: 'Again, after the failure' })).statusCode).toBe(201);
  });

  it.each([
    ['no signature', { signature: null }],
    ['a signature under another secret', { secret: 'another secret of at least 32 characters!!' }],
    ['a signature of other text', { signature: `v1=${'0'.repeat(64)}` }],
    ['a timestamp 6 minutes old', { ageSeconds: 360 }],
    ['a timestamp 6 minutes ahead', { ageSeconds: -360 }],
  ])('answers 401 to %s, changing nothing', async (_label, { ageSeconds, ...signing }: { ageSeconds?: number; secret?: string; signature?: string | null }) => {
    const { id, bookingId } = await requested();
    const timestamp = ageSeconds === undefined ? undefined : Math.floor(t.clock.now().getTime() / 1000) - ageSeconds;
    const response = await callback(id, { status: 'succeeded' }, { ...signing, ...(timestamp === undefined ? {} : { timestamp }) });
    expect(response.statusCode).toBe(401);
    expect((await stateOf(bookingId)).refunds[0].status).toBe('requested');
  });

  it('answers 401 to a body changed after signing', async () => {
    const { id } = await requested();
    const timestamp = Math.floor(t.clock.now().getTime() / 1000);
    const signature = signWebhook(SECRET, timestamp, JSON.stringify({ status: 'failed' }));
    const headers = { 'content-type': 'application/json', 'hoy-timestamp': String(timestamp), 'hoy-signature': signature };
    const response = await t.request({ method: 'POST', url: `/api/payments/refunds/${id}/result`, headers, payload: JSON.stringify({ status: 'succeeded' }) });
    expect(response.statusCode).toBe(401);
  });

  it('answers 404 to a signed answer about a refund that does not exist, and 400 to a signed bad body', async () => {
    expect((await callback(2_000_000_000, { status: 'succeeded' })).statusCode).toBe(404);
    const { id } = await requested();
    for (const body of [{ status: 'refunded' }, { status: 'failed', failureReason: 'x'.repeat(501) }, { status: 'failed', extra: 1 }, ['succeeded']]) {
      expect((await callback(id, body)).statusCode, JSON.stringify(body)).toBe(400);
    }
  });

  it('answers 404 and accepts nothing while PAYMENTS_CALLBACK_SECRET is not set', async () => {
    const unset = await createTestApp();
    try {
      const timestamp = Math.floor(unset.clock.now().getTime() / 1000);
      const text = JSON.stringify({ status: 'succeeded' });
      const headers = { 'content-type': 'application/json', 'hoy-timestamp': String(timestamp), 'hoy-signature': signWebhook('', timestamp, text) };
      const response = await unset.request({ method: 'POST', url: '/api/payments/refunds/1/result', headers, payload: text });
      expect(response.statusCode).toBe(404);
    } finally {
      await unset.close();
    }
  });
});

describe('a second member’s approval above REFUND_APPROVAL_ABOVE_MINOR (decision 047)', () => {
  /** Two more administrators: the requester is the test administrator, these two may approve. */
  const others = { second: { id: 0, email: 'second-refunds@hoy.test' }, third: { id: 0, email: 'third-refunds@hoy.test' } };
  beforeAll(async () => {
    for (const other of Object.values(others)) other.id = (await createStaff(t, t.token, 'administrator', other.email)).id;
  });

  /** A fresh session of the member, stepped up (decision 039). */
  const steppedUp = async (who: 'requester' | keyof typeof others) => {
    const token = who === 'requester' ? await t.login() : await loginAs(t, others[who].email);
    await stepUp(t, token, who === 'requester' ? { password: TEST_ADMIN_PASSWORD } : undefined);
    return token;
  };
  const approve = (refundId: number | string, token: string | null) =>
    t.request({ method: 'POST', url: `/api/admin/refunds/${refundId}/approve`, token: token ?? undefined });
  const reject = (refundId: number | string, token: string | null, payload: unknown = { reason: 'Not justified' }) =>
    t.request({ method: 'POST', url: `/api/admin/refunds/${refundId}/reject`, token: token ?? undefined, payload: payload as Record<string, unknown> });

  /** A booking paid $2,000.00 (200,000 cents) and a refund of `amountMinor` awaiting approval on it. */
  async function awaiting(amountMinor = 150_000) {
    const bookingId = await bookingOf('confirmed', 2000);
    const response = await refund(
      bookingId,
      { amountMinor, reason: 'Flooded flat' },
      { token: await steppedUp('requester'), headers: { 'idempotency-key': `big-${bookingId}` } },
    );
    expect(response.statusCode).toBe(201);
    return { bookingId, refund: response.json<Refund>() };
  }

  it('keeps a refund above the amount awaiting approval: it counts against what remains, and only refund.awaiting-approval is told', async () => {
    expect(
      (
        await refund(await bookingOf('confirmed', 2000), { amountMinor: APPROVAL_ABOVE, reason: 'At the limit' }, { token: await steppedUp('requester') })
      ).json<Refund>().status,
    ).toBe('requested');
    const { bookingId, refund: made } = await awaiting();
    expect(made).toMatchObject({ status: 'awaiting-approval', requestedBy: parties.administratorId, requestedByName: expect.any(String), reviewedBy: null });
    expect(await refundsOf(bookingId)).toMatchObject({ refundedMinor: 150_000, awaitingApprovalMinor: 150_000, remainingMinor: 50_000 });
    const over = await refund(bookingId, { amountMinor: 50_001, reason: 'Past the ceiling' }, { token: await steppedUp('requester') });
    expect([over.statusCode, over.json().reason]).toEqual([409, 'refund-exceeds-paid']);
    const { refunds, audit, events } = await stateOf(bookingId);
    expect(refunds.map((row) => row.status)).toEqual(['awaiting-approval']);
    expect(audit.map((entry) => entry.action)).toEqual(['booking.refund-awaiting-approval']);
    expect(events.map((event) => [event.type, event.idempotency_key, event.payload.status])).toEqual([
      ['refund.awaiting-approval', `refund.awaiting-approval:big-${bookingId}`, 'awaiting-approval'],
    ]);
    // The payment side was asked nothing: its answer about this refund is refused.
    const early = await callback(made.id, { status: 'succeeded' });
    expect([early.statusCode, early.json().reason]).toEqual([409, 'refund-not-requested']);
  });

  it('is approved by a second member once: requested, refund.requested under the requester’s key, the approver’s audit entry', async () => {
    const { bookingId, refund: made } = await awaiting();
    const token = await steppedUp('second');
    const approved = await approve(made.id, token);
    expect(approved.statusCode).toBe(200);
    expect(approved.json<Refund>()).toMatchObject({
      status: 'requested',
      reviewedBy: others.second.id,
      reviewedByName: 'Administrator Member',
      reviewedAt: t.clock.now().toISOString(),
      rejectionReason: null,
    });
    const { refunds, audit, events } = await stateOf(bookingId);
    expect(refunds.map((row) => row.status)).toEqual(['requested']);
    expect(audit.map((entry) => [entry.action, entry.administrator_id])).toEqual([
      ['booking.refund-awaiting-approval', parties.administratorId],
      ['booking.refund-approved', others.second.id],
    ]);
    expect(events.map((event) => [event.type, event.idempotency_key, event.payload.status, event.payload.previousStatus, event.payload.reviewedBy])).toEqual([
      ['refund.awaiting-approval', `refund.awaiting-approval:big-${bookingId}`, 'awaiting-approval', null, null],
      ['refund.requested', `refund.requested:big-${bookingId}`, 'requested', 'awaiting-approval', others.second.id],
    ]);
    const again = await approve(made.id, token);
    expect([again.statusCode, again.json().reason]).toEqual([409, 'refund-not-awaiting']);
    expect((await callback(made.id, { status: 'succeeded' })).statusCode).toBe(200);
    expect(await refundsOf(bookingId)).toMatchObject({ refundedMinor: 150_000, awaitingApprovalMinor: 0 });
  });

  it('never lets the requester approve or reject their own refund (403), nor approve without a step-up', async () => {
    const { bookingId, refund: made } = await awaiting();
    const own = await steppedUp('requester');
    const approved = await approve(made.id, own);
    expect(approved.statusCode).toBe(403);
    expect(approved.json()).toMatchObject({ reason: 'refund-own-request', message: expect.stringContaining('another member') });
    expect((await reject(made.id, own)).json()).toMatchObject({ reason: 'refund-own-request' });
    const notSteppedUp = await approve(made.id, await loginAs(t, others.second.email));
    expect([notSteppedUp.statusCode, notSteppedUp.json().reason]).toEqual([403, ACCOUNT_REASONS.stepUpRequired]);
    const { refunds, audit, events } = await stateOf(bookingId);
    expect(refunds.map((row) => row.status)).toEqual(['awaiting-approval']);
    expect(audit).toHaveLength(1);
    expect(events).toHaveLength(1);
  });

  it('is rejected with a reason: the amount given back, refund.rejected told, the reason audited; then neither approved nor answered', async () => {
    const { bookingId, refund: made } = await awaiting(200_000);
    const token = await loginAs(t, others.second.email);
    for (const payload of [{}, { reason: '  ' }, { reason: 'x'.repeat(501) }, { reason: 'ok', status: 'requested' }, ['Not justified']]) {
      expect((await reject(made.id, token, payload)).statusCode, JSON.stringify(payload)).toBe(400);
    }
    const rejected = await reject(made.id, token, { reason: ' Photos show no flood ' });
    expect(rejected.statusCode).toBe(200);
    expect(rejected.json<Refund>()).toMatchObject({ status: 'rejected', reviewedBy: others.second.id, rejectionReason: ' Photos show no flood ' });
    expect(await refundsOf(bookingId)).toMatchObject({ refundedMinor: 0, awaitingApprovalMinor: 0, remainingMinor: 200_000 });
    const { audit, events } = await stateOf(bookingId);
    expect(audit.map((entry) => [entry.action, entry.administrator_id, entry.reason])).toEqual([
      ['booking.refund-awaiting-approval', parties.administratorId, 'Flooded flat'],
      ['booking.refund-rejected', others.second.id, ' Photos show no flood '],
    ]);
    expect(events.map((event) => [event.type, event.idempotency_key, event.payload.previousStatus, event.payload.rejectionReason])).toEqual([
      ['refund.awaiting-approval', `refund.awaiting-approval:big-${bookingId}`, null, null],
      ['refund.rejected', `refund.rejected:${made.id}`, 'awaiting-approval', ' Photos show no flood '],
    ]);
    expect((await approve(made.id, await steppedUp('third'))).statusCode).toBe(409);
    expect((await callback(made.id, { status: 'failed' })).json()).toMatchObject({ reason: 'refund-already-decided' });
    expect((await stateOf(bookingId)).events).toHaveLength(2);
  });

  it('makes exactly one decision of two members approving at once, and of an approval racing a rejection', async () => {
    for (const second of ['approve', 'reject'] as const) {
      const { bookingId, refund: made } = await awaiting();
      const [secondToken, thirdToken] = [await steppedUp('second'), await steppedUp('third')];
      const responses = await Promise.all([approve(made.id, secondToken), second === 'approve' ? approve(made.id, thirdToken) : reject(made.id, thirdToken)]);
      expect(responses.map((response) => response.statusCode).sort(), second).toEqual([200, 409]);
      const { audit, events } = await stateOf(bookingId);
      expect(audit, second).toHaveLength(2);
      expect(events, second).toHaveLength(2);
    }
  });

  it('answers 401 without a session, 403 to the roles without the refund permission, 404 for no such refund, 400 to a bad id', async () => {
    const { bookingId, refund: made } = await awaiting();
    expect((await approve(made.id, null)).statusCode).toBe(401);
    expect((await reject(made.id, null)).statusCode).toBe(401);
    for (const role of ['moderator', 'support', 'viewer'] as const) {
      expect((await approve(made.id, tokens[role])).statusCode, role).toBe(403);
      expect((await reject(made.id, tokens[role])).statusCode, role).toBe(403);
    }
    const token = await steppedUp('second');
    expect((await approve(2_000_000_000, token)).statusCode).toBe(404);
    expect((await reject(2_000_000_000, token)).statusCode).toBe(404);
    for (const id of ['abc', '0', '-1', '99999999999']) expect((await approve(id, token)).statusCode, id).toBe(400);
    expect((await stateOf(bookingId)).refunds.map((row) => row.status)).toEqual(['awaiting-approval']);
  });

  it('is enforced by the database: no reviewer who asked, no skipping the review, the ceiling counting what awaits', async () => {
    const { bookingId, refund: made } = await awaiting();
    const refusalOf = (statement: Promise<unknown>) =>
      statement.then(
        () => 'accepted',
        (error: Error & { cause?: Error }) => error.cause?.message ?? error.message,
      );
    expect(
      await refusalOf(t.handle.query(sql`UPDATE refunds SET status = 'requested', reviewed_by = requested_by, reviewed_at = now() WHERE id = ${made.id}`)),
    ).toMatch(/refunds_reviewer_not_requester/);
    expect(await refusalOf(t.handle.query(sql`UPDATE refunds SET status = 'succeeded' WHERE id = ${made.id}`))).toMatch(/becomes requested or rejected/);
    expect(await refusalOf(t.handle.query(sql`UPDATE refunds SET status = 'requested' WHERE id = ${made.id}`))).toMatch(/becomes requested or rejected/);
    expect(
      await refusalOf(
        t.handle.query(
          sql`INSERT INTO refunds (booking_id, amount_minor, reason, idempotency_key, created_at) VALUES (${bookingId}, 50001, 'by hand', ${`hand-${bookingId}`}, now())`,
        ),
      ),
    ).toMatch(/would reach 200001 cents, more than the 200000 paid/);
    expect((await stateOf(bookingId)).refunds.map((row) => row.status)).toEqual(['awaiting-approval']);
  });

  it('refuses to start with REFUND_APPROVAL_ABOVE_MINOR below REFUND_STEP_UP_ABOVE_MINOR', () => {
    const env = { DATA_DIR: '/nonexistent', REFUND_STEP_UP_ABOVE_MINOR: '50000' };
    expect(() => readConfig({ ...env, REFUND_APPROVAL_ABOVE_MINOR: '49999' })).toThrow(
      /REFUND_APPROVAL_ABOVE_MINOR: must be at least REFUND_STEP_UP_ABOVE_MINOR/,
    );
    expect(readConfig({ ...env, REFUND_APPROVAL_ABOVE_MINOR: '50000' }).refunds.approvalAboveMinor).toBe(50_000);
    expect(readConfig({ DATA_DIR: '/nonexistent' }).refunds.approvalAboveMinor).toBe(200_000);
  });
});
