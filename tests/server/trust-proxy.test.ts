// TRUST_PROXY: a hop count or the proxies' addresses; forged X-Forwarded-For chains change nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readConfig } from '../../server/config';
import { isPrivateAddress } from '../../server/lib/trust-proxy';
import { createTestApp, TEST_ADMIN_EMAIL, TEST_ADMIN_PASSWORD, TestClock, type LogLine, type TestApp } from './helpers/app';

const PROXY = '10.0.0.5';

/** Twenty wrong passwords, each claiming another client in front of what the proxy appends. */
async function guessWithForgedChains(app: TestApp, chainFor: (index: number) => string, remoteAddress = PROXY) {
  const statuses: number[] = [];
  for (let index = 0; index < 20; index += 1) {
    const answer = await app.request({
      method: 'POST',
      url: '/api/admin/admin-login',
      payload: { email: TEST_ADMIN_EMAIL, password: 'wrong password' },
      headers: { 'x-forwarded-for': chainFor(index) },
      remoteAddress,
    });
    statuses.push(answer.statusCode);
  }
  return statuses;
}

describe('TRUST_PROXY as a hop count', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ trustProxy: 1, rateLimitLogin: 5 });
  });
  afterAll(() => t.close());

  it('takes the client from the entry the one proxy appended; a forged first entry gets no fresh allowance', async () => {
    // The proxy appends the real client (203.0.113.9) after whatever the client sent.
    const statuses = await guessWithForgedChains(t, (index) => `198.51.100.${index}, 203.0.113.9`);
    expect(statuses.slice(0, 5)).toEqual([401, 401, 401, 401, 401]);
    expect(statuses.slice(5).every((status) => status === 429)).toBe(true);
  });

  it('believes no header from a peer on a public address: a client reaching Hoy directly cannot pose as the proxy', async () => {
    const statuses = await guessWithForgedChains(t, (index) => `198.51.100.${index + 50}`, '203.0.113.200');
    expect(statuses.slice(5).every((status) => status === 429)).toBe(true);
  });
});

describe('TRUST_PROXY as the proxies’ addresses', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ trustProxy: '10.0.0.0/24', rateLimitLogin: 5 });
  });
  afterAll(() => t.close());

  it('skips every trusted proxy and stops at the first address that is not one', async () => {
    // client -> forged entries -> 203.0.113.20 (the real client) -> 10.0.0.7 (an inner proxy) -> 10.0.0.5
    const statuses = await guessWithForgedChains(t, (index) => `192.0.2.${index}, 203.0.113.20, 10.0.0.7`);
    expect(statuses.slice(5).every((status) => status === 429)).toBe(true);
  });

  it('ignores the header from a peer that is not a listed proxy', async () => {
    const statuses = await guessWithForgedChains(t, (index) => `192.0.2.${index + 100}`, '10.0.1.9');
    expect(statuses.slice(5).every((status) => status === 429)).toBe(true);
  });
});

describe('TRUST_PROXY values', () => {
  it('accepts 0, a hop count and address lists; refuses "trust every hop" and nonsense', () => {
    expect(readConfig({}).trustProxy).toBe(false);
    expect(readConfig({ TRUST_PROXY: '0' }).trustProxy).toBe(false);
    expect(readConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(readConfig({ TRUST_PROXY: '10.0.0.1, 192.168.0.0/16,::1,fd00::/8, loopback' }).trustProxy).toBe('10.0.0.1,192.168.0.0/16,::1,fd00::/8,loopback');
    for (const bad of ['true', '*', '10.0.0.0/33', '300.1.1.1', 'proxy.example.com', '1,']) {
      expect(() => readConfig({ TRUST_PROXY: bad }), bad).toThrow(/TRUST_PROXY/);
    }
  });

  it("refuses at start any range wide enough to trust other people's networks, naming the variable; private ranges and proxy fleets pass", () => {
    for (const wide of [
      '0.0.0.0/0',
      '::/0',
      '0.0.0.0/1',
      '128.0.0.0/1',
      '8.0.0.0/7',
      '2000::/3',
      '::ffff:0:0/96',
      '::ffff:0.0.0.0/97',
      '10.0.0.5, 0.0.0.0/0',
    ]) {
      expect(() => readConfig({ TRUST_PROXY: wide }), wide).toThrow(
        /TRUST_PROXY: .*would trust addresses across the internet.*no wider than \/8 \(IPv4\) or \/19 \(IPv6\)/,
      );
    }
    for (const accepted of [
      '10.0.0.0/8',
      '192.168.1.10',
      '2001:db8::/64',
      'fc00::/7',
      '172.16.0.0/12',
      '104.16.0.0/13',
      '2a06:98c0::/29',
      '203.0.113.7',
      '::ffff:10.0.0.0/104',
    ]) {
      expect(readConfig({ TRUST_PROXY: accepted }).trustProxy, accepted).toBe(accepted);
    }
  });

  it('knows loopback and private addresses, IPv4-mapped ones included', () => {
    for (const address of ['127.0.0.1', '10.1.2.3', '172.20.0.1', '192.168.1.1', '::1', 'fd12::1', '::ffff:10.0.0.5'])
      expect(isPrivateAddress(address), address).toBe(true);
    for (const address of ['203.0.113.1', '8.8.8.8', '172.32.0.1', '2001:db8::1', '::ffff:8.8.8.8', 'nonsense'])
      expect(isPrivateAddress(address), address).toBe(false);
  });
});

describe('security events in the log', () => {
  const lines: LogLine[] = [];
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ trustProxy: 1, rateLimitLogin: 2 }, new TestClock(), { captureLogs: lines });
  });
  afterAll(() => t.close());

  it('record sign-in success, failure and throttling, revoked sessions and password changes with the real client address and no secret', async () => {
    const headers = { 'x-forwarded-for': '6.6.6.6, 203.0.113.44' };
    const attempt = (password: string) =>
      t.request({ method: 'POST', url: '/api/admin/admin-login', payload: { email: TEST_ADMIN_EMAIL, password }, headers, remoteAddress: PROXY });
    const signedIn = await attempt(TEST_ADMIN_PASSWORD);
    const token = signedIn.json<{ token: string }>().token;
    await attempt('wrong secret one');
    await attempt('wrong secret two');
    await attempt('wrong secret three');
    await t.request({ method: 'POST', url: '/api/admin/sessions/revoke-others', token });
    await t.request({ method: 'POST', url: '/api/admin/logout', token });
    await t.app.services.auth.setPassword(TEST_ADMIN_EMAIL, 'a brand new password');

    const events = lines.filter((line) => typeof line.event === 'string');
    const kinds = events.map((line) => line.event);
    expect(kinds).toEqual(expect.arrayContaining(['login.succeeded', 'login.failed', 'login.throttled', 'session.revoked', 'password.set']));
    for (const line of events.filter((entry) => String(entry.event).startsWith('login.'))) expect(line.clientAddress).toBe('203.0.113.44');
    // Fastify's own request lines name the same client.
    const requestLines = lines.filter((line) => line.msg === 'incoming request' && (line.req as { url?: string }).url === '/api/admin/admin-login');
    expect(requestLines.length).toBeGreaterThan(0);
    for (const line of requestLines) expect((line.req as { remoteAddress?: string }).remoteAddress).toBe('203.0.113.44');
    const everything = JSON.stringify(lines);
    for (const secret of [
      TEST_ADMIN_PASSWORD,
      'wrong secret one',
      'wrong secret three',
      'a brand new password',
      token,
      String(signedIn.headers['set-cookie']).slice(11, 54),
    ]) {
      expect(everything).not.toContain(secret);
    }
  });
});
