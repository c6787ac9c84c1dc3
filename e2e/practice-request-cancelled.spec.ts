import { expect, test, type Page } from '@playwright/test';
import { Temporal } from 'temporal-polyfill';
import { checkBothWidths, DEMO, E2E_ORIGIN, login, teamBody, uniqueEmail } from './fixtures';

/**
 * Issue 24, fix 7: a coach of a team of its own asks for a practice, an admin approves it with a slot made for it,
 * and the practice is cancelled afterwards (by the admin, through the API). The coach's request page and dashboard
 * say "Approved; practice cancelled on …" with the day of the cancellation in the league's zone. axe at 390 and
 * 1280 px.
 */

const TZ = 'America/Chicago';
const headers = { origin: E2E_ORIGIN };
const stamp = () => `${Date.now() % 1_000_000}-${Math.floor(Math.random() * 1000)}`;

async function practiceField(page: Page): Promise<{ id: string }> {
  const data = (await (await page.request.get('/api/facilities')).json()) as {
    facilities: Array<{ name: string; fields: Array<{ id: string; name: string }> }>;
  };
  return data.facilities.find((f) => f.name === 'Memorial Complex')!.fields.find((f) => f.name === 'Practice Field')!;
}

test('an approved request whose practice is cancelled later says "Approved; practice cancelled on …" to its coach', async ({ page, browser }) => {
  test.setTimeout(120_000);
  const teamName = `Larks ${stamp()}`;

  // The admin makes a team and a coach for it.
  await login(page, DEMO.admin);
  const team = await page.request.post('/api/teams', { data: await teamBody(page.request, teamName, '12U'), headers });
  expect(team.status(), await team.text()).toBe(201);
  const teamId = ((await team.json()) as { team: { id: string } }).team.id;
  const coach = await (await browser.newContext({ baseURL: E2E_ORIGIN })).newPage();
  const email = uniqueEmail('lark.coach');
  const signUp = await coach.request.post('/api/auth/sign-up/email', { data: { name: 'Lara Lark', email, password: 'a-long-password' }, headers });
  expect(signUp.status()).toBe(200);
  const me = (await (await coach.request.get('/api/me')).json()) as { profile: { id: string } };
  expect((await page.request.patch(`/api/admin/users/${me.profile.id}`, { data: { role: 'coach', teamId }, headers })).status()).toBe(200);
  await login(coach, email, 'a-long-password');

  // The coach asks for an early-morning practice; the admin approves it with a slot made for it (another time if
  // a parallel journey took that one).
  const field = await practiceField(page);
  const today = Temporal.Now.plainDateISO(TZ);
  let requestId = '';
  let bookingId = '';
  for (let attempt = 0; attempt < 8 && !bookingId; attempt++) {
    const date = today.add({ days: 9 + Math.floor(Math.random() * 12) }).toString();
    const minutes = 5 * 60 + 15 * Math.floor(Math.random() * 12);
    const start = `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
    if (!requestId) {
      const filed = await coach.request.post('/api/practice-requests', {
        data: { preferredDates: [date], windowStart: '05:00', windowEnd: '09:00', durationMinutes: 60, notes: 'Fielding drills' },
        headers,
      });
      expect(filed.status(), await filed.text()).toBe(201);
      requestId = ((await filed.json()) as { request: { id: string } }).request.id;
    }
    const approved = await page.request.post(`/api/admin/practice-requests/${requestId}/approve`, {
      data: { newSlot: { fieldId: field.id, date, startTime: start, durationMinutes: 60 } },
      headers,
    });
    if (approved.status() === 409) continue;
    expect(approved.status(), await approved.text()).toBe(200);
    bookingId = ((await approved.json()) as { request: { booking: { id: string } } }).request.booking.id;
  }
  expect(bookingId, 'an approval with a slot of its own').not.toBe('');

  // The practice is cancelled afterwards.
  const cancelled = await page.request.post(`/api/admin/bookings/${bookingId}/cancel`, { data: { reason: 'Field resurfacing' }, headers });
  expect(cancelled.status(), await cancelled.text()).toBe(200);
  const cancelDay = new Intl.DateTimeFormat('en-US', { timeZone: TZ, weekday: 'short', month: 'short', day: 'numeric' }).format(new Date()).replace(',', ''); // "Tue Dec 8", the app's way
  const words = `Approved; practice cancelled on ${cancelDay}`;

  // The coach's request page says so plainly.
  await coach.setViewportSize({ width: 1280, height: 800 });
  await coach.goto('/practice-request');
  await expect(coach.getByRole('heading', { level: 1, name: 'Practice request' })).toBeVisible();
  const list = coach.getByRole('list', { name: 'Your team’s requests' });
  await expect(list.getByText(words)).toBeVisible();
  await expect(list.getByText('Approved', { exact: true })).toBeVisible();
  await checkBothWidths(coach);

  // So does the coach's dashboard.
  await coach.goto('/coach-dashboard');
  await expect(coach.getByText(words)).toBeVisible();
  await checkBothWidths(coach);
});
