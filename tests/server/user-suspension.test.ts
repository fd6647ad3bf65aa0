// Suspending and reinstating a guest or a host (issue 51, point 3; src/contracts/user-suspension.ts):
// each move and its refusal (409, nothing changed), the step-up it needs, the audit entry and the
// outbox event in its transaction, the roles, and hostile input.
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_REASONS } from '../../src/contracts/account-reasons';
import { signedInTestApp, TEST_ADMIN_PASSWORD } from './helpers/app';
import { bookingParties } from './helpers/booking-parties';
import { insertGuest, insertHost } from './helpers/fixtures';
import { STAFF_PASSWORD, stepUp } from './helpers/staff';

const t = signedInTestApp();
const parties = bookingParties(t, { guest: 'Ayaan Suspension', host: 'Host Suspension', property: 'Jazeera flat', tag: 'suspension' });
const { tokens } = parties;

beforeAll(async () => {
  await stepUp(t, t.token, { password: TEST_ADMIN_PASSWORD });
  await stepUp(t, tokens.moderator, { password: STAFF_PASSWORD });
});

type Move = 'suspend' | 'reinstate';
/** As the test administrator unless another token, or none (null), is given. */
const call = (move: Move, id: number | string, payload: unknown, token: string | null = t.token) =>
  t.request({ method: 'POST', url: `/api/admin/users/${id}/${move}`, token: token ?? undefined, payload: payload as Record<string, unknown> });

/** The user's suspension, their audit entries and their outbox events: what a move changes. */
async function stateOf(id: number) {
  const [user] = await t.handle.query<{ suspended_at: unknown; suspension_reason: string | null }>(
    sql`SELECT suspended_at, suspension_reason FROM users WHERE id = ${id}`,
  );
  const audit = await t.handle.query<{
    action: string;
    entity_type: string;
    administrator_id: number;
    entity_name: string | null;
    reason: string | null;
    before: unknown;
    after: unknown;
  }>(
    sql`SELECT action, entity_type, administrator_id, entity_name, reason, before, after FROM audit_events WHERE entity_type IN ('guest', 'host') AND entity_id = ${id} ORDER BY id`,
  );
  const events = await t.handle.query<{ type: string; payload: Record<string, unknown> }>(
    sql`SELECT type, payload FROM outbox_events WHERE payload->>'entity' = 'user' AND payload->>'id' = ${String(id)} ORDER BY created_at`,
  );
  return { isSuspended: user.suspended_at !== null, reason: user.suspension_reason, audit, events };
}

const newGuest = async (name = 'Guest To Suspend') => (await insertGuest(t.handle, { name })).id;

describe('POST /api/admin/users/:id/suspend and /reinstate', () => {
  it.each([
    ['guest', 'Hodan Guest'],
    ['host', 'Farah Host'],
  ] as const)('suspends and reinstates a %s, with its audit entries and events', async (kind, name) => {
    const id = kind === 'guest' ? await newGuest(name) : (await insertHost(t.handle, { name })).id;
    const suspended = await call('suspend', id, { reason: 'Abusive messages' });
    expect(suspended.statusCode).toBe(200);
    expect(suspended.json()).toMatchObject({ id, isHost: kind === 'host', suspensionReason: 'Abusive messages', suspendedAt: expect.any(String) });
    expect(await stateOf(id)).toMatchObject({ isSuspended: true, reason: 'Abusive messages' });
    // Outbox ids are random: a second later keeps the events in order.
    t.clock.advance(1000);
    const reinstated = await call('reinstate', id, { reason: 'Apologised' });
    expect(reinstated.statusCode).toBe(200);
    expect(reinstated.json()).toEqual({ id, isHost: kind === 'host', suspendedAt: null, suspensionReason: null });
    const { isSuspended, audit, events } = await stateOf(id);
    expect(isSuspended).toBe(false);
    const entry = { entity_type: kind, administrator_id: parties.administratorId, entity_name: name };
    expect(audit).toEqual([
      { ...entry, action: `${kind}.suspend`, reason: 'Abusive messages', before: { suspended: false }, after: { suspended: true } },
      { ...entry, action: `${kind}.reinstate`, reason: 'Apologised', before: { suspended: true }, after: { suspended: false } },
    ]);
    const payload = { entity: 'user', id, role: kind, decidedBy: parties.administratorId };
    expect(events).toEqual([
      { type: 'user.suspended', payload: { ...payload, status: 'suspended', reason: 'Abusive messages' } },
      { type: 'user.reinstated', payload: { ...payload, status: 'active', reason: 'Apologised' } },
    ]);
  });

  it('refuses to suspend a suspended user or reinstate an active one with 409, changing nothing', async () => {
    const id = await newGuest();
    const active = await stateOf(id);
    const reinstate = await call('reinstate', id, { reason: 'Nothing to lift' });
    expect(reinstate.statusCode).toBe(409);
    expect(reinstate.json()).toMatchObject({ message: 'This user is not suspended: there is nothing to reinstate.', reason: 'suspension-not-allowed' });
    expect(await stateOf(id)).toEqual(active);
    expect((await call('suspend', id, { reason: 'First' })).statusCode).toBe(200);
    const suspended = await stateOf(id);
    const again = await call('suspend', id, { reason: 'Second' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ message: 'This user is already suspended: reinstate them first.' });
    expect(await stateOf(id)).toEqual(suspended);
  });

  it('lets exactly one of 10 concurrent suspensions win', async () => {
    const id = await newGuest();
    const responses = await Promise.all(Array.from({ length: 10 }, (_, index) => call('suspend', id, { reason: `Race ${index}` })));
    expect(responses.map((response) => response.statusCode).sort()).toEqual([200, ...Array<number>(9).fill(409)]);
    const { audit, events } = await stateOf(id);
    expect(audit).toHaveLength(1);
    expect(events).toHaveLength(1);
  });

  it('writes the suspension, the audit entry and the event in one transaction: a failing event leaves none of them', async () => {
    const id = await newGuest();
    await t.handle.query(
      sql.raw(`CREATE FUNCTION refuse_user_event() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'refused by the test'; END $$`),
    );
    await t.handle.query(
      sql.raw(
        `CREATE TRIGGER refuse_user_event BEFORE INSERT ON outbox_events FOR EACH ROW WHEN (NEW.payload->>'entity' = 'user' AND NEW.payload->>'id' = '${id}') EXECUTE FUNCTION refuse_user_event()`,
      ),
    );
    try {
      const before = await stateOf(id);
      expect((await call('suspend', id, { reason: 'Doomed' })).statusCode).toBe(500);
      expect(await stateOf(id)).toEqual(before);
      expect(before.isSuspended).toBe(false);
    } finally {
      await t.handle.query(sql.raw('DROP TRIGGER refuse_user_event ON outbox_events'));
      await t.handle.query(sql.raw('DROP FUNCTION refuse_user_event()'));
    }
  });

  it('answers 404 for a user that does not exist', async () => {
    const response = await call('suspend', 2_000_000_000, { reason: 'Ghost' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ message: 'User not found.' });
  });

  it('needs a step-up (403 step-up-required, nothing written), and takes it after one', async () => {
    const id = await newGuest();
    const token = await t.login();
    const refused = await call('suspend', id, { reason: 'Without a step-up' }, token);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ reason: ACCOUNT_REASONS.stepUpRequired });
    expect((await stateOf(id)).isSuspended).toBe(false);
    await stepUp(t, token, { password: TEST_ADMIN_PASSWORD });
    expect((await call('suspend', id, { reason: 'With a step-up' }, token)).statusCode).toBe(200);
  });

  it('answers 401 without a session and 403 to support and the viewer; the moderator may suspend', async () => {
    const id = await newGuest();
    expect((await call('suspend', id, { reason: 'No session' }, null)).statusCode).toBe(401);
    for (const role of ['support', 'viewer'] as const) {
      expect((await call('suspend', id, { reason: role }, tokens[role])).statusCode, role).toBe(403);
    }
    expect((await stateOf(id)).isSuspended).toBe(false);
    expect((await call('suspend', id, { reason: 'Moderator' }, tokens.moderator)).statusCode).toBe(200);
    expect((await call('reinstate', id, { reason: 'Moderator' }, tokens.moderator)).statusCode).toBe(200);
  });

  it.each([
    ['no body', undefined],
    ['no reason', {}],
    ['an empty reason', { reason: '' }],
    ['a reason of 501 characters', { reason: 'x'.repeat(501) }],
    ['a reason that is not text', { reason: { $gt: '' } }],
    ['a field it does not take', { reason: 'Fine', until: '2030-01-01' }],
    ['a body that is a list', [{ reason: 'Fine' }]],
  ])('answers 400 to %s, changing nothing', async (_label, payload) => {
    const id = await newGuest();
    const before = await stateOf(id);
    expect((await call('suspend', id, payload)).statusCode).toBe(400);
    expect(await stateOf(id)).toEqual(before);
  });

  it.each(['abc', '0', '-1', '1.5', '99999999999'])('answers 400 to the id %s', async (id) => {
    expect((await call('suspend', id, { reason: 'Bad id' })).statusCode).toBe(400);
  });

  it('takes a reason of exactly 500 characters, stored exactly as sent', async () => {
    const id = await newGuest();
    const reason = ` <b>${'é'.repeat(491)}</b> `;
    expect((await call('suspend', id, { reason })).statusCode).toBe(200);
    const state = await stateOf(id);
    expect(state.reason).toBe(reason);
    expect(state.audit[0].reason).toBe(reason);
  });
});
