// The step-up (docs/decisions/039-step-up.md): the calls that can take an account (turning the second
// factor on, new recovery codes, a new password, a member's second factor reset, role change or
// disable) are refused to a bearer token alone, accepted for 5 minutes after the session's member
// gave their password (no second factor) or a code or recovery code (with one), and step-ups are
// counted and logged like sign-in guesses.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_REASONS } from '../../src/contracts/account';
import type { MeResponse, StaffRow } from '../../src/contracts/staff';
import { buildApp } from '../../server/app';
import { currentCode } from '../../server/modules/auth/second-factor';
import { createTestApp, TEST_ADMIN_PASSWORD, type LogLine, type TestApp } from './helpers/app';
import { createStaff, loginAs, STAFF_PASSWORD, stepUp, type StaffMember, type StepUpProof } from './helpers/staff';

const STEP_MS = 30_000;
const FIVE_MINUTES_MS = 5 * 60 * 1000;
const NEW_PASSWORD = 'a brand new long passphrase 7';
let t: TestApp;
let adminToken: string;
const logs: LogLine[] = [];

beforeAll(async () => {
  t = await createTestApp({}, undefined, { captureLogs: logs });
  adminToken = await t.login();
});
afterAll(() => t.close());

const post = (token: string, url: string, payload?: Record<string, unknown>, app: TestApp = t) =>
  app.request({ method: 'POST', url, token, ...(payload && { payload }) });
const stepUpCall = (token: string, proof: Record<string, unknown>, app: TestApp = t) => post(token, '/api/admin/account/step-up', proof, app);
const me = async (token: string) => (await t.request({ method: 'GET', url: '/api/admin/me', token })).json<MeResponse>();
const codeAt = (secret: string, steps = 0, app: TestApp = t) => currentCode(secret, new Date(app.clock.now().getTime() + steps * STEP_MS));

/** The six calls, as the member `token` (own account) or an administrator (on `memberId`) makes them. */
const ownCalls = {
  setup: (token: string) => post(token, '/api/admin/account/second-factor/setup'),
  confirm: (token: string, setupId = 'no-setup', code = '123456') => post(token, '/api/admin/account/second-factor/confirm', { setupId, code }),
  recoveryCodes: (token: string) => post(token, '/api/admin/account/second-factor/recovery-codes'),
  password: (token: string, currentPassword = STAFF_PASSWORD) => post(token, '/api/admin/account/password', { currentPassword, newPassword: NEW_PASSWORD }),
};
const staffCalls = {
  role: (token: string, memberId: number) => t.request({ method: 'PUT', url: `/api/admin/staff/${memberId}/role`, token, payload: { role: 'viewer' } }),
  disable: (token: string, memberId: number) => post(token, `/api/admin/staff/${memberId}/disable`),
  resetPassword: (token: string, memberId: number) => post(token, `/api/admin/staff/${memberId}/reset-password`, { password: NEW_PASSWORD }),
  resetSecondFactor: (token: string, memberId: number) => post(token, `/api/admin/staff/${memberId}/reset-second-factor`),
};

let memberCount = 0;
async function newMember(role: StaffMember['role'] = 'support'): Promise<StaffMember & { token: string }> {
  memberCount += 1;
  const member = await createStaff(t, adminToken, role, `step-up-${memberCount}@hoy.test`);
  return { ...member, token: await loginAs(t, member.email) };
}

/** Turns the member's second factor on (after a password step-up); answers the secret and the recovery codes. */
async function enrol(token: string, password = STAFF_PASSWORD): Promise<{ secret: string; recoveryCodes: string[] }> {
  await stepUp(t, token, { password });
  const { setupId, secret } = (await ownCalls.setup(token)).json<{ setupId: string; secret: string }>();
  const confirm = await ownCalls.confirm(token, setupId, codeAt(secret));
  expect(confirm.statusCode).toBe(200);
  t.clock.advance(STEP_MS);
  return { secret, recoveryCodes: confirm.json<{ recoveryCodes: string[] }>().recoveryCodes };
}

const expectStepUpRequired = (answer: { statusCode: number; json: () => { reason?: string } }, what: string) => {
  expect(answer.statusCode, what).toBe(403);
  expect(answer.json().reason, what).toBe(ACCOUNT_REASONS.stepUpRequired);
};

describe('a bearer token alone', () => {
  it('cannot turn the second factor on, make recovery codes or set a password, and nothing changes', async () => {
    const member = await newMember();
    expectStepUpRequired(await ownCalls.setup(member.token), 'setup');
    expectStepUpRequired(await ownCalls.confirm(member.token), 'confirm');
    expectStepUpRequired(await ownCalls.password(member.token), 'password');
    expect((await me(member.token)).secondFactor.isEnabled).toBe(false);
    // The password did not change: the old one still signs in.
    expect(await loginAs(t, member.email)).toMatch(/^[\w-]{20,}$/);

    // A member with a second factor: new recovery codes need a step-up too (the old ones still count).
    const enrolled = await newMember();
    await enrol(enrolled.token);
    expectStepUpRequired(await ownCalls.recoveryCodes(enrolled.token), 'recovery codes after a password step-up');
    expect((await me(enrolled.token)).secondFactor.recoveryCodesLeft).toBe(10);
  });

  it("cannot change a member's role, disable them, set their password or reset their second factor", async () => {
    const member = await newMember('moderator');
    await enrol(member.token);
    for (const [name, call] of Object.entries(staffCalls)) expectStepUpRequired(await call(adminToken, member.id), name);
    // Their session lives on (not disabled, nothing revoked), with their role and second factor.
    expect(await me(member.token)).toMatchObject({ role: 'moderator', secondFactor: { isEnabled: true } });
    // Their password is the old one: it still takes them to the code step.
    const signIn = await t.request({ method: 'POST', url: '/api/admin/admin-login', payload: { email: member.email, password: STAFF_PASSWORD } });
    expect(signIn.json().step).toBe('second-factor');
  });

  it("cannot enrol its own authenticator and sign the member out: the member's other session survives", async () => {
    const member = await newMember();
    const thief = await loginAs(t, member.email);
    expectStepUpRequired(await ownCalls.setup(thief), 'setup');
    expect((await t.request({ method: 'GET', url: '/api/admin/me', token: member.token })).statusCode).toBe(200);
  });
});

describe('after a step-up', () => {
  it('a member without a second factor sets one up and a new password with their password, for 5 minutes', async () => {
    const member = await newMember();
    const answer = await stepUpCall(member.token, { password: STAFF_PASSWORD });
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({ validUntil: new Date(t.clock.now().getTime() + FIVE_MINUTES_MS).toISOString() });

    const setup = await ownCalls.setup(member.token);
    expect(setup.statusCode).toBe(200);
    const { setupId, secret } = setup.json<{ setupId: string; secret: string }>();
    const confirm = await ownCalls.confirm(member.token, setupId, codeAt(secret));
    expect(confirm.statusCode).toBe(200);
    expect((await me(member.token)).secondFactor.isEnabled).toBe(true);
    t.clock.advance(STEP_MS);

    // Now that they have a second factor, the password step-up no longer counts, and a password does not step up.
    expectStepUpRequired(await ownCalls.password(member.token), 'password after turning the second factor on');
    const byPassword = await stepUpCall(member.token, { password: STAFF_PASSWORD });
    expect(byPassword.statusCode).toBe(400);
    expect(byPassword.json().reason).toBe(ACCOUNT_REASONS.stepUpNeedsSecondFactor);

    await stepUp(t, member.token, { code: codeAt(secret) });
    const codes = await ownCalls.recoveryCodes(member.token);
    expect(codes.statusCode).toBe(200);
    expect(codes.json<{ recoveryCodes: string[] }>().recoveryCodes).toHaveLength(10);
    expect((await ownCalls.password(member.token)).statusCode).toBe(204);

    // Still inside the 5 minutes: more calls need no new step-up. Past them, every one is refused again.
    t.clock.advance(FIVE_MINUTES_MS - 1);
    expect((await ownCalls.recoveryCodes(member.token)).statusCode).toBe(200);
    t.clock.advance(1);
    expectStepUpRequired(await ownCalls.recoveryCodes(member.token), 'recovery codes after 5 minutes');
    expectStepUpRequired(await ownCalls.password(member.token, NEW_PASSWORD), 'password after 5 minutes');
  });

  it("lets an administrator change a member's role, disable them, set their password and reset their second factor, until 5 minutes pass", async () => {
    const member = await newMember('moderator');
    await enrol(member.token);
    const admin = await t.login();
    await stepUp(t, admin, { password: TEST_ADMIN_PASSWORD });
    expect((await staffCalls.role(admin, member.id)).json<StaffRow>().role).toBe('viewer');
    expect((await staffCalls.resetSecondFactor(admin, member.id)).json<StaffRow>().hasSecondFactor).toBe(false);
    expect((await staffCalls.resetPassword(admin, member.id)).statusCode).toBe(200);
    expect(await loginAs(t, member.email, NEW_PASSWORD)).toBeTruthy();
    expect((await staffCalls.disable(admin, member.id)).json<StaffRow>().disabledAt).not.toBeNull();

    const other = await newMember();
    t.clock.advance(FIVE_MINUTES_MS);
    for (const [name, call] of Object.entries(staffCalls)) expectStepUpRequired(await call(admin, other.id), `${name} after 5 minutes`);
  });

  it('counts for its own session only, read from the database by every process', async () => {
    const member = await newMember();
    const otherSession = await loginAs(t, member.email);
    await stepUp(t, member.token);
    expectStepUpRequired(await ownCalls.setup(otherSession), 'another session of the member');
    // A second process on the same database: its memory knows nothing of the step-up, the session's row does.
    const second = await buildApp({ handle: t.handle, config: t.config, clock: t.clock, logger: false });
    try {
      const answer = await second.inject({
        method: 'POST',
        url: '/api/admin/account/second-factor/setup',
        headers: { authorization: `Bearer ${member.token}` },
      });
      expect(answer.statusCode).toBe(200);
    } finally {
      await second.close();
    }
  });

  it('takes a recovery code from a member with a second factor, once', async () => {
    const member = await newMember();
    const { recoveryCodes } = await enrol(member.token);
    await stepUp(t, member.token, { recoveryCode: recoveryCodes[0] });
    expect((await ownCalls.recoveryCodes(member.token)).statusCode).toBe(200);
    // The new codes replaced the old: the one used is gone with them, and a used one is refused in any case.
    const again = await stepUpCall(member.token, { recoveryCode: recoveryCodes[0] });
    expect(again.statusCode).toBe(400);
    expect(again.json().reason).toBe(ACCOUNT_REASONS.codeInvalid);
    expect(logs.some((line) => line.event === 'second-factor.recovery-code-used' && line.administratorId === member.id)).toBe(true);
  });
});

describe("an administrator's own second factor", () => {
  it('is reset only after a step-up with a code: a password does not do', async () => {
    const admin = await newMember('administrator');
    const { secret } = await enrol(admin.token);
    expectStepUpRequired(await staffCalls.resetSecondFactor(admin.token, admin.id), 'own reset after a password step-up');
    const byPassword = await stepUpCall(admin.token, { password: STAFF_PASSWORD });
    expect(byPassword.json().reason).toBe(ACCOUNT_REASONS.stepUpNeedsSecondFactor);
    expectStepUpRequired(await staffCalls.resetSecondFactor(admin.token, admin.id), 'own reset after a refused password');
    expect((await me(admin.token)).secondFactor.isEnabled).toBe(true);

    await stepUp(t, admin.token, { code: codeAt(secret) });
    const reset = await staffCalls.resetSecondFactor(admin.token, admin.id);
    expect(reset.statusCode).toBe(200);
    expect(reset.json<StaffRow>().hasSecondFactor).toBe(false);
  });
});

describe('a wrong step-up', () => {
  let small: TestApp;
  const smallLogs: LogLine[] = [];
  beforeAll(async () => {
    small = await createTestApp({ rateLimitLoginAccount: 22 }, undefined, { captureLogs: smallLogs });
  });
  afterAll(() => small.close());

  it('is refused, logged without the secret, and counted on the account like a sign-in guess', async () => {
    const admin = await small.login();
    const member = await createStaff(small, admin, 'viewer', 'guessed@hoy.test');
    const token = await loginAs(small, member.email);
    const wrongPassword = 'not the password, a guess';
    const statuses: number[] = [];
    const reasons = new Set<string>();
    for (let index = 0; index < 14; index += 1) {
      const answer = await stepUpCall(token, { password: wrongPassword }, small);
      statuses.push(answer.statusCode);
      if (answer.statusCode === 400) reasons.add(answer.json().reason);
    }
    // The session's own budget (10), then the account's doubling waits: later guesses are refused unchecked.
    expect(statuses.slice(0, 11)).toEqual(Array(11).fill(400));
    expect([...reasons]).toEqual([ACCOUNT_REASONS.currentPasswordWrong]);
    expect(statuses.slice(11)).toEqual([429, 429, 429]);
    const failures = smallLogs.filter((line) => line.event === 'step-up.failed' && line.administratorId === member.id);
    expect(failures).toHaveLength(11);
    expect(JSON.stringify(smallLogs)).not.toContain(wrongPassword);
    // The right password now waits too, and so does a sign-in from anywhere: the guesses counted on the account.
    expect((await stepUpCall(token, { password: STAFF_PASSWORD }, small)).statusCode).toBe(429);
    const signIn = await small.request({
      method: 'POST',
      url: '/api/admin/admin-login',
      payload: { email: member.email, password: STAFF_PASSWORD },
      remoteAddress: '203.0.113.9',
    });
    expect(signIn.statusCode).toBe(429);
    expectStepUpRequired(await post(token, '/api/admin/account/second-factor/setup', undefined, small), 'setup after refused step-ups');
  });

  it('with a wrong code is refused and logged; malformed proofs answer 400 without counting', async () => {
    const admin = await small.login();
    const member = await createStaff(small, admin, 'support', 'coded@hoy.test');
    const token = await loginAs(small, member.email);
    await stepUp(small, token);
    const { setupId, secret } = (await post(token, '/api/admin/account/second-factor/setup', undefined, small)).json<{ setupId: string; secret: string }>();
    expect((await post(token, '/api/admin/account/second-factor/confirm', { setupId, code: codeAt(secret, 0, small) }, small)).statusCode).toBe(200);
    small.clock.advance(STEP_MS);
    const wrong = await stepUpCall(token, { code: codeAt(secret, 20, small) }, small);
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().reason).toBe(ACCOUNT_REASONS.codeInvalid);
    expect(smallLogs.some((line) => line.event === 'step-up.failed' && line.reason === 'second-factor' && line.administratorId === member.id)).toBe(true);
    const malformed: StepUpProof[] = [{ code: '12345' }, { recoveryCode: 'ABCD' }, { password: '' }];
    for (const proof of [...malformed, {}, { password: STAFF_PASSWORD, code: '123456' }, { password: 'x'.repeat(10_000) }]) {
      const answer = await stepUpCall(token, proof, small);
      expect(answer.statusCode, JSON.stringify(proof).slice(0, 60)).toBe(400);
    }
    await stepUp(small, token, { code: codeAt(secret, 0, small) });
    expect((await post(token, '/api/admin/account/second-factor/recovery-codes', undefined, small)).statusCode).toBe(200);
  });
});
