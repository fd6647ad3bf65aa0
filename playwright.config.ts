// Browser journeys in the system Chromium (never a downloaded browser), against the real server
// on a fresh embedded database with demo data.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';
import { CHROMIUM_FLAGS, chromiumPath } from './scripts/chromium.mjs';

const port = Number(process.env.HOY_E2E_PORT ?? 3107);
// Made once in the main process; workers inherit it through the environment.
process.env.HOY_E2E_DATA_DIR ??= fs.mkdtempSync(path.join(os.tmpdir(), 'hoy-e2e-'));

export const E2E_ADMIN = { email: 'e2e-admin@hoy.test', password: 'e2e-password-123' };

export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  forbidOnly: true,
  timeout: 30_000,
  // The 2-core CI machine also runs the server: give assertions room beyond the 5 s default.
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list']] : [['list']],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    trace: 'off',
    launchOptions: { executablePath: chromiumPath(), args: [...CHROMIUM_FLAGS] },
  },
  webServer: {
    command: 'node --import tsx server/main.ts',
    url: `http://127.0.0.1:${port}/api/health`,
    timeout: 120_000,
    reuseExistingServer: false,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: process.env.HOY_E2E_DATA_DIR,
      SEED_DEMO: '1',
      ADMIN_EMAIL: E2E_ADMIN.email,
      ADMIN_PASSWORD: E2E_ADMIN.password,
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
    },
  },
});
