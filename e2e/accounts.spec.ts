import { expect, test } from '@playwright/test';
import { DEMO, uniqueEmail } from './fixtures';

test('sign up, see it in the Account dropdown, log out (the landing forgets you), log back in', async ({ page }) => {
  const email = uniqueEmail('newcomer');
  await page.goto('/signup');
  await page.getByLabel('Name').fill('Nia Newcomer');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill('a-long-password');
  // No team: only a league admin puts a person on a team (issue 10).
  await page.getByRole('button', { name: 'Sign up' }).click();

  const account = page.getByRole('button', { name: 'Account' });
  await expect(account).toBeVisible();
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Welcome back, Nia Newcomer' })).toBeVisible();
  await account.click();
  const menu = page.getByRole('menu');
  await expect(menu.getByText('Signed in as')).toBeVisible();
  await expect(menu.getByText(email)).toBeVisible();
  await expect(menu.getByText(/^Team:/)).toHaveCount(0);
  // No photo yet: the default logo stands in.
  await expect(menu.locator('img[src="/logo.svg"]')).toBeVisible();

  // The profile and admin flag are cached in localStorage, and cleared on sign-out.
  expect(JSON.parse((await page.evaluate(() => localStorage.getItem('cgsl.profile'))) ?? 'null')).toMatchObject({ email, teamName: null });
  expect(await page.evaluate(() => localStorage.getItem('cgsl.isAdmin'))).toBe('false');

  await menu.getByRole('menuitem', { name: 'Logout' }).click();
  const login = page.getByRole('banner').getByRole('link', { name: 'Login', exact: true });
  await expect(login).toBeVisible();
  // The landing page re-renders for a visitor: no greeting left beside the Login link.
  await expect(page.getByRole('heading', { name: 'Coach, parent or volunteer?' })).toBeVisible();
  await expect(page.getByRole('heading', { name: /Welcome back/ })).toHaveCount(0);
  // The toast sits below the sticky top bar: it never covers the Login link it would otherwise pause over.
  // Measured once it has settled (journeys run with reduced motion, so it fades in where it stays).
  const loggedOut = page.getByRole('status').filter({ hasText: 'You are logged out.' });
  await expect(loggedOut).toBeVisible();
  // Settled: every animation and transition running on the toast or the boxes around it has finished.
  await loggedOut.evaluate((toast) =>
    Promise.all(
      document
        .getAnimations()
        .filter((a) => {
          const target = (a.effect as KeyframeEffect | null)?.target;
          return target instanceof Node && target.contains(toast);
        })
        .map((a) => a.finished),
    ),
  );
  const [bar, toastBox] = await Promise.all([page.getByRole('banner').boundingBox(), loggedOut.boundingBox()]);
  expect(toastBox!.y).toBeGreaterThanOrEqual(bar!.y + bar!.height);
  expect(await page.evaluate(() => [localStorage.getItem('cgsl.profile'), localStorage.getItem('cgsl.isAdmin')])).toEqual([null, null]);

  await login.click();
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
