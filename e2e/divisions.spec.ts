import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { Temporal } from 'temporal-polyfill';
import { DEMO, E2E_ORIGIN, expectNoAxeViolations, expectNoHorizontalScroll, login, screenshots } from './fixtures';
import { apiAs, divisionId, headers, newCoach, ok, stamp, today, TZ } from './journey-api';

/**
 * Issue 29, divisions (docs/decisions/035), at desktop width and on a phone:
 * - an 8U coach sees only the fields for 8U on Book a Field; "Show every field" shows the 12U field greyed out, with
 *   the reason and no Book;
 * - an admin opens 12U first: on the booking rules page, the journey's own 12U division opens now and its 10U division
 *   tomorrow at 9:00 am; the 12U coach books, the 10U coach is told when booking opens.
 *
 * Each journey makes its own facility, divisions, teams and coaches, so journeys on one server never collide; it closes
 * the facility at the end, which takes its slots out of the pages the other journeys read.
 */

/** A facility of its own with these fields (each limited to some divisions, or none) and 5:00–6:30 pm and 6:30–8:00 pm slots on `day`. */
async function facilityWithFields(
  admin: APIRequestContext,
  name: string,
  fields: Array<{ name: string; divisionIds: string[] }>,
  day: Temporal.PlainDate,
): Promise<{ facilityId: string; fieldIds: string[] }> {
  const { facility } = await ok<{ facility: { id: string } }>(await admin.post('/api/facilities', { data: { name }, headers }));
  const fieldIds: string[] = [];
  for (const f of fields) {
    const { field } = await ok<{ field: { id: string; divisionIds: string[] } }>(
      await admin.post('/api/fields', { data: { facilityId: facility.id, name: f.name, surface: 'dirt', lights: true, color: '#1e40af', divisionIds: f.divisionIds }, headers }),
    );
    expect(field.divisionIds).toEqual(f.divisionIds);
    fieldIds.push(field.id);
  }
  const { seasons } = await ok<{ seasons: Array<{ id: string; startsOn: string; endsOn: string; active: boolean }> }>(await admin.get('/api/seasons'), 200);
  const active = seasons.find((s) => s.active)!;
  const generated = await admin.post('/api/slots/generate', {
    data: {
      seasonId: active.id,
      fieldIds,
      daysOfWeek: [day.dayOfWeek],
      firstStart: '17:00',
      lastEnd: '20:00',
      lengthMinutes: 90,
      gapMinutes: 0,
      startDate: day.toString(),
      endDate: day.toString(),
      skipDates: [],
    },
    headers,
  });
  expect(generated.status(), await generated.text()).toBe(200);
  expect(JSON.parse((await generated.text()).trim().split('\n').at(-1)!)).toMatchObject({ type: 'done', created: 2 * fields.length });
  return { facilityId: facility.id, fieldIds };
}

/** Closes the journey's facility (its bookings cancelled first, as closing asks). */
async function closeFacility(admin: APIRequestContext, facilityId: string, name: string, fieldIds: string[], day: Temporal.PlainDate): Promise<void> {
  for (const fieldId of fieldIds) {
    const { slots } = await ok<{ slots: Array<{ bookingId: string | null }> }>(await admin.get(`/api/slots?from=${day.toString()}&to=${day.toString()}&fieldId=${fieldId}`), 200);
    for (const { bookingId } of slots.filter((x) => x.bookingId)) {
      const cancelled = await admin.post(`/api/admin/bookings/${bookingId}/cancel`, { data: { reason: 'The divisions journey is over' }, headers });
      expect.soft(cancelled.status(), await cancelled.text()).toBe(200);
    }
  }
  const closed = await admin.put(`/api/facilities/${facilityId}`, { data: { name, address: null, mapUrl: null, notes: null, active: false }, headers });
  expect.soft(closed.status(), await closed.text()).toBe(200);
}

/** Book a Field on the journey's facility, the week (and the phone's day tab) of `day`. */
async function openBookAField(page: Page, facilityId: string, day: Temporal.PlainDate): Promise<void> {
  const monday = day.subtract({ days: day.dayOfWeek - 1 });
  await page.goto(`/slots?week=${monday.toString()}&facility=${facilityId}&day=${day.toString()}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Book a Field' })).toBeVisible();
}

const slotCards = (page: Page) => page.locator('[data-slot]');

for (const viewport of [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
]) {
  const phone = viewport.width < 640;
  test.describe(`divisions at ${viewport.width} px`, () => {
    test.use({ viewport });

    test('an 8U coach sees only the fields for 8U; "Show every field" shows the 12U field greyed out with the reason', async ({ page }) => {
      const day = today().add({ days: 2 });
      const admin = await apiAs(DEMO.admin);
      const s = stamp();
      const facilityName = `Division Park ${s}`;
      const [eight, twelve] = [await divisionId(admin, '8U'), await divisionId(admin, '12U')];
      const { facilityId, fieldIds } = await facilityWithFields(
        admin,
        facilityName,
        [
          { name: 'Little Diamond', divisionIds: [eight] },
          { name: 'Big Diamond', divisionIds: [twelve] },
        ],
        day,
      );
      const coach = await newCoach(admin, `Sparrows ${s}`, 'division', { id: eight });
      try {
        await login(page, coach.email, coach.password);
        await openBookAField(page, facilityId, day);
        // Only the 8U field's two slots; the 12U field is not shown, and the page says so.
        await expect(slotCards(page)).toHaveCount(2);
        await expect(slotCards(page).filter({ hasText: 'Big Diamond' })).toHaveCount(0);
        await expect(page.getByRole('button', { name: /Book, Little Diamond, / })).toHaveCount(2);
        await expectNoAxeViolations(page);
        if (phone) await expectNoHorizontalScroll(page);
        await screenshots(page, 'divisions-8u-fields');

        // "Show every field" (on a phone, among the folded filters): the 12U field's slots appear, greyed out with the
        // reason, and never with Book.
        if (phone) await page.getByRole('button', { name: /^Filters/ }).click();
        await expect(page.getByText('1 field is for other divisions and not shown.')).toBeVisible();
        await page.getByLabel('Show every field').check();
        await expect(slotCards(page)).toHaveCount(4);
        await expect(slotCards(page).filter({ hasText: 'For other divisions' })).toHaveCount(2);
        await expect(page.getByRole('button', { name: /Book, Big Diamond, / })).toHaveCount(0);
        await expect(page.getByText(`Big Diamond is only for 12U teams, and ${coach.team} play in 8U. Pick a slot on another field.`).first()).toBeVisible();
        await expectNoAxeViolations(page);
        if (phone) await expectNoHorizontalScroll(page);
        await screenshots(page, 'divisions-every-field');

        // The 8U field books as ever.
        await page.getByRole('button', { name: /Book, Little Diamond, / }).first().click();
        await page.getByRole('button', { name: 'Book practice', exact: true }).click();
        await expect(page.getByText(/^Booked/).first()).toBeVisible();
      } finally {
        await closeFacility(admin, facilityId, facilityName, fieldIds, day);
        await admin.dispose();
      }
    });

    test('an admin opens 12U first: its coach books now, the 10U coach is told booking opens tomorrow at 9:00 am', async ({ page, browser }) => {
      const day = today().add({ days: 2 });
      const admin = await apiAs(DEMO.admin);
      const s = stamp();
      const facilityName = `Staged Park ${s}`;
      const [older, younger] = [`12U ${s}`, `10U ${s}`];
      const { division: twelve } = await ok<{ division: { id: string } }>(await admin.post('/api/admin/divisions', { data: { name: older }, headers }));
      const { division: ten } = await ok<{ division: { id: string } }>(await admin.post('/api/admin/divisions', { data: { name: younger }, headers }));
      const { facilityId, fieldIds } = await facilityWithFields(admin, facilityName, [{ name: 'Diamond 1', divisionIds: [] }], day);
      const [olderCoach, youngerCoach] = [await newCoach(admin, `Ospreys ${s}`, 'division', twelve), await newCoach(admin, `Wrens ${s}`, 'division', ten)];
      const tomorrowNine = today().add({ days: 1 }).toPlainDateTime({ hour: 9 });
      const anHourAgo = Temporal.Now.zonedDateTimeISO(TZ).subtract({ hours: 1 }).toPlainDateTime().round({ smallestUnit: 'minute', roundingMode: 'floor' });
      const local = (t: Temporal.PlainDateTime) => t.toString({ smallestUnit: 'minute' });
      const weekday = (d: Temporal.PlainDate) => d.toLocaleString('en-US', { weekday: 'short', month: 'short', day: 'numeric' }).replace(/,/g, '');
      const opensWords = `${weekday(tomorrowNine.toPlainDate())}, 9:00 am`;
      // The rule's refusal, as the server and checkBooking word it (shared formatDateTime): the app's one style, as the rule line.
      const refusalWords = `Booking opens ${opensWords}.`;
      try {
        // The admin, on the booking rules page: "Rules by division", 12U opens an hour ago, 10U tomorrow at 9:00 am.
        await login(page, DEMO.admin);
        await page.goto('/admin-booking-control');
        await expect(page.getByRole('heading', { level: 2, name: 'Rules by division' })).toBeVisible();
        for (const [name, opens] of [
          [older, anHourAgo],
          [younger, tomorrowNine],
        ] as const) {
          const card = page.getByRole('region', { name, exact: true });
          await card.getByRole('button', { name: `Edit the ${name} rules` }).click();
          await card.getByLabel('Booking opens').fill(local(opens));
          if (name === younger) {
            await expectNoAxeViolations(page);
            if (phone) await expectNoHorizontalScroll(page);
            await screenshots(page, 'divisions-staged-opening-form');
          }
          await card.getByRole('button', { name: `Save ${name} rules` }).click();
          await expect(page.getByRole('status').filter({ hasText: `${name}` }).first()).toBeVisible();
          await expect(card).toContainText('Own rules');
        }
        await expect(page.getByRole('region', { name: younger, exact: true })).toContainText(`Booking opens: ${opensWords}`);

        // The 12U coach books now.
        const olderPage = await (await browser.newContext({ baseURL: E2E_ORIGIN, viewport, reducedMotion: 'reduce' })).newPage();
        await login(olderPage, olderCoach.email, olderCoach.password);
        await openBookAField(olderPage, facilityId, day);
        await olderPage.getByRole('button', { name: /Book, Diamond 1, / }).first().click();
        await olderPage.getByRole('button', { name: 'Book practice', exact: true }).click();
        await expect(olderPage.getByText(/^Booked/).first()).toBeVisible();
        await olderPage.context().close();

        // The 10U coach: no Book; the slot and the page say when booking opens for the division.
        const youngerPage = await (await browser.newContext({ baseURL: E2E_ORIGIN, viewport, reducedMotion: 'reduce' })).newPage();
        await login(youngerPage, youngerCoach.email, youngerCoach.password);
        await openBookAField(youngerPage, facilityId, day);
        await expect(slotCards(youngerPage)).toHaveCount(2);
        await expect(youngerPage.getByRole('button', { name: /Book, Diamond 1, / })).toHaveCount(0);
        await expect(youngerPage.getByText(`${younger} rules: booking opens ${opensWords}`)).toBeVisible();
        await expect(youngerPage.getByText(refusalWords).first()).toBeVisible();
        await expectNoAxeViolations(youngerPage);
        if (phone) await expectNoHorizontalScroll(youngerPage);
        await screenshots(youngerPage, 'divisions-10u-waits');
        await youngerPage.context().close();
      } finally {
        await closeFacility(admin, facilityId, facilityName, fieldIds, day);
        await admin.dispose();
      }
    });
  });
}
