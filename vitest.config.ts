import { defineConfig } from 'vitest/config';

// Two projects: pure unit tests beside the code, and API tests that start the real server
// against a real database (embedded PGlite, or PostgreSQL when DATABASE_URL is set).
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['packages/*/src/**/*.test.ts', 'apps/*/src/**/*.test.ts', 'apps/api/*.test.ts', 'apps/storefront/*.test.ts', 'apps/storefront/cache/*.test.ts', 'apps/storefront/scripts/*.test.ts', 'scripts/**/*.test.ts', 'bench/**/*.test.ts'],
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
          // The files share one worker and its loaded modules: importing the API again for each of
          // 71 files cost ~2 s each (CI's budget; 774 → 622 s embedded, 570 → 402 s PostgreSQL, side
          // by side). Each file starts and disposes its own API and database, so nothing else is shared.
          isolate: false,
          // A poll waits for what follows a write (the search index, the mail outbox, a schedule):
          // on a busy CI machine running both databases side by side that can take seconds, and
          // Vitest's default of 1 s failed there. Speed is the benches' to measure, not the tests'.
          expect: { poll: { timeout: 10_000 } },
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
          // What the page shows next may take a few seconds on a busy 2-core machine: polls wait
          // up to 5 s (Vitest's default of 1 s failed a search whose answer came later).
          expect: { poll: { timeout: 5_000 } },
        },
      },
      {
        // `npm run test:prod` only (not in `npm test`): the production topology (ADR 0024).
        test: {
          name: 'prod',
          include: ['e2e/prod/**/*.prod.test.ts'],
          globalSetup: ['e2e/prod/setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 600_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
