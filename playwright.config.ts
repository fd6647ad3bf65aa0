// Browser journeys in the system Chromium (never a downloaded browser). Each worker starts the real
// server on an embedded database of its own, a fresh copy of one filled with the demo data before the
// workers start (tests/e2e/global-setup.ts, server.ts, the `server` fixture in fixtures.ts), so the
// workers run side by side and never see each other's writes.
import os from 'node:os';
import { defineConfig } from '@playwright/test';
import { CHROMIUM_FLAGS, chromiumPath } from './scripts/chromium.mjs';

export default defineConfig({
  testDir: 'tests/e2e',
  globalSetup: './tests/e2e/global-setup.ts',
  // Whole files to a worker: a file's journeys run in order on one database, as they were written.
  fullyParallel: false,
  // A worker runs a server and a browser: one per two cores, and never fewer than two, so every run shows
  // the journeys holding with two servers side by side. On 2 cores a journey takes about 2.4 times as long
  // with two workers as with one: there the run is no shorter than on one worker.
  workers: Number(process.env.HOY_E2E_WORKERS ?? Math.max(2, Math.floor(os.cpus().length / 2))),
  retries: 0,
  forbidOnly: true,
  // A journey takes 5 to 20 s on one worker; two workers on this machine's two cores, a slower day, have
  // stretched the longest past 30 s with nothing wrong but the machine's pace (the dashboard charts journey, 1.8 min, sets its own 180 s).
  timeout: 60_000,
  // The 2-core CI machine also runs the servers: give assertions room beyond the 5 s default.
  expect: { timeout: 10_000 },
  reporter: [['list']],
  use: {
    trace: 'off',
    // A browser that asks for reduced motion, as a member's system may: the back-office leaves out antd's
    // fades and slides (use-reduced-motion.ts). The journeys then wait for no animation and draw fewer
    // frames: the whole suite took 642 s against 688 s, its journeys 1,219 s of worker time against 1,289.
    reducedMotion: 'reduce',
    launchOptions: { executablePath: chromiumPath(), args: [...CHROMIUM_FLAGS] },
  },
});
