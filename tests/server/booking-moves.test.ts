// A member's moves on a booking (issue 51, point 2; src/contracts/booking-moves.ts): each move the
// machine allows, each it refuses (409, nothing changed), concurrent cancels with one winner, the audit
// entry and the outbox event in the move's transaction, the roles, and hostile input.
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { BOOKING_MOVES, BOOKING_MOVE_NAMES, type BookingMoveName } from '../../src/contracts/booking-moves';
import { BOOKING_STATUSES, type BookingStatus } from '../../src/contracts/statuses';
import { signedInTestApp } from './helpers/app';
import { bookingParties } from './helpers/booking-parties';
import { insertBooking, insertGuest, insertHost, insertProperty } from './helpers/fixtures';

const t = signedInTestApp();
const parties = bookingParties(t, { guest: 'Ayaan Moves', host: 'Host Moves', property: 'Lido flat', tag: 'moves' });
const { tokens } = parties;

const bookingOf = async (status: BookingStatus) => (await insertBooking(t.handle, { status, guestId: parties.guestId, propertyId: parties.propertyId })).id;
const BODIES: Record<BookingMoveName, Record<string, unknown>> = {
  cancel: { move: 'cancel', reason: 'guest-request', bearer: 'guest', note: 'Flight cancelled' },
  'no-show': { move: 'no-show' },
  complete: { move: 'complete' },
};
/** As the test administrator unless another token, or none (null), is given. */
const moveOn = (id: number | string, payload: unknown, token: string | null = t.token) =>
  t.request({ method: 'POST', url: `/api/admin/bookings/${id}/moves`, token: token ?? undefined, payload: payload as Record<string, unknown> });

/** The booking's row, its audit entries and its outbox events: what a move changes. */
async function stateOf(id: number) {
  const [booking] = await t.handle.query<{ status: string; is_cancelled: boolean }>(sql`SELECT status, is_cancelled FROM bookings WHERE id = ${id}`);
  const audit = await t.handle.query<{
    action: string;
    administrator_id: number;
    entity_name: string | null;
    reason: string | null;
    before: unknown;
    after: unknown;
  }>(
    sql`SELECT action, administrator_id, entity_name, reason, before, after FROM audit_events WHERE entity_type = 'booking' AND entity_id = ${id} ORDER BY id`,
  );
  const events = await t.handle.query<{ type: string; payload: Record<string, unknown> }>(
    sql`SELECT type, payload FROM outbox_events WHERE payload->>'entity' = 'booking' AND payload->>'id' = ${String(id)} ORDER BY created_at`,
  );
  return { booking, audit, events };
}

const ALLOWED = BOOKING_MOVE_NAMES.flatMap((move) => BOOKING_MOVES[move].from.map((from) => [move, from] as const));
const REFUSED = BOOKING_MOVE_NAMES.flatMap((move) =>
  BOOKING_STATUSES.filter((status) => !(BOOKING_MOVES[move].from as readonly string[]).includes(status)).map((from) => [move, from] as const),
);

describe('POST /api/admin/bookings/:id/moves', () => {
  it.each(ALLOWED)('%s moves a %s booking, with its audit entry naming the member and the booking, and its event', async (move, from) => {
    const id = await bookingOf(from);
    const response = await moveOn(id, BODIES[move]);
    expect(response.statusCode).toBe(200);
    const to = BOOKING_MOVES[move].to;
    expect(response.json()).toEqual({ id, move, status: to, previousStatus: from });
    const { booking, audit, events } = await stateOf(id);
    expect(booking).toEqual({ status: to, is_cancelled: move === 'cancel' });
    const details = move === 'cancel' ? { cancelReason: 'guest-request', bearer: 'guest' } : {};
    expect(audit).toEqual([
      {
        action: `booking.${move}`,
        administrator_id: parties.administratorId,
        entity_name: 'Ayaan Moves · Lido flat',
        reason: move === 'cancel' ? 'Flight cancelled' : null,
        before: { status: from },
        after: { status: to, ...details },
      },
    ]);
    expect(events).toEqual([
      {
        type: BOOKING_MOVES[move].event,
        payload: {
          entity: 'booking',
          id,
          status: to,
          previousStatus: from,
          ...details,
          note: move === 'cancel' ? 'Flight cancelled' : null,
          decidedBy: parties.administratorId,
        },
      },
    ]);
  });

  it.each(REFUSED)('refuses %s on a %s booking with 409, changing nothing', async (move, from) => {
    const id = await bookingOf(from);
    const before = await stateOf(id);
    const response = await moveOn(id, BODIES[move]);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ message: expect.stringContaining(`A ${from} booking cannot be moved by "${move}"`), reason: 'move-not-allowed' });
    expect(await stateOf(id)).toEqual(before);
  });

  it('lets exactly one of 20 concurrent cancels win; the others get 409', async () => {
    const id = await bookingOf('confirmed');
    const responses = await Promise.all(Array.from({ length: 20 }, () => moveOn(id, BODIES.cancel)));
    const statuses = responses.map((response) => response.statusCode).sort();
    expect(statuses).toEqual([200, ...Array<number>(19).fill(409)]);
    const { booking, audit, events } = await stateOf(id);
    expect(booking.status).toBe('cancelled');
    expect(audit).toHaveLength(1);
    expect(events).toHaveLength(1);
  });

  it('writes the status, the audit entry and the event in one transaction: a failing event leaves none of them', async () => {
    const id = await bookingOf('confirmed');
    await t.handle.query(
      sql.raw(`CREATE FUNCTION refuse_test_event() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'refused by the test'; END $$`),
    );
    await t.handle.query(
      sql.raw(
        `CREATE TRIGGER refuse_test_event BEFORE INSERT ON outbox_events FOR EACH ROW WHEN (NEW.payload->>'id' = '${id}') EXECUTE FUNCTION refuse_test_event()`,
      ),
    );
    try {
      const before = await stateOf(id);
      expect((await moveOn(id, BODIES.complete)).statusCode).toBe(500);
      expect(await stateOf(id)).toEqual(before);
      expect(before.booking.status).toBe('confirmed');
    } finally {
      await t.handle.query(sql.raw('DROP TRIGGER refuse_test_event ON outbox_events'));
      await t.handle.query(sql.raw('DROP FUNCTION refuse_test_event()'));
    }
  });

  it('answers 404 for a booking that does not exist', async () => {
    const response = await moveOn(2_000_000_000, BODIES.complete);
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ message: 'Booking not found.' });
  });

  it('answers 401 without a session and 403 to the moderator and the viewer; support may move', async () => {
    const id = await bookingOf('confirmed');
    expect((await moveOn(id, BODIES.complete, null)).statusCode).toBe(401);
    for (const role of ['moderator', 'viewer'] as const) {
      const response = await moveOn(id, BODIES.complete, tokens[role]);
      expect(response.statusCode, role).toBe(403);
    }
    expect((await stateOf(id)).booking.status).toBe('confirmed');
    expect((await moveOn(id, BODIES.complete, tokens.support)).statusCode).toBe(200);
  });

  it.each([
    ['no body', undefined],
    ['an unknown move', { move: 'refund' }],
    ['a cancel without a reason', { move: 'cancel', bearer: 'guest' }],
    ['a reason off the list', { move: 'cancel', reason: 'bored', bearer: 'guest' }],
    ['a cancel without who bears it', { move: 'cancel', reason: 'duplicate' }],
    ['an unknown bearer', { move: 'cancel', reason: 'duplicate', bearer: 'nobody' }],
    ['a note of 501 characters', { move: 'cancel', reason: 'other', bearer: 'platform', note: 'x'.repeat(501) }],
    ['a note that is not text', { move: 'complete', note: { $gt: '' } }],
    ['a field the move does not take', { move: 'complete', bearer: 'host' }],
    ['a body that is a list', [{ move: 'complete' }]],
  ])('answers 400 to %s, changing nothing', async (_label, payload) => {
    const id = await bookingOf('confirmed');
    const before = await stateOf(id);
    expect((await moveOn(id, payload)).statusCode).toBe(400);
    expect(await stateOf(id)).toEqual(before);
  });

  it.each(['abc', '0', '-1', '1.5', '99999999999'])('answers 400 to the id %s', async (id) => {
    expect((await moveOn(id, BODIES.complete)).statusCode).toBe(400);
  });

  it('takes a note of exactly 500 characters, stored as written', async () => {
    const id = await bookingOf('pending');
    const note = ` <b>${'é'.repeat(491)}</b> `;
    expect((await moveOn(id, { ...BODIES.cancel, note })).statusCode).toBe(200);
    expect((await stateOf(id)).audit[0].reason).toBe(note);
  });
});

describe('GET /api/admin/bookings/:id/parties', () => {
  const partiesOf = (id: number | string, token: string | null = t.token) =>
    t.request({ method: 'GET', url: `/api/admin/bookings/${id}/parties`, token: token ?? undefined });

  it('names the guest, the property and its host with their ids, and says who is suspended', async () => {
    const guest = await insertGuest(t.handle, { name: 'Parties Guest' });
    const host = await insertHost(t.handle, { name: 'Parties Host' });
    const property = await insertProperty(t.handle, host.id, { title: 'Parties flat' });
    const booking = await insertBooking(t.handle, { guestId: guest.id, propertyId: property.id });
    await t.handle.query(sql`UPDATE users SET suspended_at = '2026-11-01T08:00:00Z' WHERE id = ${host.id}`);

    const answer = await partiesOf(booking.id, tokens.support);
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({
      guest: { id: guest.id, name: 'Parties Guest', suspendedAt: null },
      property: { id: property.id, title: 'Parties flat' },
      host: { id: host.id, name: 'Parties Host', suspendedAt: '2026-11-01T08:00:00.000Z' },
    });
  });

  it('answers null for a party that is gone', async () => {
    const booking = await insertBooking(t.handle, { guestId: null, propertyId: null });
    expect((await partiesOf(booking.id)).json()).toEqual({ guest: null, property: null, host: null });
  });

  it('answers 404 for an unknown booking, 400 for an id that is no number, 401 without a session and 403 to a role that does not read bookings', async () => {
    expect((await partiesOf(2_000_000_000)).statusCode).toBe(404);
    expect((await partiesOf('abc')).statusCode).toBe(400);
    expect((await partiesOf(1, null)).statusCode).toBe(401);
    expect((await partiesOf(1, tokens.moderator)).statusCode).toBe(403);
  });
});
