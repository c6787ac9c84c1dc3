import { expect, test } from '@playwright/test';
import { DEMO, uniqueEmail } from './fixtures';

test('sign up with a team, see it in the Account dropdown, log out, log back in', async ({ page }) => {
  const email = uniqueEmail('newcomer');
  await page.goto('/signup');
  await page.getByLabel('Name').fill('Nia Newcomer');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill('a-long-password');
  await page.getByLabel('Team').selectOption({ label: 'Cardinals (10U)' });
  await page.getByRole('button', { name: 'Sign up' }).click();

  const account = page.getByRole('button', { name: 'Account' });
  await expect(account).toBeVisible();
  await account.click();
  const menu = page.getByRole('menu');
  await expect(menu.getByText('Signed in as')).toBeVisible();
  await expect(menu.getByText(email)).toBeVisible();
  await expect(menu.getByText('Team: Cardinals')).toBeVisible();
  // No photo yet: the default logo stands in.
  await expect(menu.locator('img[src="/logo.svg"]')).toBeVisible();

  // The profile and admin flag are cached in localStorage, and cleared on sign-out.
  expect(JSON.parse((await page.evaluate(() => localStorage.getItem('cgsl.profile'))) ?? 'null')).toMatchObject({ email, teamName: 'Cardinals' });
  expect(await page.evaluate(() => localStorage.getItem('cgsl.isAdmin'))).toBe('false');

  await menu.getByRole('menuitem', { name: 'Logout' }).click();
  await expect(page.getByRole('banner').getByRole('link', { name: 'Login', exact: true })).toBeVisible();
  // The toast sits below the sticky top bar: it never covers the Login link it would otherwise pause over.
  const loggedOut = page.getByRole('status').filter({ hasText: 'You are logged out.' });
  await expect(loggedOut).toBeVisible();
  const [bar, toastBox] = await Promise.all([page.getByRole('banner').boundingBox(), loggedOut.boundingBox()]);
  expect(toastBox!.y).toBeGreaterThanOrEqual(bar!.y + bar!.height);
  expect(await page.evaluate(() => [localStorage.getItem('cgsl.profile'), localStorage.getItem('cgsl.isAdmin')])).toEqual([null, null]);

  await page.getByRole('banner').getByRole('link', { name: 'Login', exact: true }).click();
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill('a-long-password');
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByRole('button', { name: 'Account' })).toBeVisible();
});

test('login errors are specific and the form keeps what was typed', async ({ page }) => {
  await page.goto('/login');
  await page.getByLabel('Email').fill(DEMO.member);
  await page.getByLabel('Password').fill('wrong-password');
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByText('Email or password is incorrect').first()).toBeVisible();
  await expect(page.getByLabel('Email')).toHaveValue(DEMO.member);
});

test('signing up with a registered email says so and keeps the form', async ({ page }) => {
  await page.goto('/signup');
  await page.getByLabel('Name').fill('Someone');
  await page.getByLabel('Email').fill(DEMO.member);
  await page.getByLabel('Password').fill('a-long-password');
  await page.getByRole('button', { name: 'Sign up' }).click();
  await expect(page.getByText('That email is already registered').first()).toBeVisible();
  await expect(page.getByLabel('Name')).toHaveValue('Someone');
  await expect(page.getByLabel('Email')).toHaveValue(DEMO.member);
});
