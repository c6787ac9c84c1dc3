import { Temporal } from 'temporal-polyfill';
import { expect, test, type Page } from '@playwright/test';
import { DEMO, E2E_ORIGIN, login, weekAfterNext } from './fixtures';

/**
 * Issue 4, live updates: an open Book a Field page follows a cancellation and a block made elsewhere, without
 * a reload. (A booking turning a slot booked live is in booking.spec.ts.) Owns Riverside Park · Field 3 in
 * the week after next; the booking is cancelled and the block lifted before the journey ends.
 */
const CARDINALS = 'cardinals.coach@demo.cgsl.test';
const ORIOLES = 'orioles.coach@demo.cgsl.test';
const ZONE = 'America/Chicago';

async function fieldId(page: Page, facility: string, field: string): Promise<string> {
  const data = (await (await page.request.get('/api/facilities')).json()) as { facilities: Array<{ name: string; fields: Array<{ id: string; name: string }> }> };
  return data.facilities.find((f) => f.name === facility)!.fields.find((f) => f.name === field)!.id;
}

async function slotsOf(page: Page, from: string, to: string, field: string) {
  const res = await page.request.get(`/api/slots?from=${from}&to=${to}&fieldId=${field}`);
  return ((await res.json()) as { slots: Array<{ id: string; status: string; startsAt: string }> }).slots;
}

const localDay = (iso: string) => Temporal.Instant.from(iso).toZonedDateTimeISO(ZONE).toPlainDate();
const startOfDay = (day: Temporal.PlainDate) => day.toZonedDateTime({ timeZone: ZONE }).toInstant().toString();

test('an open Book a Field page turns a slot open when its booking is cancelled elsewhere, and blocked with the reason when an admin blocks the field', async ({ page, browser }) => {
  test.setTimeout(60_000);
  const week = weekAfterNext();
  const reason = `Lightning in the area ${Date.now() % 100000}`;

  // Elsewhere: the Orioles' coach and an admin, each in their own browser context (API calls only).
  const oriolesContext = await browser.newContext();
  const adminContext = await browser.newContext();
  const orioles = await oriolesContext.newPage();
  const admin = await adminContext.newPage();
  await login(orioles, ORIOLES);
  await login(admin, DEMO.admin);
  const field = await fieldId(orioles, 'Riverside Park', 'Field 3');
  const open = (await slotsOf(orioles, week.monday, week.sunday, field)).filter((s) => s.status === 'open');
  const target = open[0]!;
  const day = localDay(target.startsAt);
  const sameDay = open.filter((s) => localDay(s.startsAt).equals(day)).length;
  expect(sameDay).toBeGreaterThan(0);

  await login(page, CARDINALS);
  await page.goto(`/slots?week=${week.monday}&field=${field}`);
  const first = page.getByRole('button', { name: /Book, Field 3, / }).first();
  await expect(first).toBeVisible();
  // The first Book button is the week's earliest open slot: the one the Orioles book.
  const name = (await first.getAttribute('aria-label'))!;
  const slotButton = page.getByRole('button', { name, exact: true });
  // Marks this page load; a reload would lose it.
  await page.evaluate(() => ((window as unknown as { liveMark: string }).liveMark = 'still here'));

  let bookingId: string | null = null;
  let blockId: string | null = null;
  try {
    const booked = await orioles.request.post('/api/bookings', { data: { slotId: target.id }, headers: { origin: E2E_ORIGIN } });
    expect(booked.status()).toBe(201);
    bookingId = ((await booked.json()) as { booking: { id: string } }).booking.id;
    await expect(slotButton).toHaveCount(0, { timeout: 5000 });
    await expect(page.getByText('Booked by Orioles').filter({ visible: true })).toHaveCount(1);

    // (a) The Orioles cancel elsewhere: the slot is open again on this page, with its Book button back.
    const cancelled = await orioles.request.post(`/api/bookings/${bookingId}/cancel`, { data: {}, headers: { origin: E2E_ORIGIN } });
    expect(cancelled.status()).toBe(200);
    bookingId = null;
    await expect(slotButton).toBeVisible({ timeout: 5000 });
    await expect(page.getByText('Booked by Orioles')).toHaveCount(0);

    // (b) An admin blocks the field for that day: its slots show blocked with the reason, and cannot be booked.
    const blocked = await admin.request.post('/api/blocks', {
      data: { scope: 'field', fieldId: field, startsAt: startOfDay(day), endsAt: startOfDay(day.add({ days: 1 })), category: 'weather', reason },
      headers: { origin: E2E_ORIGIN },
    });
    expect(blocked.status()).toBe(201);
    const result = (await blocked.json()) as { block: { id: string }; slotsBlocked: number };
    blockId = result.block.id;
    expect(result.slotsBlocked).toBe(sameDay);
    await expect(page.getByText(`Blocked: ${reason}`).filter({ visible: true })).toHaveCount(sameDay, { timeout: 5000 });
    await expect(slotButton).toHaveCount(0);

    expect(await page.evaluate(() => (window as unknown as { liveMark?: string }).liveMark)).toBe('still here');
  } finally {
    if (bookingId) await orioles.request.post(`/api/bookings/${bookingId}/cancel`, { data: {}, headers: { origin: E2E_ORIGIN } });
    if (blockId) expect((await admin.request.delete(`/api/blocks/${blockId}`, { headers: { origin: E2E_ORIGIN } })).status()).toBe(200);
    await oriolesContext.close();
    await adminContext.close();
  }
});
