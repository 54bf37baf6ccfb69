import { defineConfig } from 'vitest/config';

// Two projects: pure unit tests beside the code, and API tests that start the real server
// against a real database (embedded PGlite, or PostgreSQL when DATABASE_URL is set).
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['packages/*/src/**/*.test.ts', 'apps/*/src/**/*.test.ts', 'scripts/**/*.test.ts'],
          exclude: ['**/*.api.test.ts', '**/node_modules/**'],
        },
      },
      {
        test: {
          name: 'api',
          include: ['apps/api/src/**/*.api.test.ts', 'packages/db/src/**/*.api.test.ts'],
          globalSetup: ['apps/api/src/testing/global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 180_000,
          // One embedded database per test file; files run one after another to stay within 2 cores.
          fileParallelism: false,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['e2e/**/*.e2e.test.ts'],
          globalSetup: ['e2e/global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 600_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
