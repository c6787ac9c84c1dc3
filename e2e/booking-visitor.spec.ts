import { expect, test, type Page } from '@playwright/test';
import { DEMO, E2E_ORIGIN, expectNoAxeViolations, weekAfterNext } from './fixtures';

/**
 * Issue 4: a visitor who presses Book on /slots is sent to log in and comes back to the same view (week and
 * field kept in the link), now able to book. Owns Riverside Park · Field 2 in the week after next; the booking
 * it makes is cancelled again, so the Blue Jays' weekly count is untouched for the other journeys.
 */
async function fieldId(page: Page, facility: string, field: string): Promise<string> {
  const data = (await (await page.request.get('/api/facilities')).json()) as { facilities: Array<{ name: string; fields: Array<{ id: string; name: string }> }> };
  return data.facilities.find((f) => f.name === facility)!.fields.find((f) => f.name === field)!.id;
}

test('a visitor who presses Book logs in and lands back on the same week and field, able to book', async ({ page }) => {
  const week = weekAfterNext();
  const field = await fieldId(page, 'Riverside Park', 'Field 2');
  await page.goto(`/slots?week=${week.monday}&field=${field}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Book a Field' })).toBeVisible();
  await expect(page.getByText(/Log in to book a practice\./)).toBeVisible();
  const book = page.getByRole('button', { name: /Book, Field 2, / }).first();
  await expect(book).toBeVisible();
  const name = (await book.getAttribute('aria-label'))!;
  await expectNoAxeViolations(page);

  await book.click();
  await expect(page.getByRole('heading', { level: 1, name: 'Log in' })).toBeVisible();
  expect(new URL(page.url()).pathname).toBe('/login');
  await page.getByLabel('Email').fill(DEMO.coach);
  await page.getByLabel('Password').fill(DEMO.password);
  await page.getByRole('button', { name: 'Log in' }).click();

  // Back on Book a Field, on the same week and field, signed in as the Blue Jays' coach.
  await expect(page).toHaveURL((url) => url.pathname === '/slots' && url.searchParams.get('week') === week.monday && url.searchParams.get('field') === field);
  await expect(page.getByText(/^Blue Jays · \d+ of 2 this week/)).toBeVisible();
  await expect(page.getByText(/Log in to book a practice\./)).toHaveCount(0);

  const again = page.getByRole('button', { name, exact: true });
  await expect(again).toBeVisible();
  await again.click();
  const dialog = page.getByRole('alertdialog', { name: 'Book this practice?' });
  await expect(dialog).toContainText('for Blue Jays?');
  const booked = page.waitForResponse((res) => res.url().endsWith('/api/bookings') && res.request().method() === 'POST');
  await dialog.getByRole('button', { name: 'Book practice' }).click();
  const res = await booked;
  expect(res.status()).toBe(201);
  const bookingId = ((await res.json()) as { booking: { id: string } }).booking.id;
  try {
    await expect(page.getByText('Booked by Blue Jays (your team)').filter({ visible: true })).toHaveCount(1);
    await expect(page.getByRole('button', { name, exact: true })).toHaveCount(0);
  } finally {
    const cancelled = await page.request.post(`/api/bookings/${bookingId}/cancel`, { data: {}, headers: { origin: E2E_ORIGIN } });
    expect(cancelled.status()).toBe(200);
  }
});
