// The real app on a fresh database, for one test file. Requests go through inject().
import { afterAll, beforeAll } from 'vitest';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { buildApp } from '../../../server/app';
import { readConfig, type Config, type PasswordParameters } from '../../../server/config';
import type { DatabaseHandle } from '../../../server/db/client';
import type { Clock } from '../../../server/lib/clock';
import type { RateLimiter } from '../../../server/lib/rate-limiter';
import { createTestDatabase } from './database';

export const TEST_ADMIN_EMAIL = 'admin@hoy.test';
export const TEST_ADMIN_PASSWORD = 'correct horse battery staple';

/**
 * scrypt for the test apps: 1 MiB and about 1/100 of PASSWORD_PARAMETERS' work, so the suite's
 * hundreds of sign-ins and staff passwords do not each cost a production hash. Files that prove the
 * production cost (hashes' strength, equal timing, a flood of hashes) pass `{ passwordHashing: PASSWORD_PARAMETERS }`.
 */
export const TEST_PASSWORD_PARAMETERS: PasswordParameters = { N: 2 ** 10, r: 8, p: 1 };

/** A clock the test moves by hand. */
export class TestClock implements Clock {
  constructor(private current = new Date('2026-11-01T09:00:00Z')) {}
  now(): Date {
    return new Date(this.current);
  }
  advance(milliseconds: number): void {
    this.current = new Date(this.current.getTime() + milliseconds);
  }
}

export interface TestApp {
  app: FastifyInstance;
  handle: DatabaseHandle;
  config: Config;
  clock: TestClock;
  /** Signs the test administrator in and answers a fresh bearer token. */
  login(): Promise<string>;
  /** inject() with the bearer token of `token`. */
  request(options: InjectOptions & { token?: string }): Promise<LightMyRequestResponse>;
  close(): Promise<void>;
}

/** Log lines of an app built with `captureLogs`, parsed. */
export type LogLine = Record<string, unknown> & { msg?: string; level: number };

/** `limiter`: the app's rate limiter instead of the one its config makes (a smaller memory table, say). */
export async function createTestApp(
  overrides: Partial<Config> = {},
  clock = new TestClock(),
  logging: { captureLogs?: LogLine[]; limiter?: RateLimiter } = {},
): Promise<TestApp> {
  const handle = await createTestDatabase();
  const config: Config = {
    ...readConfig({ DATA_DIR: '/nonexistent', STATIC_DIR: '/nonexistent', LOG_LEVEL: 'silent' }),
    // Test files share two cores while PGlite works on the event loop: the overload guard has its own test.
    maxEventLoopDelayMs: 0,
    passwordHashing: TEST_PASSWORD_PARAMETERS,
    ...overrides,
  };
  const captured = logging.captureLogs;
  const logger = captured ? { level: 'info', stream: { write: (line: string) => void captured.push(JSON.parse(line) as LogLine) } } : false;
  const app = await buildApp({ handle, config, clock, logger, ...(logging.limiter && { limiter: logging.limiter }) });
  await app.services.auth.setPassword(TEST_ADMIN_EMAIL, TEST_ADMIN_PASSWORD);
  await app.ready();
  return {
    app,
    handle,
    config,
    clock,
    async login() {
      const response = await app.inject({
        method: 'POST',
        url: '/api/admin/admin-login',
        payload: { email: TEST_ADMIN_EMAIL, password: TEST_ADMIN_PASSWORD },
      });
      if (response.statusCode !== 200) throw new Error(`login failed: ${response.statusCode} ${response.body}`);
      return response.json<{ token: string }>().token;
    },
    request({ token, headers, ...options }) {
      return app.inject({
        ...options,
        headers: { ...headers, ...(token ? { authorization: `Bearer ${token}` } : {}) },
      });
    },
    async close() {
      await app.close();
      await handle.close();
    },
  };
}

/** A test file's app: the members of TestApp, and the token it signed in with. */
export interface SignedInApp extends TestApp {
  token: string;
}

/**
 * One app on a fresh database for a whole test file, its administrator signed in once: registers the
 * file's first beforeAll and its afterAll, and answers an object whose members work inside tests.
 */
export function signedInTestApp(overrides: Partial<Config> = {}): SignedInApp {
  let current: TestApp | undefined;
  let token = '';
  beforeAll(async () => {
    current = await createTestApp(overrides);
    token = await current.login();
  });
  afterAll(async () => current?.close());
  const app = (): TestApp => {
    if (!current) throw new Error('the test app exists only once the file has started');
    return current;
  };
  return {
    get app() {
      return app().app;
    },
    get handle() {
      return app().handle;
    },
    get config() {
      return app().config;
    },
    get clock() {
      return app().clock;
    },
    get token() {
      return token;
    },
    login: () => app().login(),
    request: (options) => app().request(options),
    close: () => app().close(),
  };
}
