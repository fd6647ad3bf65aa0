// A flood of sign-ins from more client addresses than the memory limiter keeps windows of (the /64s
// of one IPv6 /48, then distinct IPv4 addresses, 3,000 a second) costs its senders and no staff
// member anything: meanwhile and afterwards, staff sign in from addresses the limiter never saw, with
// the password and, for a member with a second factor, a code, every time (docs/decisions/038). The
// real app with production password hashing, on the embedded database, without Redis, as `npm start`
// runs it. The suite floods 4,500 sign-ins into a table of 3,000 windows a kind, the same overflow at
// a fourteenth of the time; FLOOD_FULL_SIZE=1 floods 60,000 into the production table of 50,000
// (about three minutes: decision 038 has its figures).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD_PARAMETERS } from '../../server/config';
import { createMemoryRateLimiter, MAX_WINDOWS_PER_KIND, type MemoryRateLimiter } from '../../server/lib/rate-limiter';
import { currentCode } from '../../server/modules/auth/second-factor';
import { createTestApp, TEST_ADMIN_EMAIL, TEST_ADMIN_PASSWORD, TestClock, type TestApp } from './helpers/app';
import { createStaff, STAFF_PASSWORD, stepUp } from './helpers/staff';

const isFullSize = process.env.FLOOD_FULL_SIZE === '1';
/** Windows the memory limiter keeps of each kind: the production table, or a smaller one the flood overflows alike. */
const WINDOWS_PER_KIND = isFullSize ? MAX_WINDOWS_PER_KIND : 3_000;
const FLOOD_SIZE = isFullSize ? 60_000 : 4_500;
const FLOOD_SECONDS = FLOOD_SIZE / 3_000;
/**
 * RATE_LIMIT_LOGIN_ADDRESS for this file, and the /48's ten times it: each of the /48's allowed tries
 * costs a production hash, one at a time in its turn (the default, 30, makes the file last minutes; 10
 * made it 107 s in CI, most of it the /48's hundred hashes in a row).
 */
const ADDRESS_ALLOWANCE = 3;
const NETWORK_ALLOWANCE = 10 * ADDRESS_ALLOWANCE;
const STEP_MS = 30_000;
/** The kinds of counter a sign-in makes: per /48, per address, per address and e-mail, per unknown name. */
const FLOODED_KINDS = 4;

/** With FLOOD_REDIS_URL the limits count in that Redis instead, to weigh what a flood leaves there (docs/decisions/038). */
const redisUrl = process.env.FLOOD_REDIS_URL;
let t: TestApp;
const limiterSize = () => (redisUrl ? undefined : (t.app.deps.limiter as MemoryRateLimiter).size);
const member = { email: 'second-factor@hoy.test', secret: '' };
/** The device cookies of a browser each of them signed in with before the flood. */
const cookies = { admin: '', member: '' };

const deviceCookieOf = (answer: { headers: Record<string, unknown> }) => String(answer.headers['set-cookie']).split(';')[0];

function passwordStep(remoteAddress: string, email: string, password: string, cookie?: string) {
  return t.request({ method: 'POST', url: '/api/admin/admin-login', payload: { email, password }, remoteAddress, ...(cookie ? { headers: { cookie } } : {}) });
}

/** A staff member's whole sign-in from `remoteAddress`; answers the statuses of its steps. */
async function signIn(who: 'admin' | 'member', remoteAddress: string, cookie?: string): Promise<number[]> {
  if (who === 'admin') return [(await passwordStep(remoteAddress, TEST_ADMIN_EMAIL, TEST_ADMIN_PASSWORD, cookie)).statusCode];
  const first = await passwordStep(remoteAddress, member.email, STAFF_PASSWORD, cookie);
  if (first.statusCode !== 200) return [first.statusCode];
  expect(first.json().step).toBe('second-factor');
  // Each code is accepted once: the next sign-in's code comes from a later step.
  t.clock.advance(STEP_MS);
  const second = await t.request({
    method: 'POST',
    url: '/api/admin/admin-login/second-factor',
    payload: { challenge: first.json<{ challenge: string }>().challenge, code: currentCode(member.secret, t.clock.now()) },
    remoteAddress,
    ...(cookie ? { headers: { cookie } } : {}),
  });
  return [first.statusCode, second.statusCode];
}

/**
 * Sends `FLOOD_SIZE` sign-ins with unknown e-mails over FLOOD_SECONDS, the nth from `addressOf(n)`,
 * while `meanwhile` runs (told when the flood is all sent); answers the statuses the flood got, by status.
 */
async function flood(addressOf: (index: number) => string, meanwhile: (isSent: () => boolean) => Promise<void>): Promise<Record<number, number>> {
  const statuses: Record<number, number> = {};
  const answers: Array<Promise<void>> = [];
  const perTick = FLOOD_SIZE / (FLOOD_SECONDS * 100);
  const sending = (async () => {
    for (let index = 0; index < FLOOD_SIZE; index += perTick) {
      for (let offset = index; offset < index + perTick; offset += 1) {
        answers.push(
          passwordStep(addressOf(offset), `flood${offset}@flood.test`, 'wrong password').then((answer) => {
            statuses[answer.statusCode] = (statuses[answer.statusCode] ?? 0) + 1;
          }),
        );
      }
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  })();
  let isSent = false;
  const started = performance.now();
  void sending.finally(() => (isSent = true));
  await meanwhile(() => isSent);
  await sending;
  await Promise.all(answers);
  process.stdout.write(
    `flood answered in ${Math.round((performance.now() - started) / 1000)} s: ${JSON.stringify(statuses)}, ${limiterSize() ?? 'Redis'} windows\n`,
  );
  return statuses;
}

/** Signs staff in every second until `isSent` says the flood is all sent; answers each one's statuses. */
async function signInMeanwhile(isSent: () => boolean, freshAddress: () => string, withNewBrowser: boolean): Promise<number[][]> {
  const results: number[][] = [];
  do {
    results.push(await signIn('admin', freshAddress(), cookies.admin));
    results.push(await signIn('member', freshAddress(), cookies.member));
    if (withNewBrowser) {
      results.push(await signIn('admin', freshAddress()));
      results.push(await signIn('member', freshAddress()));
    }
    await new Promise((resolve) => setTimeout(resolve, 1000));
  } while (!isSent());
  return results;
}

/** Staff sign in from never-seen addresses, from a browser used before and from a new one, three times over. */
async function signInAfterwards(freshAddress: () => string): Promise<number[][]> {
  const results: number[][] = [];
  for (let round = 0; round < 3; round += 1) {
    results.push(await signIn('admin', freshAddress(), cookies.admin));
    results.push(await signIn('member', freshAddress(), cookies.member));
    results.push(await signIn('admin', freshAddress()));
    results.push(await signIn('member', freshAddress()));
  }
  return results;
}

const everyOneSignedIn = (results: number[][]) => {
  expect(results.length).toBeGreaterThan(0);
  for (const statuses of results)
    expect(
      statuses.every((status) => status === 200),
      JSON.stringify(results),
    ).toBe(true);
};

let staffCounter = 0;
/** An IPv6 address in a /48 of its own that no flood uses: one the limiter never saw. */
const freshIpv6 = () => `2001:db8:${(0x8000 + (staffCounter += 1)).toString(16)}::7`;
/** An IPv4 address no flood uses. */
const freshIpv4 = () => `192.0.${2 + Math.floor((staffCounter += 1) / 250)}.${1 + (staffCounter % 250)}`;

function mustBe(condition: boolean, what: string): void {
  if (!condition) throw new Error(`setting up: ${what}`);
}

beforeAll(async () => {
  const clock = new TestClock();
  const limiter = redisUrl ? undefined : createMemoryRateLimiter(clock, { maxWindowsPerKind: WINDOWS_PER_KIND });
  t = await createTestApp({ passwordHashing: PASSWORD_PARAMETERS, rateLimitLoginAddress: ADDRESS_ALLOWANCE, ...(redisUrl && { redisUrl }) }, clock, {
    limiter,
  });
  const admin = await passwordStep('198.51.100.1', TEST_ADMIN_EMAIL, TEST_ADMIN_PASSWORD);
  cookies.admin = deviceCookieOf(admin);
  const token = admin.json<{ token: string }>().token;
  await createStaff(t, token, 'support', member.email);
  const memberToken = (await passwordStep('198.51.100.2', member.email, STAFF_PASSWORD)).json<{ token: string }>().token;
  await stepUp(t, memberToken);
  const setup = await t.request({ method: 'POST', url: '/api/admin/account/second-factor/setup', token: memberToken });
  const { setupId, secret } = setup.json<{ setupId: string; secret: string }>();
  member.secret = secret;
  const confirm = await t.request({
    method: 'POST',
    url: '/api/admin/account/second-factor/confirm',
    token: memberToken,
    payload: { setupId, code: currentCode(secret, t.clock.now()) },
  });
  mustBe(confirm.statusCode === 200, `confirming the second factor: ${confirm.statusCode}`);
  t.clock.advance(STEP_MS);
  // A browser the member signed in with, code and all: the code step sets its device cookie.
  const first = await passwordStep('198.51.100.2', member.email, STAFF_PASSWORD);
  const second = await t.request({
    method: 'POST',
    url: '/api/admin/admin-login/second-factor',
    payload: { challenge: first.json<{ challenge: string }>().challenge, code: currentCode(secret, t.clock.now()) },
    remoteAddress: '198.51.100.2',
  });
  mustBe(second.statusCode === 200, `the member's code step: ${second.statusCode}`);
  cookies.member = deviceCookieOf(second);
  mustBe(cookies.admin.startsWith('hoy_device=') && cookies.member.startsWith('hoy_device='), 'a device cookie for each');
}, 60_000);
afterAll(() => t?.close());

describe('a flood of sign-ins from every /64 of one IPv6 /48', () => {
  it(`costs that /48 its ${NETWORK_ALLOWANCE} tries and refusals, and staff nothing: they sign in from new addresses meanwhile and afterwards, every time`, async () => {
    const meanwhile: number[][] = [];
    // FLOOD_SIZE /64s of 2001:db8:1::/48, each once.
    const statuses = await flood(
      (index) => `2001:db8:1:${index.toString(16)}::1`,
      async (isSent) => {
        meanwhile.push(...(await signInMeanwhile(isSent, freshIpv6, true)));
      },
    );

    const afterwards = [...(await signInAfterwards(freshIpv6)), ...(await signInAfterwards(freshIpv4))];
    everyOneSignedIn(meanwhile);
    everyOneSignedIn(afterwards);
    expect(
      Object.keys(statuses).every((status) => ['401', '429'].includes(status)),
      JSON.stringify(statuses),
    ).toBe(true);
    expect(statuses[401]).toBeLessThanOrEqual(NETWORK_ALLOWANCE);
    expect(statuses[429]).toBeGreaterThanOrEqual(FLOOD_SIZE - NETWORK_ALLOWANCE);
    // The /48's refusals record nothing: a window per kind for each /64 it was allowed to try from, and
    // for each staff sign-in, not one per /64 it sent (FLOOD_SIZE of them).
    expect(limiterSize() ?? 0).toBeLessThanOrEqual(FLOODED_KINDS * (NETWORK_ALLOWANCE + meanwhile.length + afterwards.length));
  }, 600_000);
});

describe(`a flood of sign-ins from ${FLOOD_SIZE.toLocaleString('en-US')} distinct IPv4 addresses`, () => {
  it('fills the limiter, which drops the least recently used counts of addresses and unknown e-mails: staff sign in from new addresses meanwhile and afterwards, from a browser used before and from a new one, every time', async () => {
    const meanwhile: number[][] = [];
    // 10.0.0.0 to 10.0.234.95, each once.
    const statuses = await flood(
      (index) => `10.${index >> 16}.${(index >> 8) & 255}.${index & 255}`,
      async (isSent) => {
        meanwhile.push(...(await signInMeanwhile(isSent, freshIpv4, true)));
      },
    );

    everyOneSignedIn(meanwhile);
    everyOneSignedIn(await signInAfterwards(freshIpv4));
    everyOneSignedIn(await signInAfterwards(freshIpv6));
    // Each address tried once: a hash (401) or, while every place was taken, 503 with its counts given back.
    expect(
      Object.keys(statuses).every((status) => ['401', '503'].includes(status)),
      JSON.stringify(statuses),
    ).toBe(true);
    expect(limiterSize() ?? 0).toBeLessThanOrEqual(FLOODED_KINDS * WINDOWS_PER_KIND + 100);
  }, 600_000);
});
