// The sign-in limits' keys (server/modules/auth/sign-in-limits.ts, docs/decisions/013): what a
// refused address records, which addresses count as one, which spellings are one account, and
// parallel guesses at the edge of the account's waits.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TEST_ADMIN_EMAIL, TEST_ADMIN_PASSWORD, type TestApp } from './helpers/app';

function signIn(app: TestApp, remoteAddress: string, email: string, password: string) {
  return app.request({ method: 'POST', url: '/api/admin/admin-login', payload: { email, password }, remoteAddress });
}

/** An app of the describe block's own, so one block's counts do not reach the next. */
function ownApp(overrides: Parameters<typeof createTestApp>[0] = {}): () => TestApp {
  let app: TestApp | undefined;
  beforeAll(async () => {
    app = await createTestApp(overrides);
  });
  afterAll(() => app?.close());
  return () => app!;
}

/** Every key the app's limiter is asked to count from now on. */
function recordHits(app: TestApp): string[] {
  const keys: string[] = [];
  const limiter = app.app.deps.limiter;
  const hit = limiter.hit.bind(limiter);
  limiter.hit = (key, ...rest) => {
    keys.push(key);
    return hit(key, ...rest);
  };
  return keys;
}

describe('a refused address', () => {
  const app = ownApp({ rateLimitLoginAddress: 3 });

  it('records nothing per e-mail: the address limit is checked before the address and e-mail key is counted', async () => {
    for (let index = 0; index < 3; index += 1) expect((await signIn(app(), '198.18.20.1', `tried${index}@hoy.test`, 'wrong')).statusCode).toBe(401);
    const keys = recordHits(app());
    for (let index = 0; index < 20; index += 1) expect((await signIn(app(), '198.18.20.1', `refused${index}@hoy.test`, 'wrong')).statusCode).toBe(429);
    expect(keys.filter((key) => key.includes('refused'))).toEqual([]);
    expect(keys.every((key) => key === 'login-address:198.18.20.1')).toBe(true);
  });
});

describe('one client address', () => {
  const app = ownApp();

  it('is an IPv6 /64: 31 failures from 31 addresses of one /64 get a 429, another /64 is not affected', async () => {
    const statuses: number[] = [];
    for (let index = 1; index <= 31; index += 1) {
      statuses.push((await signIn(app(), `2001:db8:1:2:${index.toString(16)}::1`, `six${index}@hoy.test`, 'wrong')).statusCode);
    }
    expect(statuses.slice(0, 30).every((status) => status === 401)).toBe(true);
    expect(statuses[30]).toBe(429);
    expect((await signIn(app(), '2001:db8:1:2:ffff:ffff:ffff:ffff', 'six99@hoy.test', 'wrong')).statusCode).toBe(429);
    expect((await signIn(app(), '2001:db8:1:3::1', 'six99@hoy.test', 'wrong')).statusCode).toBe(401);
    expect((await signIn(app(), '2001:db8:1:3::2', TEST_ADMIN_EMAIL, TEST_ADMIN_PASSWORD)).statusCode).toBe(200);
  }, 120_000);

  it('is the IPv4 address whether it comes plain or IPv4-mapped', async () => {
    const statuses: number[] = [];
    for (let index = 0; index < 31; index += 1) {
      const address = index % 2 === 0 ? '198.18.30.7' : '::ffff:198.18.30.7';
      statuses.push((await signIn(app(), address, `four${index}@hoy.test`, 'wrong')).statusCode);
    }
    expect(statuses.slice(0, 30).every((status) => status === 401)).toBe(true);
    expect(statuses[30]).toBe(429);
    expect((await signIn(app(), '::ffff:198.18.30.8', 'four99@hoy.test', 'wrong')).statusCode).toBe(401);
  }, 120_000);
});

describe('one account', () => {
  // Waits start after 4 failures (RATE_LIMIT_LOGIN_ACCOUNT - 20), so a test sees them at once.
  const app = ownApp({ rateLimitLoginAccount: 24 });

  it('has one budget however its e-mail is spelled: every spelling the database finds it by counts on it', async () => {
    // PostgreSQL's lower() folds 'İ' (U+0130) to 'i' under a UTF-8 locale (PGlite's too); JavaScript's
    // toLowerCase() makes it 'i' + U+0307. A spelling counts here only when the database finds the account by it.
    const candidates = [TEST_ADMIN_EMAIL, TEST_ADMIN_EMAIL.toUpperCase(), TEST_ADMIN_EMAIL.replace('i', 'İ')];
    const spellings: string[] = [];
    for (const [index, spelling] of candidates.entries()) {
      if ((await signIn(app(), `198.18.40.${index}`, spelling, TEST_ADMIN_PASSWORD)).statusCode === 200) spellings.push(spelling);
    }
    expect(spellings).toContain(TEST_ADMIN_EMAIL.toUpperCase());
    const variant = spellings.find((spelling) => spelling.toLowerCase() !== TEST_ADMIN_EMAIL) ?? TEST_ADMIN_EMAIL.toUpperCase();

    // Alternate two spellings from fresh addresses: 4 failures pass, the 5th claims the first wait,
    // the 6th must wait although its own spelling has failed only twice before.
    const statuses: number[] = [];
    for (let index = 0; index < 6; index += 1) {
      statuses.push((await signIn(app(), `198.18.41.${index}`, index % 2 === 0 ? TEST_ADMIN_EMAIL : variant, `wrong ${index}`)).statusCode);
    }
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429]);
  }, 60_000);
});

describe('parallel guesses at the edge of the account throttle', () => {
  // Waits start after the first failure (RATE_LIMIT_LOGIN_ACCOUNT 21 - 20).
  const app = ownApp({ rateLimitLoginAccount: 21 });

  const guessInParallel = (round: number) =>
    Promise.all(Array.from({ length: 16 }, (_, index) => signIn(app(), `198.18.${50 + round}.${index}`, TEST_ADMIN_EMAIL, `guess ${round}-${index}`))).then(
      (answers) => answers.map((answer) => answer.statusCode),
    );

  it('cannot all pass: 16 at once get the free try and the first wait, the rest 429; after the wait, one more', async () => {
    const first = await guessInParallel(0);
    expect(first.filter((status) => status === 401)).toHaveLength(2);
    expect(first.filter((status) => status === 429)).toHaveLength(14);
    // The first wait is one second; when it has passed, 16 more at once get exactly one try.
    app().clock.advance(1000);
    const second = await guessInParallel(1);
    expect(second.filter((status) => status === 401)).toHaveLength(1);
    expect(second.filter((status) => status === 429)).toHaveLength(15);
  });
});
