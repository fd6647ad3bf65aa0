import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_ABSOLUTE_MS, SESSION_IDLE_MS } from '../../server/modules/auth/auth.service';
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

  it('answers 413 for a body over 1 MB', async () => {
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

  it('expires a session after 12 idle hours', async () => {
    const token = await t.login();
    t.clock.advance(SESSION_IDLE_MS - 60_000);
    expect((await t.app.services.auth.authenticate(token))).toBeDefined();
    t.clock.advance(SESSION_IDLE_MS - 60_000);
    expect((await t.app.services.auth.authenticate(token))).toBeDefined();
    t.clock.advance(SESSION_IDLE_MS + 1);
    expect((await t.request({ method: 'POST', url: '/api/admin/logout', token })).statusCode).toBe(401);
  });

  it('expires a session 7 days after sign-in even when it is used', async () => {
    const token = await t.login();
    for (let elapsed = 0; elapsed < SESSION_ABSOLUTE_MS - SESSION_IDLE_MS; elapsed += SESSION_IDLE_MS / 2) {
      t.clock.advance(SESSION_IDLE_MS / 2);
      expect(await t.app.services.auth.authenticate(token)).toBeDefined();
    }
    t.clock.advance(SESSION_IDLE_MS);
    expect(await t.app.services.auth.authenticate(token)).toBeUndefined();
  });

  it('a password change revokes the sessions of that administrator', async () => {
    const token = await t.login();
    expect(await t.app.services.auth.setPassword(TEST_ADMIN_EMAIL, TEST_ADMIN_PASSWORD)).toBe('updated');
    expect(await t.app.services.auth.authenticate(token)).toBeUndefined();
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
    const log = { info: () => {}, warn: () => {} } as unknown as Parameters<typeof t.app.services.auth.ensureFirstAdministrator>[1];
    const options = { email: 'first@hoy.test', password: 'first password 1' };
    await Promise.all([
      t.app.services.auth.ensureFirstAdministrator(options, log),
      t.app.services.auth.ensureFirstAdministrator(options, log),
    ]);
    const rows = await t.handle.query<{ email: string }>(sql`SELECT email FROM administrators`);
    expect(rows).toEqual([{ email: 'first@hoy.test' }]);
  });
});
