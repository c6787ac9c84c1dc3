import { expect, test, type Page } from '@playwright/test';
import { DEMO, E2E_ORIGIN, expectNoAxeViolations, login, screenshots, weekAfterNext } from './fixtures';

/** Issue 4 journeys on the demo league, in the week after next (no demo bookings there). */
const CARDINALS = 'cardinals.coach@demo.cgsl.test';
const ORIOLES = 'orioles.coach@demo.cgsl.test';

async function fieldId(page: Page, facility: string, field: string): Promise<string> {
  const data = (await (await page.request.get('/api/facilities')).json()) as { facilities: Array<{ name: string; fields: Array<{ id: string; name: string }> }> };
  return data.facilities.find((f) => f.name === facility)!.fields.find((f) => f.name === field)!.id;
}

async function slotsOf(page: Page, from: string, to: string, field: string) {
  return ((await (await page.request.get(`/api/slots?from=${from}&to=${to}&fieldId=${field}`)).json()) as { slots: Array<{ id: string; status: string; teamName: string | null; startsAt: string }> }).slots;
}

const origin = (page: Page) => new URL(page.url() === 'about:blank' ? E2E_ORIGIN : page.url()).origin;

test('a coach books a slot, another coach sees it turn booked live, and the coach cancels it in My Reservations', async ({ page, browser }) => {
  test.setTimeout(90_000);
  const week = weekAfterNext();
  await login(page, CARDINALS);
  const field = await fieldId(page, 'Riverside Park', 'Field 1');
  const url = `/slots?week=${week.monday}&field=${field}`;

  const other = await browser.newContext();
  const watcher = await other.newPage();
  await login(watcher, ORIOLES);
  await watcher.goto(url);
  await expect(watcher.getByRole('heading', { level: 1, name: 'Book a Field' })).toBeVisible();

  await page.goto(url);
  const book = page.getByRole('button', { name: /Book, Field 1, / }).first();
  await expect(book).toBeVisible();
  const name = (await book.getAttribute('aria-label'))!;
  await expect(watcher.getByRole('button', { name, exact: true })).toHaveCount(1);
  await expectNoAxeViolations(page);
  await screenshots(page, 'book-a-field');

  await book.click();
  await page.getByRole('button', { name: 'Book practice', exact: true }).click();
  await expect(page.getByText(/^Booked/).first()).toBeVisible();
  // The other coach's open page turns the slot booked without a reload.
  await expect(watcher.getByRole('button', { name, exact: true })).toHaveCount(0, { timeout: 5000 });
  await expect(watcher.getByText('Booked by Cardinals').first()).toBeVisible();
  await other.close();

  await page.goto('/my-reservations');
  await expect(page.getByRole('heading', { level: 1, name: 'My Reservations' })).toBeVisible();
  await expect(page.getByRole('link', { name: /Add to calendar/ }).first()).toBeVisible();
  await expectNoAxeViolations(page);
  await screenshots(page, 'my-reservations');
  const before = (await slotsOf(page, week.monday, week.sunday, field)).filter((s) => s.teamName === 'Cardinals');
  expect(before).toHaveLength(1);
  const monthDay = new Date(before[0]!.startsAt).toLocaleDateString('en-US', { timeZone: 'America/Chicago', month: 'short', day: 'numeric' });
  const card = page.locator('article').filter({ hasText: 'Field 1' }).filter({ hasText: monthDay });
  await card.getByRole('button', { name: /^Cancel / }).click();
  await page.getByRole('button', { name: 'Cancel practice' }).click();
  await expect(card.getByText('Cancelled').first()).toBeVisible();
  await expect.poll(async () => (await slotsOf(page, week.monday, week.sunday, field)).filter((s) => s.teamName === 'Cardinals').length).toBe(0);
});

test('a coach at the weekly limit sees the reason on the slots before clicking', async ({ page }) => {
  const week = weekAfterNext();
  await login(page, DEMO.coach);
  const field = await fieldId(page, 'Memorial Complex', 'Turf A');
  const slots = await slotsOf(page, week.monday, week.sunday, field);
  const localDay = (iso: string) => new Date(iso).toLocaleDateString('en-CA', { timeZone: 'America/Chicago' });
  const days = [...new Set(slots.map((s) => localDay(s.startsAt)))];
  const first = slots.find((s) => localDay(s.startsAt) === days[0])!;
  const second = slots.find((s) => localDay(s.startsAt) === days[1])!;
  const made: string[] = [];
  for (const s of [first, second]) {
    const res = await page.request.post('/api/bookings', { data: { slotId: s.id }, headers: { origin: origin(page) } });
    expect(res.status()).toBe(201);
    made.push(((await res.json()) as { booking: { id: string } }).booking.id);
  }
  try {
    await page.goto(`/slots?week=${week.monday}&field=${field}`);
    await expect(page.getByText(/Blue Jays · 2 of 2 this week/)).toBeVisible();
    await expect(page.getByText(/Blue Jays already has 2 practices in the week of .* \(limit 2\)/).first()).toBeVisible();
    await expect(page.getByRole('button', { name: /Book, Turf A, / })).toHaveCount(0);
  } finally {
    for (const id of made) await page.request.post(`/api/bookings/${id}/cancel`, { data: {}, headers: { origin: origin(page) } });
  }
});

test('an admin overrides and bumps a booking; the bumped booking shows cancelled with the reason', async ({ page, browser }) => {
  const week = weekAfterNext();
  const coachContext = await browser.newContext();
  const coach = await coachContext.newPage();
  await login(coach, ORIOLES);
  const field = await fieldId(coach, 'Lincoln School', 'North Diamond');
  const target = (await slotsOf(coach, week.monday, week.sunday, field)).find((s) => s.status === 'open')!;
  const booked = await coach.request.post('/api/bookings', { data: { slotId: target.id }, headers: { origin: E2E_ORIGIN } });
  expect(booked.status()).toBe(201);

  await login(page, DEMO.admin);
  await page.goto(`/admin-override-booking?week=${week.monday}&field=${field}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Override booking' })).toBeVisible();
  await expectNoAxeViolations(page);
  const row = page.locator('li').filter({ hasText: 'Orioles' }).first();
  await row.getByRole('button', { name: /^Select/ }).click();
  await page.getByLabel('Team').selectOption({ label: 'Robins (12U)' });
  await page.getByLabel('Reason').fill('Make-up practice after the rain-out');
  await page.getByRole('button', { name: 'Book for team' }).click();
  await expect(page.getByRole('alertdialog')).toContainText('Bump Orioles?');
  await page.getByRole('button', { name: 'Bump and book' }).click();
  await expect(page.getByText('Override booked')).toBeVisible();
  await screenshots(page, 'override-booking');

  await coach.goto('/my-reservations');
  await expect(coach.getByText('Cancelled').first()).toBeVisible();
  await expect(coach.getByText(/Bumped by a league admin: Make-up practice after the rain-out/).first()).toBeVisible();
  await coachContext.close();
  const now = (await slotsOf(page, week.monday, week.sunday, field)).find((s) => s.id === target.id)!;
  expect(now).toMatchObject({ status: 'booked', teamName: 'Robins' });
});

test('an admin cancels a booking on Manage bookings; the coach sees it cancelled with the reason in My Reservations', async ({ page, browser }) => {
  const week = weekAfterNext();
  const reason = `Umpire clinic needs the diamond ${Date.now() % 100000}`;
  const coachContext = await browser.newContext();
  const coach = await coachContext.newPage();
  await login(coach, ORIOLES);
  const field = await fieldId(coach, 'Lincoln School', 'South Diamond');
  const target = (await slotsOf(coach, week.monday, week.sunday, field)).find((s) => s.status === 'open')!;
  const booked = await coach.request.post('/api/bookings', { data: { slotId: target.id }, headers: { origin: E2E_ORIGIN } });
  expect(booked.status()).toBe(201);
  const teams = (await (await coach.request.get('/api/teams')).json()) as { teams: Array<{ id: string; name: string }> };
  const orioles = teams.teams.find((t) => t.name === 'Orioles')!.id;

  await login(page, DEMO.admin);
  await page.goto(`/admin-manage-bookings?team=${orioles}&field=${field}&from=${week.monday}&to=${week.sunday}&status=confirmed`);
  await expect(page.getByRole('heading', { level: 1, name: 'Manage bookings' })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: /^1 booking/ })).toBeVisible();
  await page.getByRole('button', { name: /^Cancel Orioles on .* at South Diamond$/ }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Cancel this booking?' });
  await expect(dialog).toContainText('Orioles’ practice');
  // A reason is required.
  await dialog.getByRole('button', { name: 'Cancel booking' }).click();
  await expect(dialog.getByLabel('Reason')).toHaveAttribute('aria-invalid', 'true');
  await expectNoAxeViolations(page);
  await dialog.getByLabel('Reason').fill(reason);
  await dialog.getByRole('button', { name: 'Cancel booking' }).click();
  await expect(page.getByText(/Orioles’ coach is notified\./)).toBeVisible();
  await expect(dialog).toHaveCount(0);

  // The coach's My Reservations: that practice is cancelled, with the admin's reason, and has no Cancel button.
  await coach.goto('/my-reservations');
  await expect(coach.getByRole('heading', { level: 1, name: 'My Reservations' })).toBeVisible();
  const monthDay = new Date(target.startsAt).toLocaleDateString('en-US', { timeZone: 'America/Chicago', month: 'short', day: 'numeric' });
  const card = coach.getByRole('article').filter({ hasText: 'South Diamond' }).filter({ hasText: monthDay });
  await expect(card).toHaveCount(1);
  await expect(card.getByText('Cancelled', { exact: true })).toBeVisible();
  await expect(card).toContainText(`Reason: ${reason}`);
  await expect(card.getByRole('button', { name: /^Cancel / })).toHaveCount(0);
  await expectNoAxeViolations(coach);
  await coachContext.close();
});

test('the admin booking pages pass axe', async ({ page }) => {
  await login(page, DEMO.admin);
  for (const [route, heading] of [
    ['/admin-booking-control', 'Booking rules'],
    ['/admin-manage-bookings', 'Manage bookings'],
  ] as const) {
    await page.goto(route);
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    await expectNoAxeViolations(page);
  }
});
