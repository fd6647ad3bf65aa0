// What a change of credentials ends: sign-ins under way (a session inserted after a reset or a
// disable), device cookies set before it, and the member's own password change.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_REASONS } from '../../src/contracts/account';
import { PASSWORD_PARAMETERS } from '../../server/config';
import { createTestApp, TEST_ADMIN_PASSWORD, type LogLine, type TestApp } from './helpers/app';
import { createStaff, loginAs, STAFF_PASSWORD, stepUp } from './helpers/staff';

let t: TestApp;
let adminToken: string;
const logs: LogLine[] = [];
/** An app of the describe block's own, its administrator signed in and stepped up (decision 039), its log lines in `logs`. */
function withOwnApp(overrides: Parameters<typeof createTestApp>[0] = {}) {
  beforeAll(async () => {
    logs.length = 0;
    t = await createTestApp({ rateLimitLoginAccount: 25, ...overrides }, undefined, { captureLogs: logs });
    adminToken = await t.login();
    await stepUp(t, adminToken, { password: TEST_ADMIN_PASSWORD });
  });
  afterAll(() => t.close());
}

const NEW_PASSWORD = 'a brand new long secret';
const signIn = (email: string, password: string, remoteAddress: string, cookie?: string) =>
  t.request({ method: 'POST', url: '/api/admin/admin-login', payload: { email, password }, remoteAddress, headers: cookie ? { cookie } : {} });
const deviceCookieOf = (answer: Awaited<ReturnType<typeof signIn>>) => String(answer.headers['set-cookie']).split(';')[0];
const me = (token: string) => t.request({ method: 'GET', url: '/api/admin/me', token });
const wait = (milliseconds: number) => new Promise((resolve) => setTimeout(resolve, milliseconds));

describe('a sign-in under way when the credentials change', () => {
  // Production hashes: the change must land while the sign-in's hash of the old password runs.
  withOwnApp({ passwordHashing: PASSWORD_PARAMETERS });

  it('gets no working session when a password reset lands while it checks the old password', async () => {
    const member = await createStaff(t, adminToken, 'support', 'race-reset@hoy.test');
    // The reset hashes the new password first; the sign-in reads the account meanwhile and checks the
    // old password after that hash, so its session would be inserted after the reset revoked them all.
    const reset = t.request({ method: 'POST', url: `/api/admin/staff/${member.id}/reset-password`, token: adminToken, payload: { password: NEW_PASSWORD } });
    await wait(25);
    const signedIn = signIn(member.email, STAFF_PASSWORD, '203.0.113.1');
    const [resetAnswer, signInAnswer] = await Promise.all([reset, signedIn]);
    expect(resetAnswer.statusCode).toBe(200);
    // Refused (the session lost to the reset), or signed in before the reset and revoked by it.
    expect([200, 401]).toContain(signInAnswer.statusCode);
    const token = signInAnswer.statusCode === 200 ? signInAnswer.json<{ token: string }>().token : undefined;
    const stillWorks = token !== undefined && (await me(token)).statusCode === 200;
    expect(stillWorks).toBe(false);
    expect((await signIn(member.email, NEW_PASSWORD, '203.0.113.2')).statusCode).toBe(200);
  });

  it('gets no session when the account is disabled and enabled again while it checks the password', async () => {
    const member = await createStaff(t, adminToken, 'viewer', 'race-disable@hoy.test');
    const signedIn = signIn(member.email, STAFF_PASSWORD, '203.0.113.3');
    await wait(25);
    expect((await t.request({ method: 'POST', url: `/api/admin/staff/${member.id}/disable`, token: adminToken })).statusCode).toBe(200);
    expect((await t.request({ method: 'POST', url: `/api/admin/staff/${member.id}/enable`, token: adminToken })).statusCode).toBe(200);
    const answer = await signedIn;
    expect(answer.statusCode).toBe(401);
    expect(logs.some((line) => line.event === 'login.failed' && line.reason === 'credentials-changed' && line.administratorId === member.id)).toBe(true);
    expect((await signIn(member.email, STAFF_PASSWORD, '203.0.113.4')).statusCode).toBe(200);
  });
});

describe('device cookies', () => {
  withOwnApp();

  /** Wrong passwords for the account from addresses it never used, until its waits run. */
  async function guessFromElsewhere(email: string, prefix: string) {
    for (let index = 0; index < 8; index += 1) await signIn(email, `wrong guess ${index}`, `${prefix}.${index}`);
    expect((await signIn(email, 'one more wrong guess', `${prefix}.200`)).statusCode).toBe(429);
  }

  const voidingChanges: Array<[string, (id: number) => Promise<unknown>, string]> = [
    [
      'a password reset',
      (id) => t.request({ method: 'POST', url: `/api/admin/staff/${id}/reset-password`, token: adminToken, payload: { password: NEW_PASSWORD } }),
      NEW_PASSWORD,
    ],
    [
      'signing the member out everywhere',
      (id) => t.request({ method: 'POST', url: `/api/admin/staff/${id}/revoke-sessions`, token: adminToken }),
      STAFF_PASSWORD,
    ],
    [
      'a disable (then enable)',
      async (id) => {
        await t.request({ method: 'POST', url: `/api/admin/staff/${id}/disable`, token: adminToken });
        await t.request({ method: 'POST', url: `/api/admin/staff/${id}/enable`, token: adminToken });
      },
      STAFF_PASSWORD,
    ],
  ];

  voidingChanges.forEach(([change, apply, password], index) => {
    it(`spare the account's waits no longer after ${change}`, async () => {
      const member = await createStaff(t, adminToken, 'support', `device-${index}@hoy.test`);
      const first = await signIn(member.email, STAFF_PASSWORD, `198.18.${index}.1`);
      expect(first.statusCode).toBe(200);
      const cookie = deviceCookieOf(first);
      await guessFromElsewhere(member.email, `198.19.${index}`);
      // Before the change the cookie spares its browser the waits.
      expect((await signIn(member.email, STAFF_PASSWORD, `198.18.${index}.1`, cookie)).statusCode).toBe(200);
      await apply(member.id);
      expect((await signIn(member.email, password, `198.18.${index}.1`, cookie)).statusCode).toBe(429);
    });
  });

  it('count their failures: past ten an hour the cookie spares nothing', async () => {
    const member = await createStaff(t, adminToken, 'support', 'device-failures@hoy.test');
    const first = await signIn(member.email, STAFF_PASSWORD, '198.18.9.1');
    const cookie = deviceCookieOf(first);
    await guessFromElsewhere(member.email, '198.19.9');
    // A stolen cookie, tried from several addresses (each under its own address limit).
    const statuses: number[] = [];
    for (let index = 0; index < 12; index += 1) statuses.push((await signIn(member.email, `guess ${index}`, `198.18.10.${index}`, cookie)).statusCode);
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(401));
    expect(statuses.slice(10)).toEqual([429, 429]);
    expect((await signIn(member.email, STAFF_PASSWORD, '198.18.9.1', cookie)).statusCode).toBe(429);
  });
});

describe("one's own password", () => {
  withOwnApp();

  it('changes with the current one, ends every other session and keeps this one', async () => {
    const member = await createStaff(t, adminToken, 'viewer', 'own-password@hoy.test');
    const here = await loginAs(t, member.email);
    await stepUp(t, here);
    const elsewhere = await loginAs(t, member.email);
    const change = (payload: Record<string, unknown>) => t.request({ method: 'POST', url: '/api/admin/account/password', token: here, payload });

    const wrongCurrent = await change({ currentPassword: 'not my password at all', newPassword: NEW_PASSWORD });
    expect(wrongCurrent.statusCode).toBe(400);
    expect(wrongCurrent.json().reason).toBe(ACCOUNT_REASONS.currentPasswordWrong);
    for (const common of ['password1234', 'PASSWORD1234', 'qwertyuiop123', '1q2w3e4r5t6y']) {
      const refused = await change({ currentPassword: STAFF_PASSWORD, newPassword: common });
      expect(refused.statusCode, common).toBe(400);
      expect(refused.json().reason, common).toBe(ACCOUNT_REASONS.passwordCommon);
    }
    const short = await change({ currentPassword: STAFF_PASSWORD, newPassword: 'eleven char' });
    expect(short.statusCode).toBe(400);
    expect(short.json().message).toMatch(/12 to 128 characters/);
    expect((await me(elsewhere)).statusCode).toBe(200);

    expect((await change({ currentPassword: STAFF_PASSWORD, newPassword: NEW_PASSWORD })).statusCode).toBe(204);
    expect((await me(here)).statusCode).toBe(200);
    expect((await me(elsewhere)).statusCode).toBe(401);
    expect((await signIn(member.email, STAFF_PASSWORD, '203.0.113.50')).statusCode).toBe(401);
    expect((await signIn(member.email, NEW_PASSWORD, '203.0.113.51')).statusCode).toBe(200);
    const activity = await t.request({ method: 'GET', url: `/api/admin/activity?page=1&staffId=${member.id}`, token: adminToken });
    expect(activity.json<{ action: string }[]>().map((entry) => entry.action)).toContain('account.password-change');
  });

  it('is refused among the common ones when an administrator sets it too', async () => {
    const created = await t.request({
      method: 'POST',
      url: '/api/admin/staff',
      token: adminToken,
      payload: { name: 'Common Password', email: 'common@hoy.test', role: 'viewer', password: 'password1234' },
    });
    expect(created.statusCode).toBe(400);
    expect(created.json().reason).toBe(ACCOUNT_REASONS.passwordCommon);
  });

  it('counts wrong current passwords on the account, so a stolen session cannot guess it without limit', async () => {
    const member = await createStaff(t, adminToken, 'viewer', 'own-password-guess@hoy.test');
    const token = await loginAs(t, member.email);
    await stepUp(t, token);
    const statuses: number[] = [];
    for (let index = 0; index < 12; index += 1) {
      const answer = await t.request({
        method: 'POST',
        url: '/api/admin/account/password',
        token,
        payload: { currentPassword: `guess ${index}`, newPassword: NEW_PASSWORD },
      });
      statuses.push(answer.statusCode);
    }
    // Ten on the session's own budget; then the account's waits (they start after 5 of its 25) apply.
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(400));
    expect(statuses[11]).toBe(429);
  });
});
