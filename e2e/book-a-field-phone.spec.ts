import { expect, test, type Page } from '@playwright/test';
import { DEMO, expectNoAxeViolations, expectNoHorizontalScroll, login, screenshots } from './fixtures';

/**
 * Issue 11 ("a light page"): on a phone, Book a Field shows its first slots in the first screen. The filters
 * fold into a compact bar (the week, a line saying what is shown, a Filters button) and every filter stays
 * reachable by keyboard and screen reader; from md up the filter bar is as before. Reads the demo league only.
 */
const PHONE = { width: 390, height: 844 };

/** The first slot of the chosen day (a card in the day tab's list). */
const firstSlot = (page: Page) => page.getByRole('tabpanel').getByRole('listitem').first();

test.describe('Book a Field on a phone (390 × 844)', () => {
  test.use({ viewport: PHONE });

  for (const who of ['visitor', 'coach'] as const) {
    test(`the first slot is wholly in the first screen, for a ${who}`, async ({ page }) => {
      if (who === 'coach') await login(page, DEMO.coach);
      await page.goto('/slots');
      await expect(page.getByRole('heading', { level: 1, name: 'Book a Field' })).toBeVisible();
      if (who === 'coach') await expect(page.getByText(/^Blue Jays · \d+ of 2 this week/)).toBeVisible();
      else await expect(page.getByText(/Log in to book a practice\./)).toBeVisible();
      await expect(firstSlot(page)).toBeVisible();
      // Wholly inside the viewport, at the top of the page, without scrolling.
      expect(await page.evaluate(() => window.scrollY)).toBe(0);
      await expect(firstSlot(page)).toBeInViewport({ ratio: 1 });
      await expectNoHorizontalScroll(page);
      await expectNoAxeViolations(page);
    });
  }

  test('every filter is behind the Filters button, by keyboard, and what is shown is said above the slots', async ({ page }) => {
    await page.goto('/slots');
    const filters = page.getByRole('button', { name: /^Filters/ });
    await expect(filters).toHaveAttribute('aria-expanded', 'false');
    await expect(page.getByText('All facilities and fields')).toBeVisible();
    await expect(page.getByLabel('Season')).toBeHidden();
    await expect(page.getByRole('button', { name: 'Previous week' })).toBeVisible();
    await expect(firstSlot(page)).toBeVisible();

    // Open with the keyboard; the panel follows the button, so Tab goes straight into it.
    await filters.focus();
    await page.keyboard.press('Enter');
    await expect(filters).toHaveAttribute('aria-expanded', 'true');
    const panel = page.locator(`[id="${await filters.getAttribute('aria-controls')}"]`);
    await expect(panel).toBeVisible();
    await page.keyboard.press('Tab');
    await expect(page.getByLabel('Season')).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(page.getByLabel('Field', { exact: true })).toBeFocused();
    await expect(panel.getByRole('group', { name: 'Facility' })).toBeVisible();
    await expect(panel.getByLabel('Show the week of').filter({ visible: true })).toBeVisible();
    await expectNoAxeViolations(page);
    await screenshots(page, 'book-a-field-filters-open');

    // A facility chosen by keyboard: the URL, the summary line and the button's count follow.
    const riverside = panel.getByRole('button', { name: 'Riverside Park' });
    await riverside.focus();
    await page.keyboard.press('Enter');
    await expect(riverside).toHaveAttribute('aria-pressed', 'true');
    await expect(page).toHaveURL(/[?&]facility=/);
    await expect(page.getByText('Riverside Park · all fields')).toBeVisible();
    await expect(filters).toHaveAccessibleName(/^Filters\s+1 set$/);
    await expect(firstSlot(page)).toContainText(/./);
    await expect(page.getByRole('tabpanel').getByRole('heading', { level: 4 }).first()).toContainText('Riverside Park');

    // Closing folds the filters away again; the choice stays.
    await filters.focus();
    await page.keyboard.press('Enter');
    await expect(filters).toHaveAttribute('aria-expanded', 'false');
    await expect(panel).toBeHidden();
    await expect(page.getByText('Riverside Park · all fields')).toBeVisible();
    await expectNoAxeViolations(page);
  });

  test('from md up the filter bar shows every filter, with no Filters button', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto('/slots');
    await expect(page.getByLabel('Season')).toBeVisible();
    await expect(page.getByLabel('Field', { exact: true })).toBeVisible();
    await expect(page.getByRole('group', { name: 'Facility' })).toBeVisible();
    await expect(page.getByRole('button', { name: /^Filters/ })).toBeHidden();
    await expect(page.getByRole('button', { name: 'Previous week' })).toHaveCount(1);
    await expect(page.getByRole('table')).toBeVisible();
    await screenshots(page, 'book-a-field-visitor');
  });
});
