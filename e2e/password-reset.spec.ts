import { expect, test, type Page } from '@playwright/test';
import { checkBothWidths, E2E_ORIGIN, screenshots, uniqueEmail } from './fixtures';
import { latestMailTo } from './mail';

async function signUpOwnUser(page: Page, prefix: string, password: string): Promise<string> {
  const email = uniqueEmail(prefix);
  const res = await page.request.post('/api/auth/sign-up/email', { data: { name: 'Fran Forgetful', email, password }, headers: { origin: E2E_ORIGIN } });
  expect(res.status(), 'sign up').toBe(200);
  // The journey starts signed out, as someone who forgot their password would be.
  await page.context().clearCookies();
  return email;
}

test('"Forgot password?" → the emailed link → a new password → log in with it; the same link then fails', async ({ page }) => {
  const email = await signUpOwnUser(page, 'forgetful', 'the-old-password');

  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Forgot your password?' })).toBeVisible();
  // What was typed on the login page comes along.
  await expect(page.getByLabel('Email')).toHaveValue(email);
  await checkBothWidths(page);
  await screenshots(page, 'forgot-password');

  const asked = new Date();
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Check your email' })).toBeVisible();
  await expect(page.getByText('If an account exists for that address, we sent a link to choose a new password.')).toBeVisible();
  await checkBothWidths(page);

  const mail = await latestMailTo(email, { after: asked, subject: /^Reset your / });
  expect(mail.subject).toContain('Reset your');
  const link = mail.links.find((l) => l.startsWith(`${E2E_ORIGIN}/reset-password?token=`));
  expect(link, mail.text).toBeTruthy();

  await page.goto(link!);
  await expect(page.getByRole('heading', { level: 1, name: 'Choose a new password' })).toBeVisible();
  await checkBothWidths(page);
  await screenshots(page, 'reset-password');
  await page.getByLabel('New password', { exact: true }).fill('the-new-password');
  await page.getByLabel('Confirm new password').fill('the-new-password');
  await page.getByRole('button', { name: 'Save new password' }).click();

  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('status').filter({ hasText: 'Your password is changed. Log in with your new password.' })).toBeVisible();
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill('the-new-password');
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByRole('button', { name: 'Account' })).toBeVisible();

  // The link worked once: opened again, it says so before anything is typed, and offers a new one.
  await page.goto(link!);
  await expect(page.getByRole('heading', { level: 1, name: 'This link has already been used' })).toBeVisible();
  await expect(page.getByRole('alert')).toHaveText('This link has already been used. Ask for a new one.');
  await expect(page.getByLabel('New password', { exact: true })).toHaveCount(0);
  await checkBothWidths(page);
  await screenshots(page, 'reset-password-used');
  await page.getByRole('link', { name: 'Ask for a new link' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Forgot your password?' })).toBeVisible();
});

test('"Forgot password?" answers the same for an address without an account', async ({ page }) => {
  await page.goto('/forgot-password');
  await page.getByLabel('Email').fill(uniqueEmail('nobody'));
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Check your email' })).toBeVisible();
  await expect(page.getByText('If an account exists for that address, we sent a link to choose a new password.')).toBeVisible();
});

test('a reset link with a broken token says it does not work and how to get a new one', async ({ page }) => {
  await page.goto('/reset-password?token=not-a-real-token');
  await expect(page.getByRole('heading', { level: 1, name: 'This link does not work' })).toBeVisible();
  await expect(page.getByRole('alert')).toHaveText('This link is not valid: it may be incomplete or too old. Ask for a new one.');
  await expect(page.getByRole('link', { name: 'Ask for a new link' })).toHaveAttribute('href', '/forgot-password');
});
