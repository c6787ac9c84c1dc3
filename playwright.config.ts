import { defineConfig, devices } from '@playwright/test';

const PORT = Number(process.env.E2E_PORT ?? 4173);
export const BASE_URL = `http://127.0.0.1:${PORT}`;
// Separate ports, data dirs and builds let several checkouts (or people) run the journeys side by side.
const DATA_DIR = process.env.E2E_DATA_DIR ?? '.tmp/e2e-data';
const WEB_DIST_DIR = process.env.E2E_WEB_DIST_DIR ?? 'dist/web';
// The league's identity provider for "Log in with …" (issue 16): the tests' own OpenID provider, started beside
// the app (e2e/oidc-provider-server.ts), its client's redirect URI following E2E_PORT (E2E_PORT + 2000 unless
// E2E_OIDC_PORT says: clear of Vite's 5173 beside the default 4173).
const OIDC_PORT = Number(process.env.E2E_OIDC_PORT ?? PORT + 2000);
export const OIDC_ISSUER = `http://127.0.0.1:${OIDC_PORT}`;
const OIDC_CLIENT_SECRET = 'e2e-only-client-secret-not-used-anywhere-else';

/** Journeys in Debian's Chromium against the built app on a real server (PGlite, demo league loaded). */
export default defineConfig({
  testDir: 'e2e',
  outputDir: process.env.E2E_OUTPUT_DIR ?? 'test-results/e2e',
  // Journeys with several axe runs take ~30 s when the machine is busy; 60 s leaves room without hiding hangs.
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  // One worker: the journeys share one demo league and some change it (the active season, bookings).
  workers: 1,
  // No retries: a journey that fails once is a defect to find, not to run again.
  retries: 0,
  reporter: [['list'], ['json', { outputFile: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ?? 'test-results/playwright.json' }], ['html', { open: 'never', outputFolder: 'playwright-report' }]],
  use: {
    baseURL: BASE_URL,
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
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], channel: undefined } }],
  webServer: [
    {
      command: 'node --import tsx e2e/oidc-provider-server.ts',
      url: `${OIDC_ISSUER}/.well-known/openid-configuration`,
      timeout: 60_000,
      reuseExistingServer: false,
      stdout: 'pipe',
      env: { E2E_OIDC_PORT: String(OIDC_PORT), E2E_APP_ORIGIN: BASE_URL, E2E_OIDC_CLIENT_SECRET: OIDC_CLIENT_SECRET },
    },
    {
      command: `rm -rf ${DATA_DIR} && node --import tsx src/server/server.ts`,
      url: `${BASE_URL}/api/ready`,
      timeout: 120_000,
      reuseExistingServer: false,
      stdout: 'pipe',
      env: {
        PORT: String(PORT),
        HOST: '127.0.0.1',
        DATA_DIR,
        WEB_DIST_DIR,
        DATABASE_URL: '',
        PUBLIC_URL: BASE_URL,
        DEMO: '1',
        LOGIN_RATE_LIMIT: '1000',
        LOG_LEVEL: 'warn',
        // Mail as .eml files in DATA_DIR/outbox, where e2e/mail.ts reads it, even if the shell or .env sets SMTP_URL.
        SMTP_URL: '',
        OIDC_ISSUER,
        OIDC_CLIENT_ID: 'cgsl-practice-scheduler',
        OIDC_CLIENT_SECRET,
        OIDC_PROVIDER_NAME: 'Test League ID',
      },
    },
  ],
});
