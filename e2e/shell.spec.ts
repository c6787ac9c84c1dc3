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
