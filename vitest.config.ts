import react from '@vitejs/plugin-react';
import { defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';

const DRIVER_NEUTRAL = [
  'body-limit',
  'config',
  'database',
  'dir-lock',
  'login-abuse',
  // Pure arithmetic over the map's cells: no database.
  'merge-close-cells',
  'new-list',
  'openapi',
  'password-cost',
  'process',
  'production-build',
  'rate-limiter',
  'security-headers',
  'security-sessions',
  'trust-proxy',
];

/**
 * Files that time answers (every answer and health probe under 100 ms, sign-in delays) or start and
 * kill whole server processes: they run after the rest, one at a time, so no other test shares the
 * machine's two cores with them. Everything else runs two files at a time.
 */
const ALONE = [
  'hostile-cost',
  'login-abuse',
  'sign-in-flood',
  'process',
  'crash-safety',
  'dir-lock',
  'production-build',
  'postgres/cluster',
  'postgres/multi-process',
  // Copies the tree, generates a migration and type-checks in child processes.
  'new-list',
];
const aloneFiles = ALONE.map((name) => `tests/server/${name}.test.ts`);

const serverProject = (driver: 'pglite' | 'postgres', alone: boolean): TestProjectInlineConfiguration => {
  const name = `${driver === 'pglite' ? 'server' : 'server-pg'}${alone ? '-alone' : ''}`;
  // tests/server/postgres/ shows what only a PostgreSQL server can (concurrent processes). The
  // driver-neutral files run once, on the embedded database: they start their own embedded
  // processes or data directories (process, dir-lock, production-build, database, security-sessions),
  // test the HTTP layer and its limits alone, or no database at all (rate-limiter, password-cost).
  const excluded = [
    ...(driver === 'pglite' ? ['tests/server/postgres/**'] : DRIVER_NEUTRAL.map((file) => `tests/server/${file}.test.ts`)),
    ...(alone ? [] : aloneFiles),
  ];
  return {
    extends: true,
    test: {
      name,
      include: alone ? aloneFiles : ['tests/server/**/*.test.ts'],
      exclude: excluded,
      environment: 'node',
      env: { HOY_TEST_DRIVER: driver },
      testTimeout: 30_000,
      hookTimeout: 60_000,
      maxWorkers: alone ? 1 : 2,
      sequence: { groupOrder: alone ? 1 : 0 },
    },
  };
};

export default defineConfig({
  plugins: [react()],
  test: {
    globalSetup: ['tests/server/helpers/global-setup.ts'],
    projects: [
      serverProject('pglite', false),
      serverProject('pglite', true),
      // The same API suite again on a real PostgreSQL server when one is configured.
      ...(process.env.TEST_DATABASE_URL ? [serverProject('postgres', false), serverProject('postgres', true)] : []),
      {
        extends: true,
        test: {
          name: 'web',
          include: ['tests/web/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: ['tests/web/setup.ts'],
          server: { deps: { inline: [/@refinedev\//] } },
          // Files share their worker's modules (antd, Refine, the catalogues load once per worker, not once
          // per file: 578 s against 412 s for the project on a loaded machine); tests/web/setup.ts puts back
          // what a file may change (the language, storage, the rendered tree).
          isolate: false,
          testTimeout: 30_000,
          hookTimeout: 60_000,
          maxWorkers: 2,
          sequence: { groupOrder: 0 },
        },
      },
    ],
  },
});
