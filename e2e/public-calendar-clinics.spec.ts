import { expect, test } from '@playwright/test';
import { Temporal } from 'temporal-polyfill';
import { checkBothWidths, DEMO, E2E_ORIGIN, login, weekAfterNext } from './fixtures';

/**
 * Issue 24, fix 1: clinics on /public-calendar. An admin creates and publishes a clinic of the journey's own (a
 * unique title and place, through the API); a visitor finds it on the public calendar with its place and places
 * left, and it is in the league's calendar feed. axe at 390 and 1280 px. The clinic is cancelled at the end, so
 * other journeys' pages do not show it.
 */
const TZ = 'America/Chicago';
const headers = { origin: E2E_ORIGIN };

test('an admin publishes a clinic; a visitor sees it on the public calendar with its place and places left, and in the league feed', async ({ browser }) => {
  test.setTimeout(120_000);
  const tag = `${Date.now() % 1_000_000}-${Math.floor(Math.random() * 1000)}`;
  const title = `Bunting clinic ${tag}`;
  const place = `Oak Hall gym ${tag}`;
  const day = weekAfterNext().sunday;
  const at = (time: string) => Temporal.PlainDateTime.from(`${day}T${time}`).toZonedDateTime(TZ).toInstant().toString();

  const admin = await (await browser.newContext({ baseURL: E2E_ORIGIN })).newPage();
  await login(admin, DEMO.admin);
  const res = await admin.request.post('/api/clinics', {
    data: { title, description: 'Bring a bat.', startsAt: at('10:00'), endsAt: at('12:00'), locationText: place, ageGroup: '12U', capacity: 8, published: true },
    headers,
  });
  expect(res.status(), await res.text()).toBe(201);
  const clinicId = ((await res.json()) as { clinic: { id: string } }).clinic.id;

  // A visitor (a fresh context, nobody signed in) opens the day's list on the public calendar.
  const visitor = await (await browser.newContext({ baseURL: E2E_ORIGIN })).newPage();
  await visitor.setViewportSize({ width: 1280, height: 800 });
  await visitor.goto(`/public-calendar?view=list&date=${day}`);
  await expect(visitor.getByRole('heading', { level: 1, name: 'Calendar' })).toBeVisible();
  await expect(visitor.getByText(`Clinic: ${title}`)).toBeVisible();
  await expect(visitor.getByText(`${place} · 8 of 8 places left`)).toBeVisible();
  await checkBothWidths(visitor);

  // The same day's week grid names it too.
  await visitor.goto(`/public-calendar?view=week&date=${day}`);
  await expect(visitor.getByText(`Clinic: ${title}`)).toBeVisible();

  // The league feed carries it, with its place and places left.
  const feed = await visitor.request.get('/api/calendar/league.ics');
  expect(feed.status()).toBe(200);
  const text = (await feed.text()).replace(/\r\n[ \t]/g, '');
  expect(text).toContain(`UID:clinic-${clinicId}@cgsl-practice-scheduler`);
  expect(text).toContain(`SUMMARY:Clinic: ${title}`);
  expect(text).toContain('8 of 8 places left');

  // Cancelled: it leaves the public calendar (the feed keeps it as CANCELLED, tested in the API tests).
  const cancelled = await admin.request.post(`/api/clinics/${clinicId}/cancel`, { data: { reason: 'Journey done' }, headers });
  expect(cancelled.status(), await cancelled.text()).toBe(200);
  await visitor.goto(`/public-calendar?view=list&date=${day}`);
  await expect(visitor.getByRole('heading', { level: 1, name: 'Calendar' })).toBeVisible();
  await expect(visitor.getByText(`Clinic: ${title}`)).toHaveCount(0);
});
