// The server process: read config -> open db -> migrate -> first admin -> seed if asked -> listen;
// on SIGTERM/SIGINT finish in-flight requests, then close the database (and its lock).
import { buildApp } from './app';
import { ConfigError, readConfig } from './config';
import { openDatabase, type DatabaseHandle } from './db/client';
import { DirectoryLockedError } from './db/dir-lock';
import { seedDemo } from './db/seed/demo';

async function main(): Promise<void> {
  const config = readConfig();
  const handle: DatabaseHandle = await openDatabase(config);
  const app = await buildApp({ handle, config });
  const log = app.log;
  try {
    await handle.migrate();
    await app.services.auth.ensureFirstAdministrator({ email: config.adminEmail, password: config.adminPassword });
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

  let isClosing = false;
  const close = async (signal: string) => {
    if (isClosing) return;
    isClosing = true;
    log.info({ signal }, 'shutting down: finishing in-flight requests');
    try {
      await app.close();
    } finally {
      await handle.close();
      log.info('closed');
    }
  };
  process.once('SIGTERM', () => void close('SIGTERM').then(() => process.exit(0)));
  process.once('SIGINT', () => void close('SIGINT').then(() => process.exit(0)));

  await app.listen({ port: config.port, host: config.host });
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
