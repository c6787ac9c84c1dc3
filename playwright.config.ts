import { defineConfig, devices, type PlaywrightTestConfig } from '@playwright/test';
import fs from 'node:fs';
import path from 'node:path';
import { ALL_WORKERS, E2E_WORKERS, thisWorker, WAITING_JOURNEYS, workerServer } from './e2e/workers';

// Separate ports, data dirs and builds let several checkouts (or people) run the journeys side by side
// (E2E_PORT, E2E_OIDC_PORT, E2E_DATA_DIR, E2E_WEB_DIST_DIR, E2E_SERVER_DIST_DIR, E2E_OUTPUT_DIR); e2e/workers.ts
// gives each worker its own.
const WEB_DIST_DIR = process.env.E2E_WEB_DIST_DIR ?? 'dist/web';
// The journeys run the server as production does: compiled (scripts/build-server.mjs, `npm run build`).
const SERVER_DIST_DIR = process.env.E2E_SERVER_DIST_DIR ?? 'dist-server';
if (!fs.existsSync(path.join(SERVER_DIST_DIR, 'server.js'))) {
  throw new Error(`The journeys run the compiled server, and ${SERVER_DIST_DIR}/server.js is missing: run npm run build (or node scripts/build-server.mjs) first.`);
}
// Debian's Chromium (launchOptions.executablePath), not a Playwright channel.
const desktopChrome = { ...devices['Desktop Chrome'], channel: undefined };
const OIDC_CLIENT_SECRET = 'e2e-only-client-secret-not-used-anywhere-else';

/**
 * Journeys in Debian's Chromium against the built app on real servers: one per worker, each on its own embedded
 * database with the demo league loaded, and each with the league's identity provider (the tests' own OpenID provider,
 * e2e/oidc-provider-server.ts) beside it.
 */
export default defineConfig({
  testDir: 'e2e',
  outputDir: process.env.E2E_OUTPUT_DIR ?? 'test-results/e2e',
  // Journeys with several axe runs take ~30 s when the machine is busy; 60 s leaves room without hiding hangs.
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  // A worker runs its files one after another on its own server (e2e/workers.ts), so the journeys of one worker
  // share that server's demo league as they did when there was one worker; two workers (E2E_WORKERS) never share data.
  // The journeys that wait on the clock (WAITING_JOURNEYS) have a worker and a server of their own beside them.
  workers: ALL_WORKERS,
  // No retries: a journey that fails once is a defect to find, not to run again.
  retries: 0,
  reporter: [['list'], ['json', { outputFile: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ?? 'test-results/playwright.json' }], ['html', { open: 'never', outputFolder: process.env.E2E_HTML_REPORT ?? 'playwright-report' }]],
  use: {
    // Evaluated in each worker process, where TEST_PARALLEL_INDEX names the worker and so its server.
    baseURL: thisWorker.origin,
    // Journeys run as a person who asked for less motion: toasts fade in where they settle instead of sliding,
    // and CSS transitions are instant (src/web/styles.css), so what a test measures is the settled page.
    reducedMotion: 'reduce',
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    },
  },
  projects: [
    { name: 'chromium', testIgnore: WAITING_JOURNEYS, workers: E2E_WORKERS, use: desktopChrome },
    { name: 'waiting on the clock', testMatch: WAITING_JOURNEYS, workers: 1, use: desktopChrome },
  ],
  webServer: Array.from({ length: ALL_WORKERS }, (_, i) => workerServer(i)).flatMap((w): NonNullable<PlaywrightTestConfig['webServer']> => [
    {
      command: 'node --import tsx e2e/oidc-provider-server.ts',
      url: `${w.oidcIssuer}/.well-known/openid-configuration`,
      timeout: 60_000,
      reuseExistingServer: false,
      stdout: 'pipe',
      env: { E2E_OIDC_PORT: String(w.oidcPort), E2E_APP_ORIGIN: w.origin, E2E_OIDC_CLIENT_SECRET: OIDC_CLIENT_SECRET },
    },
    {
      command: `rm -rf ${w.dataDir} && node --enable-source-maps ${SERVER_DIST_DIR}/server.js`,
      url: `${w.origin}/api/ready`,
      timeout: 120_000,
      reuseExistingServer: false,
      stdout: 'pipe',
      env: {
        PORT: String(w.port),
        HOST: '127.0.0.1',
        DATA_DIR: w.dataDir,
        WEB_DIST_DIR,
        DATABASE_URL: '',
        PUBLIC_URL: w.origin,
        DEMO: '1',
        LOGIN_RATE_LIMIT: '1000',
        // Each journey signs up its own people: the journeys sign up more than a league's 10 a minute from 127.0.0.1.
        SIGNUP_RATE_LIMIT: '1000',
        LOG_LEVEL: 'warn',
        // Mail as .eml files in DATA_DIR/outbox, where e2e/mail.ts reads it, even if the shell or .env sets SMTP_URL.
        SMTP_URL: '',
        OIDC_ISSUER: w.oidcIssuer,
        OIDC_CLIENT_ID: 'cgsl-practice-scheduler',
        OIDC_CLIENT_SECRET,
        OIDC_PROVIDER_NAME: 'Test League ID',
      },
    },
  ]),
});
