// Two-factor sign-in for staff (docs/decisions/020-second-factor.md): enrolment from one's own
// account (after a step-up, decision 039: tests/server/step-up.test.ts), the code step of sign-in,
// recovery codes, replays, the per-role requirement, an administrator's reset, and the bad input of each call.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_REASONS } from '../../src/contracts/account';
import type { MeResponse, StaffRow } from '../../src/contracts/staff';
import { currentCode } from '../../server/modules/auth/second-factor';
import { createTestApp, TEST_ADMIN_PASSWORD, type LogLine, type TestApp } from './helpers/app';
import { createStaff, STAFF_PASSWORD, stepUp, type StaffMember } from './helpers/staff';

const STEP_MS = 30_000;
let t: TestApp;
let adminToken: string;
const logs: LogLine[] = [];

beforeAll(async () => {
  t = await createTestApp({}, undefined, { captureLogs: logs });
  adminToken = await t.login();
});
afterAll(() => t.close());

const passwordStep = (email: string, password = STAFF_PASSWORD, remoteAddress = '192.0.2.10') =>
  t.request({ method: 'POST', url: '/api/admin/admin-login', payload: { email, password }, remoteAddress });

const codeStep = (payload: Record<string, unknown>, remoteAddress = '192.0.2.10') =>
  t.request({ method: 'POST', url: '/api/admin/admin-login/second-factor', payload, remoteAddress });

const me = (token: string) => t.request({ method: 'GET', url: '/api/admin/me', token });

/** A call on one's own second factor (setup, confirm, disable), on the file's app unless another is named. */
const ownSecondFactor = (token: string, action: 'setup' | 'confirm' | 'disable', payload?: Record<string, unknown>, app: TestApp = t) =>
  app.request({ method: 'POST', url: `/api/admin/account/second-factor/${action}`, token, ...(payload && { payload }) });

/** The authenticator's code for `secret` at `steps` 30-second steps from the app clock's now. */
const codeAt = (secret: string, steps = 0, app: TestApp = t) => currentCode(secret, new Date(app.clock.now().getTime() + steps * STEP_MS));

/** Signs in with the password alone; answers the token. */
async function tokenOf(email: string): Promise<string> {
  const answer = await passwordStep(email);
  expect(answer.statusCode).toBe(200);
  const body = answer.json<{ step: string; token: string }>();
  expect(body.step).toBe('signed-in');
  return body.token;
}

/** Signs in with the password alone and steps the session up with it, as setting up a second factor needs (decision 039). */
async function steppedUpTokenOf(email: string): Promise<string> {
  const token = await tokenOf(email);
  await stepUp(t, token);
  return token;
}

/** Turns a member's second factor on through their own account; answers the secret and the recovery codes. */
async function enrol(token: string): Promise<{ secret: string; recoveryCodes: string[] }> {
  await stepUp(t, token);
  const setup = await ownSecondFactor(token, 'setup');
  expect(setup.statusCode).toBe(200);
  const { setupId, secret } = setup.json<{ setupId: string; secret: string }>();
  const confirm = await ownSecondFactor(token, 'confirm', { setupId, code: codeAt(secret) });
  expect(confirm.statusCode).toBe(200);
  // The confirming code's step is used up: the next code must come from a later step.
  t.clock.advance(STEP_MS);
  return { secret, recoveryCodes: confirm.json<{ recoveryCodes: string[] }>().recoveryCodes };
}

/** The password step of a member with a second factor; answers the challenge. */
async function challengeOf(email: string, remoteAddress?: string): Promise<string> {
  const answer = await passwordStep(email, STAFF_PASSWORD, remoteAddress);
  expect(answer.statusCode).toBe(200);
  const body = answer.json<{ step: string; challenge: string; token?: string }>();
  expect(body.step).toBe('second-factor');
  expect(body.token).toBeUndefined();
  return body.challenge;
}

let memberCount = 0;
async function newMember(role: StaffMember['role'] = 'support'): Promise<StaffMember> {
  memberCount += 1;
  return createStaff(t, adminToken, role, `two-factor-${memberCount}@hoy.test`);
}

describe("enrolment from one's own account", () => {
  it('shows a secret as text and as a QR code, turns on with one code, and answers ten recovery codes once', async () => {
    const member = await newMember();
    const token = await steppedUpTokenOf(member.email);
    expect((await me(token)).json<MeResponse>().secondFactor).toEqual({ isEnabled: false, isRequired: false, recoveryCodesLeft: 0 });

    const setup = await ownSecondFactor(token, 'setup');
    const body = setup.json<{ setupId: string; secret: string; otpauthUri: string; qrCodeSvg: string }>();
    expect(body.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(body.otpauthUri).toContain(`secret=${body.secret}`);
    expect(body.otpauthUri).toMatch(/^otpauth:\/\/totp\/Hoy:two-factor-\d+%40hoy\.test\?issuer=Hoy&/);
    expect(body.qrCodeSvg).toMatch(/^<svg[^>]*>[\s\S]*<\/svg>\s*$/);

    const wrong = await ownSecondFactor(token, 'confirm', { setupId: body.setupId, code: codeAt(body.secret, 10) });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().reason).toBe(ACCOUNT_REASONS.codeInvalid);

    const confirm = await ownSecondFactor(token, 'confirm', { setupId: body.setupId, code: codeAt(body.secret) });
    expect(confirm.statusCode).toBe(200);
    const { recoveryCodes } = confirm.json<{ recoveryCodes: string[] }>();
    expect(recoveryCodes).toHaveLength(10);
    for (const code of recoveryCodes) expect(code).toMatch(/^[0-9A-HJKMNP-TV-Z]{4}(-[0-9A-HJKMNP-TV-Z]{4}){3}$/);
    expect(new Set(recoveryCodes).size).toBe(10);
    expect((await me(token)).json<MeResponse>().secondFactor).toEqual({ isEnabled: true, isRequired: false, recoveryCodesLeft: 10 });

    // Stored hashed: no recovery code and no code hash equal to a code is in the table.
    const stored = await t.handle.db.execute(`SELECT code_hash, salt FROM admin_recovery_codes WHERE administrator_id = ${member.id}` as never);
    const rows = (stored as unknown as { rows: { code_hash: string; salt: string }[] }).rows;
    expect(rows).toHaveLength(10);
    for (const row of rows) {
      expect(row.code_hash).toMatch(/^[0-9a-f]{64}$/);
      for (const code of recoveryCodes) expect(row.code_hash).not.toContain(code.replace(/-/g, ''));
    }

    // Enrolling again while it is on is refused (after a step-up, now with a code: the password's no longer counts).
    t.clock.advance(STEP_MS);
    await stepUp(t, token, { code: codeAt(body.secret) });
    const again = await ownSecondFactor(token, 'setup');
    expect(again.statusCode).toBe(409);
    expect(again.json().reason).toBe(ACCOUNT_REASONS.alreadyOn);
  });

  it('refuses to confirm a setup that a later one (another tab) replaced, and leaves the second factor off', async () => {
    const member = await newMember();
    const token = await steppedUpTokenOf(member.email);
    const first = (await ownSecondFactor(token, 'setup')).json<{ setupId: string; secret: string }>();
    const second = (await ownSecondFactor(token, 'setup')).json<{ setupId: string; secret: string }>();
    expect(second.secret).not.toBe(first.secret);
    const stale = await ownSecondFactor(token, 'confirm', { setupId: first.setupId, code: codeAt(first.secret) });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().reason).toBe(ACCOUNT_REASONS.setupReplaced);
    expect((await me(token)).json<MeResponse>().secondFactor.isEnabled).toBe(false);
    const fresh = await ownSecondFactor(token, 'confirm', { setupId: second.setupId, code: codeAt(second.secret) });
    expect(fresh.statusCode).toBe(200);
  });

  it('answers 400 with a clear message for codes that are not six digits, and 413 for a 10 MB body', async () => {
    const member = await newMember();
    const token = await steppedUpTokenOf(member.email);
    const { setupId } = (await ownSecondFactor(token, 'setup')).json<{ setupId: string }>();
    for (const code of ['12345', '1234567', 'abcdef', '12 34 5x', '', '１２３４５６', 123456, null]) {
      const answer = await ownSecondFactor(token, 'confirm', { setupId, code });
      expect(answer.statusCode, String(code)).toBe(400);
      expect(answer.json().message).toMatch(/6-digit code/);
    }
    const huge = await t.request({
      method: 'POST',
      url: '/api/admin/account/second-factor/confirm',
      token,
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ setupId, code: '1'.repeat(10 * 1024 * 1024) }),
    });
    expect(huge.statusCode).toBe(413);
    expect((await me(token)).json<MeResponse>().secondFactor.isEnabled).toBe(false);
  });
});

describe('signing in with a second factor', () => {
  let member: StaffMember;
  let secret: string;
  let recoveryCodes: string[];
  beforeAll(async () => {
    member = await newMember();
    ({ secret, recoveryCodes } = await enrol(await tokenOf(member.email)));
  });

  it('asks for a code only after the right password, and the same 401 as ever for a wrong one', async () => {
    const wrong = await passwordStep(member.email, 'not the password at all');
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toEqual({ statusCode: 401, error: 'Unauthorized', message: 'Invalid email or password.' });
    const right = await passwordStep(member.email);
    expect(right.statusCode).toBe(200);
    expect(Object.keys(right.json()).sort()).toEqual(['challenge', 'step']);
    // No device cookie before the second step is done.
    expect(right.headers['set-cookie']).toBeUndefined();
  });

  it('signs in with a current code, which then cannot be used again', async () => {
    const code = codeAt(secret);
    const answer = await codeStep({ challenge: await challengeOf(member.email), code });
    expect(answer.statusCode).toBe(200);
    expect(String(answer.headers['set-cookie'])).toMatch(/^hoy_device=/);
    expect((await me(answer.json<{ token: string }>().token)).statusCode).toBe(200);

    const replay = await codeStep({ challenge: await challengeOf(member.email), code });
    expect(replay.statusCode).toBe(401);
    expect(replay.json().reason).toBe(ACCOUNT_REASONS.codeInvalid);
    t.clock.advance(STEP_MS);
  });

  it('accepts a code one step early or late (clock skew), not two', async () => {
    const now = t.clock.now().getTime();
    const late = await codeStep({ challenge: await challengeOf(member.email), code: currentCode(secret, new Date(now - STEP_MS)) });
    // A step before the last accepted one is a replay of an older window: refused.
    expect(late.statusCode).toBe(401);
    const early = await codeStep({ challenge: await challengeOf(member.email), code: currentCode(secret, new Date(now + STEP_MS)) });
    expect(early.statusCode).toBe(200);
    const tooEarly = await codeStep({ challenge: await challengeOf(member.email), code: currentCode(secret, new Date(now + 3 * STEP_MS)) });
    expect(tooEarly.statusCode).toBe(401);
    t.clock.advance(3 * STEP_MS);
  });

  it('lets exactly one of two sign-ins with the same code finish', async () => {
    const code = codeAt(secret);
    const [first, second] = await Promise.all([challengeOf(member.email), challengeOf(member.email)]);
    const answers = await Promise.all([codeStep({ challenge: first, code }), codeStep({ challenge: second, code })]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 401]);
    t.clock.advance(STEP_MS);
  });

  it('takes a recovery code typed with spaces, dashes or in lower case, once', async () => {
    const typed = ` ${recoveryCodes[0].toLowerCase().replace(/-/g, ' - ')} `;
    const answer = await codeStep({ challenge: await challengeOf(member.email), recoveryCode: typed });
    expect(answer.statusCode).toBe(200);
    const token = answer.json<{ token: string }>().token;
    expect((await me(token)).json<MeResponse>().secondFactor.recoveryCodesLeft).toBe(9);
    const again = await codeStep({ challenge: await challengeOf(member.email), recoveryCode: recoveryCodes[0] });
    expect(again.statusCode).toBe(401);
    expect(again.json().reason).toBe(ACCOUNT_REASONS.codeInvalid);
    expect(logs.some((line) => line.event === 'second-factor.recovery-code-used' && line.administratorId === member.id)).toBe(true);
  });

  it('ends a challenge after five wrong codes or five minutes, and uses it once', async () => {
    const challenge = await challengeOf(member.email, '192.0.2.20');
    const wrongCode = codeAt(secret, 20);
    for (let index = 0; index < 5; index += 1) {
      const wrong = await codeStep({ challenge, code: wrongCode }, '192.0.2.20');
      expect(wrong.json().reason).toBe(ACCOUNT_REASONS.codeInvalid);
    }
    const ended = await codeStep({ challenge, code: codeAt(secret) }, '192.0.2.20');
    expect(ended.statusCode).toBe(401);
    expect(ended.json().reason).toBe(ACCOUNT_REASONS.challengeEnded);

    const late = await challengeOf(member.email, '192.0.2.21');
    t.clock.advance(5 * 60 * 1000 + 1);
    const expired = await codeStep({ challenge: late, code: codeAt(secret) }, '192.0.2.21');
    expect(expired.json().reason).toBe(ACCOUNT_REASONS.challengeEnded);

    const once = await challengeOf(member.email, '192.0.2.22');
    expect((await codeStep({ challenge: once, code: codeAt(secret) }, '192.0.2.22')).statusCode).toBe(200);
    t.clock.advance(STEP_MS);
    const reused = await codeStep({ challenge: once, code: codeAt(secret) }, '192.0.2.22');
    expect(reused.json().reason).toBe(ACCOUNT_REASONS.challengeEnded);
  });

  it('answers 400 for malformed second steps and 413 for a 10 MB one, changing nothing', async () => {
    const challenge = await challengeOf(member.email, '192.0.2.30');
    const cases: Array<[Record<string, unknown>, RegExp]> = [
      [{ challenge, code: '12345' }, /6-digit code/],
      [{ challenge, code: '1234567' }, /6-digit code/],
      [{ challenge, recoveryCode: 'ABCD-EFGH' }, /16 letters and digits/],
      [{ challenge, recoveryCode: 'ILOU-ILOU-ILOU-ILOU' }, /16 letters and digits/],
      [{ challenge }, /either a code/],
      [{ challenge, code: '123456', recoveryCode: recoveryCodes[1] }, /either a code/],
      [{ challenge: 'short', code: '123456' }, /expired/],
    ];
    for (const [payload, message] of cases) {
      const answer = await codeStep(payload, '192.0.2.30');
      expect(answer.statusCode, JSON.stringify(payload)).toBe(400);
      expect(answer.json().message).toMatch(message);
    }
    const huge = await t.request({
      method: 'POST',
      url: '/api/admin/admin-login/second-factor',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ challenge, code: '1'.repeat(10 * 1024 * 1024) }),
      remoteAddress: '192.0.2.30',
    });
    expect(huge.statusCode).toBe(413);
    // The challenge is still open: none of the above counted as a wrong code.
    expect((await codeStep({ challenge, code: codeAt(secret) }, '192.0.2.30')).statusCode).toBe(200);
    t.clock.advance(STEP_MS);
  });

  it('turns off with a current code and on again; with a wrong code it stays on', async () => {
    const other = await newMember();
    const token = await tokenOf(other.email);
    const { secret: otherSecret } = await enrol(token);
    const wrong = await ownSecondFactor(token, 'disable', { code: codeAt(otherSecret, 20) });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().reason).toBe(ACCOUNT_REASONS.codeInvalid);
    const off = await ownSecondFactor(token, 'disable', { code: codeAt(otherSecret) });
    expect(off.statusCode).toBe(204);
    expect((await me(token)).json<MeResponse>().secondFactor).toEqual({ isEnabled: false, isRequired: false, recoveryCodesLeft: 0 });
    expect((await passwordStep(other.email)).json().step).toBe('signed-in');
  });
});

describe('wrong codes count on the account', () => {
  let small: TestApp;
  beforeAll(async () => {
    small = await createTestApp({ rateLimitLoginAccount: 22 });
  });
  afterAll(() => small.close());

  it('throttles an account after its allowance of wrong codes, from addresses that never failed a password', async () => {
    const admin = await small.login();
    const member = await createStaff(small, admin, 'viewer', 'counted@hoy.test');
    const signIn = (remoteAddress: string) =>
      small.request({ method: 'POST', url: '/api/admin/admin-login', payload: { email: member.email, password: STAFF_PASSWORD }, remoteAddress });
    const token = (await signIn('198.51.100.1')).json<{ token: string }>().token;
    await stepUp(small, token);
    const setup = (await ownSecondFactor(token, 'setup', undefined, small)).json<{ setupId: string; secret: string }>();
    await ownSecondFactor(token, 'confirm', { setupId: setup.setupId, code: codeAt(setup.secret, 0, small) }, small);
    const wrongCode = codeAt(setup.secret, 40, small);
    const statuses: number[] = [];
    for (let index = 0; index < 10; index += 1) {
      const address = `198.51.100.${10 + index}`;
      const passwordAnswer = await signIn(address);
      // Once the account's waits run, its right password is refused too (from a browser it never used).
      if (passwordAnswer.statusCode !== 200) {
        statuses.push(passwordAnswer.statusCode);
        continue;
      }
      const challenge = passwordAnswer.json<{ challenge: string }>().challenge;
      for (let attempt = 0; attempt < 4; attempt += 1) {
        const answer = await small.request({
          method: 'POST',
          url: '/api/admin/admin-login/second-factor',
          payload: { challenge, code: wrongCode },
          remoteAddress: address,
        });
        statuses.push(answer.statusCode);
      }
    }
    // 22 allowed an hour, the last 20 of them with growing waits: at most 22 wrong codes were checked.
    expect(statuses.filter((status) => status === 401).length).toBeLessThanOrEqual(22);
    expect(statuses.filter((status) => status === 429).length).toBeGreaterThanOrEqual(8);
    expect(statuses.every((status) => status === 401 || status === 429)).toBe(true);
    // The waits grow: a code tried after the wait is checked again.
    small.clock.advance(60 * 60 * 1000);
    expect((await signIn('198.51.100.99')).statusCode).toBe(200);
  });
});

describe('required per role', () => {
  it('sends a member of a role that requires it to enrolment, and lets them do nothing else first', async () => {
    const member = await newMember('moderator');
    const token = await tokenOf(member.email);
    const policy = await t.request({
      method: 'PUT',
      url: '/api/admin/staff/second-factor-policy',
      token: adminToken,
      payload: { requiredRoles: ['moderator'] },
    });
    expect(policy.statusCode).toBe(200);
    expect(policy.json()).toEqual({ requiredRoles: ['moderator'] });
    expect((await t.request({ method: 'GET', url: '/api/admin/staff/second-factor-policy', token: adminToken })).json()).toEqual({
      requiredRoles: ['moderator'],
    });

    // Sessions signed in before the requirement are held to it too.
    for (const url of ['/api/admin/hosts?page=1', '/api/admin/dashboard', '/api/admin/sessions']) {
      const refused = await t.request({ method: 'GET', url, token });
      expect(refused.statusCode, url).toBe(403);
      expect(refused.json().reason).toBe(ACCOUNT_REASONS.enrolmentRequired);
    }
    const changed = await t.request({
      method: 'POST',
      url: '/api/admin/account/password',
      token,
      payload: { currentPassword: STAFF_PASSWORD, newPassword: 'another long secret 42' },
    });
    expect(changed.statusCode).toBe(403);
    expect(changed.json().reason).toBe(ACCOUNT_REASONS.enrolmentRequired);
    expect((await me(token)).json<MeResponse>().secondFactor).toEqual({ isEnabled: false, isRequired: true, recoveryCodesLeft: 0 });

    const { secret } = await enrol(token);
    const afterEnrolment = await t.request({ method: 'GET', url: '/api/admin/hosts?page=1', token });
    expect(afterEnrolment.statusCode).toBe(200);
    // It cannot be turned off while the role requires it.
    const off = await ownSecondFactor(token, 'disable', { code: codeAt(secret) });
    expect(off.statusCode).toBe(409);
    expect(off.json().reason).toBe(ACCOUNT_REASONS.requiredByRole);
    // Other roles are not held to it.
    const viewer = await newMember('viewer');
    expect((await t.request({ method: 'GET', url: '/api/admin/hosts?page=1', token: await tokenOf(viewer.email) })).statusCode).toBe(200);
    await t.request({ method: 'PUT', url: '/api/admin/staff/second-factor-policy', token: adminToken, payload: { requiredRoles: [] } });
  });

  it('is set by administrators only, with roles that exist', async () => {
    const moderator = await newMember('moderator');
    const token = await tokenOf(moderator.email);
    expect((await t.request({ method: 'PUT', url: '/api/admin/staff/second-factor-policy', token, payload: { requiredRoles: [] } })).statusCode).toBe(403);
    const bad = await t.request({ method: 'PUT', url: '/api/admin/staff/second-factor-policy', token: adminToken, payload: { requiredRoles: ['owner'] } });
    expect(bad.statusCode).toBe(400);
  });
});

describe("an administrator's reset", () => {
  it("takes a member's second factor off, ends their sessions and is recorded", async () => {
    const member = await newMember();
    const token = await tokenOf(member.email);
    await enrol(token);
    await stepUp(t, adminToken, { password: TEST_ADMIN_PASSWORD });
    const reset = await t.request({ method: 'POST', url: `/api/admin/staff/${member.id}/reset-second-factor`, token: adminToken });
    expect(reset.statusCode).toBe(200);
    expect(reset.json<StaffRow>().hasSecondFactor).toBe(false);
    expect((await me(token)).statusCode).toBe(401);
    expect((await passwordStep(member.email)).json().step).toBe('signed-in');
    const again = await t.request({ method: 'POST', url: `/api/admin/staff/${member.id}/reset-second-factor`, token: adminToken });
    expect(again.statusCode).toBe(409);
    const activity = await t.request({
      method: 'GET',
      url: `/api/admin/activity?page=1&q=${encodeURIComponent('staff.second-factor-reset')}`,
      token: adminToken,
    });
    expect(activity.statusCode).toBe(200);
    const entries = activity.json<{ action: string; entityId: number }[]>();
    expect(entries.some((entry) => entry.action === 'staff.second-factor-reset' && entry.entityId === member.id)).toBe(true);
  });
});
