import react from '@vitejs/plugin-react';
import { defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';

const DRIVER_NEUTRAL = ['body-limit', 'config', 'dir-lock', 'login-abuse', 'openapi', 'process', 'production-build', 'security-headers', 'trust-proxy'];

const serverProject = (name: string, driver: 'pglite' | 'postgres'): TestProjectInlineConfiguration => ({
  extends: true,
  test: {
    name,
    include: ['tests/server/**/*.test.ts'],
    // tests/server/postgres/ shows what only a PostgreSQL server can (concurrent processes). The
    // driver-neutral files run once, on the embedded database: they start their own embedded
    // processes (process, dir-lock, production-build) or test the HTTP layer and its limits alone.
    exclude: driver === 'pglite' ? ['tests/server/postgres/**'] : DRIVER_NEUTRAL.map((name) => `tests/server/${name}.test.ts`),
    environment: 'node',
    env: { HOY_TEST_DRIVER: driver },
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});

export default defineConfig({
  plugins: [react()],
  test: {
    globalSetup: ['tests/server/helpers/global-setup.ts'],
    projects: [
      serverProject('server', 'pglite'),
      // The same API suite again on a real PostgreSQL server when one is configured.
      ...(process.env.TEST_DATABASE_URL ? [serverProject('server-pg', 'postgres')] : []),
      {
        extends: true,
        test: {
          name: 'web',
          include: ['tests/web/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: ['tests/web/setup.ts'],
          server: { deps: { inline: [/@refinedev\//] } },
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
