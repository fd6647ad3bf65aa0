// Security headers on every answer: API (success and errors), pages, assets; HSTS only over HTTPS.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers/app';

const staticDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hoy-headers-'));
fs.mkdirSync(path.join(staticDir, 'assets'));
fs.writeFileSync(path.join(staticDir, 'index.html'), '<!doctype html><title>Hoy</title><div id="root"></div>');
fs.writeFileSync(path.join(staticDir, 'assets', 'app-abc123.js'), 'export {};');

let t: TestApp;
let proxied: TestApp;
beforeAll(async () => {
  t = await createTestApp({ staticDir, rateLimitPublic: 1 });
  proxied = await createTestApp({ staticDir, trustProxy: 1 });
});
afterAll(async () => {
  await t.close();
  await proxied.close();
  fs.rmSync(staticDir, { recursive: true, force: true });
});

function directives(policy: string): Map<string, string[]> {
  return new Map(
    policy
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .map(([name, ...values]) => [name, values]),
  );
}

function expectSecurityHeaders(headers: Record<string, unknown>, label: string) {
  const policy = directives(String(headers['content-security-policy'] ?? ''));
  expect(policy.get('default-src'), label).toEqual(["'self'"]);
  expect(policy.get('script-src'), label).toEqual(["'self'"]);
  expect(policy.get('img-src'), label).toEqual(["'self'", 'data:', 'https://*.tile.openstreetmap.org']);
  expect(policy.get('connect-src'), label).toEqual(["'self'"]);
  expect(policy.get('frame-ancestors'), label).toEqual(["'none'"]);
  expect(policy.get('object-src'), label).toEqual(["'none'"]);
  expect(policy.get('base-uri'), label).toEqual(["'self'"]);
  expect(policy.get('form-action'), label).toEqual(["'self'"]);
  // The tile origin is allowed for images and nothing else.
  const tileDirectives = [...policy].filter(([, values]) => values.join(' ').includes('openstreetmap')).map(([name]) => name);
  expect(tileDirectives, label).toEqual(['img-src']);
  expect(headers['x-content-type-options'], label).toBe('nosniff');
  expect(headers['referrer-policy'], label).toBe('strict-origin-when-cross-origin');
  expect(headers['x-frame-options'], label).toBe('DENY');
  expect(headers['cross-origin-opener-policy'], label).toBe('same-origin');
}

describe('security headers', () => {
  it('are on API answers, errors, pages and assets alike, with no inline or eval script allowed', async () => {
    const token = await t.login();
    const answers = {
      health: await t.request({ method: 'GET', url: '/api/health' }),
      list: await t.request({ method: 'GET', url: '/api/admin/hosts?page=1', token }),
      unauthorized: await t.request({ method: 'GET', url: '/api/admin/hosts' }),
      unknownApi: await t.request({ method: 'GET', url: '/api/nothing-here' }),
      badRequest: await t.request({ method: 'POST', url: '/api/admin/admin-login', payload: { email: 1 } }),
      tooLarge: await t.request({ method: 'POST', url: '/api/data/add-email-subscriber', payload: { email: 'x'.repeat(1_100_000) } }),
      rateLimited: await (async () => {
        await t.request({ method: 'POST', url: '/api/data/add-email-subscriber', payload: { email: 'a@b.co' }, remoteAddress: '10.6.0.1' });
        return t.request({ method: 'POST', url: '/api/data/add-email-subscriber', payload: { email: 'a@b.co' }, remoteAddress: '10.6.0.1' });
      })(),
      page: await t.request({ method: 'GET', url: '/' }),
      deepLink: await t.request({ method: 'GET', url: '/hosts?x=1' }),
      asset: await t.request({ method: 'GET', url: '/assets/app-abc123.js' }),
      openapi: await t.request({ method: 'GET', url: '/api/openapi.json' }),
    };
    expect(answers.rateLimited.statusCode).toBe(429);
    expect(answers.tooLarge.statusCode).toBe(413);
    expect(answers.page.headers['content-type']).toMatch(/text\/html/);
    for (const [label, answer] of Object.entries(answers)) {
      expectSecurityHeaders(answer.headers, label);
      expect(answer.headers['strict-transport-security'], label).toBeUndefined();
    }
    const scriptSources = directives(String(answers.page.headers['content-security-policy'])).get('script-src') ?? [];
    expect(scriptSources).not.toContain("'unsafe-inline'");
    expect(scriptSources).not.toContain("'unsafe-eval'");
  });

  it('allows the configured map tile origin as images and nothing else', async () => {
    const own = await createTestApp({ staticDir, mapTileOrigin: 'https://tiles.example.org' });
    try {
      const policy = directives(String((await own.request({ method: 'GET', url: '/' })).headers['content-security-policy']));
      expect(policy.get('img-src')).toEqual(["'self'", 'data:', 'https://tiles.example.org']);
      expect([...policy].filter(([, values]) => values.join(' ').includes('example.org')).map(([name]) => name)).toEqual(['img-src']);
    } finally {
      await own.close();
    }
  });

  it('sends HSTS only when the request came over HTTPS: X-Forwarded-Proto counts only with TRUST_PROXY', async () => {
    const viaProxy = await proxied.request({ method: 'GET', url: '/api/health', headers: { 'x-forwarded-proto': 'https' } });
    expect(viaProxy.headers['strict-transport-security']).toBe('max-age=31536000');
    const pageViaProxy = await proxied.request({ method: 'GET', url: '/', headers: { 'x-forwarded-proto': 'https' } });
    expect(pageViaProxy.headers['strict-transport-security']).toBe('max-age=31536000');
    const plainViaProxy = await proxied.request({ method: 'GET', url: '/api/health', headers: { 'x-forwarded-proto': 'http' } });
    expect(plainViaProxy.headers['strict-transport-security']).toBeUndefined();
    const spoofed = await t.request({ method: 'GET', url: '/api/health', headers: { 'x-forwarded-proto': 'https' } });
    expect(spoofed.headers['strict-transport-security']).toBeUndefined();
  });

  it('with TRUST_PROXY, limits by the X-Forwarded-For client address; without it, the header is ignored', async () => {
    const post = (app: TestApp, forwardedFor: string) =>
      app.request({
        method: 'POST',
        url: '/api/data/add-email-subscriber',
        payload: { email: 'a@b.co' },
        headers: { 'x-forwarded-for': forwardedFor },
        remoteAddress: '10.6.1.1',
      });
    expect((await post(t, '203.0.113.1')).statusCode).toBe(201);
    // Same socket address, a different claimed client: still the same counter.
    expect((await post(t, '203.0.113.2')).statusCode).toBe(429);
  });
});

describe('Cache-Control on API answers', () => {
  it('is no-store and an attachment on every answer under /api (data, CSV, errors, 404, 401, 413, 429), and static files keep their own', async () => {
    const token = await t.login();
    const subscribe = () => t.request({ method: 'POST', url: '/api/data/add-email-subscriber', payload: { email: 'cache@b.co' }, remoteAddress: '10.6.2.1' });
    const answers = {
      health: await t.request({ method: 'GET', url: '/api/health' }),
      list: await t.request({ method: 'GET', url: '/api/admin/hosts?page=1', token }),
      csv: await t.request({ method: 'GET', url: '/api/admin/host-information?format=csv', token }),
      created: await subscribe(),
      rateLimited: await subscribe(),
      unauthorized: await t.request({ method: 'GET', url: '/api/admin/hosts' }),
      unknownApi: await t.request({ method: 'GET', url: '/api/nothing-here' }),
      apiRoot: await t.request({ method: 'GET', url: '/api' }),
      badRequest: await t.request({ method: 'POST', url: '/api/admin/admin-login', payload: { email: 1 } }),
      tooLarge: await t.request({ method: 'POST', url: '/api/admin/admin-login', payload: { email: 'x'.repeat(1_100_000) } }),
      openapi: await t.request({ method: 'GET', url: '/api/openapi.json' }),
    };
    expect(answers.csv.headers['content-type']).toMatch(/^text\/csv/);
    expect(answers.created.statusCode).toBe(201);
    expect(answers.rateLimited.statusCode).toBe(429);
    expect(answers.unauthorized.statusCode).toBe(401);
    expect(answers.unknownApi.statusCode).toBe(404);
    expect(answers.apiRoot.statusCode).toBe(404);
    expect(answers.tooLarge.statusCode).toBe(413);
    for (const [label, answer] of Object.entries(answers)) expect(answer.headers['cache-control'], label).toBe('no-store');
    // Opened as a page, an API answer is saved, not rendered; a CSV export keeps its own file name.
    for (const [label, answer] of Object.entries(answers)) {
      expect(answer.headers['content-disposition'], label).toBe(
        label === 'csv' ? 'attachment; filename="host-information.csv"' : 'attachment; filename="api.json"',
      );
    }

    const asset = await t.request({ method: 'GET', url: '/assets/app-abc123.js' });
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect((await t.request({ method: 'GET', url: '/' })).headers['cache-control']).toBe('no-cache');
    // A page whose path merely starts with "api" is a web app route, not the API.
    expect((await t.request({ method: 'GET', url: '/apiary' })).headers['cache-control']).toBe('no-cache');
  });
});
