import { expect, test } from '@playwright/test';
import { expectNoAxeViolations } from './fixtures';

// The journeys' accessibility check runs axe in its fastest mode (fixtures.ts); this proves that mode still finds
// violations of the kinds the journeys rely on it for, each named with where it is.
test('the accessibility check reports an unlabelled image, a nameless button and low-contrast text', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expectNoAxeViolations(page);

  await page.evaluate(() => {
    const main = document.querySelector('main') ?? document.body;
    const img = document.createElement('img');
    img.src = '/favicon.ico';
    img.id = 'axe-check-img';
    const button = document.createElement('button');
    button.id = 'axe-check-button';
    const faint = document.createElement('p');
    faint.textContent = 'Faint words on white';
    faint.id = 'axe-check-faint';
    faint.style.color = '#eeeeee';
    faint.style.background = '#ffffff';
    main.append(img, button, faint);
  });
  const failure = await expectNoAxeViolations(page).then(
    () => null,
    (error: Error) => error.message,
  );
  expect(failure).toContain('image-alt');
  expect(failure).toContain('#axe-check-img');
  expect(failure).toContain('button-name');
  expect(failure).toContain('#axe-check-button');
  expect(failure).toContain('color-contrast');
  expect(failure).toContain('#axe-check-faint');
});
