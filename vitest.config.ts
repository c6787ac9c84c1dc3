import { defineConfig } from 'vitest/config';
import { catalogues } from './scripts/vite-catalogues';

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
        // The catalogues compiled as the build compiles them (decision 038).
        plugins: [catalogues()],
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
          include: ['src/server/**/*.api.test.ts', 'bench/**/*.api.test.ts'],
          exclude: ['src/server/**/*.resilience.test.ts'],
          environment: 'node',
          // The server compiled once per run, so the files that start it as a process (mail crash and restart) start
          // it as production does, not through tsx (server-process.ts; server.api.test.ts runs server.ts itself).
          globalSetup: ['src/server/test/global-setup.ts', 'src/server/test/server-build.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          // Each file builds its own app on its own database (test/test-app.ts), so the files of one worker can share
          // the imported modules: importing the whole server again for each of 70-odd files was 197 s of the PGlite
          // run's 480 s and 359 s summed in the PostgreSQL run (measured: the unit, web and PGlite API step 480 s -> 253 s).
          isolate: false,
        },
      },
      {
        // Whole-server proofs that run once per `npm test` (not per database or Node version): crash cycles,
        // shutdown under load, backup and restore, hostile input. Each test picks its databases itself.
        test: {
          name: 'resilience',
          include: ['src/server/**/*.resilience.test.ts'],
          environment: 'node',
          // The proofs start the server compiled, as production runs it (test/server-build.ts).
          globalSetup: ['src/server/test/global-setup.ts', 'src/server/test/server-build.ts'],
          testTimeout: 300_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
