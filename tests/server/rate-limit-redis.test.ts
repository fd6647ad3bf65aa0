// Two server instances sharing one Redis enforce one limit; each has its own memory and its own database.
import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRedisRateLimiter } from '../../server/lib/rate-limiter';
import { createTestApp, type TestApp } from './helpers/app';
import { addressKey } from '../../server/lib/client-address';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
// Every counter this run makes carries this address, so cleanup deletes only this run's keys.
const runId = randomBytes(4).toString('hex');
const runAddress = (suffix: number) => `fd00:${runId.slice(0, 4)}:${runId.slice(4)}::${suffix}`;

const redis = new Redis(REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 1, retryStrategy: () => null });
const isRedisUp = await redis.connect().then(
  () => true,
  () => false,
);
// Without a Redis server (a bare CI runner) the suite is skipped, unless TEST_REDIS_URL asks for it.
const shouldRun = isRedisUp || process.env.TEST_REDIS_URL !== undefined;
let first: TestApp;
let second: TestApp;

beforeAll(async () => {
  if (!isRedisUp) return;
  first = await createTestApp({ redisUrl: REDIS_URL, rateLimitLogin: 4, rateLimitPublic: 6 });
  second = await createTestApp({ redisUrl: REDIS_URL, rateLimitLogin: 4, rateLimitPublic: 6 });
});

afterAll(async () => {
  if (isRedisUp) {
    const keys = await redis.keys(`hoy:rate:*${runId.slice(4)}*`);
    if (keys.length > 0) await redis.del(...keys);
    await first.close();
    await second.close();
  }
  redis.disconnect();
});

describe.skipIf(!shouldRun)('rate limits shared through Redis', () => {
  it('two instances enforce one public form limit: 12 parallel posts split across them, exactly 6 accepted', async () => {
    expect(isRedisUp, `Redis at ${REDIS_URL}`).toBe(true);
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, index) =>
        (index % 2 ? first : second).request({
          method: 'POST',
          url: '/api/data/add-email-subscriber',
          payload: { email: `shared${index}@example.com` },
          remoteAddress: runAddress(1),
        }),
      ),
    );
    const statuses = answers.map((answer) => answer.statusCode);
    expect(statuses.filter((status) => status === 201)).toHaveLength(6);
    expect(statuses.filter((status) => status === 429)).toHaveLength(6);
    const limited = answers.find((answer) => answer.statusCode === 429)!;
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(limited.headers['retry-after'])).toBeLessThanOrEqual(60);
    // Counted under the address's /64, as every per-address limit is.
    const ttl = await redis.pttl(`hoy:rate:public-form:${addressKey(runAddress(1))}`);
    expect(ttl).toBeGreaterThan(0);
  });

  it('two instances enforce one login limit per address and e-mail', async () => {
    expect(isRedisUp).toBe(true);
    const attempt = (app: TestApp) =>
      app.request({
        method: 'POST',
        url: '/api/admin/admin-login',
        payload: { email: `limit-${runId}@hoy.test`, password: 'wrong password' },
        remoteAddress: runAddress(2),
      });
    const answers = await Promise.all([first, second, first, second, first, second, first, second].map(attempt));
    expect(answers.filter((answer) => answer.statusCode === 401)).toHaveLength(4);
    expect(answers.filter((answer) => answer.statusCode === 429)).toHaveLength(4);
    expect(Number(answers.find((answer) => answer.statusCode === 429)!.headers['retry-after'])).toBeGreaterThan(14 * 60);
  });

  it('answers 503, not 500 and not a free pass, while Redis is unreachable', async () => {
    const limiter = createRedisRateLimiter('redis://127.0.0.1:1', `hoy:rate:${runId}:`);
    await expect(limiter.hit('x', 60)).rejects.toMatchObject({ statusCode: 503 });
    await limiter.close();
  });
});
