// The probes a load balancer and an orchestrator ask, and the gate while the process is not ready
// (server/main.ts listens before it migrates and seeds, and stops being ready when it shuts down).
import { afterEach, describe, expect, it } from 'vitest';
import { signedInTestApp } from './helpers/app';

const t = signedInTestApp();

afterEach(() => {
  t.app.readiness.isReady = true;
});

describe('probes', () => {
  it('answers live, ready and health with 200 once ready', async () => {
    for (const url of ['/api/health/live', '/api/health/ready', '/api/health']) {
      const response = await t.request({ url });
      expect(response.statusCode, url).toBe(200);
      expect(response.json(), url).toEqual({ status: 'ok' });
    }
  });

  it('answers only liveness while not ready: everything else is 503 with Retry-After, and nothing runs', async () => {
    t.app.readiness.isReady = false;
    expect((await t.request({ url: '/api/health/live' })).statusCode).toBe(200);
    for (const url of ['/api/health/ready', '/api/health']) {
      expect((await t.request({ url })).statusCode, url).toBe(503);
    }
    const list = await t.request({ url: '/api/admin/hosts?page=1', token: t.token });
    expect(list.statusCode).toBe(503);
    expect(list.headers['retry-after']).toBe('2');
    expect(list.json()).toEqual({ message: 'Hoy is starting. Please try again in a few seconds.' });

    const post = await t.request({ method: 'POST', url: '/api/data/add-email-subscriber', payload: { email: 'early@hoy.test' } });
    expect(post.statusCode).toBe(503);
    t.app.readiness.isReady = true;
    const subscribers = await t.request({ url: '/api/admin/email-subscribers', token: t.token });
    expect(subscribers.statusCode).toBe(200);
    expect(JSON.stringify(subscribers.json())).not.toContain('early@hoy.test');
  });
});
