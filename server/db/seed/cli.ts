// `npm run seed -- --hosts N --bookings N [--guests N] [--audit N] [--seed N] [--reset]` or `npm run seed -- --demo`:
// fills the database configured like the server's (DATABASE_URL, else DATA_DIR).
import { parseArgs } from 'node:util';
import { pino } from 'pino';
import { readConfig, type Config } from '../../config';
import { systemClock } from '../../lib/clock';
import { createMemoryRateLimiter } from '../../lib/rate-limiter';
import { createServices } from '../../services';
import { openDatabase, type DatabaseHandle } from '../client';
import { seedDemo } from './demo';
import type { SeedSummary } from './tables';
import { NonEmptyDatabaseError, seedVolume } from './volume';

const USAGE = `Usage:
  npm run seed -- --hosts N --bookings N [--guests N] [--audit N] [--seed N] [--reset]
                                                                            volume data for benchmarks
  npm run seed -- --demo [--seed N]                                         the demo data set (empty database only),
                                                                            after the first administrator (as npm start)

  --guests N  guests, users who are not hosts (default: twice the hosts)
  --audit N   audit entries (Activity), by the administrators there are (default: as many as bookings)
  --reset     empty the generated tables first (administrators are kept)
`;

type SeedCommand =
  | { kind: 'volume'; hosts: number; bookings: number; guests?: number; audit?: number; seed?: number; reset: boolean }
  | { kind: 'demo'; seed?: number }
  | { kind: 'help' };

class UsageError extends Error {
  override name = 'UsageError';
}

function parseSeedArguments(argv: readonly string[]): SeedCommand {
  let parsed;
  try {
    parsed = parseArgs({
      args: [...argv],
      options: {
        hosts: { type: 'string' },
        bookings: { type: 'string' },
        guests: { type: 'string' },
        audit: { type: 'string' },
        seed: { type: 'string' },
        reset: { type: 'boolean', default: false },
        demo: { type: 'boolean', default: false },
        help: { type: 'boolean', short: 'h', default: false },
      },
      strict: true,
      allowPositionals: false,
    });
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  const { values } = parsed;
  if (values.help) return { kind: 'help' };
  const seed = values.seed === undefined ? undefined : parsePositiveInteger('--seed', values.seed);
  if (values.demo) {
    if (values.hosts !== undefined || values.bookings !== undefined || values.guests !== undefined || values.audit !== undefined) {
      throw new UsageError('--demo takes no --hosts, --bookings, --guests or --audit');
    }
    return { kind: 'demo', seed };
  }
  if (values.hosts === undefined || values.bookings === undefined) throw new UsageError('--hosts and --bookings are required');
  return {
    kind: 'volume',
    hosts: parsePositiveInteger('--hosts', values.hosts),
    bookings: parsePositiveInteger('--bookings', values.bookings),
    guests: values.guests === undefined ? undefined : parsePositiveInteger('--guests', values.guests),
    audit: values.audit === undefined ? undefined : parseWholeNumber('--audit', values.audit),
    seed,
    reset: values.reset,
  };
}

function parsePositiveInteger(name: string, text: string): number {
  const value = Number(text);
  if (!/^\d+$/.test(text.trim()) || !Number.isSafeInteger(value) || value < 1) {
    throw new UsageError(`${name} must be a positive integer, got "${text}"`);
  }
  return value;
}

function parseWholeNumber(name: string, text: string): number {
  return text.trim() === '0' ? 0 : parsePositiveInteger(name, text);
}

function write(line: string): void {
  process.stdout.write(`${line}\n`);
}

function formatSummary(summary: SeedSummary): string {
  const rows = Object.entries(summary.counts).map(([table, count]) => `  ${table.padEnd(26)} ${count.toLocaleString('en-US')}`);
  return [`done in ${(summary.elapsedMs / 1000).toFixed(1)} s; rows now in the database:`, ...rows].join('\n');
}

/**
 * The first administrator, as `npm start` creates it before it seeds: the demo's staff cannot sign in,
 * and once they are there `npm start` would create no one. A generated password is printed once.
 */
async function ensureFirstAdministrator(handle: DatabaseHandle, config: Config): Promise<void> {
  const log = pino({ level: config.logLevel }, process.stderr);
  const { auth } = createServices({ handle, config, clock: systemClock, limiter: createMemoryRateLimiter(systemClock), log });
  await auth.ensureFirstAdministrator({ email: config.adminEmail, password: config.adminPassword });
}

async function run(command: Exclude<SeedCommand, { kind: 'help' }>): Promise<void> {
  const config = readConfig();
  write(`database: ${config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `embedded PGlite in ${config.dataDir}`}`);
  const handle = await openDatabase(config);
  try {
    await handle.migrate();
    if (command.kind === 'demo') await ensureFirstAdministrator(handle, config);
    const summary = command.kind === 'demo' ? await seedDemo(handle, { seed: command.seed }) : await seedVolume(handle, { ...command, log: write });
    if (summary.isSkipped) write(`nothing seeded: ${summary.reason}`);
    write(formatSummary(summary));
  } finally {
    await handle.close();
  }
}

async function main(): Promise<number> {
  let command: SeedCommand;
  try {
    command = parseSeedArguments(process.argv.slice(2));
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    process.stderr.write(`${error.message}\n\n${USAGE}`);
    return 2;
  }
  if (command.kind === 'help') {
    process.stdout.write(USAGE);
    return 0;
  }
  try {
    await run(command);
    return 0;
  } catch (error) {
    if (!(error instanceof NonEmptyDatabaseError)) throw error;
    process.stderr.write(`${error.message}\n`);
    return 1;
  }
}

process.exitCode = await main();
