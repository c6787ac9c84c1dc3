import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { freePort } from '../src/server/test/free-port';

/**
 * First-run setup (README "The two commands"): a server on an empty database prints a one-time link; opening
 * it creates the league's first admin. This journey runs its own server (no demo league, a fresh data
 * directory) beside the shared one, serving the same web build.
 */
const ROOT = path.resolve(import.meta.dirname, '..');
const WEB_DIST_DIR = process.env.E2E_WEB_DIST_DIR ?? 'dist/web';

let server: ChildProcess | null = null;
let exited: Promise<number | null> = Promise.resolve(null);
let dataDir = '';
let origin = '';
let setupLink = '';
let output = '';

async function waitFor<T>(check: () => T | Promise<T>, what: string, ms = 90_000): Promise<NonNullable<T>> {
  const until = Date.now() + ms;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (server?.exitCode !== null) throw new Error(`the setup server exited while waiting for ${what}:\n${output}`);
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}:\n${output}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  test.setTimeout(120_000);
  const port = await freePort();
  origin = `http://127.0.0.1:${port}`;
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cgsl-setup-e2e-'));
  server = spawn(process.execPath, ['--import', 'tsx', 'src/server/server.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      PUBLIC_URL: origin,
      WEB_DIST_DIR,
      DEMO: '0',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  server.stdout!.on('data', (d: Buffer) => (output += d.toString()));
  server.stderr!.on('data', (d: Buffer) => (output += d.toString()));
  const child = server;
  exited = new Promise((resolve) => child.on('exit', (code) => resolve(code)));

  // src/server/server.ts prints the link before it starts listening.
  const linkPattern = new RegExp(`one-time link to create the first admin[^\\n]*\\n\\s*(${origin.replace(/\./g, '\\.')}/setup\\?token=[A-Za-z0-9_-]+)\\s`);
  setupLink = await waitFor(() => linkPattern.exec(output)?.[1], 'the one-time setup link');
  await waitFor(async () => {
    try {
      return (await fetch(`${origin}/api/ready`)).ok;
    } catch {
      return false;
    }
  }, 'the setup server to be ready');
});

test.afterAll(async () => {
  if (server && server.exitCode === null) {
    server.kill('SIGTERM');
    const stopped = await Promise.race([exited.then(() => true), new Promise<false>((r) => setTimeout(() => r(false), 15_000))]);
    if (!stopped) server.kill('SIGKILL');
  }
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

const admin = { name: 'Fran First', email: `first.admin.${Date.now()}@example.org`, password: 'a-long-first-admin-password' };

test('a mistyped setup link is refused with a clear message, and the form keeps what was typed', async ({ page }) => {
  await page.goto(`${setupLink}x`);
  await expect(page.getByRole('heading', { level: 1, name: 'Set up your league' })).toBeVisible();
  await page.getByLabel('Name').fill(admin.name);
  await page.getByLabel('Email').fill(admin.email);
  await page.getByLabel('Password').fill(admin.password);
  await page.getByRole('button', { name: 'Create admin account' }).click();
  await expect(page.getByText('This setup link is not valid any more (used, expired or mistyped).', { exact: false })).toBeVisible();
  await expect(page.getByLabel('Email')).toHaveValue(admin.email);
  await expect(page.getByRole('banner').getByRole('link', { name: 'Login', exact: true })).toBeVisible();
  // The real link is still good: nobody was made admin.
  expect(await (await page.request.get(`${origin}/api/setup`)).json()).toEqual({ needsSetup: true });
});

test('the printed link creates the first admin, who is signed in with the Admin link', async ({ page }) => {
  await page.goto(setupLink);
  await expect(page.getByRole('heading', { level: 1, name: 'Set up your league' })).toBeVisible();
  await page.getByLabel('Name').fill(admin.name);
  await page.getByLabel('Email').fill(admin.email);
  await page.getByLabel('Password').fill(admin.password);
  await page.getByRole('button', { name: 'Create admin account' }).click();

  await expect(page.getByText(`Admin account created. Welcome, ${admin.name}!`)).toBeVisible();
  await expect(page).toHaveURL(`${origin}/admin`);
  await expect(page.getByRole('heading', { level: 1, name: 'League admin' })).toBeVisible();
  const banner = page.getByRole('banner');
  await expect(banner.getByRole('link', { name: 'Admin', exact: true })).toHaveAttribute('href', '/admin');
  await banner.getByRole('button', { name: 'Account' }).click();
  await expect(page.getByRole('menu').getByText(admin.email)).toBeVisible();

  const me = (await (await page.request.get(`${origin}/api/me`)).json()) as { profile: { email: string; role: string } };
  expect(me.profile).toMatchObject({ email: admin.email, role: 'admin' });
});

test('the setup link then no longer works, with a clear message', async ({ page }) => {
  // A fresh browser: nobody signed in.
  await page.goto(setupLink);
  await expect(page.getByRole('heading', { level: 1, name: 'Set up your league' })).toBeVisible();
  await expect(page.getByText('The league already has an admin, so this setup link is no longer needed.')).toBeVisible();
  await expect(page.getByLabel('Password')).toHaveCount(0);
  await expect(page.getByRole('main').getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/login?redirect=%2Fadmin');

  // And the server refuses the token itself, whatever the page shows.
  const again = await page.request.post(`${origin}/api/setup`, {
    data: { token: new URL(setupLink).searchParams.get('token'), name: 'Second Try', email: 'second.try@example.org', password: 'another-long-password' },
    headers: { origin },
  });
  expect(again.status()).toBe(409);
  expect((await again.json()).error.message).toContain('The league already has an admin');

  // The first admin logs in as usual.
  await page.getByRole('main').getByRole('link', { name: 'Log in' }).click();
  await page.getByLabel('Email').fill(admin.email);
  await page.getByLabel('Password').fill(admin.password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL(`${origin}/admin`);
  await expect(page.getByRole('banner').getByRole('link', { name: 'Admin', exact: true })).toBeVisible();
});
