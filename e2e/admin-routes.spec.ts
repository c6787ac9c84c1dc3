import fs from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { ADMIN_NAV } from '../src/web/features/admin/admin-pages';
import { activeSeason, DEMO, login } from './fixtures';

/** The admin pages' English names, as the menu shows them (read as a file: Playwright's loader imports no JSON). */
const adminWords = JSON.parse(fs.readFileSync(new URL('../src/shared/i18n/locales/en/admin.json', import.meta.url), 'utf8')) as Record<string, string>;

/**
 * Every admin route (spec §2), from the list the web app builds its admin navigation and coming-soon pages
 * from. A path dropped from the router still sits in this list and lands on the not-found page, which the
 * admin's check below refuses.
 */
const ADMIN_ROUTES = ADMIN_NAV.map((p) => ({ path: p.to, label: adminWords[`page.${p.key}.label`] ?? `(no words for ${p.key})` }));

test('the admin route list covers the spec’s twelve admin routes and the mail page', () => {
  expect(ADMIN_ROUTES).toHaveLength(13);
  expect(ADMIN_ROUTES.every((r) => r.path === '/admin' || r.path.startsWith('/admin-'))).toBe(true);
  expect(ADMIN_ROUTES.map((r) => r.path)).toEqual(expect.arrayContaining(['/admin', '/admin-user-manager', '/admin-announcements', '/admin-audit-log', '/admin-reports', '/admin-mail']));
});

async function expectNotAuthorized(page: Page, path: string, signedIn: boolean): Promise<void> {
  await page.goto(path);
  const main = page.getByRole('main');
  await expect(main.getByRole('heading', { level: 1 }), path).toHaveText('Not authorized');
  await expect(main.getByText('This page is for league admins.'), path).toBeVisible();
  // None of the admin page itself: no admin navigation, no page content.
  await expect(page.getByRole('navigation', { name: 'Admin pages' }), path).toHaveCount(0);
  const logIn = main.getByRole('link', { name: 'Log in', exact: true });
  if (signedIn) {
    await expect(main.getByText('Your account does not have admin access.'), path).toBeVisible();
    await expect(logIn, path).toHaveCount(0);
  } else {
    await expect(logIn, path).toHaveAttribute('href', `/login?redirect=${encodeURIComponent(path)}`);
  }
}

test('a signed-in coach gets the not-authorized page on every admin route', async ({ page }) => {
  await login(page, DEMO.coach);
  for (const { path } of ADMIN_ROUTES) await expectNotAuthorized(page, path, true);
});

test('a visitor gets the not-authorized page, with a way to log in, on every admin route', async ({ page }) => {
  for (const { path } of ADMIN_ROUTES) await expectNotAuthorized(page, path, false);
});

test('an admin gets the real page on every admin route', async ({ page }) => {
  await login(page, DEMO.admin);
  for (const { path, label } of ADMIN_ROUTES) {
    await page.goto(path);
    const adminNav = page.getByRole('navigation', { name: 'Admin pages' });
    // The guard let the admin in, and the admin navigation marks this very page as the current one.
    await expect(adminNav.locator('a[aria-current="page"]'), path).toHaveText(label);
    const heading = page.getByRole('main').getByRole('heading', { level: 1 });
    await expect(heading, path).toBeVisible();
    await expect(heading, path).not.toHaveText(/^(Not authorized|Page not found)$/);
    await expect(page.getByRole('heading', { name: 'Page not found' }), path).toHaveCount(0);
    await expect(page.getByRole('heading', { name: 'Not authorized' }), path).toHaveCount(0);
  }
});

test.describe('the season manager', () => {
  const stamp = `${Date.now() % 1_000_000}`;

  /** A season of this test's own, far from the demo's, so no other journey sees it change. */
  async function createOwnSeason(page: Page, name: string): Promise<void> {
    const res = await page.request.post('/api/seasons', {
      data: { name, startsOn: '2031-03-01', endsOn: '2031-05-31' },
      headers: { origin: new URL(page.url()).origin },
    });
    expect(res.status(), `create ${name}`).toBe(201);
  }

  async function seasonsFromApi(page: Page) {
    return (await (await page.request.get('/api/seasons')).json()).seasons as Array<{ name: string; startsOn: string; endsOn: string; active: boolean }>;
  }

  test('an admin edits a season’s name and dates and sees them saved', async ({ page }) => {
    await login(page, DEMO.admin);
    await page.goto('/admin-season-manager');
    const name = `E2E edit ${stamp}`;
    const renamed = `E2E edited ${stamp}`;
    await createOwnSeason(page, name);
    await page.reload();

    await page.getByRole('button', { name: `Edit ${name}`, exact: true }).click();
    const dialog = page.getByRole('dialog', { name: `Edit season "${name}"` });
    await expect(dialog.getByLabel('Name')).toHaveValue(name);
    await expect(dialog.getByLabel('Starts on')).toHaveValue('2031-03-01');
    await dialog.getByLabel('Name').fill(renamed);
    await dialog.getByLabel('Starts on').fill('2031-03-08');
    await dialog.getByLabel('Ends on').fill('2031-06-07');
    await dialog.getByRole('button', { name: 'Save changes' }).click();

    await expect(page.getByText(`Season "${renamed}" saved.`)).toBeVisible();
    await expect(dialog).toHaveCount(0);
    const row = page.getByRole('row', { name: new RegExp(renamed) });
    await expect(row).toContainText('Mar 8, 2031');
    await expect(row).toContainText('Jun 7, 2031');
    await expect(page.getByRole('button', { name: `Edit ${name}`, exact: true })).toHaveCount(0);

    // Saved on the server, not only on screen: a fresh load shows the same.
    const saved = (await seasonsFromApi(page)).filter((s) => s.name === renamed || s.name === name);
    expect(saved).toEqual([expect.objectContaining({ name: renamed, startsOn: '2031-03-08', endsOn: '2031-06-07', active: false })]);
    await page.reload();
    await expect(page.getByRole('row', { name: new RegExp(renamed) })).toContainText('Mar 8, 2031');
  });

  test('a duplicate name, on rename or on create, shows the specific error and keeps what was typed', async ({ page }) => {
    await login(page, DEMO.admin);
    await page.goto('/admin-season-manager');
    const name = `E2E dup ${stamp}`;
    await createOwnSeason(page, name);
    const taken = (await activeSeason(page)).name;
    await page.reload();

    // Renaming this season to the active season's name.
    await page.getByRole('button', { name: `Edit ${name}`, exact: true }).click();
    const edit = page.getByRole('dialog', { name: `Edit season "${name}"` });
    await edit.getByLabel('Name').fill(taken);
    await edit.getByLabel('Ends on').fill('2031-06-30');
    await edit.getByRole('button', { name: 'Save changes' }).click();
    // The error sits at the Name field, tied to it for screen readers.
    await expect(edit.getByLabel('Name')).toHaveAccessibleDescription('A season with this name already exists');
    await expect(edit.getByRole('alert')).toHaveText('A season with this name already exists');
    await expect(edit.getByLabel('Name')).toHaveValue(taken);
    await expect(edit.getByLabel('Name')).toHaveAttribute('aria-invalid', 'true');
    await expect(edit.getByLabel('Starts on')).toHaveValue('2031-03-01');
    await expect(edit.getByLabel('Ends on')).toHaveValue('2031-06-30');
    await edit.getByRole('button', { name: 'Cancel' }).click();
    await expect(edit).toHaveCount(0);

    // Creating a new season with this season's name.
    await page.getByRole('button', { name: 'New season' }).click();
    const create = page.getByRole('dialog', { name: 'New season' });
    await create.getByLabel('Name').fill(name);
    await create.getByLabel('Starts on').fill('2032-03-01');
    await create.getByLabel('Ends on').fill('2032-05-31');
    await create.getByRole('button', { name: 'Create season' }).click();
    // The error sits at the Name field, tied to it for screen readers.
    await expect(create.getByLabel('Name')).toHaveAccessibleDescription('A season with this name already exists');
    await expect(create.getByRole('alert')).toHaveText('A season with this name already exists');
    await expect(create.getByLabel('Name')).toHaveValue(name);
    await expect(create.getByLabel('Name')).toHaveAttribute('aria-invalid', 'true');
    await expect(create.getByLabel('Starts on')).toHaveValue('2032-03-01');
    await expect(create.getByLabel('Ends on')).toHaveValue('2032-05-31');

    // Nothing changed on the server.
    const seasons = await seasonsFromApi(page);
    expect(seasons.filter((s) => s.name === name)).toEqual([expect.objectContaining({ startsOn: '2031-03-01', endsOn: '2031-05-31' })]);
    expect(seasons.filter((s) => s.name === taken)).toHaveLength(1);
  });
});
