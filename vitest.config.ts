import react from '@vitejs/plugin-react';
import { defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';

const serverProject = (name: string, driver: 'pglite' | 'postgres'): TestProjectInlineConfiguration => ({
  extends: true,
  test: {
    name,
    include: ['tests/server/**/*.test.ts'],
    // tests/server/postgres/ shows what only a PostgreSQL server can (concurrent processes); the
    // production build's test starts its own embedded database, once is enough.
    exclude: driver === 'pglite' ? ['tests/server/postgres/**'] : ['tests/server/production-build.test.ts'],
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
