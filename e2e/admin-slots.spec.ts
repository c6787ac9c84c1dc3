import { expect, test } from '@playwright/test';
import { activeSeason, DEMO, E2E_ORIGIN, expectNoAxeViolations, login, screenshots, weekAfterNext } from './fixtures';

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

/**
 * Issue 3: an admin blocks ONE slot with a reason on /admin-block-slot and sees it blocked, with the reason, on
 * the slot lists (/admin-block-slot, /admin-slots) and on a coach's Book a Field; then unblocks it and sees it
 * open everywhere again. Owns Memorial Complex · Turf B on the Wednesday of the week after next.
 */
test('an admin blocks one slot with a reason, sees it blocked on the slot views, then unblocks it', async ({ page, browser }) => {
  test.setTimeout(60_000);
  const week = weekAfterNext();
  const reason = `Infield regrade ${Date.now() % 100000}`;
  await login(page, DEMO.admin);
  const facilities = (await (await page.request.get('/api/facilities')).json()).facilities as Array<{ name: string; fields: Array<{ id: string; name: string }> }>;
  const turfB = facilities.find((f) => f.name === 'Memorial Complex')!.fields.find((f) => f.name === 'Turf B')!.id;
  const view = `week=${week.monday}&field=${turfB}&day=${week.wednesday}`;

  const coachContext = await browser.newContext();
  const coach = await coachContext.newPage();
  try {
    await page.goto(`/admin-block-slot?${view}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Block slots' })).toBeVisible();
    const list = page.getByRole('region', { name: 'Slots by week' });
    const select = list.getByRole('button', { name: /^Select the .* slot on / }).first();
    await expect(select).toBeVisible();
    // "the 5:00 pm slot on Wed Mar 4 at Turf B": how the app names this slot in its buttons.
    const slotName = (await select.textContent())!.replace(/^Select\s*/, '').trim();
    const [, time, day, fieldName] = /^the (.+) slot on (.+) at (.+)$/.exec(slotName)!;
    expect(fieldName).toBe('Turf B');
    // The week grid's Book button: "5:00–6:30 pm Book, Turf B, Wed Mar 4" (what it shows, then which slot).
    const bookName = new RegExp(`^${time!.split(' ')[0]}[^,]* Book, Turf B, ${day}$`);
    const row = (scope: typeof list) => scope.getByRole('listitem').filter({ hasText: `${time} –` });

    await login(coach, 'cardinals.coach@demo.cgsl.test');
    await coach.goto(`/slots?week=${week.monday}&field=${turfB}`);
    await expect(coach.getByRole('button', { name: bookName })).toBeVisible();
    await expect(coach.getByText('Blocked:')).toHaveCount(0);

    await select.click();
    await expect(page.locator('#chosen-slot')).toContainText(`${time} – `);
    await expect(row(list)).toContainText('Selected');
    await expectNoAxeViolations(page);
    await page.getByLabel('Category').selectOption('maintenance');
    await page.getByLabel('Reason').fill(reason);
    await page.getByRole('button', { name: 'Block', exact: true }).click();
    await expect(page.getByText('Blocked 1 slot.')).toBeVisible();

    // The week list on the same page: that one slot blocked with the reason; the others stay open.
    await expect(row(list)).toContainText('Blocked');
    await expect(row(list)).toContainText(reason);
    await expect(list.getByRole('button', { name: `Select ${slotName}` })).toHaveCount(0);
    await expect(list.getByText(reason)).toHaveCount(1);
    const activeBlocks = page.getByRole('region', { name: 'Active blocks' });
    const blockItem = activeBlocks.getByRole('listitem').filter({ hasText: `Reason: ${reason}` });
    await expect(blockItem).toHaveCount(1);
    await expectNoAxeViolations(page);

    // The coach's open Book a Field shows it blocked with the reason, and no Book button for it.
    await expect(coach.getByText(`Blocked: ${reason}`).filter({ visible: true })).toHaveCount(1, { timeout: 5000 });
    await expect(coach.getByRole('button', { name: bookName })).toHaveCount(0);
    await expectNoAxeViolations(coach);

    // The same slot on /admin-slots (a second tab of the admin): blocked, with the reason.
    const slotsTab = await page.context().newPage();
    await slotsTab.goto(`/admin-slots?${view}`);
    const adminRow = slotsTab
      .getByRole('region', { name: 'Slots by week' })
      .getByRole('listitem')
      .filter({ has: slotsTab.getByRole('button', { name: `Edit ${slotName}` }) });
    await expect(adminRow).toContainText('Blocked');
    await expect(adminRow).toContainText(reason);

    // Unblock: the slot is open again on every view.
    await blockItem.getByRole('button', { name: /^Unblock/ }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Unblock', exact: true }).click();
    await expect(page.getByText('Unblocked: 1 slot reopened.')).toBeVisible();
    await expect(blockItem).toHaveCount(0);
    await expect(row(list)).toContainText('Open');
    await expect(row(list)).not.toContainText(reason);
    await expect(list.getByRole('button', { name: `Select ${slotName}` })).toBeVisible();
    await expect(coach.getByRole('button', { name: bookName })).toBeVisible({ timeout: 5000 });
    await expect(coach.getByText(`Blocked: ${reason}`)).toHaveCount(0);
    await slotsTab.reload();
    await expect(adminRow).toContainText('Open');
    await expect(adminRow).not.toContainText(reason);
  } finally {
    // Leave no block behind for the other journeys, whatever happened above.
    const blocks = (await (await page.request.get('/api/blocks')).json()).blocks as Array<{ id: string; reason: string }>;
    for (const b of blocks.filter((x) => x.reason === reason)) await page.request.delete(`/api/blocks/${b.id}`, { headers: { origin: E2E_ORIGIN } });
    await coachContext.close();
  }
});
