// The server process: load .env -> read config -> open db -> listen (only the probes answer) ->
// migrate -> first admin -> seed if asked -> ready. On SIGTERM/SIGINT: stop accepting, finish the
// requests in flight, cut what is still open at the deadline, close the database (and its lock).
import fs from 'node:fs';
import closeWithGrace from 'close-with-grace';
import { buildApp } from './app';
import { ConfigError, readConfig } from './config';
import { openDatabase, type DatabaseHandle } from './db/client';
import { DirectoryLockedError } from './db/dir-lock';
import { watchVacuum } from './db/vacuum-watch';
import { watchBookingInserts } from './db/booking-fold';
import { settleOverloadGuard } from './lib/overload';
import { seedDemo } from './db/seed/demo';

/**
 * How often the created bookings are folded into the counters (decision 033). Readers add what is not
 * folded yet, so this only bounds that remainder: at 50 inserts a second, about 50 rows.
 */
const BOOKING_FOLD_MS = 1000;

/** A `.env` file in the working directory fills in what the environment does not set. */
function loadEnvFile(): void {
  if (fs.existsSync('.env')) process.loadEnvFile('.env');
}

async function main(): Promise<void> {
  loadEnvFile();
  const config = readConfig();
  const handle: DatabaseHandle = await openDatabase(config);
  const app = await buildApp({ handle, config, isReady: false });
  const log = app.log;
  let stopVacuumWatch = async () => {};
  let stopFolding = async () => {};
  let stopWebhooks = async () => {};

  // The deadline: one second before it, connections still open (a long export) are cut, so the
  // database closes cleanly; at it, close-with-grace exits whatever is left.
  closeWithGrace({ delay: config.shutdownTimeoutMs, logger: log }, async ({ signal, err }) => {
    if (err) log.error({ err }, 'shutting down after an uncaught error');
    log.info({ signal }, 'shutting down: finishing in-flight requests');
    const cut = setTimeout(
      () => {
        log.warn('shutdown deadline near: closing the connections still open');
        app.server.closeAllConnections();
      },
      Math.max(0, config.shutdownTimeoutMs - 1000),
    );
    cut.unref();
    // No new deliveries are claimed; one still posting at the deadline is not lost: its lease runs out
    // and another process delivers it.
    const webhooksStopped = stopWebhooks();
    try {
      await app.close();
    } finally {
      clearTimeout(cut);
      await webhooksStopped;
      await stopVacuumWatch();
      await stopFolding();
      await handle.close();
      log.info('closed');
    }
  });

  await app.listen({ port: config.port, host: config.host });
  try {
    await handle.migrate();
    await app.ensureListCounters();
    await app.services.auth.ensureFirstAdministrator({ email: config.adminEmail, password: config.adminPassword });
    await app.services.account.sealStoredSecrets();
    if (config.seedDemo) {
      // Demo dates are laid out around today, so "2 days ago" and "online" read naturally.
      const summary = await seedDemo(handle, { referenceDate: new Date() });
      if (!summary.isSkipped) {
        await handle.vacuumAnalyze();
        log.info({ summary }, 'seeded demo data into the empty database');
      }
    }
    await app.services.auth.deleteDeadSessions();
  } catch (error) {
    await app.close();
    await handle.close();
    throw error;
  }
  // Ready once the overload guard no longer counts the start's own work against the first requests.
  await settleOverloadGuard(app, config);
  app.readiness.isReady = true;
  stopFolding = watchBookingInserts(handle, BOOKING_FOLD_MS, log);
  stopWebhooks = app.services.webhooks.createWorker().start();
  if (handle.pool && config.vacuumCheckMs > 0) stopVacuumWatch = watchVacuum(handle.pool, config.vacuumCheckMs, log);
  log.info({ database: handle.driver, dataDir: handle.driver === 'pglite' ? config.dataDir : undefined }, `${config.appName} is ready`);
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError || error instanceof DirectoryLockedError) {
    process.stderr.write(`${error.message}\n`);
    process.exit(2);
  }
  process.stderr.write(`Hoy could not start: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
