import { expect, request as apiRequest, test, type APIRequestContext, type APIResponse, type Browser, type Page } from '@playwright/test';
import { Temporal } from 'temporal-polyfill';
import { DEMO, E2E_ORIGIN, expectNoAxeViolations, expectNoHorizontalScroll, login, screenshots, teamBody, uniqueEmail } from './fixtures';
import { latestMailTo } from './mail';

/**
 * Issue 28, rain-outs (docs/decisions/033), at desktop width and on a phone:
 * 1. an admin rains out a facility through the dialog on /admin, reads the toast's counts and the closure on the
 *    Rain-outs list (/admin-block-slot); a visitor reads the field status line on / and /slots; the admin reopens it,
 *    the line goes, and the coach's practice is back on My Reservations;
 * 2. the coach of a rained-out team finds the banner (the practice, the credit) on the next visit, the credit line on
 *    the coach dashboard and on Book a Field, books a make-up practice past the weekly limit ("Book (make-up)"), and
 *    the credit line is gone.
 *
 * Each journey makes its own facility, field, slots, team and coach, so journeys on one server never collide. The
 * rained-out day is two days ahead (in the field status's 7 days, bookable, never "today", whose evening may be
 * past). The make-up week is next week, at a second facility of the journey's own that stays dry. The weekly limit
 * is the active season's, read from its rules and filled by the coach's own bookings: the season is shared with the
 * journeys that run before and after on the same server, which count on its rules as the demo sets them (2 a week),
 * so it is read, not rewritten. A journey that stops early reopens its rain-out (afterwards), so no closure is left
 * on the field status of the journeys that follow.
 */

const TZ = 'America/Chicago';
const headers = { origin: E2E_ORIGIN };
const stamp = () => `${Date.now() % 1_000_000}${Math.floor(Math.random() * 100)}`;
const REASON = 'Wet fields';

const today = () => Temporal.Now.plainDateISO(TZ);
/** "Thu Dec 10", as Book a Field and My Reservations write a day. */
const weekdayDay = (d: Temporal.PlainDate) => d.toLocaleString('en-US', { weekday: 'short', month: 'short', day: 'numeric' }).replace(/,/g, '');
/** "Dec 17" */
const monthDay = (d: Temporal.PlainDate) => d.toLocaleString('en-US', { month: 'short', day: 'numeric' });
/** A wall time on a league day, as the API takes it. */
const at = (day: Temporal.PlainDate, hhmm: string) => day.toPlainDateTime(Temporal.PlainTime.from(hhmm)).toZonedDateTime(TZ).toInstant().toString();
/** "Thu, Dec 3, 4–9 pm" (or "tomorrow 4–9 pm" once the clock passes midnight during the journey), as the field status says it. */
const closedWhen = (day: Temporal.PlainDate) => `(?:tomorrow|${day.toLocaleString('en-US', { weekday: 'short', month: 'short', day: 'numeric' })},) 4–9 pm`;
const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

async function ok<T>(res: APIResponse, status = 201): Promise<T> {
  expect(res.status(), await res.text()).toBe(status);
  return (await res.json()) as T;
}

/** An API session of the demo admin, of its own. */
async function adminApi(): Promise<APIRequestContext> {
  const api = await apiRequest.newContext({ baseURL: E2E_ORIGIN });
  await ok(await api.post('/api/auth/sign-in/email', { data: { email: DEMO.admin, password: DEMO.password }, headers }), 200);
  return api;
}

/** The active season (the demo's are placed around today), as fixtures.ts activeSeason reads it, for an API session. */
async function activeSeasonOf(api: APIRequestContext): Promise<{ id: string; startsOn: string; endsOn: string }> {
  const { seasons } = await ok<{ seasons: Array<{ id: string; startsOn: string; endsOn: string; active: boolean }> }>(await api.get('/api/seasons'), 200);
  const active = seasons.find((s) => s.active);
  if (!active) throw new Error('the demo league has no active season');
  return active;
}

interface Facility {
  id: string;
  name: string;
  fieldId: string;
}

/** A facility with one field, "Diamond 1", and one 5:00–6:30 pm slot on each of `days` (all in the active season). */
async function facilityWithSlots(admin: APIRequestContext, name: string, days: Temporal.PlainDate[]): Promise<Facility> {
  const { facility } = await ok<{ facility: { id: string } }>(await admin.post('/api/facilities', { data: { name }, headers }));
  const { field } = await ok<{ field: { id: string } }>(
    await admin.post('/api/fields', { data: { facilityId: facility.id, name: 'Diamond 1', surface: 'dirt', lights: true, color: '#1e40af' }, headers }),
  );
  const active = await activeSeasonOf(admin);
  const [first, last] = [days[0]!, days.at(-1)!];
  expect(first.toString() >= active.startsOn && last.toString() <= active.endsOn, `${first.toString()}–${last.toString()} in the active season ${active.startsOn}–${active.endsOn}`).toBe(true);
  const generated = await admin.post('/api/slots/generate', {
    data: {
      seasonId: active.id,
      fieldIds: [field.id],
      daysOfWeek: [...new Set(days.map((d) => d.dayOfWeek))],
      firstStart: '17:00',
      lastEnd: '18:30',
      lengthMinutes: 90,
      gapMinutes: 0,
      startDate: first.toString(),
      endDate: last.toString(),
      skipDates: [],
    },
    headers,
  });
  expect(generated.status(), await generated.text()).toBe(200);
  expect(JSON.parse((await generated.text()).trim().split('\n').at(-1)!)).toMatchObject({ type: 'done', created: days.length });
  return { id: facility.id, name, fieldId: field.id };
}

/** The facility's open slot that starts at 5 pm on `day`. */
async function slotOn(api: APIRequestContext, facility: Facility, day: Temporal.PlainDate): Promise<{ id: string; startsAt: string }> {
  const { slots } = await ok<{ slots: Array<{ id: string; startsAt: string }> }>(await api.get(`/api/slots?from=${day.toString()}&to=${day.toString()}&fieldId=${facility.fieldId}`), 200);
  const slot = slots.find((s) => Date.parse(s.startsAt) === Date.parse(at(day, '17:00')));
  expect(slot, `the 5 pm slot of ${facility.name} on ${day.toString()}`).toBeTruthy();
  return slot!;
}

interface Coach {
  email: string;
  password: string;
  team: string;
}

/** A team of the journey's own and its coach, signed up through an invitation. */
async function newCoach(admin: APIRequestContext, team: string): Promise<Coach> {
  const { team: created } = await ok<{ team: { id: string } }>(await admin.post('/api/teams', { data: await teamBody(admin, team, '10U'), headers }));
  const email = uniqueEmail('rain-outs.coach');
  const sent = new Date();
  await ok(await admin.post('/api/admin/invitations', { data: { email, role: 'coach', teamId: created.id }, headers }));
  const link = (await latestMailTo(email, { after: sent, subject: /invited/ })).links.find((l) => l.includes('/invite?token='))!;
  const password = `rain-outs-practice-${stamp()}`;
  const visitor = await apiRequest.newContext({ baseURL: E2E_ORIGIN });
  await ok(await visitor.post('/api/invitations/accept', { data: { token: new URL(link).searchParams.get('token'), name: 'Rory Rainer', password }, headers }));
  await visitor.dispose();
  return { email, password, team };
}

async function book(page: Page, slotId: string): Promise<void> {
  await ok(await page.request.post('/api/bookings', { data: { slotId }, headers }));
}

/** A page of its own at the journey's width, signed in as `email` (or a visitor without). */
async function pageAt(browser: Browser, viewport: { width: number; height: number }, email?: string, password?: string): Promise<Page> {
  const context = await browser.newContext({ baseURL: E2E_ORIGIN, viewport, reducedMotion: 'reduce' });
  const page = await context.newPage();
  if (email) await login(page, email, password);
  return page;
}

/** Reopens a rain-out the journey left closed (it stopped early); one already reopened is fine. */
async function reopenIfOpen(closureId: string | undefined): Promise<void> {
  if (!closureId) return;
  const admin = await adminApi();
  const res = await admin.post(`/api/rain-outs/${closureId}/reopen`, { headers });
  expect([200, 409], await res.text()).toContain(res.status());
  await admin.dispose();
}

/** The field status region, whatever else is closed on the server: one line per closure. */
const fieldStatus = (page: Page) => page.getByRole('region', { name: /^Field closures?$/ });

for (const viewport of [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
]) {
  const phone = viewport.width < 640;
  test.describe(`rain-outs at ${viewport.width} px`, () => {
    test.use({ viewport });

    test('an admin rains out a facility and reopens it; a visitor sees the field status come and go; the coach’s practice comes back', async ({ page, browser }) => {
      const day = today().add({ days: 2 });
      const admin = await adminApi();
      const park = await facilityWithSlots(admin, `Puddle Park ${stamp()}`, [day]);
      const coach = await newCoach(admin, `Drizzles ${stamp()}`);
      await admin.dispose();
      const coachPage = await pageAt(browser, viewport, coach.email, coach.password);
      const practice = await slotOn(coachPage.request, park, day);
      await book(coachPage, practice.id);

      let closureId: string | undefined;
      try {
        // The admin's dialog on /admin: the facility, the day, the times, the reason.
        await login(page, DEMO.admin);
        await page.goto('/admin');
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        await page.getByRole('button', { name: 'Rain-out', exact: true }).click();
        const dialog = page.getByRole('dialog', { name: 'Rain-out' });
        await expect(dialog.getByLabel('Facility')).toBeVisible();
        await dialog.getByLabel('Facility').selectOption({ label: park.name });
        await expect(dialog.getByText(`All checked: the whole of ${park.name} closes.`)).toBeVisible();
        await expect(dialog.getByRole('checkbox', { name: 'Diamond 1' })).toBeChecked();
        await dialog.getByLabel('Day').fill(day.toString());
        await dialog.getByLabel('From').fill('16:00');
        await dialog.getByLabel('To').fill('21:00');
        await dialog.getByRole('group', { name: 'Quick reasons' }).getByRole('button', { name: REASON }).click();
        await expect(dialog.getByRole('textbox', { name: 'Reason' })).toHaveValue(REASON);
        await expectNoAxeViolations(page);
        if (phone) await expectNoHorizontalScroll(page);
        await screenshots(page, 'rain-out-dialog');
        await dialog.getByRole('button', { name: 'Rain out…' }).click();

        const confirm = page.getByRole('alertdialog', { name: `Rain out ${park.name}?` });
        await expect(confirm).toContainText(new RegExp(`Cancels every practice on ${escape(park.name)} ${closedWhen(day)}; each team gets a make-up practice and one email\\.`));
        await expect(confirm).toContainText(`Coaches read the reason: “${REASON}”.`);
        await expectNoAxeViolations(page);
        const created = page.waitForResponse((r) => r.url().endsWith('/api/rain-outs') && r.request().method() === 'POST');
        await confirm.getByRole('button', { name: 'Rain out and cancel practices' }).click();
        closureId = ((await (await created).json()) as { closure: { id: string } }).closure.id;
        await expect(page.getByText(`${park.name} closed: 1 practice cancelled, 1 make-up practice, 1 team told.`)).toBeVisible();
        await expect(dialog).toHaveCount(0);

        // The Rain-outs list on /admin-block-slot: closed, when, why, what it cancelled.
        await page.goto('/admin-block-slot');
        const item = page.getByRole('list', { name: 'Recent rain-outs' }).getByRole('listitem').filter({ hasText: park.name });
        await expect(item).toHaveCount(1);
        await expect(item.getByText('Closed', { exact: true })).toBeVisible();
        await expect(item).toContainText(new RegExp(`Closed ${closedWhen(day)} · ${REASON}`));
        await expect(item).toContainText('1 practice cancelled');
        const reopen = item.getByRole('button', { name: new RegExp(`^Reopen ${escape(park.name)}, `) });
        await expect(reopen).toBeVisible();
        await expectNoAxeViolations(page);
        if (phone) await expectNoHorizontalScroll(page);
        await screenshots(page, 'rain-outs-list');

        // A visitor reads the closure on the landing page and on Book a Field.
        const line = new RegExp(`^${escape(park.name)}: closed ${closedWhen(day)} \\(${REASON}\\)$`);
        const visitor = await pageAt(browser, viewport);
        await visitor.goto('/');
        await expect(fieldStatus(visitor).getByRole('listitem').filter({ hasText: line })).toHaveCount(1);
        await expectNoAxeViolations(visitor);
        await screenshots(visitor, 'field-status-landing');
        await visitor.goto('/slots');
        await expect(visitor.getByRole('heading', { level: 1, name: 'Book a Field' })).toBeVisible();
        const onSlots = fieldStatus(visitor).getByRole('listitem').filter({ hasText: line });
        await expect(onSlots).toHaveCount(1);
        await expectNoAxeViolations(visitor);
        if (phone) await expectNoHorizontalScroll(visitor);

        // The coach's practice is cancelled, for the reason the admin gave.
        await coachPage.goto('/my-reservations');
        const card = coachPage.getByRole('article').filter({ hasText: 'Diamond 1' }).filter({ hasText: weekdayDay(day) });
        await expect(card).toHaveCount(1);
        await expect(card.getByText('Cancelled', { exact: true })).toBeVisible();

        // The admin reopens it, after a question.
        await reopen.click();
        const question = page.getByRole('alertdialog', { name: `Reopen ${park.name}?` });
        await expect(question).toContainText('Practices whose slots are still free come back');
        await question.getByRole('button', { name: 'Reopen', exact: true }).click();
        await expect(page.getByText(`Reopened ${park.name}: 1 practice back.`)).toBeVisible();
        await expect(item.getByText('Reopened', { exact: true })).toBeVisible();
        await expect(item).toContainText('1 practice cancelled · 1 restored');
        await expect(item.getByRole('button', { name: /^Reopen/ })).toHaveCount(0);

        // The visitor's open Book a Field drops the line (live), and the landing page no longer has it.
        await expect(onSlots).toHaveCount(0);
        const status = visitor.waitForResponse((r) => r.url().endsWith('/api/field-status'));
        await visitor.goto('/');
        const answer = (await (await status).json()) as { closures: Array<{ facilityName: string }> };
        expect(answer.closures.map((c) => c.facilityName)).not.toContain(park.name);
        await expect(visitor.getByRole('heading', { level: 1 })).toBeVisible();
        await expect(visitor.getByText(line)).toHaveCount(0);
        await visitor.context().close();

        // The coach's practice is back: confirmed, with its Cancel, and the banner says so.
        await coachPage.reload();
        await expect(card.getByText('Confirmed', { exact: true })).toBeVisible();
        await expect(card.getByText('Cancelled', { exact: true })).toHaveCount(0);
        await expect(card.getByRole('button', { name: /^Cancel / })).toBeVisible();
        const back = coachPage.getByRole('region', { name: `Reopened: ${park.name}` });
        await expect(back).toContainText(`${park.name} reopened: your practice`);
        await expect(back).toContainText('is back on the schedule.');
        await expectNoAxeViolations(coachPage);
        if (phone) await expectNoHorizontalScroll(coachPage);
        await screenshots(coachPage, 'my-reservations-restored');
      } finally {
        await reopenIfOpen(closureId);
        await coachPage.context().close();
      }
    });

    test('the coach of a rained-out team sees the banner and the credit, and books a make-up practice past the weekly limit', async ({ page }) => {
      // The weekly limit that bites: the active season's rules (2 a week in the demo), read, not rewritten.
      const admin = await adminApi();
      const season = await activeSeasonOf(admin);
      const { rules } = await ok<{ rules: { maxPerWeek: number; maxPerDay: number; maxUpcoming: number; bookingOpen: boolean } }>(
        await admin.get(`/api/seasons/${season.id}/booking-rules`),
        200,
      );
      expect(rules.bookingOpen, 'booking is open in the active season').toBe(true);
      expect(rules.maxPerWeek, 'a weekly limit the journey can fill on weekdays, Thursday left for the make-up').toBeGreaterThanOrEqual(1);
      expect(rules.maxPerWeek).toBeLessThanOrEqual(3);
      expect(rules.maxUpcoming, 'room under the upcoming limit for the make-up practice').toBeGreaterThan(rules.maxPerWeek);
      const { makeupDays } = await ok<{ makeupDays: number }>(await admin.get('/api/league'), 200);

      const day = today().add({ days: 2 });
      const monday = today().add({ days: 8 - today().dayOfWeek });
      const week = [0, 1, 2, 3, 4].map((i) => monday.add({ days: i }));
      // Monday onwards up to the limit; Thursday is the make-up.
      const filled = [week[0]!, week[1]!, week[2]!].slice(0, rules.maxPerWeek);
      const thursday = week[3]!;
      const park = await facilityWithSlots(admin, `Soggy Park ${stamp()}`, [day]);
      const dry = await facilityWithSlots(admin, `Dry Meadow ${stamp()}`, week);
      const coach = await newCoach(admin, `Mudlarks ${stamp()}`);

      await login(page, coach.email, coach.password);
      await book(page, (await slotOn(page.request, park, day)).id);
      let closureId: string | undefined;
      try {
        const rainedOut = await ok<{ closure: { id: string }; practicesCancelled: number; creditsGranted: number }>(
          await admin.post('/api/rain-outs', { data: { facilityId: park.id, startsAt: at(day, '16:00'), endsAt: at(day, '21:00'), reason: REASON }, headers }),
        );
        closureId = rainedOut.closure.id;
        expect(rainedOut).toMatchObject({ practicesCancelled: 1, creditsGranted: 1 });
        // The team fills next week to its limit on the dry facility.
        for (const d of filled) await book(page, (await slotOn(page.request, dry, d)).id);

        const credit = `1 make-up practice to use by ${monthDay(day.add({ days: makeupDays }))}`;
        const practice = `${weekdayDay(day)}, 5:00 pm on Diamond 1`;

        // The next visit: the banner says what was cancelled and what the team may do.
        await page.goto('/');
        const banner = page.getByRole('region', { name: `Rained out: ${park.name}` });
        await expect(banner).toContainText(`${park.name} was rained out (${REASON}): your practice ${practice} is cancelled.`);
        await expect(banner).toContainText(`You have ${credit}: book it even past your weekly limit.`);
        await expect(banner.getByRole('link', { name: 'Book a make-up practice' })).toHaveAttribute('href', '/slots');
        await expectNoAxeViolations(page);
        if (phone) await expectNoHorizontalScroll(page);
        await screenshots(page, 'rain-out-banner');

        // The coach dashboard says it beside the limits.
        await page.goto('/coach-dashboard');
        const limits = page.getByRole('region', { name: 'Practices booked' });
        await expect(limits).toContainText(`${credit}: book it on Book a Field, even past your weekly limit.`);
        await expectNoAxeViolations(page);

        // From the banner to Book a Field: the credit under the team's count.
        await page.getByRole('region', { name: `Rained out: ${park.name}` }).getByRole('link', { name: 'Book a make-up practice' }).click();
        await expect(page.getByRole('heading', { level: 1, name: 'Book a Field' })).toBeVisible();
        const strip = page.getByRole('region', { name: 'Your team’s bookings' });
        await expect(strip).toContainText(`${credit}: book even past your weekly limit.`);

        // Next week at the dry facility: the week is full, so Thursday's slot is a make-up.
        await page.goto(`/slots?week=${monday.toString()}&facility=${dry.id}&day=${thursday.toString()}`);
        await expect(strip).toContainText(`${coach.team} · ${rules.maxPerWeek} of ${rules.maxPerWeek} this week`);
        await expect(strip).toContainText(credit);
        const makeup = page.getByRole('button', { name: new RegExp(`Book \\(make-up\\), Diamond 1, ${escape(weekdayDay(thursday))}`) });
        await expect(makeup).toBeVisible();
        await expect(makeup).toContainText('Book (make-up)');
        await expectNoAxeViolations(page);
        if (phone) await expectNoHorizontalScroll(page);
        await screenshots(page, 'book-a-field-make-up');

        await makeup.click();
        const confirm = page.getByRole('alertdialog', { name: 'Book a make-up practice?' });
        await expect(confirm).toContainText('This uses 1 of your make-up practices: it is past your weekly limit.');
        await expectNoAxeViolations(page);
        await confirm.getByRole('button', { name: 'Book make-up practice' }).click();
        await expect(page.getByText(new RegExp(`^Booked ${escape(weekdayDay(thursday))}, 5:00 pm at Diamond 1 for ${escape(coach.team)}\\.$`))).toBeVisible();
        await expect(confirm).toHaveCount(0);

        // The credit is used: the line is gone, and no slot offers a make-up any more.
        await expect(strip).toContainText(`${coach.team} · ${rules.maxPerWeek + 1} of ${rules.maxPerWeek} this week`);
        await expect(strip).not.toContainText('make-up practice');
        await expect(page.getByRole('button', { name: /Book \(make-up\)/ })).toHaveCount(0);
        await page.goto('/coach-dashboard');
        const upcoming = page.getByRole('region', { name: 'Practices booked' }).getByRole('listitem').filter({ has: page.getByText('Upcoming', { exact: true }) });
        await expect(upcoming).toContainText(new RegExp(`\\b${rules.maxPerWeek + 1} of ${rules.maxUpcoming}`));
        await expect(page.getByText(/make-up practices? to use by/)).toHaveCount(0);
      } finally {
        await reopenIfOpen(closureId);
        await admin.dispose();
      }
    });
  });
}
