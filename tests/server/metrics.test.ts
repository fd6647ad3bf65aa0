// GET /metrics: Prometheus' text format behind its own bearer token, with the route, process, page
// cache and refusal figures an operator watches; absent without METRICS_TOKEN.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signedInTestApp, type TestApp } from './helpers/app';

const METRICS_TOKEN = 'a-metrics-token-of-some-length';
const t = signedInTestApp({ metricsToken: METRICS_TOKEN, rateLimitPublic: 1 });

describe('/metrics', () => {
  it('answers 401 without the metrics token, and refuses an administrator token', async () => {
    expect((await t.request({ url: '/metrics' })).statusCode).toBe(401);
    expect((await t.request({ url: '/metrics', token: t.token })).statusCode).toBe(401);
    expect((await t.request({ url: '/metrics', headers: { authorization: `Bearer ${METRICS_TOKEN}x` } })).statusCode).toBe(401);
  });

  it('reports requests and latency per route, the process, the page cache and the refusals', async () => {
    await t.request({ url: '/api/admin/hosts?page=1', token: t.token });
    await t.request({ url: '/api/admin/hosts?page=1', token: t.token });
    const post = (email: string) => t.request({ method: 'POST', url: '/api/data/add-email-subscriber', payload: { email } });
    expect((await post('one@hoy.test')).statusCode).toBe(201);
    expect((await post('two@hoy.test')).statusCode).toBe(429);

    const response = await t.request({ url: '/metrics', headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/plain');
    const text = response.body;
    expect(text).toMatch(/http_request_duration_seconds_count\{[^}]*route="\/api\/admin\/hosts"[^}]*\} 2/);
    expect(text).toContain('process_resident_memory_bytes');
    expect(text).toContain('nodejs_eventloop_lag_seconds');
    expect(text).toMatch(/hoy_page_cache\{kind="hits"\} [1-9]/);
    expect(text).toMatch(/hoy_page_cache\{kind="misses"\} [1-9]/);
    expect(text).toMatch(/hoy_refusals_total\{status="429",route="\/api\/data\/add-email-subscriber"\} 1/);
    expect(text).toContain('hoy_db_pool_connections');
  });
});

describe('/metrics without METRICS_TOKEN', () => {
  let bare: TestApp;
  beforeAll(async () => {
    bare = await createTestApp();
  });
  afterAll(async () => bare.close());

  it('does not exist', async () => {
    expect((await bare.request({ url: '/metrics' })).statusCode).toBe(404);
  });
});
