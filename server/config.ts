// The only reader of process.env. Every setting is validated here, once, at start.
import path from 'node:path';
import { z } from 'zod';

const DEFAULT_APP_NAME = 'Hoy';

const flag = z.enum(['0', '1', 'true', 'false']).transform((value) => value === '1' || value === 'true');
const positiveInt = (fallback: number) => z.coerce.number().int().positive().default(fallback);

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
  ADMIN_EMAIL: z.email().optional(),
  ADMIN_PASSWORD: z.string().min(8, 'must be at least 8 characters').optional(),
  SEED_DEMO: flag.optional(),
  RATE_LIMIT_LOGIN: positiveInt(10),
  RATE_LIMIT_PUBLIC: positiveInt(30),
  PAGE_CACHE_SIZE: z.coerce.number().int().min(0).max(100_000).default(1000),
  REDIS_URL: z
    .string()
    .trim()
    .regex(/^rediss?:\/\//, 'must start with redis:// or rediss://')
    .optional(),
  TRUST_PROXY: flag.default(false),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  STATIC_DIR: z.string().trim().min(1).default('./dist'),
});

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
  /** List pages kept in memory per process (server/lib/page-cache.ts); 0 turns the cache off. */
  pageCacheSize: number;
  redisUrl: string | undefined;
  trustProxy: boolean;
  logLevel: string;
  staticDir: string;
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
    pageCacheSize: values.PAGE_CACHE_SIZE,
    redisUrl: values.REDIS_URL,
    trustProxy: values.TRUST_PROXY,
    logLevel: values.LOG_LEVEL,
    staticDir: path.resolve(values.STATIC_DIR),
  };
}
