import { expect, test, type Page } from '@playwright/test';
import { Temporal } from 'temporal-polyfill';
import { checkBothWidths, DEMO, E2E_ORIGIN, login, screenshots } from './fixtures';

/** Issue 12, item 3: an admin imports a game schedule on /schedule-sync; the games block their fields. */

type SlotView = { id: string; status: string; blockReason: string | null; startsAt: string };
const slotsOn = async (page: Page, date: string, fieldId: string) =>
  ((await (await page.request.get(`/api/slots?from=${date}&to=${date}&fieldId=${fieldId}`)).json()) as { slots: SlotView[] }).slots;

test('an admin previews a game schedule with a bad row, applies it with progress, and the games block their field', async ({ page }) => {
  test.setTimeout(90_000);
  await login(page, DEMO.admin);
  // A week five weeks ahead (weekday evening slots 17:00–18:30 and 18:45–20:15), far from other journeys' data.
  const today = Temporal.Now.plainDateISO('America/Chicago');
  const monday = today.add({ days: 8 - today.dayOfWeek + 28 });
  const tuesday = monday.add({ days: 1 });
  const facilities = ((await (await page.request.get('/api/facilities')).json()) as { facilities: Array<{ name: string; fields: Array<{ id: string; name: string }> }> }).facilities;
  // A demo field by name (journeys that ran before may have added facilities of their own): Turf B, five weeks
  // ahead, where no other journey books or blocks.
  const facility = facilities.find((f) => f.name === 'Memorial Complex')!;
  const field = facility.fields.find((f) => f.name === 'Turf B')!;
  const fieldName = `${facility.name} – ${field.name}`;

  // The Blue Jays hold Monday's first slot there: the first game will cancel it and tell their coach.
  const teams = ((await (await page.request.get('/api/teams')).json()) as { teams: Array<{ id: string; name: string }> }).teams;
  const [firstSlot] = await slotsOn(page, monday.toString(), field.id);
  const booked = await page.request.post('/api/admin/bookings/override', {
    data: { slotId: firstSlot!.id, teamId: teams.find((t) => t.name === 'Blue Jays')!.id, reason: 'Game import journey' },
    headers: { origin: E2E_ORIGIN },
  });
  expect(booked.status(), await booked.text()).toBe(201);

  const csv = [
    'date,start,end,field,opponent',
    `${monday.toString()},17:00,19:00,${fieldName},Hawks`,
    `${tuesday.month}/${tuesday.day}/${tuesday.year},6:45 pm,8:30 pm,"${facility.name}, ${field.name}",Owls`,
    `${tuesday.toString()},17:00,19:00,Moon Park – Field 9,Comets`,
  ].join('\n');

  await page.goto('/schedule-sync');
  const card = page.getByRole('region', { name: 'Import a game schedule' });
  await expect(card).toBeVisible();
  await card.getByLabel('Schedule file').setInputFiles({ name: 'games.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });

  // The preview: each game matched to the field, the slots it blocks, the booking it cancels and who is told.
  const table = card.getByRole('table');
  await expect(table).toBeVisible();
  const rows = table.getByRole('row');
  await expect(rows).toHaveCount(4);
  await expect(rows.nth(1)).toContainText('vs Hawks');
  await expect(rows.nth(1)).toContainText(fieldName);
  await expect(rows.nth(1)).toContainText('Blocks 2 slots');
  await expect(rows.nth(1)).toContainText('Cancels the Blue Jays practice at 5:00 pm; tells Casey Coach.');
  await expect(rows.nth(2)).toContainText('Will block');
  await expect(rows.nth(3)).toContainText('Problem');
  await expect(rows.nth(3)).toContainText('No field called "Moon Park – Field 9"; write it as Facility – Field, e.g.');
  await expect(card.getByText('Rows with a problem')).toBeVisible();

  await checkBothWidths(page);
  // On a phone the rows are cards.
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(card.getByRole('list', { name: 'Games in the file' }).getByRole('listitem')).toHaveCount(3);
  await screenshots(page, 'game-import-preview');
  await page.setViewportSize({ width: 1280, height: 800 });

  // Apply: the consequence in words first; the progress bar while the server works (the request is held a moment).
  await page.route('**/api/admin/schedule-import/apply', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1500));
    await route.continue();
  });
  await card.getByRole('button', { name: 'Apply: block 2 games' }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Import the games?' });
  await expect(dialog).toContainText('Block 2 games and cancel 1 booking? Their coaches are emailed.');
  await dialog.getByRole('button', { name: 'Block 2 games' }).click();
  await expect(card.getByRole('progressbar', { name: 'Blocking games' })).toBeVisible();

  await expect(card.getByRole('status').filter({ hasText: 'Import done' })).toContainText('2 games blocked (3 slots), 1 booking cancelled');
  await expect(page.getByRole('status').filter({ hasText: 'Imported: 2 games blocked, 1 booking cancelled.' })).toBeVisible();
  await expect(card.getByRole('progressbar')).toHaveCount(0);
  await checkBothWidths(page);
  await screenshots(page, 'game-import-done');

  // The games' slots are blocked with the game as the reason; the rest of the evening stays open.
  expect((await slotsOn(page, monday.toString(), field.id)).map((s) => [s.status, s.blockReason])).toEqual([
    ['blocked', 'Game: vs Hawks'],
    ['blocked', 'Game: vs Hawks'],
  ]);
  expect((await slotsOn(page, tuesday.toString(), field.id)).map((s) => [s.status, s.blockReason])).toEqual([
    ['open', null],
    ['blocked', 'Game: vs Owls'],
  ]);

  // The same file again changes nothing.
  await page.unroute('**/api/admin/schedule-import/apply');
  await card.getByLabel('Schedule file').setInputFiles({ name: 'games.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
  await expect(table.getByText('Already imported', { exact: true })).toHaveCount(2);
  await expect(card.getByText('Nothing to import: every game in the file is already imported or has a problem to fix first.')).toBeVisible();
  await expect(card.getByRole('button', { name: /^Apply/ })).toHaveCount(0);
});
