import { expect, test, type Browser, type Page } from '@playwright/test';
import { Temporal } from 'temporal-polyfill';
import { weekStart } from '../src/shared/bookings/booking-rules';
import { checkBothWidths, DEMO, E2E_ORIGIN, login, screenshots, teamBody, uniqueEmail } from './fixtures';
import { latestMailTo } from './mail';

/** Issue 12 item 4: /coach-dashboard as a coach (with and without a practice), a member without a team, a visitor. */

const TZ = 'America/Chicago';
const headers = { origin: E2E_ORIGIN };
const stamp = () => `${Date.now() % 1_000_000}${Math.floor(Math.random() * 100)}`;

/** A team of this journey's own and its coach, signed up through an invitation: no practice booked yet. */
async function ownCoach(browser: Browser): Promise<{ page: Page; team: string }> {
  const admin = await (await browser.newContext({ baseURL: E2E_ORIGIN })).newPage();
  await login(admin, DEMO.admin);
  const team = `Herons ${stamp()}`;
  const created = await admin.request.post('/api/teams', { data: await teamBody(admin.request, team, '10U'), headers });
  expect(created.status(), `create team ${team}`).toBe(201);
  const teamId = ((await created.json()) as { team: { id: string } }).team.id;
  const email = uniqueEmail('dashboard.coach');
  const sent = new Date();
  expect((await admin.request.post('/api/admin/invitations', { data: { email, role: 'coach', teamId }, headers })).status()).toBe(201);
  const link = (await latestMailTo(email, { after: sent, subject: /invited/ })).links.find((l) => l.includes('/invite?token='))!;
  await admin.context().close();

  const context = await browser.newContext({ baseURL: E2E_ORIGIN, permissions: ['clipboard-read', 'clipboard-write'] });
  const page = await context.newPage();
  const accepted = await page.request.post('/api/invitations/accept', { data: { token: new URL(link).searchParams.get('token'), name: 'Harper Heron', password: 'dashboard-practice-1' }, headers });
  expect(accepted.status(), await accepted.text()).toBe(201);
  return { page, team };
}

/** Books the soonest slot the rules allow for the signed-in coach's team, through the API. */
async function bookSoonest(page: Page): Promise<{ startsAt: string; fieldName: string; facilityName: string }> {
  const today = Temporal.Now.plainDateISO(TZ);
  const res = await page.request.get(`/api/slots?from=${today.toString()}&to=${today.add({ days: 20 }).toString()}`);
  expect(res.status()).toBe(200);
  const { slots } = (await res.json()) as { slots: Array<{ id: string; status: string; startsAt: string }> };
  const open = slots.filter((s) => s.status === 'open').sort((a, b) => Date.parse(a.startsAt) - Date.parse(b.startsAt));
  for (const slot of open) {
    const booked = await page.request.post('/api/bookings', { data: { slotId: slot.id }, headers });
    if (booked.status() === 201) return ((await booked.json()) as { booking: { startsAt: string; fieldName: string; facilityName: string } }).booking;
  }
  throw new Error('no open slot could be booked in the next three weeks');
}

test('a new coach sees "No practice booked yet"; after booking, the next practice comes first with field, time, limits and the team link', async ({ browser }) => {
  test.setTimeout(90_000);
  const { page } = await ownCoach(browser);

  await page.goto('/coach-dashboard');
  await expect(page.getByRole('heading', { level: 1, name: 'Coach dashboard' })).toBeVisible();
  const nextRegion = page.getByRole('region', { name: 'Next practice' });
  await expect(nextRegion.getByRole('heading', { name: 'No practice booked yet' })).toBeVisible();
  await expect(nextRegion.getByRole('link', { name: 'Book a Field' })).toHaveAttribute('href', '/slots');
  await expect(page.getByRole('region', { name: 'Practices booked' }).getByText(/^0 of \d+/).first()).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Subscribe link' })).toHaveValue(/\/api\/calendar\/teams\/.+\.ics$/);
  await checkBothWidths(page);
  await screenshots(page, 'coach-dashboard-empty');

  const booking = await bookSoonest(page);
  await page.reload();
  const next = page.getByRole('article', { name: /^Next practice:/ });
  await expect(next).toBeVisible();
  const start = new Date(booking.startsAt);
  const time = start.toLocaleTimeString('en-US', { timeZone: TZ, hour: 'numeric', minute: '2-digit' }).toLowerCase();
  const day = start.toLocaleDateString('en-US', { timeZone: TZ, weekday: 'long', month: 'long', day: 'numeric' });
  await expect(next).toContainText(day);
  await expect(next).toContainText(time);
  await expect(next).toContainText(booking.fieldName);
  await expect(next).toContainText(booking.facilityName);
  await expect(next.getByRole('link', { name: /^Map/ })).toHaveAttribute('href', /^https:\/\//);
  await expect(page.getByRole('region', { name: 'Coming up' }).getByRole('link', { name: 'My Reservations' })).toHaveAttribute('href', '/my-reservations');

  // The practice counts in its own week (league zone), whether that is this week or the next.
  const limits = page.getByRole('region', { name: 'Practices booked' });
  const now = new Date();
  const thisWeek = weekStart(now, TZ);
  const nextWeek = Temporal.PlainDate.from(thisWeek).add({ days: 7 }).toString();
  const bookedWeek = weekStart(start, TZ);
  const row = (label: string) => limits.getByRole('listitem').filter({ has: page.getByText(label, { exact: true }) });
  await expect(row('This week')).toContainText(bookedWeek === thisWeek ? /\b1 of \d+/ : /\b0 of \d+/);
  await expect(row('Next week')).toContainText(bookedWeek === nextWeek ? /\b1 of \d+/ : /\b0 of \d+/);
  await expect(row('Upcoming')).toContainText(/\b1 of \d+/);

  // On a phone the first screen answers "when do we practice next".
  await page.setViewportSize({ width: 390, height: 844 });
  const box = await next.boundingBox();
  expect(box, 'the next practice card').not.toBeNull();
  expect(box!.y + Math.min(box!.height, 200)).toBeLessThanOrEqual(844);

  // The team's calendar link: Copy puts it on the clipboard, with a toast.
  const link = page.getByRole('textbox', { name: 'Subscribe link' });
  const url = await link.inputValue();
  await page.getByRole('button', { name: 'Copy link' }).click();
  await expect(page.getByText('Link copied')).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(url);
  await expect(page.getByRole('link', { name: 'How to subscribe' })).toHaveAttribute('href', '/schedule-sync');

  await checkBothWidths(page);
  // Back at the top, so the full-page screenshot does not have the sticky bar over the page header.
  await page.evaluate(() => window.scrollTo(0, 0));
  await screenshots(page, 'coach-dashboard');
  await page.context().close();
});

test('a member without a team is told how to get one', async ({ page }) => {
  await login(page, DEMO.member);
  await page.goto('/coach-dashboard');
  await expect(page.getByRole('heading', { level: 1, name: 'Coach dashboard' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'You are not on a team yet' })).toBeVisible();
  await expect(page.getByText('Ask a league admin to add you to your team as a coach')).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Subscribe link' })).toHaveCount(0);
  await checkBothWidths(page);
  await screenshots(page, 'coach-dashboard-member');
});

test('a visitor is asked to log in and comes back to the dashboard', async ({ page }) => {
  await page.goto('/coach-dashboard');
  await expect(page.getByRole('heading', { name: 'Log in to see your team’s dashboard' })).toBeVisible();
  const logIn = page.getByRole('main').getByRole('link', { name: 'Log in' });
  await expect(logIn).toHaveAttribute('href', '/login?redirect=%2Fcoach-dashboard');
  await checkBothWidths(page);
  await screenshots(page, 'coach-dashboard-visitor');
  await logIn.click();
  await expect(page).toHaveURL(/\/login\?redirect=%2Fcoach-dashboard/);
});
