import { expect, test } from '@playwright/test';
import { activeSeason, DEMO, expectNoAxeViolations, login, screenshots, weekAfterNext } from './fixtures';

/**
 * Issue 3 journey: an admin creates a facility and a field, previews and generates a week of slots, blocks one
 * with a reason and sees it blocked, in the week after next (inside the demo's active season).
 */
test('an admin creates a facility and field, generates a week of slots, and blocks one with a reason', async ({ page }) => {
  test.setTimeout(90_000);
  const suffix = String(Date.now() % 100000);
  const facilityName = `Test Park ${suffix}`;
  const fieldName = `Diamond ${suffix}`;
  await login(page, DEMO.admin);
  const season = await activeSeason(page);
  const week = weekAfterNext();

  await page.goto('/admin-facility-manager');
  await expect(page.getByRole('heading', { level: 1, name: 'Facilities' })).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: 'New facility' }).click();
  const facilityDialog = page.getByRole('dialog', { name: 'New facility' });
  await facilityDialog.getByLabel('Facility name').fill(facilityName);
  await facilityDialog.getByLabel('Address').fill('9 Test Lane');
  await facilityDialog.getByRole('button', { name: 'Create facility' }).click();
  await expect(facilityDialog).toHaveCount(0);
  await expect(page.getByText(facilityName).first()).toBeVisible();

  await page.getByRole('button', { name: `Add field to ${facilityName}` }).click();
  const fieldDialog = page.getByRole('dialog', { name: 'Add field' });
  await fieldDialog.getByLabel('Field name').fill(fieldName);
  await fieldDialog.getByLabel('Surface').selectOption('turf');
  await fieldDialog.getByLabel('Lights').check();
  await fieldDialog.getByRole('button', { name: 'Add field' }).click();
  await expect(fieldDialog).toHaveCount(0);
  await expect(page.getByText(fieldName).first()).toBeVisible();
  await screenshots(page, 'admin-facilities');

  await page.goto('/admin-slots');
  await expect(page.getByRole('heading', { level: 1, name: 'Slots' })).toBeVisible();
  await page.getByLabel('Season').first().selectOption({ label: season.name });
  await page.getByRole('checkbox', { name: fieldName, exact: true }).check();
  for (const day of ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun']) await page.getByRole('checkbox', { name: day, exact: true }).check();
  await page.getByLabel('First start').fill('17:00');
  await page.getByLabel('Last end').fill('19:00');
  await page.getByLabel('Slot length (minutes)').fill('60');
  await page.getByLabel('Gap between slots (minutes)').fill('0');
  await page.getByLabel('From', { exact: true }).fill(week.monday);
  await page.getByLabel('To', { exact: true }).fill(week.sunday);
  await page.getByRole('button', { name: 'Preview' }).click();
  const create = page.getByRole('button', { name: 'Create 14 slots' });
  await expect(create).toBeVisible();
  await expectNoAxeViolations(page);
  await create.click();
  await expect(page.getByText(/Created 14 slots/).first()).toBeVisible();
  await screenshots(page, 'admin-slots');

  // The slots exist, on the new field, at 5:00 pm in the league's time zone.
  const facilities = (await (await page.request.get('/api/facilities')).json()).facilities as Array<{ name: string; fields: Array<{ id: string; name: string }> }>;
  const fieldId = facilities.find((f) => f.name === facilityName)!.fields.find((f) => f.name === fieldName)!.id;
  const created = (await (await page.request.get(`/api/slots?from=${week.monday}&to=${week.sunday}&fieldId=${fieldId}`)).json()).slots as Array<{ startsAt: string }>;
  expect(created).toHaveLength(14);
  const localStart = new Date(created[0]!.startsAt).toLocaleString('en-US', { timeZone: 'America/Chicago', hour: 'numeric', minute: '2-digit', weekday: 'short' });
  expect(localStart).toMatch(/^Mon 5:00\sPM$/);

  await page.goto('/admin-block-slot');
  await expect(page.getByRole('heading', { level: 1, name: 'Block slots' })).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByRole('radio', { name: 'A field' }).check();
  await page.getByLabel('Field', { exact: true }).selectOption({ label: `${facilityName} · ${fieldName}` });
  await page.getByLabel('Starts').fill(`${week.tuesday}T00:00`);
  await page.getByLabel('Ends').fill(`${week.wednesday}T00:00`);
  await page.getByLabel('Category').selectOption('weather');
  await page.getByLabel('Reason').fill('Field flooded');
  await page.getByRole('button', { name: 'Block', exact: true }).click();
  await expect(page.getByText(/Blocked 2 slots/).first()).toBeVisible();
  await expect(page.getByText('Field flooded').first()).toBeVisible();
  await screenshots(page, 'admin-block-slot');

  const blocked = (await (await page.request.get(`/api/slots?from=${week.tuesday}&to=${week.tuesday}&fieldId=${fieldId}`)).json()).slots as Array<{ status: string; blockReason: string }>;
  expect(blocked.map((s) => [s.status, s.blockReason])).toEqual([
    ['blocked', 'Field flooded'],
    ['blocked', 'Field flooded'],
  ]);
});
