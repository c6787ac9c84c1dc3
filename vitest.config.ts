import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['src/shared/**/*.test.ts', 'src/server/**/*.test.ts', 'src/*.test.ts'],
          exclude: ['src/server/**/*.api.test.ts', 'src/server/**/*.resilience.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'web',
          include: ['src/web/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: ['src/web/test/setup.ts'],
        },
      },
      {
        test: {
          name: 'api',
          include: ['src/server/**/*.api.test.ts'],
          exclude: ['src/server/**/*.resilience.test.ts'],
          environment: 'node',
          globalSetup: ['src/server/test/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        // Whole-server proofs that run once per `npm test` (not per database or Node version): crash cycles,
        // shutdown under load, backup and restore, hostile input. Each test picks its databases itself.
        test: {
          name: 'resilience',
          include: ['src/server/**/*.resilience.test.ts'],
          environment: 'node',
          globalSetup: ['src/server/test/global-setup.ts'],
          testTimeout: 300_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
