// The only reader of process.env. Every setting is validated here, once, at start.
import { isIP } from 'node:net';
import path from 'node:path';
import { z } from 'zod';
import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH } from '../src/contracts/auth';
import { LIVE_LIMITS, type LiveLimits } from '../src/contracts/live';
import { MAX_REFUND_MINOR } from '../src/contracts/refunds';
import { DEFAULT_CASE_DEADLINE_HOURS } from '../src/contracts/cases';
import { isTooWideProxyRange, WIDEST_PROXY_PREFIX } from './lib/trust-proxy';

const DEFAULT_APP_NAME = 'Hoy';

/** scrypt's cost (N), block size (r) and parallelism (p), for server/modules/auth/password.ts. */
export interface PasswordParameters {
  N: number;
  r: number;
  p: number;
}

/**
 * OWASP's Password Storage Cheat Sheet lists N=2^17, r=8, p=1 and, as an equal-strength choice,
 * N=2^15 (32 MiB), r=8, p=3. The second costs the same CPU with a quarter of the memory, which
 * matters when several hashes run at once. About 160 ms a hash on this project's 2-core machine.
 */
export const PASSWORD_PARAMETERS: PasswordParameters = { N: 2 ** 15, r: 8, p: 3 };

const flag = z.enum(['0', '1', 'true', 'false']).transform((value) => value === '1' || value === 'true');
const positiveInt = (fallback: number) => z.coerce.number().int().positive().default(fallback);

/**
 * TRUST_PROXY: how far to believe X-Forwarded-For. 0 (default): not at all, the socket's peer is the
 * client. A number: that many proxy hops in front of Hoy (the client is the entry that many hops
 * back). A comma list of addresses or CIDRs: the proxies that may speak for the client. "Trust every
 * hop" would let any client forge its address, so `true` is refused, and so is any range wide enough
 * to hold other people's networks (0.0.0.0/0, ::/0, ...; isTooWideProxyRange in server/lib/trust-proxy.ts).
 */
const trustProxy = z
  .string()
  .trim()
  .transform((value, context): false | number | string => {
    if (value === '0' || value === 'false') return false;
    if (/^\d{1,2}$/.test(value)) return Number(value);
    const entries = value.split(',').map((entry) => entry.trim());
    if (!entries.every(isProxyAddress)) {
      context.addIssue({
        code: 'custom',
        message: 'must be 0, the number of proxy hops in front of Hoy, or a comma list of the proxies\' addresses or CIDRs (never "trust every hop")',
      });
      return z.NEVER;
    }
    const tooWide = entries.filter(isTooWideProxyRange);
    if (tooWide.length === 0) return entries.join(',');
    context.addIssue({
      code: 'custom',
      message: `${tooWide.join(', ')} would trust addresses across the internet to name any client; name the proxies, or ranges no wider than /${WIDEST_PROXY_PREFIX.ipv4} (IPv4) or /${WIDEST_PROXY_PREFIX.ipv6} (IPv6) outside private networks`,
    });
    return z.NEVER;
  });

function isProxyAddress(entry: string): boolean {
  if (entry === 'loopback' || entry === 'linklocal' || entry === 'uniquelocal') return true;
  const [address, prefix, ...rest] = entry.split('/');
  const version = isIP(address);
  if (version === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (version === 4 ? 32 : 128);
}

/** Previous keys a rotation may keep at once (SECOND_FACTOR_PREVIOUS_KEYS). */
const SECOND_FACTOR_PREVIOUS_KEYS_MAX = 4;

const envSchema = z.object({
  APP_NAME: z.string().trim().min(1).default(DEFAULT_APP_NAME),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().trim().min(1).default('127.0.0.1'),
  DATABASE_URL: z
    .string()
    .trim()
    .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
    .optional(),
  DATA_DIR: z.string().trim().min(1).default('./data'),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(100).default(4),
  ADMIN_EMAIL: z.email().optional(),
  ADMIN_PASSWORD: z
    .string()
    .min(MIN_PASSWORD_LENGTH, `must be at least ${MIN_PASSWORD_LENGTH} characters`)
    .max(MAX_PASSWORD_LENGTH, `must be at most ${MAX_PASSWORD_LENGTH} characters`)
    .optional(),
  SEED_DEMO: flag.optional(),
  RATE_LIMIT_LOGIN: positiveInt(10),
  RATE_LIMIT_PUBLIC: positiveInt(30),
  PAGE_CACHE_SIZE: z.coerce.number().int().min(0).max(100_000).default(1000),
  REDIS_URL: z
    .string()
    .trim()
    .regex(/^rediss?:\/\//, 'must start with redis:// or rediss://')
    .optional(),
  RATE_LIMIT_LOGIN_ADDRESS: positiveInt(30),
  RATE_LIMIT_LOGIN_ACCOUNT: positiveInt(100),
  SESSION_IDLE_MINUTES: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 60)
    .default(30),
  SESSION_MAX_HOURS: z.coerce
    .number()
    .int()
    .min(1)
    .max(30 * 24)
    .default(12),
  TRUST_PROXY: trustProxy.default(false),
  MAX_EVENT_LOOP_DELAY_MS: z.coerce.number().int().min(0).max(60_000).default(500),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  STATIC_DIR: z.string().trim().min(1).default('./dist'),
  LOG_FORMAT: z.enum(['auto', 'json', 'pretty']).default('auto'),
  SHUTDOWN_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(600).default(10),
  VACUUM_CHECK_SECONDS: z.coerce.number().int().min(0).max(3600).default(15),
  LIVE_POLL_MS: z.coerce.number().int().min(50).max(5000).default(250),
  LIVE_STREAMS_PER_MEMBER: z.coerce.number().int().min(1).max(100_000).default(LIVE_LIMITS.streamsPerMember),
  LIVE_STREAMS_PER_PROCESS: z.coerce.number().int().min(1).max(100_000).default(LIVE_LIMITS.streamsPerProcess),
  METRICS_TOKEN: z.string().trim().min(24, 'must be at least 24 characters').max(200).optional(),
  // The key TOTP secrets are sealed under (decision 036): 32 random bytes as 64 hexadecimal digits.
  SECOND_FACTOR_KEY: z
    .string()
    .trim()
    .regex(/^[0-9a-fA-F]{64}$/, 'must be 64 hexadecimal digits (32 random bytes, e.g. openssl rand -hex 32)')
    .optional(),
  // Keys TOTP secrets were sealed under before SECOND_FACTOR_KEY (a rotation): they still open, and
  // the server seals them under the key at start. Comma-separated, each 64 hexadecimal digits.
  SECOND_FACTOR_PREVIOUS_KEYS: z
    .string()
    .trim()
    .max(SECOND_FACTOR_PREVIOUS_KEYS_MAX * 65 - 1, `at most ${SECOND_FACTOR_PREVIOUS_KEYS_MAX} keys`)
    .regex(/^[0-9a-fA-F]{64}(,[0-9a-fA-F]{64})*$/, 'must be keys of 64 hexadecimal digits, separated by commas')
    .optional(),
  // One origin, written into the Content-Security-Policy: nothing but a scheme, a host (a leading
  // "*." allowed) and a port, so no value can add a directive.
  MAP_TILE_ORIGIN: z
    .string()
    .trim()
    .max(200)
    .regex(
      /^https?:\/\/(\*\.)?[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)*(:\d{1,5})?$/,
      'must be an origin such as https://tiles.example.org or https://*.tile.openstreetmap.org',
    )
    .default('https://*.tile.openstreetmap.org'),
  // Webhook delivery (docs/webhooks.md, decision 041).
  WEBHOOK_ALLOW_LOCAL_HTTP: flag.optional(),
  WEBHOOK_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(60).default(10),
  WEBHOOK_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(20).default(8),
  WEBHOOK_RETRY_BASE_SECONDS: z.coerce.number().int().min(1).max(3600).default(10),
  WEBHOOK_RETRY_CAP_SECONDS: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 3600)
    .default(3600),
  WEBHOOK_POLL_MS: z.coerce.number().int().min(50).max(60_000).default(500),
  WEBHOOK_CONCURRENCY: z.coerce.number().int().min(1).max(256).default(16),
  // Refunds (decision 043): the secret the payment side signs its callbacks with, the amount in cents
  // above which a refund needs a step-up, and the one above which it needs a second member (decision 047).
  PAYMENTS_CALLBACK_SECRET: z.string().trim().min(32, 'must be at least 32 characters (e.g. openssl rand -hex 32)').max(500).optional(),
  REFUND_STEP_UP_ABOVE_MINOR: z.coerce.number().int().min(0).max(MAX_REFUND_MINOR).default(50_000),
  REFUND_APPROVAL_ABOVE_MINOR: z.coerce.number().int().min(0).max(MAX_REFUND_MINOR).default(200_000),
  // Hours from a case's opening to its deadline (decision 048).
  CASE_DEADLINE_HOURS: z.coerce.number().int().min(1).max(720).default(DEFAULT_CASE_DEADLINE_HOURS),
});

/** Every variable the server reads (.env.example lists each with its default). */
export const CONFIG_VARIABLES = Object.keys(envSchema.shape);

export interface Config {
  appName: string;
  port: number;
  host: string;
  databaseUrl: string | undefined;
  dataDir: string;
  adminEmail: string | undefined;
  adminPassword: string | undefined;
  seedDemo: boolean;
  rateLimitLogin: number;
  rateLimitPublic: number;
  /** Failed logins per 15 minutes from one client address, whatever the e-mails. */
  rateLimitLoginAddress: number;
  /** Failed logins per hour on one account from unknown devices before each further try waits longer. */
  rateLimitLoginAccount: number;
  sessionIdleMinutes: number;
  sessionMaxHours: number;
  /** Mean event-loop delay over which requests are refused with 503 (server/lib/overload.ts); 0 turns the guard off. */
  maxEventLoopDelayMs: number;
  /** List pages kept in memory per process (server/lib/page-cache.ts); 0 turns the cache off. */
  pageCacheSize: number;
  /** Connections each process keeps to PostgreSQL (decision 019). */
  databasePoolSize: number;
  redisUrl: string | undefined;
  /** Fastify's trustProxy: false, a hop count, or the proxies' addresses/CIDRs. */
  trustProxy: false | number | string;
  logLevel: string;
  /** pretty: one readable line per event; json: one JSON object per line; auto: pretty on a terminal. */
  logFormat: 'auto' | 'json' | 'pretty';
  staticDir: string;
  /** How long SIGTERM waits for in-flight requests before the process exits anyway. */
  shutdownTimeoutMs: number;
  /** How often a PostgreSQL server without autovacuum is checked for tables to vacuum (decision 025); 0: never. */
  vacuumCheckMs: number;
  /** While a live stream is open, how often the process reads the new changes (decision 026). */
  livePollMs: number;
  /**
   * Live streams per session, per member and per process, and records a member may be present on
   * (decision 026): per member and per process from LIVE_STREAMS_PER_MEMBER and
   * LIVE_STREAMS_PER_PROCESS, the others always LIVE_LIMITS' (tests pass smaller ones).
   */
  liveLimits: LiveLimits;
  /** The bearer token /metrics asks for; unset, /metrics does not exist. */
  metricsToken: string | undefined;
  /** Seals the TOTP secrets at rest; undefined: they are stored as they are (decision 036). */
  secondFactorKey: Buffer | undefined;
  /** Keys secrets were sealed under before `secondFactorKey`: opened, and sealed again under it at start. */
  secondFactorPreviousKeys: Buffer[];
  /** Where the web app's maps take their tiles (VITE_MAP_TILE_URL at build time): allowed as images. */
  mapTileOrigin: string;
  /**
   * scrypt's parameters for new hashes and the cost every check is brought up to. Not an environment
   * variable: always PASSWORD_PARAMETERS here; only the API tests' apps pass cheaper ones.
   */
  passwordHashing: PasswordParameters;
  webhooks: WebhookSettings;
  refunds: RefundSettings;
  /** Hours from a case's opening to its deadline (decision 048); written to case_settings at start, which the feedback trigger reads. */
  caseDeadlineHours: number;
}

/** Refunds (docs/webhooks.md, decision 043). */
export interface RefundSettings {
  /** Signs the payment side's callbacks; unset, the callback answers 503 and accepts nothing. */
  callbackSecret: string | undefined;
  /** A refund of more cents than this needs a step-up of the session (decision 039). */
  stepUpAboveMinor: number;
  /**
   * A refund of more cents than this awaits a second member's approval (decision 047); never below
   * stepUpAboveMinor, so approving one always needs the approver's step-up.
   */
  approvalAboveMinor: number;
}

/** How each process delivers the outbox's events (server/modules/webhooks/webhook-worker.ts, decision 041). */
export interface WebhookSettings {
  /** Endpoints may be http://127.0.0.1 or localhost (tests, development); otherwise https only. */
  isLocalHttpAllowed: boolean;
  /** How long one POST may take, answer included, before it counts as a failed attempt. */
  timeoutMs: number;
  /** Attempts before a delivery is dead. */
  maxAttempts: number;
  /** The wait after the first failure, doubled after each next one (with jitter), up to `retryCapMs`. */
  retryBaseMs: number;
  retryCapMs: number;
  /** How often the worker looks for due deliveries. */
  pollMs: number;
  /** Deliveries one process posts at once. */
  concurrency: number;
  /**
   * How long a claimed delivery stays the claimer's: longer than a POST may take, so only a process
   * that died (or stalled past it) loses its delivery to another.
   */
  leaseMs: number;
}

export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** Reads and validates the environment; throws a ConfigError naming every bad variable. */
export function readConfig(env: NodeJS.ProcessEnv = process.env): Config {
  // An empty variable counts as unset, as shells and .env files commonly mean it.
  const present = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== undefined && value !== ''));
  const parsed = envSchema.safeParse(present);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const values = parsed.data;
  if (values.SECOND_FACTOR_PREVIOUS_KEYS !== undefined && values.SECOND_FACTOR_KEY === undefined) {
    throw new ConfigError('Invalid configuration:\n  SECOND_FACTOR_PREVIOUS_KEYS: needs SECOND_FACTOR_KEY, the key the secrets move to');
  }
  // Every refund that awaits approval is then above the step-up amount: its requester and its approver both step up.
  if (values.REFUND_APPROVAL_ABOVE_MINOR < values.REFUND_STEP_UP_ABOVE_MINOR) {
    throw new ConfigError('Invalid configuration:\n  REFUND_APPROVAL_ABOVE_MINOR: must be at least REFUND_STEP_UP_ABOVE_MINOR');
  }
  return {
    appName: values.APP_NAME,
    port: values.PORT,
    host: values.HOST,
    databaseUrl: values.DATABASE_URL,
    dataDir: path.resolve(values.DATA_DIR),
    adminEmail: values.ADMIN_EMAIL,
    adminPassword: values.ADMIN_PASSWORD,
    seedDemo: values.SEED_DEMO ?? values.DATABASE_URL === undefined,
    rateLimitLogin: values.RATE_LIMIT_LOGIN,
    rateLimitPublic: values.RATE_LIMIT_PUBLIC,
    rateLimitLoginAddress: values.RATE_LIMIT_LOGIN_ADDRESS,
    rateLimitLoginAccount: values.RATE_LIMIT_LOGIN_ACCOUNT,
    sessionIdleMinutes: values.SESSION_IDLE_MINUTES,
    sessionMaxHours: values.SESSION_MAX_HOURS,
    maxEventLoopDelayMs: values.MAX_EVENT_LOOP_DELAY_MS,
    pageCacheSize: values.PAGE_CACHE_SIZE,
    databasePoolSize: values.DATABASE_POOL_SIZE,
    redisUrl: values.REDIS_URL,
    trustProxy: values.TRUST_PROXY,
    logLevel: values.LOG_LEVEL,
    logFormat: values.LOG_FORMAT,
    staticDir: path.resolve(values.STATIC_DIR),
    shutdownTimeoutMs: values.SHUTDOWN_TIMEOUT_SECONDS * 1000,
    vacuumCheckMs: values.VACUUM_CHECK_SECONDS * 1000,
    livePollMs: values.LIVE_POLL_MS,
    liveLimits: { ...LIVE_LIMITS, streamsPerMember: values.LIVE_STREAMS_PER_MEMBER, streamsPerProcess: values.LIVE_STREAMS_PER_PROCESS },
    metricsToken: values.METRICS_TOKEN,
    secondFactorKey: values.SECOND_FACTOR_KEY === undefined ? undefined : Buffer.from(values.SECOND_FACTOR_KEY, 'hex'),
    secondFactorPreviousKeys: values.SECOND_FACTOR_PREVIOUS_KEYS?.split(',').map((hex) => Buffer.from(hex, 'hex')) ?? [],
    mapTileOrigin: values.MAP_TILE_ORIGIN,
    passwordHashing: PASSWORD_PARAMETERS,
    webhooks: {
      isLocalHttpAllowed: values.WEBHOOK_ALLOW_LOCAL_HTTP ?? false,
      timeoutMs: values.WEBHOOK_TIMEOUT_SECONDS * 1000,
      maxAttempts: values.WEBHOOK_MAX_ATTEMPTS,
      retryBaseMs: values.WEBHOOK_RETRY_BASE_SECONDS * 1000,
      retryCapMs: values.WEBHOOK_RETRY_CAP_SECONDS * 1000,
      pollMs: values.WEBHOOK_POLL_MS,
      concurrency: values.WEBHOOK_CONCURRENCY,
      leaseMs: values.WEBHOOK_TIMEOUT_SECONDS * 1000 * 2 + 30_000,
    },
    refunds: {
      callbackSecret: values.PAYMENTS_CALLBACK_SECRET,
      stepUpAboveMinor: values.REFUND_STEP_UP_ABOVE_MINOR,
      approvalAboveMinor: values.REFUND_APPROVAL_ABOVE_MINOR,
    },
    caseDeadlineHours: values.CASE_DEADLINE_HOURS,
  };
}
