import { expect, test } from '@playwright/test';
import { DEMO, expectNoAxeViolations, expectNoHorizontalScroll, login, screenshots } from './fixtures';

test.describe('the shell, signed out', () => {
  test('shows the title, the public links, Login and Signup, the footer, and no Admin link', async ({ page }) => {
    await page.goto('/');
    const banner = page.getByRole('banner');
    await expect(banner.getByText('Practice Scheduler')).toBeVisible();
    await expect(banner.locator('img[src="/logo.svg"]').first()).toBeVisible();
    for (const [name, href] of [
      ['Book a Field', '/slots'],
      ['Calendar', '/public-calendar'],
      ['Coach', '/coach-dashboard'],
    ] as const) {
      await expect(banner.getByRole('link', { name, exact: true })).toHaveAttribute('href', href);
    }
    await expect(banner.getByRole('link', { name: 'Admin', exact: true })).toHaveCount(0);
    await expect(banner.getByRole('link', { name: 'Login', exact: true })).toBeVisible();
    await expect(banner.getByRole('link', { name: 'Signup', exact: true })).toBeVisible();
    await expect(page.getByRole('contentinfo')).toContainText(`© ${new Date().getFullYear()}`);
    await expect(page.getByRole('contentinfo')).toContainText('CGSL');
    await screenshots(page, 'landing');
  });

  test('an unknown path shows the not-found page', async ({ page }) => {
    await page.goto('/no/such/page');
    await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
    await expect(page.getByRole('banner')).toBeVisible();
  });

  test('a render error shows "Something went wrong" with the error text', async ({ page }) => {
    await page.goto('/diag?throw=1');
    await expect(page.getByText('Something went wrong')).toBeVisible();
    await expect(page.getByText('Diagnostics test error')).toBeVisible();
  });

  test('every spec route is registered (none is the not-found page)', async ({ page }) => {
    const routes = ['/', '/login', '/signup', '/slots', '/public-calendar', '/coach-dashboard', '/my-reservations', '/practice-request', '/profile', '/clinics', '/contact', '/schedule-sync', '/diag'];
    for (const route of routes) {
      await page.goto(route);
      await expect(page.getByRole('heading', { level: 1 }).first(), route).toBeVisible();
      await expect(page.getByRole('heading', { name: 'Page not found' }), route).toHaveCount(0);
    }
  });

  test('landing, login and signup pass axe', async ({ page }) => {
    for (const route of ['/', '/login', '/signup']) {
      await page.goto(route);
      await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
      await expectNoAxeViolations(page);
    }
    await page.goto('/login');
    await screenshots(page, 'login');
    await page.goto('/signup');
    await screenshots(page, 'signup');
  });
});

test.describe('the Account dropdown by keyboard', () => {
  for (const key of ['Enter', 'Space', 'ArrowDown'] as const) {
    test(`opens with ${key}, arrows to Logout, and Escape closes it with focus back on the button`, async ({ page }) => {
      await login(page, DEMO.coach);
      await page.goto('/');
      const button = page.getByRole('banner').getByRole('button', { name: 'Account' });
      await button.focus();
      await expect(button).toBeFocused();
      await expect(button).toHaveAttribute('aria-expanded', 'false');

      await page.keyboard.press(key);
      const menu = page.getByRole('menu');
      await expect(menu).toBeVisible();
      await expect(button).toHaveAttribute('aria-expanded', 'true');
      await expect(menu.getByText(DEMO.coach)).toBeVisible();
      // The first item that can be chosen is active; the 'Signed in as' header is skipped.
      const profile = menu.getByRole('menuitem', { name: 'Profile' });
      await expect(profile).toHaveAttribute('data-focus', '');

      await page.keyboard.press('ArrowDown');
      await expect(menu.getByRole('menuitem', { name: 'My reservations' })).toHaveAttribute('data-focus', '');
      await page.keyboard.press('ArrowDown');
      const logout = menu.getByRole('menuitem', { name: 'Logout' });
      await expect(logout).toHaveAttribute('data-focus', '');
      await expect(profile).not.toHaveAttribute('data-focus', '');

      await page.keyboard.press('Escape');
      await expect(menu).toHaveCount(0);
      await expect(button).toHaveAttribute('aria-expanded', 'false');
      await expect(button).toBeFocused();
      // Still signed in: Escape chose nothing.
      await expect(page.getByRole('banner').getByRole('link', { name: 'Login', exact: true })).toHaveCount(0);
    });
  }

  test('Enter on Logout logs out', async ({ page }) => {
    await login(page, DEMO.coach);
    await page.goto('/');
    const button = page.getByRole('banner').getByRole('button', { name: 'Account' });
    await button.focus();
    await page.keyboard.press('ArrowUp');
    await expect(page.getByRole('menuitem', { name: 'Logout' })).toHaveAttribute('data-focus', '');
    await page.keyboard.press('Enter');
    await expect(page.getByRole('banner').getByRole('link', { name: 'Login', exact: true })).toBeVisible();
  });
});

test.describe('the league name', () => {
  test('the name an admin saves in the league settings shows in the footer; the top bar keeps the product title', async ({ page }) => {
    await login(page, DEMO.admin);
    const original = (await (await page.request.get('/api/league')).json()) as { name: string; shortName: string; timeZone: string; contactEmail: string | null };
    const renamed = `Maple Valley League ${Date.now() % 1_000_000}`;
    try {
      await page.goto('/admin');
      const year = new Date().getFullYear();
      await expect(page.getByRole('contentinfo')).toContainText(`© ${year} ${original.name}`);
      const settings = page.getByRole('region', { name: 'League settings' });
      await settings.getByLabel('League name').fill(renamed);
      await settings.getByRole('button', { name: 'Save league settings' }).click();
      await expect(page.getByText('League settings saved.')).toBeVisible();
      await expect(page.getByRole('contentinfo')).toContainText(`© ${year} ${renamed}`);
      // Everyone sees it, on a fresh load too.
      await page.goto('/slots');
      await expect(page.getByRole('contentinfo')).toContainText(`© ${year} ${renamed}`);
      await expect(page.getByRole('banner').getByText('Practice Scheduler', { exact: true })).toBeVisible();
      await expect(page.getByRole('banner')).not.toContainText(renamed);
    } finally {
      // Put the demo league's name back for the journeys that follow.
      const restore = await page.request.put('/api/league', {
        data: { ...original, contactEmail: original.contactEmail ?? '' },
        headers: { origin: new URL(page.url()).origin },
      });
      expect(restore.status()).toBe(200);
    }
  });
});

test.describe('the shell on a phone (390 px)', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the mobile menu repeats the links and shows the email and team', async ({ page }) => {
    await login(page, DEMO.coach);
    await page.goto('/');
    await expectNoHorizontalScroll(page);
    await page.getByRole('button', { name: 'Open menu' }).click();
    const menu = page.getByRole('navigation', { name: 'Mobile' }).locator('..');
    for (const name of ['Book a Field', 'Calendar', 'Coach']) await expect(menu.getByRole('link', { name, exact: true })).toBeVisible();
    await expect(menu.getByText(DEMO.coach)).toBeVisible();
    await expect(menu.getByText('Blue Jays')).toBeVisible();
    await expect(menu.getByRole('link', { name: 'Admin', exact: true })).toHaveCount(0);
    await menu.getByRole('link', { name: 'Calendar', exact: true }).click();
    await expect(page).toHaveURL(/\/public-calendar$/);
  });

  test('the admin sees the Admin link in the mobile menu', async ({ page }) => {
    await login(page, DEMO.admin);
    await page.goto('/');
    await page.getByRole('button', { name: 'Open menu' }).click();
    const mobileNav = page.getByRole('navigation', { name: 'Mobile' });
    const admin = mobileNav.getByRole('link', { name: 'Admin', exact: true });
    await expect(admin).toBeVisible();
    await expect(admin).toHaveAttribute('href', '/admin');
    await expect(mobileNav.locator('..').getByText(DEMO.admin)).toBeVisible();
    await admin.click();
    await expect(page).toHaveURL(/\/admin$/);
    await expect(page.getByRole('heading', { level: 1, name: 'League admin' })).toBeVisible();
    await expectNoHorizontalScroll(page);
  });

  test('keyboard: the menu opens with Enter and closes with Escape', async ({ page }) => {
    await page.goto('/');
    const button = page.getByRole('button', { name: 'Open menu' });
    await button.focus();
    await page.keyboard.press('Enter');
    const mobileNav = page.getByRole('navigation', { name: 'Mobile' });
    await expect(mobileNav).toBeVisible();
    await expect(button).toHaveAttribute('aria-expanded', 'true');
    await page.keyboard.press('Escape');
    await expect(mobileNav).toHaveCount(0);
    await expect(button).toHaveAttribute('aria-expanded', 'false');
  });
});
