import { expect, test, type Page } from '@playwright/test';
import { checkBothWidths, E2E_ORIGIN, expectNoAxeViolations, screenshots, uniqueEmail } from './fixtures';
import { latestMailTo } from './mail';

/** Signs up a person of its own through the API; the session cookie lands in the page's browser context. */
async function signUp(page: Page, prefix: string, password: string): Promise<string> {
  const email = uniqueEmail(prefix);
  const res = await page.request.post('/api/auth/sign-up/email', { data: { name: 'Robin Profile', email, password }, headers: { origin: E2E_ORIGIN } });
  expect(res.status(), 'sign up').toBe(200);
  return email;
}

test('email choices: reminders on by default, a change is saved with a toast and is still there after a reload', async ({ page }) => {
  await signUp(page, 'prefs', 'a-long-password');
  await page.goto('/profile');
  const emails = page.getByRole('region', { name: 'Emails from the league' });
  const bookings = emails.getByRole('switch', { name: 'Booking changes' });
  const reminders = emails.getByRole('switch', { name: 'Practice reminders' });
  await expect(reminders).toBeChecked();
  await expect(bookings).toBeChecked();
  await expect(emails.getByText(/Password reset and email confirmation messages are always sent/)).toBeVisible();
  await checkBothWidths(page);
  await screenshots(page, 'profile');

  await reminders.click();
  await expect(reminders).not.toBeChecked();
  await emails.getByRole('button', { name: 'Save email choices' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Email choices saved.' })).toBeVisible();

  await page.reload();
  await expect(reminders).not.toBeChecked();
  await expect(bookings).toBeChecked();
  await expect(emails.getByRole('button', { name: 'Save email choices' })).toBeDisabled();
});

test('email verification: not required to use the app; "Resend verification email", then the link confirms it', async ({ page }) => {
  const email = await signUp(page, 'verify', 'a-long-password');
  await page.goto('/profile');
  await expect(page.getByText('Confirm your email address')).toBeVisible();

  const asked = new Date();
  await page.getByRole('button', { name: 'Resend verification email' }).click();
  await expect(page.getByRole('status').filter({ hasText: `We sent a new link to ${email}.` })).toBeVisible();
  const mail = await latestMailTo(email, { after: asked, subject: /^Confirm your email address/ });
  const link = mail.links.find((l) => l.startsWith(`${E2E_ORIGIN}/api/auth/verify-email?token=`));
  expect(link, mail.text).toBeTruthy();

  await page.goto(link!);
  await expect(page).toHaveURL(/\/profile$/);
  await expect(page.getByRole('status').filter({ hasText: 'Your email address is confirmed. Thank you!' })).toBeVisible();
  await expect(page.getByText('Email confirmed')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Resend verification email' })).toHaveCount(0);
});

test('sign out of every other device: the other browser is signed out, this one stays', async ({ page, browser }) => {
  const password = 'a-long-password';
  const email = await signUp(page, 'devices', password);
  const phone = await browser.newContext({ baseURL: E2E_ORIGIN });
  try {
    const signIn = await phone.request.post('/api/auth/sign-in/email', { data: { email, password }, headers: { origin: E2E_ORIGIN } });
    expect(signIn.status()).toBe(200);
    expect((await phone.request.get('/api/me')).status()).toBe(200);

    await page.goto('/profile');
    await page.getByRole('button', { name: 'Sign out of every other device' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Sign out of every other device?' });
    await expect(dialog.getByText(/except this one/)).toBeVisible();
    await expectNoAxeViolations(page);
    await dialog.getByRole('button', { name: 'Sign out other devices' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Signed out of every other device. You are still logged in here.' })).toBeVisible();

    expect((await phone.request.get('/api/me')).status()).toBe(401);
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Your profile' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Account' })).toBeVisible();
  } finally {
    await phone.close();
  }
});

test('change password: the current one is required; the new one works at the next login', async ({ page }) => {
  const email = await signUp(page, 'changer', 'the-first-password');
  await page.goto('/profile');
  const card = page.getByRole('region', { name: 'Password' });

  await card.getByLabel('Current password').fill('not-my-password');
  await card.getByLabel('New password', { exact: true }).fill('the-second-password');
  await card.getByLabel('Confirm new password').fill('the-second-password');
  await card.getByRole('button', { name: 'Change password' }).click();
  await expect(card.getByText('That password is incorrect')).toBeVisible();
  await checkBothWidths(page);

  await card.getByLabel('Current password').fill('the-first-password');
  await card.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Password changed. Every other device is signed out.' })).toBeVisible();
  await expect(card.getByLabel('Current password')).toHaveValue('');

  // Still signed in here (a fresh session), and the next login takes the new password only.
  await page.reload();
  await expect(page.getByRole('button', { name: 'Account' })).toBeVisible();
  await page.getByRole('button', { name: 'Account' }).click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await expect(page.getByRole('banner').getByRole('link', { name: 'Login', exact: true })).toBeVisible();
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill('the-first-password');
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByText('Email or password is incorrect').first()).toBeVisible();
  await page.getByLabel('Password').fill('the-second-password');
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByRole('button', { name: 'Account' })).toBeVisible();
});
