// Before the workers start: one database migrated and filled with the demo data, which each worker's
// server starts on a copy of (server.ts); seeding once is cheaper than once per worker.
import { rm } from 'node:fs/promises';
import { FIRST_PORT, makeDemoDatabase, TEMPLATE_DIR_VARIABLE } from './server';

export default async function globalSetup(): Promise<() => Promise<void>> {
  // The first worker's port is free until the workers start.
  const template = await makeDemoDatabase(FIRST_PORT);
  // The workers inherit the main process's environment.
  process.env[TEMPLATE_DIR_VARIABLE] = template;
  return async () => {
    await rm(template, { recursive: true, force: true });
  };
}
