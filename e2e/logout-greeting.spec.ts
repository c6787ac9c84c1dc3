import { expect, test } from '@playwright/test';
import { DEMO, E2E_ORIGIN, expectNoAxeViolations, login, uniqueEmail } from './fixtures';

/** Issue 24 (8): logging out says goodbye, not hello — the "Welcome back" toast goes when the person logs out. */

test('a coach logs in, is greeted, logs out from the Account menu, and the greeting is gone when the Login link shows', async ({ page, browser }) => {
  // A coach of the journey's own: signs up, and an admin (in a context of their own) makes them a coach.
  const name = `Casey ${Date.now().toString(36)}`;
  const email = uniqueEmail('greeted.coach');
  const password = 'greeting-journey-pass';
  const admin = await browser.newContext({ baseURL: E2E_ORIGIN });
  const adminPage = await admin.newPage();
  expect((await adminPage.request.post('/api/auth/sign-up/email', { data: { name, email, password }, headers: { origin: E2E_ORIGIN } })).status()).toBe(200);
  await login(adminPage, DEMO.admin);
  const found = (await (await adminPage.request.get(`/api/admin/users?q=${encodeURIComponent(email)}`)).json()) as { users: Array<{ id: string }> };
  expect((await adminPage.request.patch(`/api/admin/users/${found.users[0]!.id}`, { data: { role: 'coach' }, headers: { origin: E2E_ORIGIN } })).status()).toBe(200);
  await admin.close();

  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Log in' }).click();
  const greeting = page.getByRole('status').filter({ hasText: `Welcome back, ${name}!` });
  await expect(greeting).toBeVisible();

  // The pointer rests on the greeting, which holds it on screen however long the logout takes; the menu is used
  // by keyboard so the pointer stays there. Only the logout itself can take the greeting away now.
  await greeting.hover();
  await page.getByRole('button', { name: 'Account' }).focus();
  await page.keyboard.press('ArrowUp');
  await expect(page.getByRole('menu').getByRole('menuitem', { name: 'Logout' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('banner').getByRole('link', { name: 'Login', exact: true })).toBeVisible();
  // Gone with the sign-out itself: a moment's grace for the render, far short of the greeting's own 2 s (+1 s fade).
  await expect(greeting).toBeHidden({ timeout: 250 });
  await expect(page.getByRole('status').filter({ hasText: 'You are logged out.' })).toBeVisible();
  await expectNoAxeViolations(page);
});
