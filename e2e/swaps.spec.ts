import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { type Temporal } from 'temporal-polyfill';
import { DEMO, E2E_ORIGIN, expectNoAxeViolations, expectNoHorizontalScroll, login, screenshots } from './fixtures';
import { apiAs, headers, newCoach, ok, stamp, today, weekdayDay, type Coach } from './journey-api';

/**
 * Issue 29, practice swaps (docs/decisions/036), at desktop width and on a phone. Two teams of the journey's own book
 * a practice each on the journey's facility: the Larks 5:00 pm, the Finches 6:30 pm, three days ahead. The Larks'
 * coach offers the 5:00 pm practice on My Reservations in trade for the Finches' 6:30 pm; the Finches' coach accepts.
 * Both see the new times on My Reservations, and both teams' calendar feeds carry the new practice confirmed and the
 * old one cancelled.
 */

/** A facility of its own with "Diamond 1" and its 5:00 pm and 6:30 pm slots on `day`, by start. */
async function facilityWithSlots(admin: APIRequestContext, name: string, day: Temporal.PlainDate): Promise<{ facilityId: string; fieldId: string; slotIds: string[] }> {
  const { facility } = await ok<{ facility: { id: string } }>(await admin.post('/api/facilities', { data: { name }, headers }));
  const { field } = await ok<{ field: { id: string } }>(
    await admin.post('/api/fields', { data: { facilityId: facility.id, name: 'Diamond 1', surface: 'dirt', lights: true, color: '#1e40af' }, headers }),
  );
  const { seasons } = await ok<{ seasons: Array<{ id: string; active: boolean }> }>(await admin.get('/api/seasons'), 200);
  const generated = await admin.post('/api/slots/generate', {
    data: {
      seasonId: seasons.find((s) => s.active)!.id,
      fieldIds: [field.id],
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
  const { slots } = await ok<{ slots: Array<{ id: string; startsAt: string }> }>(await admin.get(`/api/slots?from=${day.toString()}&to=${day.toString()}&fieldId=${field.id}`), 200);
  expect(slots).toHaveLength(2);
  return { facilityId: facility.id, fieldId: field.id, slotIds: slots.sort((a, b) => a.startsAt.localeCompare(b.startsAt)).map((s) => s.id) };
}

async function coachPage(browser: Browser, viewport: { width: number; height: number }, coach: Coach): Promise<Page> {
  const page = await (await browser.newContext({ baseURL: E2E_ORIGIN, viewport, reducedMotion: 'reduce' })).newPage();
  await login(page, coach.email, coach.password);
  return page;
}

async function myReservations(page: Page): Promise<void> {
  await page.goto('/my-reservations');
  await expect(page.getByRole('heading', { level: 1, name: 'My Reservations' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Swap offers' })).toBeVisible();
}

/** The practice's card on My Reservations, named by its day and times ("Mon Nov 30 5:00 pm – 6:30 pm"). */
const card = (page: Page, name: string) => page.getByRole('article', { name, exact: true });

/** The team's feed, and its event for one booking. */
async function feedEvent(coachApi: APIRequestContext, bookingId: string): Promise<string> {
  const { feed } = await ok<{ feed: { url: string } }>(await coachApi.get('/api/me/calendar-feed'), 200);
  const body = await (await coachApi.get(new URL(feed.url).pathname)).text();
  return body.split('BEGIN:VEVENT').find((e) => e.includes(`UID:booking-${bookingId}@`)) ?? '';
}

for (const viewport of [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
]) {
  const phone = viewport.width < 640;
  test.describe(`practice swaps at ${viewport.width} px`, () => {
    test.use({ viewport });

    test('two coaches swap practices: both see the new times on My Reservations and in their team feeds', async ({ browser }) => {
      const day = today().add({ days: 3 });
      const admin = await apiAs(DEMO.admin);
      const s = stamp();
      const facilityName = `Swap Park ${s}`;
      const { facilityId, fieldId, slotIds } = await facilityWithSlots(admin, facilityName, day);
      const [larks, finches] = [await newCoach(admin, `Larks ${s}`, 'swap'), await newCoach(admin, `Finches ${s}`, 'swap')];
      const [larksApi, finchesApi] = [await apiAs(larks.email, larks.password), await apiAs(finches.email, finches.password)];
      const { booking: larksOld } = await ok<{ booking: { id: string } }>(await larksApi.post('/api/bookings', { data: { slotId: slotIds[0] }, headers }));
      const { booking: finchesOld } = await ok<{ booking: { id: string } }>(await finchesApi.post('/api/bookings', { data: { slotId: slotIds[1] }, headers }));
      const five = `${weekdayDay(day)}, 5:00 pm`;
      const sixThirty = `${weekdayDay(day)}, 6:30 pm`;
      const [early, late] = [`${weekdayDay(day)} 5:00 pm – 6:30 pm`, `${weekdayDay(day)} 6:30 pm – 8:00 pm`];
      let larksPage: Page | undefined;
      let finchesPage: Page | undefined;
      try {
        // The Larks' coach offers the 5:00 pm practice in trade for the Finches' 6:30 pm.
        larksPage = await coachPage(browser, viewport, larks);
        await myReservations(larksPage);
        await larksPage.getByRole('button', { name: `Offer a swap: ${five} at Diamond 1` }).click();
        const dialog = larksPage.getByRole('dialog', { name: 'Offer a swap' });
        await expect(dialog.getByRole('radio', { name: 'Trade for one of theirs' })).toBeChecked();
        await dialog.getByLabel('Trade with').selectOption({ label: `${finches.team} (10U)` });
        const theirs = dialog.getByRole('group', { name: `${finches.team}’s practices you would take` });
        await theirs.getByRole('checkbox', { name: new RegExp(`^${weekdayDay(day)}, 6:30 pm`) }).check();
        await expectNoAxeViolations(larksPage);
        if (phone) await expectNoHorizontalScroll(larksPage);
        await screenshots(larksPage, 'swap-offer-dialog');
        await dialog.getByRole('button', { name: 'Send offer' }).click();
        await expect(larksPage.getByText(`Offer sent to ${finches.team}.`)).toBeVisible();
        await expect(dialog).toHaveCount(0);
        await expect(card(larksPage, early)).toContainText(`On offer to ${finches.team} until`);

        // The Finches' coach accepts on My Reservations.
        finchesPage = await coachPage(browser, viewport, finches);
        await myReservations(finchesPage);
        const offer = finchesPage.getByRole('article', { name: `From ${larks.team}: ${five}` });
        await expect(offer).toBeVisible();
        await expectNoAxeViolations(finchesPage);
        if (phone) await expectNoHorizontalScroll(finchesPage);
        await screenshots(finchesPage, 'swap-offer-received');
        await offer.getByRole('button', { name: `Accept: give ${sixThirty}, take ${larks.team}’s ${five}` }).click();
        await expect(finchesPage.getByText(`Swapped with ${larks.team}: your team now practices ${five} at Diamond 1.`)).toBeVisible();
        await expect(card(finchesPage, early).getByText('Confirmed', { exact: true })).toBeVisible();
        // The practice it gave reads cancelled by the swap.
        await expect(card(finchesPage, late).getByText('Cancelled', { exact: true })).toBeVisible();
        await expect(card(finchesPage, late)).toContainText(`Reason: Swapped with ${larks.team}`);
        await expectNoAxeViolations(finchesPage);
        await screenshots(finchesPage, 'swap-accepted');

        // The Larks' coach sees the 6:30 pm practice now.
        await myReservations(larksPage);
        await expect(card(larksPage, late).getByText('Confirmed', { exact: true })).toBeVisible();
        await expect(card(larksPage, early).getByText('Cancelled', { exact: true })).toBeVisible();
        await expect(card(larksPage, early)).toContainText(`Reason: Swapped with ${finches.team}`);
        await expect(larksPage.getByText(`Accepted by ${finches.team}: your team got their ${sixThirty}.`)).toBeVisible();

        // Both team feeds: the new practice confirmed, the old one cancelled.
        const mine = async (coachApi: APIRequestContext) =>
          (await ok<{ bookings: Array<{ id: string; slotId: string; status: string }> }>(await coachApi.get('/api/bookings/mine'), 200)).bookings.filter((b) => b.status === 'confirmed');
        const [larksNew] = (await mine(larksApi)).filter((b) => b.slotId === slotIds[1]);
        const [finchesNew] = (await mine(finchesApi)).filter((b) => b.slotId === slotIds[0]);
        expect(larksNew && finchesNew).toBeTruthy();
        for (const [coachApi, fresh, old] of [
          [larksApi, larksNew!.id, larksOld.id],
          [finchesApi, finchesNew!.id, finchesOld.id],
        ] as const) {
          expect(await feedEvent(coachApi, fresh)).toContain('STATUS:CONFIRMED');
          expect(await feedEvent(coachApi, old)).toContain('STATUS:CANCELLED');
        }
      } finally {
        await larksPage?.context().close();
        await finchesPage?.context().close();
        await larksApi.dispose();
        await finchesApi.dispose();
        const { slots } = await ok<{ slots: Array<{ bookingId: string | null }> }>(await admin.get(`/api/slots?from=${day.toString()}&to=${day.toString()}&fieldId=${fieldId}`), 200);
        for (const { bookingId } of slots.filter((x) => x.bookingId)) {
          const cancelled = await admin.post(`/api/admin/bookings/${bookingId}/cancel`, { data: { reason: 'The swaps journey is over' }, headers });
          expect.soft(cancelled.status(), await cancelled.text()).toBe(200);
        }
        const closed = await admin.put(`/api/facilities/${facilityId}`, { data: { name: facilityName, address: null, mapUrl: null, notes: null, active: false }, headers });
        expect.soft(closed.status(), await closed.text()).toBe(200);
        await admin.dispose();
      }
    });
  });
}
