import { expect, test } from '@playwright/test';
import { checkBothWidths, DEMO, login, screenshots } from './fixtures';

/** Issue 12: the subscribe links of /schedule-sync, as a coach and as a visitor. */

test("a coach copies the team's private link, subscribes with it, and replaces it: the old link stops working", async ({ page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await login(page, DEMO.coach);
  await page.goto('/schedule-sync');
  await expect(page.getByRole('heading', { level: 1, name: 'Schedule sync' })).toBeVisible();
  const team = page.getByRole('region', { name: 'Blue Jays practices' });
  const link = team.getByRole('textbox', { name: 'Subscribe link' });
  await expect(link).toHaveValue(/\/api\/calendar\/teams\/[A-Za-z0-9_-]{43}\.ics$/);
  const oldUrl = await link.inputValue();

  await team.getByRole('button', { name: 'Copy link' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Link copied.' })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(oldUrl);
  await expect(team.getByRole('link', { name: 'Open in calendar app' })).toHaveAttribute('href', oldUrl.replace(/^http:/, 'webcal:'));

  // What a calendar app gets from the link: the team's practices as iCalendar.
  const feed = await page.request.get(oldUrl);
  expect(feed.status()).toBe(200);
  expect(feed.headers()['content-type']).toContain('text/calendar');
  expect(await feed.text()).toContain('BEGIN:VCALENDAR');

  await team.getByRole('button', { name: 'QR code for a phone' }).click();
  await expect(team.getByRole('img', { name: 'QR code: Blue Jays practices' })).toBeVisible();
  await checkBothWidths(page);
  await screenshots(page, 'schedule-sync-coach');

  await team.getByRole('button', { name: 'Make a new link' }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Make a new link?' });
  await expect(dialog).toContainText('stops working at once');
  await dialog.getByRole('button', { name: 'Make a new link' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'New link made for the Blue Jays.' })).toBeVisible();
  await expect(link).not.toHaveValue(oldUrl);
  const newUrl = await link.inputValue();
  expect((await page.request.get(oldUrl)).status()).toBe(404);
  expect((await page.request.get(newUrl)).status()).toBe(200);
});

test('a visitor gets the league and field links, and is asked to log in for a team link', async ({ page }) => {
  await page.goto('/schedule-sync');
  await expect(page.getByRole('region', { name: "Your team's calendar" })).toContainText('Log in to see yours');
  const league = page.getByRole('region', { name: 'The whole league' });
  await expect(league.getByRole('textbox', { name: 'Subscribe link' })).toHaveValue(/\/api\/calendar\/league\.ics$/);

  const field = page.getByRole('region', { name: 'One field' });
  const fieldLink = field.getByRole('textbox', { name: 'Subscribe link' });
  const first = await fieldLink.inputValue();
  expect(first).toMatch(/\/api\/calendar\/fields\/[0-9a-f-]{36}\.ics$/);
  const picker = field.getByRole('combobox', { name: 'Field' });
  const options = await picker.locator('option').allTextContents();
  expect(options.length).toBeGreaterThan(1);
  await picker.selectOption({ label: options[1]! });
  await expect(fieldLink).not.toHaveValue(first);
  const feed = await page.request.get(await fieldLink.inputValue());
  expect(feed.status()).toBe(200);
  expect(await feed.text()).toContain('BEGIN:VCALENDAR');

  await expect(page.getByRole('region', { name: 'How to subscribe' })).toContainText('Subscribe from web');
  await checkBothWidths(page);
  await screenshots(page, 'schedule-sync-visitor');
});
