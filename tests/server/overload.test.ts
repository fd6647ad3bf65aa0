// Overload is refused with 503 and Retry-After, health included, and served again once it passes.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OVERLOADED_MESSAGE } from '../../server/lib/overload';
import { createTestApp, type TestApp } from './helpers/app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ maxEventLoopDelayMs: 100 });
});
afterAll(() => t.close());

/** Keeps the event loop busy, as a runaway computation or a flood would. */
function blockEventLoop(milliseconds: number): void {
  const until = performance.now() + milliseconds;
  while (performance.now() < until) {
    // spin
  }
}

const sleep = (milliseconds: number) => new Promise((resolve) => setTimeout(resolve, milliseconds));

describe('overload guard', () => {
  it('answers 503 with Retry-After while the event loop lags, on health too, then recovers', async () => {
    // Healthy once its own start (loading the database blocks the loop for a moment) has left the sample.
    await expect.poll(async () => (await t.request({ method: 'GET', url: '/api/health' })).statusCode, { timeout: 5_000 }).toBe(200);
    // Lag in short bursts over more than one sample (500 ms), so the mean delay of a sample is high.
    for (let burst = 0; burst < 8; burst += 1) {
      blockEventLoop(150);
      await sleep(1);
    }
    const refused = await t.request({ method: 'GET', url: '/api/health' });
    expect(refused.statusCode).toBe(503);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused.json()).toMatchObject({ statusCode: 503, message: OVERLOADED_MESSAGE, reason: 'overloaded' });
    const form = await t.request({ method: 'POST', url: '/api/data/add-email-subscriber', payload: { email: 'a@b.co' } });
    expect(form.statusCode).toBe(503);

    // Calm again: within a couple of samples the server answers normally.
    let status = 503;
    for (let attempt = 0; attempt < 40 && status === 503; attempt += 1) {
      await sleep(100);
      status = (await t.request({ method: 'GET', url: '/api/health' })).statusCode;
    }
    expect(status).toBe(200);
  });
});
