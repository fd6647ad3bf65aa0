import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_EXPIRED_MESSAGE } from '../../src/contracts/auth';
import { hashToken } from '../../server/modules/auth/tokens';
import { createTestApp, TEST_ADMIN_EMAIL, TEST_ADMIN_PASSWORD, type TestApp } from './helpers/app';
import { sql } from 'drizzle-orm';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ rateLimitLogin: 3 });
});
afterAll(async () => t.close());

const login = (email: string, password: string, remoteAddress = '127.0.0.1') =>
  t.app.inject({ method: 'POST', url: '/api/admin/admin-login', payload: { email, password }, remoteAddress });

describe('admin-login', () => {
  it('answers a 256-bit token for the right credentials and stores only its SHA-256', async () => {
    const response = await login(TEST_ADMIN_EMAIL, TEST_ADMIN_PASSWORD);
    expect(response.statusCode).toBe(200);
    const { token } = response.json<{ token: string }>();
    expect(Buffer.from(token, 'base64url')).toHaveLength(32);
    const rows = await t.handle.query<{ token_hash: string }>(sql`SELECT token_hash FROM admin_sessions`);
    expect(rows.map((row) => row.token_hash)).toContain(hashToken(token));
    expect(rows.map((row) => row.token_hash)).not.toContain(token);
  });

  it('accepts the e-mail in any letter case', async () => {
    const response = await login(TEST_ADMIN_EMAIL.toUpperCase(), TEST_ADMIN_PASSWORD);
    expect(response.statusCode).toBe(200);
  });

  it('gives the same 401 answer for an unknown e-mail and a wrong password', async () => {
    const unknown = await login('nobody@hoy.test', TEST_ADMIN_PASSWORD, '10.0.0.1');
    const wrong = await login(TEST_ADMIN_EMAIL, 'wrong password', '10.0.0.2');
    expect(unknown.statusCode).toBe(401);
    expect(wrong.statusCode).toBe(401);
    expect(unknown.json()).toEqual(wrong.json());
  });

  it('answers 400 with a message for a missing password or a non-JSON body', async () => {
    const missing = await t.app.inject({ method: 'POST', url: '/api/admin/admin-login', payload: { email: 'a@b.co' } });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toMatch(/password/i);
    const malformed = await t.app.inject({
      method: 'POST',
      url: '/api/admin/admin-login',
      headers: { 'content-type': 'application/json' },
      payload: '{"email":',
    });
    expect(malformed.statusCode).toBe(400);
    const wrongType = await t.app.inject({ method: 'POST', url: '/api/admin/admin-login', payload: { email: 1, password: [] } });
    expect(wrongType.statusCode).toBe(400);
  });

  it('answers 413 for a body over the sign-in limit', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/admin/admin-login',
      payload: { email: 'a@b.co', password: 'x'.repeat(1024 * 1024 + 10) },
    });
    expect(response.statusCode).toBe(413);
  });

  it('limits failed logins per client address and e-mail with 429 and Retry-After', async () => {
    const address = '10.9.9.9';
    for (let attempt = 0; attempt < 3; attempt += 1) {
      expect((await login(TEST_ADMIN_EMAIL, 'nope', address)).statusCode).toBe(401);
    }
    const limited = await login(TEST_ADMIN_EMAIL, TEST_ADMIN_PASSWORD, address);
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect((await login(TEST_ADMIN_EMAIL, TEST_ADMIN_PASSWORD, '10.9.9.8')).statusCode).toBe(200);
  });
});

describe('bearer check and sessions', () => {
  it('refuses a guarded route without a token, with a malformed one and with an unknown one', async () => {
    expect((await t.request({ method: 'POST', url: '/api/admin/logout' })).statusCode).toBe(401);
    expect((await t.request({ method: 'POST', url: '/api/admin/logout', headers: { authorization: 'Basic abc' } })).statusCode).toBe(401);
    const unknown = await t.request({ method: 'POST', url: '/api/admin/logout', token: 'A'.repeat(43) });
    expect(unknown.statusCode).toBe(401);
    expect(unknown.json().message).toBe('Unauthorized access. Please login again.');
  });

  it('guards unknown paths under /api/admin and /api/hosts too', async () => {
    expect((await t.request({ method: 'GET', url: '/api/admin/nothing-here' })).statusCode).toBe(401);
    const token = await t.login();
    const unknown = await t.request({ method: 'GET', url: '/api/admin/nothing-here', token });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toMatch(/No API route/);
  });

  it('logout answers 204 and the token stops working', async () => {
    const token = await t.login();
    expect((await t.request({ method: 'POST', url: '/api/admin/logout', token })).statusCode).toBe(204);
    expect((await t.request({ method: 'POST', url: '/api/admin/logout', token })).statusCode).toBe(401);
  });

  const MINUTE = 60_000;
  const IDLE = 30 * MINUTE;
  const HOUR = 60 * MINUTE;
  const hostsWith = (token: string) => t.request({ method: 'GET', url: '/api/admin/hosts?page=1&pageSize=1', token });

  it('ends a session after 30 idle minutes (ASVS 3.3.2), with a 401 that says it expired', async () => {
    const token = await t.login();
    t.clock.advance(IDLE - MINUTE);
    expect((await hostsWith(token)).statusCode).toBe(200);
    t.clock.advance(IDLE - MINUTE);
    expect((await hostsWith(token)).statusCode).toBe(200);
    t.clock.advance(IDLE + 1);
    const expired = await hostsWith(token);
    expect(expired.statusCode).toBe(401);
    expect(expired.json()).toMatchObject({ message: SESSION_EXPIRED_MESSAGE, reason: 'session-expired' });
  });

  it('ends a session 12 hours after sign-in even when it is used all along', async () => {
    const token = await t.login();
    for (let elapsed = 0; elapsed < 12 * HOUR - 20 * MINUTE; elapsed += 20 * MINUTE) {
      t.clock.advance(20 * MINUTE);
      expect((await hostsWith(token)).statusCode).toBe(200);
    }
    t.clock.advance(20 * MINUTE);
    const expired = await hostsWith(token);
    expect(expired.statusCode).toBe(401);
    expect(expired.json().reason).toBe('session-expired');
  });

  it('does not count polling calls (X-Hoy-Activity: background) as activity', async () => {
    const token = await t.login();
    for (let minute = 0; minute < 40; minute += 5) {
      t.clock.advance(5 * MINUTE);
      const answer = await t.request({ method: 'GET', url: '/api/admin/hosts?page=1&pageSize=1', token, headers: { 'x-hoy-activity': 'background' } });
      expect(answer.statusCode).toBe(minute + 5 < 30 ? 200 : 401);
    }
  });

  it('answers a revoked or unknown token with the plain 401, not "expired"', async () => {
    const token = await t.login();
    await t.request({ method: 'POST', url: '/api/admin/logout', token });
    for (const answer of [await hostsWith(token), await hostsWith('x'.repeat(43))]) {
      expect(answer.statusCode).toBe(401);
      expect(answer.json()).toEqual({ statusCode: 401, error: 'Unauthorized', message: 'Unauthorized access. Please login again.' });
    }
  });

  it('a password change revokes the sessions of that administrator', async () => {
    const token = await t.login();
    expect(await t.app.services.auth.setPassword(TEST_ADMIN_EMAIL, TEST_ADMIN_PASSWORD)).toBe('updated');
    expect((await hostsWith(token)).statusCode).toBe(401);
  });
});

describe('server basics', () => {
  it('GET /api/health answers ok', async () => {
    const response = await t.request({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok' });
  });

  it('unknown /api paths answer 404 JSON', async () => {
    const response = await t.request({ method: 'GET', url: '/api/nope' });
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toMatch(/application\/json/);
  });

  it('GET /api/openapi.json documents the routes', async () => {
    const response = await t.request({ method: 'GET', url: '/api/openapi.json' });
    expect(response.statusCode).toBe(200);
    const document = response.json<{ openapi: string; paths: Record<string, unknown> }>();
    expect(document.openapi).toMatch(/^3\./);
    expect(Object.keys(document.paths)).toEqual(expect.arrayContaining(['/api/admin/admin-login', '/api/admin/logout', '/api/health']));
  });
});

describe('the first administrator', () => {
  it('is created once even when two processes start together on an empty database', async () => {
    await t.handle.query(sql`DELETE FROM administrators`);
    const options = { email: 'first@hoy.test', password: 'first password 1' };
    await Promise.all([t.app.services.auth.ensureFirstAdministrator(options), t.app.services.auth.ensureFirstAdministrator(options)]);
    const rows = await t.handle.query<{ email: string }>(sql`SELECT email FROM administrators`);
    expect(rows).toEqual([{ email: 'first@hoy.test' }]);
  });
});

describe("an administrator's own sessions", () => {
  it('lists the sessions that still work, marks the current one, and signs out all the others', async () => {
    // An earlier block replaced the administrators; the test administrator is set up again.
    await t.app.services.auth.setPassword(TEST_ADMIN_EMAIL, TEST_ADMIN_PASSWORD);
    const first = await t.login();
    const second = await t.login();
    const current = await t.login();
    await t.request({ method: 'POST', url: '/api/admin/logout', token: second });
    const listed = await t.request({ method: 'GET', url: '/api/admin/sessions', token: current });
    expect(listed.statusCode).toBe(200);
    const rows = listed.json<Array<{ id: number; isCurrent: boolean; createdAt: string; lastSeenAt: string; expiresAt: string }>>();
    expect(rows.filter((row) => row.isCurrent)).toHaveLength(1);
    expect(rows.length).toBeGreaterThanOrEqual(2);
    // No token or hash leaves the server.
    expect(JSON.stringify(rows)).not.toMatch(/token|hash/i);

    const revoked = await t.request({ method: 'POST', url: '/api/admin/sessions/revoke-others', token: current });
    expect(revoked.statusCode).toBe(200);
    expect(revoked.json().revoked).toBe(rows.length - 1);
    expect((await t.request({ method: 'GET', url: '/api/admin/sessions', token: first })).statusCode).toBe(401);
    const after = await t.request({ method: 'GET', url: '/api/admin/sessions', token: current });
    expect(after.json()).toEqual([expect.objectContaining({ isCurrent: true })]);
  });

  it('needs a token for both calls', async () => {
    expect((await t.request({ method: 'GET', url: '/api/admin/sessions' })).statusCode).toBe(401);
    expect((await t.request({ method: 'POST', url: '/api/admin/sessions/revoke-others' })).statusCode).toBe(401);
  });
});

describe('deny by default', () => {
  /** The only calls that need no token; a new public route must be added here on purpose. */
  const PUBLIC = new Set([
    'POST /api/admin/admin-login',
    'POST /api/admin/admin-login/second-factor',
    'GET /api/health',
    'GET /api/health/live',
    'GET /api/health/ready',
    'POST /api/data/add-host-information',
    'POST /api/data/add-email-subscriber',
    // Its single-use ticket is the credential (tests/server/export-tickets.test.ts).
    'GET /api/admin/exports/{ticket}',
    // The payment side's signature is the credential, never a member's token; without
    // PAYMENTS_CALLBACK_SECRET it answers 404 (tests/server/refunds.test.ts).
    'POST /api/payments/refunds/{id}/result',
  ]);

  it('answers 401 without a token, or with a forged one, on every other route of the OpenAPI document', async () => {
    const document = t.app.swagger() as { paths: Record<string, Record<string, unknown>> };
    const routes = Object.entries(document.paths).flatMap(([path, operations]) =>
      Object.keys(operations).map((method) => ({ method: method.toUpperCase(), path })),
    );
    expect(routes.length).toBeGreaterThan(30);
    const guarded = routes.filter((route) => !PUBLIC.has(`${route.method} ${route.path}`));
    expect(routes.length - guarded.length).toBe(PUBLIC.size);
    for (const route of guarded) {
      const url = route.path.replace(/\{[^}]+\}/g, '1');
      for (const headers of [{}, { authorization: `Bearer ${'A'.repeat(43)}` }]) {
        const answer = await t.app.inject({ method: route.method as 'GET', url, headers, payload: route.method === 'GET' ? undefined : {} });
        expect(answer.statusCode, `${route.method} ${route.path}`).toBe(401);
      }
    }
  });
});
