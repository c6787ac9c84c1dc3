import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { type Temporal } from 'temporal-polyfill';
import { DEMO, E2E_ORIGIN, expectNoAxeViolations, expectNoHorizontalScroll, login, screenshots } from './fixtures';
import { apiAs, headers, newCoach, ok, stamp, today, weekdayDay, type Coach } from './journey-api';

/**
 * Issue 28, the waitlist with a hold (docs/decisions/034), at desktop width and on a phone. Three teams of the
 * journey's own, a coach each: the Larks book the slot; the Finches' coach presses "Tell me if it frees up" on Book a
 * Field (1st), then the Herons' coach (2nd). The Larks cancel: the Finches' open page shows the notice and Take it /
 * Pass on the slot without a reload, and the Herons' open page shows it held for the Finches. The Finches pass (after
 * the question): the hold moves to the Herons, whose coach takes it from the Waitlist section of My Reservations, and
 * the slot is booked by the Herons on the Finches' open page. So the team at the front of the line gets the slot.
 *
 * The journey makes its own facility (one field, one 5:00–6:30 pm slot two days ahead: bookable, in the week's
 * limits of a new team, far from the one-hour rule), teams and coaches, so journeys on one server never collide; it
 * closes the facility at the end, which takes its slot out of the pages the other journeys read.
 */

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/**
 * An offer's button, named by its words and then the slot: "Take it: Diamond 1, Thu Dec 10, 5:00 pm". Chromium names
 * it "Take it : …" (the slot is an sr-only span, absolutely placed, so a space comes before it): either is taken.
 */
const named = (words: string, when: string) => new RegExp(`^${escape(words)} ?: ${escape(when)}$`);
/** A clock time as the app writes it: "7:05 pm". */
const CLOCK = '\\d{1,2}:\\d{2} (?:am|pm)';

/** A facility of its own with one field, "Diamond 1", and one 5:00–6:30 pm slot on `day`; returns the slot's id. */
async function facilityWithSlot(admin: APIRequestContext, name: string, day: Temporal.PlainDate): Promise<{ facilityId: string; fieldId: string; slotId: string }> {
  const { facility } = await ok<{ facility: { id: string } }>(await admin.post('/api/facilities', { data: { name }, headers }));
  const { field } = await ok<{ field: { id: string } }>(
    await admin.post('/api/fields', { data: { facilityId: facility.id, name: 'Diamond 1', surface: 'dirt', lights: true, color: '#1e40af' }, headers }),
  );
  const { seasons } = await ok<{ seasons: Array<{ id: string; startsOn: string; endsOn: string; active: boolean }> }>(await admin.get('/api/seasons'), 200);
  const active = seasons.find((s) => s.active)!;
  expect(day.toString() >= active.startsOn && day.toString() <= active.endsOn, `${day.toString()} in the active season`).toBe(true);
  const generated = await admin.post('/api/slots/generate', {
    data: {
      seasonId: active.id,
      fieldIds: [field.id],
      daysOfWeek: [day.dayOfWeek],
      firstStart: '17:00',
      lastEnd: '18:30',
      lengthMinutes: 90,
      gapMinutes: 0,
      startDate: day.toString(),
      endDate: day.toString(),
      skipDates: [],
    },
    headers,
  });
  expect(generated.status(), await generated.text()).toBe(200);
  expect(JSON.parse((await generated.text()).trim().split('\n').at(-1)!)).toMatchObject({ type: 'done', created: 1 });
  const { slots } = await ok<{ slots: Array<{ id: string }> }>(await admin.get(`/api/slots?from=${day.toString()}&to=${day.toString()}&fieldId=${field.id}`), 200);
  expect(slots).toHaveLength(1);
  return { facilityId: facility.id, fieldId: field.id, slotId: slots[0]!.id };
}

/** A browser context of its own at the journey's width, signed in. */
async function pageAt(browser: Browser, viewport: { width: number; height: number }, coach: Coach): Promise<Page> {
  const context = await browser.newContext({ baseURL: E2E_ORIGIN, viewport, reducedMotion: 'reduce' });
  const page = await context.newPage();
  await login(page, coach.email, coach.password);
  return page;
}

/** Book a Field on the journey's facility, the week (and the phone's day tab) of `day`, live: its event stream open. */
async function openBookAField(page: Page, facilityId: string, day: Temporal.PlainDate): Promise<void> {
  const monday = day.subtract({ days: day.dayOfWeek - 1 });
  const live = page.waitForResponse((r) => r.url().endsWith('/api/events'));
  await page.goto(`/slots?week=${monday.toString()}&facility=${facilityId}&day=${day.toString()}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Book a Field' })).toBeVisible();
  expect((await live).status()).toBe(200);
  // Marks this page load: a reload would lose it.
  await page.evaluate(() => ((window as unknown as { liveMark: string }).liveMark = 'still here'));
}

const stillLoaded = async (page: Page) => expect(await page.evaluate(() => (window as unknown as { liveMark?: string }).liveMark)).toBe('still here');

/** The facility's one slot on Book a Field (a pill of the week grid, or a row of the phone's day list). */
const slotCard = (page: Page) => page.locator('[data-slot]');

for (const viewport of [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
]) {
  const phone = viewport.width < 640;
  test.describe(`the waitlist at ${viewport.width} px`, () => {
    test.use({ viewport });

    test('two teams wait for a booked slot; it is held for the first when freed; it passes, and the next team takes it', async ({ page, browser }) => {
      const day = today().add({ days: 2 });
      const when = `Diamond 1, ${weekdayDay(day)}, 5:00 pm`;
      const admin = await apiAs(DEMO.admin);
      const facilityName = `Waiting Park ${stamp()}`;
      const { facilityId, fieldId, slotId } = await facilityWithSlot(admin, facilityName, day);
      const s = stamp();
      const [larks, finches, herons] = [await newCoach(admin, `Larks ${s}`, 'waitlist'), await newCoach(admin, `Finches ${s}`, 'waitlist'), await newCoach(admin, `Herons ${s}`, 'waitlist')];
      const larksApi = await apiAs(larks.email, larks.password);
      const { booking } = await ok<{ booking: { id: string } }>(await larksApi.post('/api/bookings', { data: { slotId }, headers }));

      let heronsPage: Page | undefined;
      try {
        // The Finches' coach, on Book a Field: the slot booked by the Larks, and "Tell me if it frees up".
        await login(page, finches.email, finches.password);
        await openBookAField(page, facilityId, day);
        const slot = slotCard(page);
        await expect(slot).toHaveCount(1);
        await expect(slot).toContainText(`Booked by ${larks.team}`);
        await slot.getByRole('button', { name: new RegExp(`^Tell me if it frees up, Diamond 1, ${escape(weekdayDay(day))}, 5:00 pm`) }).click();
        await expect(page.getByText("We'll tell you if it frees up: you're 1st in line.")).toBeVisible();
        await expect(slot).toContainText("You're waiting (1st)");
        await expect(slot.getByRole('button', { name: /^Tell me if it frees up/ })).toHaveCount(0);
        await expectNoAxeViolations(page);
        if (phone) await expectNoHorizontalScroll(page);
        await screenshots(page, 'waitlist-waiting');

        // The Herons' coach, in a browser of their own, waits too: 2nd in line.
        heronsPage = await pageAt(browser, viewport, herons);
        await openBookAField(heronsPage, facilityId, day);
        const heronsSlot = slotCard(heronsPage);
        await heronsSlot.getByRole('button', { name: /^Tell me if it frees up, Diamond 1, / }).click();
        await expect(heronsPage.getByText("We'll tell you if it frees up: you're 2nd in line.")).toBeVisible();
        await expect(heronsSlot).toContainText("You're waiting (2nd)");

        // The Larks cancel (elsewhere): the slot is held for the Finches, who were first.
        await ok(await larksApi.post(`/api/bookings/${booking.id}/cancel`, { data: {}, headers }), 200);

        // The Finches' open page, without a reload: the notice on top, and Take it / Pass on the slot.
        const notice = page.getByRole('region', { name: 'Held for your team' });
        await expect(notice).toContainText(new RegExp(`^Held for your teamA slot you waited for is free: ${escape(when)}\\. Held for you until ${CLOCK}\\.`));
        await expect(notice.getByRole('button', { name: named('Take it', when) })).toBeVisible();
        await expect(notice.getByRole('button', { name: named('Pass', when) })).toBeVisible();
        await expect(slot).toContainText(new RegExp(`Held for you until ${CLOCK}`));
        await expect(slot.getByRole('button', { name: named('Take it', when) })).toBeVisible();
        await expect(slot.getByRole('button', { name: named('Pass', when) })).toBeVisible();
        await stillLoaded(page);
        await expectNoAxeViolations(page);
        if (phone) await expectNoHorizontalScroll(page);
        await screenshots(page, 'waitlist-held-for-us');

        // The Herons' open page: held for the Finches, no Book; the Herons are next.
        const heldForFinches = new RegExp(`Held for ${escape(finches.team)} until ${CLOCK}`);
        await expect(heronsSlot).toContainText(heldForFinches);
        await expect(heronsSlot).toContainText("You're waiting (1st)");
        await expect(heronsSlot.getByRole('button', { name: /Book|Take it/ })).toHaveCount(0);
        await expect(heronsPage.getByRole('region', { name: 'Held for your team' })).toHaveCount(0);
        await stillLoaded(heronsPage);
        await expectNoAxeViolations(heronsPage);
        if (phone) await expectNoHorizontalScroll(heronsPage);
        await screenshots(heronsPage, 'waitlist-held-for-others');

        // The Finches pass, after the question: the hold moves to the Herons.
        await notice.getByRole('button', { name: named('Pass', when) }).click();
        const question = page.getByRole('alertdialog', { name: 'Pass on this slot?' });
        await expect(question).toContainText(`${when}: the next team waiting gets it. If nobody is waiting, it opens to everyone.`);
        await expect(question.getByRole('button', { name: 'Keep it' })).toBeVisible();
        await expectNoAxeViolations(page);
        await screenshots(page, 'waitlist-pass-question');
        await question.getByRole('button', { name: 'Pass', exact: true }).click();
        await expect(page.getByText(`You passed on ${when}. The next team waiting gets it.`)).toBeVisible();
        await expect(question).toHaveCount(0);
        await expect(notice).toHaveCount(0);
        const heldForHerons = new RegExp(`Held for ${escape(herons.team)} until ${CLOCK}`);
        await expect(slot).toContainText(heldForHerons);
        await expect(slot.getByRole('button', { name: /^Take it/ })).toHaveCount(0);

        // The Herons' open page shows the notice (live); their coach takes it from My Reservations' Waitlist.
        await expect(heronsPage.getByRole('region', { name: 'Held for your team' })).toContainText(`A slot you waited for is free: ${when}.`);
        await stillLoaded(heronsPage);
        await heronsPage.goto('/my-reservations#waitlist');
        const waitlist = heronsPage.getByRole('region', { name: 'Waitlist' });
        const offer = waitlist.getByRole('list', { name: 'Held for your team' }).getByRole('listitem');
        await expect(offer).toHaveCount(1);
        await expect(offer).toContainText(new RegExp(`^A slot freed up: ${escape(when)} – held for you until ${CLOCK}${escape(facilityName)}\\. Take it to book it`));
        await expect(waitlist).toBeFocused();
        await expectNoAxeViolations(heronsPage);
        if (phone) await expectNoHorizontalScroll(heronsPage);
        await screenshots(heronsPage, 'waitlist-my-reservations-offer');
        await offer.getByRole('button', { name: named('Take it', when) }).click();
        await expect(heronsPage.getByText(`Booked ${weekdayDay(day)}, 5:00 pm at Diamond 1 for ${herons.team}.`)).toBeVisible();
        await expect(offer).toHaveCount(0);
        await expect(waitlist).toContainText(`${when}: You took it: booked for your team.`);
        await expect(heronsPage.getByRole('region', { name: 'Held for your team' })).toHaveCount(0);
        const reservation = heronsPage.getByRole('article').filter({ hasText: 'Diamond 1' }).filter({ hasText: weekdayDay(day) });
        await expect(reservation.getByText('Confirmed', { exact: true })).toBeVisible();

        // The Finches' open page: booked by the Herons, and the Finches may wait for it again.
        await expect(slot).toContainText(`Booked by ${herons.team}`);
        await expect(slot).not.toContainText('Held for');
        await expect(slot.getByRole('button', { name: /^Tell me if it frees up, Diamond 1, / })).toBeVisible();
        await stillLoaded(page);
      } finally {
        await heronsPage?.context().close();
        await larksApi.dispose();
        // Closing the facility takes its field and slot out of every page the other journeys look at; the slot's
        // booking (the Herons', or the Larks' if the journey stopped early) is cancelled first, as closing asks.
        const { slots } = await ok<{ slots: Array<{ bookingId: string | null }> }>(await admin.get(`/api/slots?from=${day.toString()}&to=${day.toString()}&fieldId=${fieldId}`), 200);
        for (const { bookingId } of slots.filter((x) => x.bookingId)) {
          const cancelled = await admin.post(`/api/admin/bookings/${bookingId}/cancel`, { data: { reason: 'The waitlist journey is over' }, headers });
          expect.soft(cancelled.status(), await cancelled.text()).toBe(200);
        }
        const closed = await admin.put(`/api/facilities/${facilityId}`, { data: { name: facilityName, address: null, mapUrl: null, notes: null, active: false }, headers });
        expect.soft(closed.status(), await closed.text()).toBe(200);
        await admin.dispose();
      }
    });
  });
}
