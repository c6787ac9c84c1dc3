import { expect, test } from '@playwright/test';
import { activeSeason, DEMO, expectNoAxeViolations, login, screenshots } from './fixtures';

test('a member gets the not-authorized page on admin routes, and the admin API answers 403', async ({ page }) => {
  await login(page, DEMO.member);
  for (const route of ['/admin', '/admin-audit-log', '/admin-season-manager']) {
    await page.goto(route);
    await expect(page.getByRole('heading', { name: 'Not authorized' }), route).toBeVisible();
  }
  await expect(page.getByRole('banner').getByRole('link', { name: 'Admin', exact: true })).toHaveCount(0);
  const api = await page.request.get('/api/admin/overview');
  expect(api.status()).toBe(403);
  expect((await api.json()).error.code).toBe('FORBIDDEN');
});

test('a visitor gets the not-authorized page on an admin route', async ({ page }) => {
  await page.goto('/admin-reports');
  await expect(page.getByRole('heading', { name: 'Not authorized' })).toBeVisible();
  expect((await page.request.get('/api/admin/overview')).status()).toBe(401);
});

test('an admin sees the Admin link and the admin landing', async ({ page }) => {
  await login(page, DEMO.admin);
  await page.goto('/');
  await page.getByRole('banner').getByRole('link', { name: 'Admin', exact: true }).click();
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'League admin' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Admin pages' }).getByRole('link', { name: /Seasons/ })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('cgsl.isAdmin'))).toBe('true');
  await expectNoAxeViolations(page);
  await screenshots(page, 'admin');
});

test('an admin creates a season and makes it active after confirming', async ({ page }) => {
  await login(page, DEMO.admin);
  await page.goto('/admin-season-manager');
  const name = `Summer ${Date.now() % 100000}`;
  const original = await activeSeason(page);
  await expect(page.getByText(original.name).first()).toBeVisible();
  await expectNoAxeViolations(page);

  await page.getByRole('button', { name: 'New season' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Name').fill(name);
  await dialog.getByLabel('Starts on').fill('2027-06-20');
  await dialog.getByLabel('Ends on').fill('2027-08-15');
  await dialog.getByRole('button', { name: 'Create season' }).click();
  await expect(page.getByText(`Season "${name}" created.`)).toBeVisible();

  await page.getByRole('button', { name: `Make active ${name}` }).click();
  const confirm = page.getByRole('alertdialog');
  await expect(confirm).toContainText(`Make "${name}" the active season? Coaches will book in this season by default.`);
  await confirm.getByRole('button', { name: 'Make active' }).click();
  await expect(page.getByText(`"${name}" is now the active season.`)).toBeVisible();
  await expect(page.getByRole('button', { name: `Make active ${name}` })).toHaveCount(0);

  const seasons = (await (await page.request.get('/api/seasons')).json()).seasons as Array<{ name: string; active: boolean }>;
  expect(seasons.filter((s) => s.active).map((s) => s.name)).toEqual([name]);
  await screenshots(page, 'season-manager');
  // Put the demo's season back for the journeys that follow.
  const restore = await page.request.post(`/api/seasons/${original.id}/activate`, { data: {}, headers: { origin: new URL(page.url()).origin } });
  expect(restore.status()).toBe(200);
});
