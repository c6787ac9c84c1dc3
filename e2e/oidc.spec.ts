import { expect, test, type Page } from '@playwright/test';
import { checkBothWidths, DEMO, login, uniqueEmail } from './fixtures';
import { thisWorker } from './workers';

/**
 * "Log in with …" through the league's identity provider (issue 16): the tests' own OpenID provider, which
 * playwright.config.ts starts beside each worker's app (e2e/oidc-provider-server.ts), with its own login page.
 */
const PROVIDER = thisWorker.oidcIssuer;
const PROVIDER_NAME = 'Test League ID';
const PROVIDER_PASSWORD = 'provider-password';
const shots = process.env.E2E_OUTPUT_DIR ?? 'test-results/e2e';

/** A person at the provider (a fresh subject and address each run). */
async function providerPerson(page: Page, fields: { name: string; admin?: boolean }): Promise<string> {
  const email = uniqueEmail(fields.name.toLowerCase().replace(/\W+/g, '.'));
  const res = await page.request.post(`${PROVIDER}/__test__/accounts`, {
    data: { sub: `e2e-${email}`, email, email_verified: true, name: fields.name, ...(fields.admin === undefined ? {} : { admin: fields.admin }) },
  });
  expect(res.status()).toBe(204);
  return email;
}

/** On the provider's own page: sign in there, and come back to the app. */
async function signInAtProvider(page: Page, email: string): Promise<void> {
  await expect(page).toHaveURL(new RegExp(`^${PROVIDER.replace(/[.]/g, '\\.')}/interaction/`));
  await expect(page.getByRole('heading', { name: 'Test League ID' })).toBeVisible();
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(PROVIDER_PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

test('log in with the league’s identity provider: a member lands signed in; an admin-claim person gets the Admin link', async ({ page, browser }) => {
  const member = await providerPerson(page, { name: 'Oona Provider' });

  await page.goto('/login?redirect=%2Fslots');
  const logInWith = page.getByRole('link', { name: `Log in with ${PROVIDER_NAME}` });
  await expect(logInWith).toBeVisible();
  // The email form stays beside it.
  await expect(page.getByRole('button', { name: 'Log in', exact: true })).toBeVisible();
  await checkBothWidths(page);
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 800 });
    await page.screenshot({ path: `${shots}/screenshots/oidc-login-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 800 });

  await logInWith.click();
  await signInAtProvider(page, member);
  // Back at the app, where the person was going, signed in: no Admin link for a member.
  await expect(page).toHaveURL(/\/slots$/);
  const account = page.getByRole('button', { name: 'Account' });
  await expect(account).toBeVisible();
  await account.click();
  await expect(page.getByRole('menu').getByText(member)).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Admin', exact: true })).toHaveCount(0);

  // Another browser: a person the provider gives the admin claim.
  const context = await browser.newContext();
  const adminPage = await context.newPage();
  try {
    const admin = await providerPerson(adminPage, { name: 'Abe Claim', admin: true });
    await adminPage.goto('/login');
    await adminPage.getByRole('link', { name: `Log in with ${PROVIDER_NAME}` }).click();
    await signInAtProvider(adminPage, admin);
    await expect(adminPage.getByRole('button', { name: 'Account' })).toBeVisible();
    const adminLink = adminPage.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Admin', exact: true });
    await expect(adminLink).toBeVisible();
    await adminLink.click();
    await expect(adminPage).toHaveURL(/\/admin$/);
    await expect(adminPage.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(adminPage.getByRole('heading', { level: 1, name: 'Not authorized' })).toHaveCount(0);
  } finally {
    await context.close();
  }
});

test('a provider that is down: "Log in with" comes back to the login page with a message, and password login still works', async ({ page }) => {
  await page.goto('/login');
  await expect(page.getByRole('link', { name: `Log in with ${PROVIDER_NAME}` })).toBeVisible();
  expect((await page.request.post(`${PROVIDER}/__test__/failing`, { data: { failing: true } })).status()).toBe(204);
  try {
    await page.getByRole('link', { name: `Log in with ${PROVIDER_NAME}` }).click();
    await expect(page).toHaveURL(/\/login\?error=oidc_unavailable$/);
    const alert = page.getByRole('alert');
    await expect(alert).toContainText('You are not logged in');
    await expect(alert).toContainText(`${PROVIDER_NAME} is not answering right now, so you cannot log in with it.`);
    await checkBothWidths(page);
    await page.screenshot({ path: `${shots}/screenshots/oidc-down-1280.png`, fullPage: true });
  } finally {
    await page.request.post(`${PROVIDER}/__test__/failing`, { data: { failing: false } });
  }
  // The demo's admin logs in with a password meanwhile.
  await page.getByLabel('Email').fill('admin@demo.cgsl.test');
  await page.getByLabel('Password').fill('practice-demo');
  await page.getByRole('button', { name: 'Log in', exact: true }).click();
  await expect(page.getByRole('button', { name: 'Account' })).toBeVisible();
});

test('an admin switches password sign-up off: /signup offers only the provider; the user manager shows how people sign in', async ({ page, browser }) => {
  // Someone who has signed in with the provider once.
  const visitor = await browser.newContext();
  const person = await visitor.newPage();
  const email = await providerPerson(person, { name: 'Uma Manager' });
  try {
    await person.goto('/login');
    await person.getByRole('link', { name: `Log in with ${PROVIDER_NAME}` }).click();
    await signInAtProvider(person, email);
    await expect(person.getByRole('button', { name: 'Account' })).toBeVisible();
  } finally {
    await visitor.close();
  }

  await login(page, DEMO.admin);
  try {
    await page.goto('/admin');
    const settings = page.getByRole('region', { name: 'League settings' });
    const toggle = settings.getByRole('switch', { name: 'Anyone can create an account with a password' });
    await expect(toggle).toBeChecked();
    await toggle.click();
    await expect(
      page.getByRole('status').filter({ hasText: `Password sign-up is off: new accounts come only from invitations and ${PROVIDER_NAME}.` }),
    ).toBeVisible();
    await expect(toggle).not.toBeChecked();
    await settings.getByRole('heading', { name: 'Sign-up' }).scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${shots}/screenshots/oidc-sign-up-switch-1280.png` });

    // A visitor's /signup: only the provider's button and the reason.
    const fresh = await browser.newContext();
    const signup = await fresh.newPage();
    try {
      await signup.goto('/signup');
      await expect(signup.getByRole('link', { name: `Log in with ${PROVIDER_NAME}` })).toBeVisible();
      await expect(signup.getByText('Sign-up with a password is switched off')).toBeVisible();
      await expect(signup.getByLabel('Password')).toHaveCount(0);
      await checkBothWidths(signup);
      await signup.setViewportSize({ width: 390, height: 844 });
      await signup.screenshot({ path: `${shots}/screenshots/oidc-signup-off-390.png`, fullPage: true });
    } finally {
      await fresh.close();
    }

    await page.goto(`/admin-user-manager?q=${encodeURIComponent(email)}`);
    const row = page.getByRole('article', { name: 'Uma Manager' });
    await expect(row).toContainText(`Signs in with ${PROVIDER_NAME}`);
    await page.setViewportSize({ width: 390, height: 844 });
    await row.screenshot({ path: `${shots}/screenshots/oidc-user-manager-390.png` });
    await page.setViewportSize({ width: 1280, height: 800 });
  } finally {
    // Other journeys sign up with a password.
    const res = await page.request.put('/api/league/password-sign-up', { data: { passwordSignUp: true }, headers: { origin: new URL(page.url()).origin } });
    expect(res.status()).toBe(200);
  }
});
