// Sign-ins racing what should stop them, on PGlite and on PostgreSQL: codes of one challenge sent all
// at once (five wrong codes end it, however many arrive together), and a password reset, a disable or
// the command line's reset landing while a sign-in is under way (the change always wins: no session
// of a sign-in that started before it keeps working).
import { randomInt } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_REASONS } from '../../src/contracts/account';
import { createTotpSecret, currentCode } from '../../server/modules/auth/second-factor';
import { createTestApp, TEST_ADMIN_EMAIL, type TestApp } from './helpers/app';
import { createStaff, STAFF_PASSWORD, type StaffMember } from './helpers/staff';

let t: TestApp;
let adminToken: string;
let adminId: number;
let addressCount = 0;
/** An address no other sign-in of the file used, so no address limit meets another test's. */
const newAddress = () => {
  addressCount += 1;
  return `198.51.${Math.floor(addressCount / 250)}.${(addressCount % 250) + 1}`;
};

beforeAll(async () => {
  // The account limit far off: these tests are about the challenge's own count and the credentials epoch.
  t = await createTestApp({ rateLimitLoginAccount: 100_000 });
  adminToken = await t.login();
  adminId = (await t.app.services.auth.administratorIdOf(TEST_ADMIN_EMAIL))!;
});
afterAll(() => t.close());

const signIn = (email: string, password: string, remoteAddress = newAddress()) =>
  t.request({ method: 'POST', url: '/api/admin/admin-login', payload: { email, password }, remoteAddress });
const codeStep = (challenge: string, code: string, remoteAddress = newAddress()) =>
  t.request({ method: 'POST', url: '/api/admin/admin-login/second-factor', payload: { challenge, code }, remoteAddress });
const me = (token: string) => t.request({ method: 'GET', url: '/api/admin/me', token });
const wait = (milliseconds: number) => new Promise((resolve) => setTimeout(resolve, milliseconds));

describe('codes sent at once against one challenge', () => {
  it('are checked five at most: the rest find the challenge ended, and so does the right code afterwards', async () => {
    const member = await createStaff(t, adminToken, 'support', 'race-codes@hoy.test');
    // A second factor set straight in the database (no SECOND_FACTOR_KEY: stored as is).
    const secret = createTotpSecret();
    await t.handle.db.execute(sql`UPDATE administrators SET totp_secret = ${secret} WHERE id = ${member.id}`);
    const passwordStep = await signIn(member.email, STAFF_PASSWORD);
    expect(passwordStep.statusCode, passwordStep.body).toBe(200);
    const { challenge } = passwordStep.json<{ challenge: string }>();
    const right = currentCode(secret, t.clock.now());
    const wrong = right === '000000' ? '111111' : '000000';

    const answers = await Promise.all(Array.from({ length: 30 }, () => codeStep(challenge, wrong)));
    const reasons = answers.map((answer) => answer.json<{ reason?: string }>().reason);
    expect(answers.every((answer) => answer.statusCode === 401)).toBe(true);
    expect(reasons.filter((reason) => reason === ACCOUNT_REASONS.codeInvalid)).toHaveLength(5);
    expect(reasons.filter((reason) => reason === ACCOUNT_REASONS.challengeEnded)).toHaveLength(25);

    const late = await codeStep(challenge, right);
    expect(late.statusCode).toBe(401);
    expect(late.json()).toMatchObject({ reason: ACCOUNT_REASONS.challengeEnded });
    const stored = await t.handle.db.execute(sql`SELECT failed_codes::int AS counted FROM admin_login_challenges WHERE administrator_id = ${member.id}`);
    const [{ counted }] = (stored as unknown as { rows: { counted: number }[] }).rows;
    expect(counted).toBe(5);
  });
});

/** Rounds of one sign-in and one change started a few milliseconds after it, side by side. */
const ROUNDS = 40;

describe('a sign-in racing a change of credentials', () => {
  let member: StaffMember;
  beforeAll(async () => {
    member = await createStaff(t, adminToken, 'support', 'race-epoch@hoy.test');
  });

  /**
   * Races a sign-in with `change`, started 0 to 6 ms after it, ROUNDS times; after each round, asks
   * /me with the sign-in's session, if it got one. Answers the rounds whose session still works.
   */
  async function race(change: (round: number) => Promise<unknown>, passwordOf: (round: number) => string): Promise<number[]> {
    const kept: number[] = [];
    for (let round = 0; round < ROUNDS; round += 1) {
      const signedIn = signIn(member.email, passwordOf(round));
      await wait(randomInt(0, 7));
      const [answer] = await Promise.all([signedIn, change(round)]);
      expect([200, 401], answer.body).toContain(answer.statusCode);
      if (answer.statusCode === 200 && (await me(answer.json<{ token: string }>().token)).statusCode !== 401) kept.push(round);
    }
    return kept;
  }

  it('loses to an administrator’s password reset every time', async () => {
    const passwords = Array.from({ length: ROUNDS + 1 }, (_, round) => `race reset password number ${round}`);
    await t.app.services.staff.resetPassword(adminId, member.id, passwords[0]);
    const kept = await race(
      (round) => t.app.services.staff.resetPassword(adminId, member.id, passwords[round + 1]),
      (round) => passwords[round],
    );
    expect(kept).toEqual([]);
  });

  it('loses to a disable every time, even when the account is enabled again at once', async () => {
    await t.app.services.staff.resetPassword(adminId, member.id, STAFF_PASSWORD);
    const kept = await race(
      async () => {
        await t.app.services.staff.disable(adminId, member.id);
        await t.app.services.staff.enable(adminId, member.id);
      },
      () => STAFF_PASSWORD,
    );
    expect(kept).toEqual([]);
  });

  it('loses to the command line’s password reset every time', async () => {
    const passwords = Array.from({ length: ROUNDS + 1 }, (_, round) => `race command line password ${round}`);
    await t.app.services.auth.setPassword(member.email, passwords[0]);
    const kept = await race(
      (round) => t.app.services.auth.setPassword(member.email, passwords[round + 1]),
      (round) => passwords[round],
    );
    expect(kept).toEqual([]);
  });
});
