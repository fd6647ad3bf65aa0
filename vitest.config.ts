import fs from 'node:fs';
import path from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';

const DRIVER_NEUTRAL = [
  'body-limit',
  'config',
  // Sharing chart statements, over a stand-in database.
  'dashboard-charts-sharing',
  'database',
  'dir-lock',
  // Seals and opens the live stream's cursors: no database.
  'live-cursors',
  'login-abuse',
  // Pure arithmetic over the map's cells: no database.
  'merge-close-cells',
  'new-list',
  'openapi',
  'password-cost',
  'process',
  'production-build',
  // Reads package.json, the lockfile and the Vite config: no database.
  'quiet-setup',
  'rate-limiter',
  'security-headers',
  'security-sessions',
  // The limits' memory under a flood: the same on either database.
  'sign-in-address-flood',
  'trust-proxy',
];

/**
 * Files that time answers (every answer and health probe under 100 ms, sign-in delays, a change across
 * processes within a second): they run last, one at a time, so no other test shares the machine's two
 * cores with them.
 */
const TIMED = ['hostile-cost', 'login-abuse', 'sign-in-flood', 'postgres/cluster'];
/**
 * Files that start and kill whole server processes, or copy the tree and type-check it in child
 * processes: too heavy to share a core with the quick files, but they time nothing finer than a
 * shutdown's few seconds, so they run two at a time after the rest, before the timed ones.
 */
const PROCESSES = [
  'process',
  'crash-safety',
  'dir-lock',
  'production-build',
  'postgres/multi-process',
  // Copies the tree, generates a migration and type-checks in child processes.
  'new-list',
  // 18,000 sign-ins and some 300 production hashes, a minute and a half: heavy, but it times nothing (its
  // limits count on the app's clock, and what it asserts is each answer's status and the limiter's size),
  // so it shares the two cores with the files above instead of adding its time to the timed ones'.
  'sign-in-address-flood',
];
const ALONE = [...TIMED, ...PROCESSES];
const testFile = (name: string) => `tests/server/${name}.test.ts`;
const aloneFiles = ALONE.map(testFile);

/**
 * Files that replace a server module with `vi.mock`: the replacement takes only where the module is
 * loaded afresh, so these files get a module registry of their own. Found by reading the files, so a
 * new one cannot be forgotten.
 */
const mockingFiles = fs
  .readdirSync('tests/server', { recursive: true, encoding: 'utf8' })
  .filter((file) => file.endsWith('.test.ts') && /\bvi\.(do)?mock\(/.test(fs.readFileSync(path.join('tests/server', file), 'utf8')))
  .map((file) => `tests/server/${file}`);
// The files that run alone share one module registry as the rest do: a mock there would not take.
const mockingAlone = mockingFiles.filter((file) => aloneFiles.includes(file));
if (mockingAlone.length > 0) throw new Error(`${mockingAlone.join(', ')}: a file that runs alone cannot replace a module with vi.mock`);

type ServerGroup = 'shared' | 'own-modules' | 'processes' | 'timed';

const serverProject = (driver: 'pglite' | 'postgres', group: ServerGroup): TestProjectInlineConfiguration => {
  const name = `${driver === 'pglite' ? 'server' : 'server-pg'}${group === 'shared' ? '' : `-${group}`}`;
  // tests/server/postgres/ shows what only a PostgreSQL server can (concurrent processes). The
  // driver-neutral files run once, on the embedded database: they start their own embedded
  // processes or data directories (process, dir-lock, production-build, database, security-sessions),
  // test the HTTP layer and its limits alone, or no database at all (rate-limiter, password-cost).
  const byDriver = driver === 'pglite' ? ['tests/server/postgres/**'] : DRIVER_NEUTRAL.map(testFile);
  const include = { shared: ['tests/server/**/*.test.ts'], 'own-modules': mockingFiles, processes: PROCESSES.map(testFile), timed: TIMED.map(testFile) }[group];
  const isAlone = group === 'processes' || group === 'timed';
  const excluded = [...byDriver, ...(isAlone ? [] : aloneFiles), ...(group === 'shared' ? mockingFiles : [])];
  return {
    extends: true,
    test: {
      name,
      include,
      exclude: excluded,
      environment: 'node',
      // Makes the template databases each file copies: once for all the projects (the file says how).
      globalSetup: ['tests/server/helpers/global-setup.ts'],
      env: { HOY_TEST_DRIVER: driver },
      testTimeout: 30_000,
      hookTimeout: 60_000,
      maxWorkers: group === 'timed' ? 1 : 2,
      // The files of a worker share its loaded modules (the server's code loads once per worker, not once
      // per file: the embedded server project took 150 s against 267 s); each file builds its own app on
      // its own database, so no state is shared but the code.
      isolate: group === 'own-modules',
      sequence: { groupOrder: { shared: 0, 'own-modules': 0, processes: 1, timed: 2 }[group] },
    },
  };
};

export default defineConfig({
  plugins: [react()],
  test: {
    // expect.poll waits for what a test asserts will happen (a stream closed, news delivered); on the
    // 2-core CI machine under both databases' suites the live service's polls took past the 1-s default
    // (live.test.ts and live-limits.test.ts failed so on PostgreSQL). A wait is not a timing claim.
    expect: { poll: { timeout: 15_000 } },
    projects: [
      serverProject('pglite', 'shared'),
      serverProject('pglite', 'own-modules'),
      serverProject('pglite', 'processes'),
      serverProject('pglite', 'timed'),
      // The same API suite again on a real PostgreSQL server when one is configured.
      ...(process.env.TEST_DATABASE_URL ? (['shared', 'own-modules', 'processes', 'timed'] as const).map((group) => serverProject('postgres', group)) : []),
      {
        extends: true,
        test: {
          name: 'web',
          include: ['tests/web/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          // Two files (the auth and data providers) talk to a real server on the embedded template.
          globalSetup: ['tests/server/helpers/global-setup.ts'],
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
