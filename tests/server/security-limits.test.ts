// Abuse limits and malformed bodies: brute force in parallel, floods, oversized and non-JSON bodies.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TEST_ADMIN_EMAIL, TEST_ADMIN_PASSWORD, type TestApp } from './helpers/app';
import { insertHost } from './helpers/fixtures';
import { UNSTORABLE_STRINGS } from './helpers/naughty-strings';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ rateLimitLogin: 5, rateLimitPublic: 30 });
});
afterAll(() => t.close());

const login = (password: string, remoteAddress: string, email = TEST_ADMIN_EMAIL) =>
  t.request({ method: 'POST', url: '/api/admin/admin-login', payload: { email, password }, remoteAddress });

const hostForm = { name: 'Amina', email: 'amina@example.com', phone: '+252 61 000', address: 'Lido Beach Road' };

async function countRows(): Promise<number> {
  const [row] = await t.handle.query<{ total: number }>(sql`
    SELECT (SELECT count(*) FROM host_interest_submissions) + (SELECT count(*) FROM email_subscribers) + (SELECT count(*) FROM users) AS total`);
  return Number(row.total);
}

describe('login limit', () => {
  it('holds against 40 parallel wrong passwords: exactly the allowance is checked, the rest get 429 with Retry-After', async () => {
    const answers = await Promise.all(Array.from({ length: 40 }, () => login('wrong password', '10.7.0.1')));
    const statuses = answers.map((answer) => answer.statusCode);
    expect(statuses.filter((status) => status === 401)).toHaveLength(5);
    expect(statuses.filter((status) => status === 429)).toHaveLength(35);
    for (const answer of answers.filter((entry) => entry.statusCode === 429)) {
      expect(Number(answer.headers['retry-after'])).toBeGreaterThan(0);
      expect(Number(answer.headers['retry-after'])).toBeLessThanOrEqual(15 * 60);
    }
    // The right password is refused too while the window lasts, then accepted once it ends.
    expect((await login(TEST_ADMIN_PASSWORD, '10.7.0.1')).statusCode).toBe(429);
    t.clock.advance(15 * 60 * 1000 + 1000);
    expect((await login(TEST_ADMIN_PASSWORD, '10.7.0.1')).statusCode).toBe(200);
  });

  it('counts per address and e-mail: another address, or another e-mail from the same address, is not limited', async () => {
    for (let attempt = 0; attempt < 6; attempt += 1) await login('wrong password', '10.7.0.2');
    expect((await login('wrong password', '10.7.0.2')).statusCode).toBe(429);
    expect((await login(TEST_ADMIN_PASSWORD, '10.7.0.3')).statusCode).toBe(200);
    expect((await login('wrong password', '10.7.0.2', 'someone.else@hoy.test')).statusCode).toBe(401);
    // The e-mail is compared without case or surrounding spaces, so variants share one counter.
    expect((await login('wrong password', '10.7.0.2', ` ${TEST_ADMIN_EMAIL.toUpperCase()} `)).statusCode).toBe(429);
  });

  it('does not count successful sign-ins against the allowance', async () => {
    for (let attempt = 0; attempt < 12; attempt += 1) expect((await login(TEST_ADMIN_PASSWORD, '10.7.0.4')).statusCode).toBe(200);
    expect((await login('wrong password', '10.7.0.4')).statusCode).toBe(401);
  });
});

describe('public form limit', () => {
  it('lets exactly the allowance of 60 parallel posts through, answers 429 with Retry-After to the rest, and stores only the accepted ones', async () => {
    const before = await countRows();
    const answers = await Promise.all(
      Array.from({ length: 60 }, (_, index) =>
        t.request({
          method: 'POST',
          url: index % 2 ? '/api/data/add-host-information' : '/api/data/add-email-subscriber',
          payload: index % 2 ? hostForm : { email: `flood${index}@example.com` },
          remoteAddress: '10.8.0.1',
        }),
      ),
    );
    const accepted = answers.filter((answer) => answer.statusCode === 201);
    const limited = answers.filter((answer) => answer.statusCode === 429);
    expect(accepted).toHaveLength(30);
    expect(limited).toHaveLength(30);
    for (const answer of limited) expect(Number(answer.headers['retry-after'])).toBeGreaterThan(0);
    expect(await countRows()).toBe(before + 30);
  });
});

describe('bodies', () => {
  it('answers 413 to a body over the limit (64 KB signed in, 20 KB public) on public, sign-in and signed-in routes, and stores nothing', async () => {
    const token = await t.login();
    const host = await insertHost(t.handle);
    const before = await countRows();
    const big = 'x'.repeat(64 * 1024 + 1);
    const attempts = [
      { method: 'POST' as const, url: '/api/data/add-host-information', payload: { ...hostForm, address: big }, remoteAddress: '10.8.1.1' },
      { method: 'POST' as const, url: '/api/admin/admin-login', payload: { email: 'a@b.co', password: big } },
      { method: 'PUT' as const, url: `/api/hosts/${host.id}`, payload: { name: big, email: 'a@b.co', phone: '1', propertyAddress: 'x' }, token },
      { method: 'POST' as const, url: '/api/data/add-email-subscriber', headers: { 'content-type': 'text/plain' }, payload: big, remoteAddress: '10.8.1.2' },
    ];
    for (const attempt of attempts) {
      const answer = await t.request(attempt);
      expect(answer.statusCode, attempt.url).toBe(413);
      expect(answer.json().message).toBeTruthy();
    }
    expect(await countRows()).toBe(before);
  });

  it('reads at most 20 KB on the public forms and sign-in: the longest valid form fits, more is 413 and stores nothing', async () => {
    // The longest valid host form in a three-byte script (Ge'ez letters), well over 16 KB of UTF-8.
    const longest = { name: 'ሀ'.repeat(320), email: 'ሀ'.repeat(320), phone: 'ሀ'.repeat(320), address: 'ሀ'.repeat(5000) };
    expect(Buffer.byteLength(JSON.stringify(longest))).toBeGreaterThan(16 * 1024);
    const accepted = await t.request({ method: 'POST', url: '/api/data/add-host-information', payload: longest, remoteAddress: '10.8.4.1' });
    expect(accepted.statusCode).toBe(201);
    const before = await countRows();
    const padding = 'x'.repeat(21 * 1024);
    const attempts = [
      { url: '/api/data/add-host-information', payload: { ...hostForm, address: padding } },
      { url: '/api/data/add-email-subscriber', payload: { email: 'a@b.co', padding } },
      { url: '/api/admin/admin-login', payload: { email: TEST_ADMIN_EMAIL, password: padding } },
    ];
    for (const [index, attempt] of attempts.entries()) {
      const answer = await t.request({ method: 'POST', ...attempt, remoteAddress: `10.8.4.${index + 2}` });
      expect(answer.statusCode, attempt.url).toBe(413);
    }
    expect(await countRows()).toBe(before);
  });

  it('answers 4xx, never 5xx, to non-JSON and malformed bodies on every JSON write route', async () => {
    const token = await t.login();
    const host = await insertHost(t.handle);
    const bodies: Array<[string | undefined, string]> = [
      ['text/plain', 'name=x'],
      ['application/xml', '<host><name>x</name></host>'],
      ['application/x-www-form-urlencoded', 'name=x&email=y'],
      ['multipart/form-data; boundary=zz', '--zz\r\nContent-Disposition: form-data; name="name"\r\n\r\nx\r\n--zz--'],
      ['application/json', '{"name":'],
      ['application/json', '{"__proto__":{"isAdmin":true}}'],
      ['application/json', '{"constructor":{"prototype":{"x":1}}}'],
      ['application/json', '"just a string"'],
      ['application/json', '[1,2,3]'],
      ['application/json', 'null'],
      ['application/json', ''],
      ['application/json; charset=utf-16', '\u0000{\u0000}'],
      ['application/json', '['.repeat(100_000) + ']'.repeat(100_000)],
      ['application/octet-stream', '\u0000\u0001\u0002'],
      [undefined, 'no content type at all'],
    ];
    const routes = [
      ['POST', '/api/data/add-host-information'],
      ['POST', '/api/data/add-email-subscriber'],
      ['POST', '/api/admin/admin-login'],
      ['PUT', `/api/hosts/${host.id}`],
      ['PUT', '/api/admin/promos/guest'],
      ['POST', '/api/admin/conversations/1/messages'],
    ] as const;
    const before = await countRows();
    let address = 0;
    for (const [method, url] of routes) {
      for (const [contentType, payload] of bodies) {
        address += 1;
        const answer = await t.request({
          method,
          url,
          token,
          payload,
          headers: contentType ? { 'content-type': contentType } : {},
          remoteAddress: `10.8.2.${address % 250}`,
        });
        expect(answer.statusCode, `${method} ${url} ${contentType} ${payload.slice(0, 30)}`).toBeGreaterThanOrEqual(400);
        expect(answer.statusCode, `${method} ${url} ${contentType} ${payload.slice(0, 30)}`).toBeLessThan(500);
      }
    }
    expect(await countRows()).toBe(before);
    expect(({} as Record<string, unknown>).isAdmin).toBeUndefined();
  });

  it('answers 400 to text a database cannot store as sent (NUL, lone surrogates), in bodies and query strings', async () => {
    const token = await t.login();
    const before = await countRows();
    for (const [index, text] of UNSTORABLE_STRINGS.entries()) {
      const body = await t.request({
        method: 'POST',
        url: '/api/data/add-host-information',
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify({ ...hostForm, name: text }),
        remoteAddress: `10.8.3.${index}`,
      });
      expect(body.statusCode, JSON.stringify(text)).toBe(400);
      const query = await t.request({ method: 'GET', url: `/api/admin/hosts?q=${encodeURIComponent(text.replace(/[\ud800-\udfff]/g, ''))}%00`, token });
      expect(query.statusCode).toBe(400);
    }
    expect(await countRows()).toBe(before);
  });
});
