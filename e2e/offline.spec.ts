import { expect, test, type Page } from '@playwright/test';
import fs from 'node:fs';
import path from 'node:path';
import { API_CACHE, SAVED_AT_HEADER } from '../src/web/lib/offline-cache';
import { DEMO, E2E_ORIGIN, expectNoAxeViolations, expectNoHorizontalScroll, login, weekAfterNext } from './fixtures';

/**
 * Issue 30 part 1 (decision 037): the installable app on a phone. A coach's schedule opens with no network from the copy
 * the offline worker saved, writes say "You are offline" instead of failing silently, the page reads again when the
 * network is back, sign-out deletes the saved copies, and a new deploy is offered with Reload.
 */

test.use({ viewport: { width: 390, height: 844 } });

const OFFLINE_WRITE = 'You are offline. Connect to the internet and try again.';
const TZ = 'America/Chicago';
const headers = { origin: E2E_ORIGIN };

/** The offline worker is installed and controls the page: from now on its reads go through the worker. */
async function workerInControl(page: Page): Promise<void> {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
}

/** The worker's saved copies of the API, as the page's own Cache Storage holds them. */
async function savedCopies(page: Page): Promise<Array<{ path: string; savedAt: number }>> {
  return page.evaluate(
    async ({ name, header }) => {
      if (!(await caches.has(name))) return [];
      const cache = await caches.open(name);
      const copies: Array<{ path: string; savedAt: number }> = [];
      for (const request of await cache.keys()) {
        const url = new URL(request.url);
        copies.push({ path: url.pathname, savedAt: Number((await cache.match(request))?.headers.get(header)) });
      }
      return copies;
    },
    { name: API_CACHE, header: SAVED_AT_HEADER },
  );
}

/** "5:12 pm" in the league's zone, as the app writes a time. */
const timeWords = (ms: number) => new Date(ms).toLocaleTimeString('en-US', { timeZone: TZ, hour: 'numeric', minute: '2-digit' }).toLowerCase();

/** Books an open slot of the week after next for the signed-in coach's team, through the API (not the page). */
async function bookWeekAfterNext(page: Page): Promise<{ id: string; startsAt: string; fieldName: string }> {
  const week = weekAfterNext();
  const res = await page.request.get(`/api/slots?from=${week.monday}&to=${week.sunday}`);
  expect(res.status()).toBe(200);
  const { slots } = (await res.json()) as { slots: Array<{ id: string; status: string }> };
  for (const slot of slots.filter((s) => s.status === 'open')) {
    const booked = await page.request.post('/api/bookings', { data: { slotId: slot.id }, headers });
    if (booked.status() === 201) return ((await booked.json()) as { booking: { id: string; startsAt: string; fieldName: string } }).booking;
  }
  throw new Error('no open slot of the week after next could be booked');
}

test('a coach’s schedule opens offline from the saved copy; writes say "You are offline"; back online it reads again; sign-out deletes the copies', async ({ page, context }) => {
  test.setTimeout(120_000);
  await login(page, DEMO.coach);
  // A practice of the team's own for this journey, in the week after next: far from its cancellation cutoff.
  const booked = await bookWeekAfterNext(page);
  try {
    const monthDay = new Date(booked.startsAt).toLocaleDateString('en-US', { timeZone: TZ, month: 'short', day: 'numeric' });
    // The practice's card (its Cancel button), and the cancelled ones of that field and day (an earlier run's too).
    const cards = page.getByRole('article').filter({ hasText: booked.fieldName }).filter({ hasText: monthDay });
    const card = cards.filter({ has: page.getByRole('button', { name: /^Cancel / }) });
    const cancelledCards = cards.filter({ hasText: 'Cancelled' });

    await page.goto('/coach-dashboard');
    await expect(page.getByRole('heading', { level: 1, name: 'Coach dashboard' })).toBeVisible();
    await workerInControl(page);

    // Online, with the worker in control: both pages read through it, and it keeps a copy of each read.
    await page.reload();
    await expect(page.getByRole('article', { name: /^Next practice:/ })).toBeVisible();
    await page.goto('/my-reservations');
    await expect(page.getByRole('heading', { level: 1, name: 'My Reservations' })).toBeVisible();
    await expect(card.getByRole('button', { name: /^Cancel / })).toBeEnabled();
    const cancelledBefore = await cancelledCards.count();
    const slotsPage = `/slots?week=${weekAfterNext().monday}`;
    // (On a phone a day at a time: the team's practice is on Monday, which has used the team's day.)
    const wednesday = page.getByRole('tab', { name: /Wed/ });
    await page.goto(slotsPage);
    await wednesday.click();
    await expect(page.getByRole('button', { name: /^Book, / }).first()).toBeVisible();
    await page.goto('/public-calendar');
    await expect(page.getByRole('heading', { level: 1, name: 'Calendar' })).toBeVisible();
    await expect(page.getByRole('alert')).toHaveCount(0);
    await expect.poll(async () => (await savedCopies(page)).map((c) => c.path)).toEqual(expect.arrayContaining(['/api/bookings/mine', '/api/bookings/context', '/api/league']));
    const savedTimes = new Set((await savedCopies(page)).map((c) => timeWords(c.savedAt)));
    // Online, nothing on screen came from a saved copy.
    await expect(page.getByText(/you are offline/)).toHaveCount(0);

    await context.setOffline(true);
    // The dashboard opens with no network: the app from the precache, the team's practices from the saved copy.
    await page.goto('/coach-dashboard');
    await expect(page.getByRole('heading', { level: 1, name: 'Coach dashboard' })).toBeVisible();
    await expect(page.getByRole('article', { name: /^Next practice:/ })).toBeVisible();
    const banner = page.getByRole('status').filter({ hasText: /^Saved at \d{1,2}:\d{2} [ap]m: you are offline$/ });
    await expect(banner).toBeVisible();
    const shown = /^Saved at (.+): you are offline$/.exec((await banner.textContent()) ?? '')?.[1];
    expect([...savedTimes], 'the time of a saved copy').toContain(shown);
    await expectNoAxeViolations(page);
    await expectNoHorizontalScroll(page);

    // My Reservations too; cancelling the practice is refused at once, in words, and nothing is sent.
    await page.goto('/my-reservations');
    await expect(page.getByRole('heading', { level: 1, name: 'My Reservations' })).toBeVisible();
    await expect(banner).toBeVisible();
    await card.getByRole('button', { name: /^Cancel / }).click();
    await page.getByRole('button', { name: 'Cancel practice' }).click();
    await expect(page.getByText(OFFLINE_WRITE)).toBeVisible();
    await expectNoAxeViolations(page);
    await page.keyboard.press('Escape');
    // Still booked on the server (the test's own API requests are not cut off by setOffline).
    const mine = (await (await page.request.get('/api/bookings/mine')).json()) as { bookings: Array<{ id: string; status: string }> };
    expect(mine.bookings.find((b) => b.id === booked.id)?.status).toBe('confirmed');

    // Book a Field and the calendar open offline too; pressing Book is refused in words.
    await page.goto(slotsPage);
    await expect(banner).toBeVisible();
    await wednesday.click();
    const book = page.getByRole('button', { name: /^Book, / }).first();
    const slotName = (await book.getAttribute('aria-label'))!;
    await book.click();
    await page.getByRole('button', { name: 'Book practice', exact: true }).click();
    await expect(page.getByText(OFFLINE_WRITE).first()).toBeVisible();
    await expect(page.getByRole('button', { name: slotName, exact: true })).toHaveCount(1);
    await page.goto('/public-calendar');
    await expect(page.getByRole('heading', { level: 1, name: 'Calendar' })).toBeVisible();
    await expect(banner).toBeVisible();
    await expect(page.getByRole('alert')).toHaveCount(0);
    await expectNoAxeViolations(page);

    // Meanwhile, elsewhere, the practice is cancelled: the page cannot know yet.
    expect((await page.request.post(`/api/bookings/${booked.id}/cancel`, { data: {}, headers })).status()).toBe(200);
    await page.goto('/my-reservations');
    await expect(page.getByRole('heading', { level: 1, name: 'My Reservations' })).toBeVisible();
    await expect(card).toHaveCount(1);
    await expect(cancelledCards).toHaveCount(cancelledBefore);

    // Back online: the banner goes and the page reads again, without a reload.
    await context.setOffline(false);
    await expect(banner).toHaveCount(0);
    await expect(cancelledCards).toHaveCount(cancelledBefore + 1);
    await expect(card).toHaveCount(0);
    await expect(page.getByText(/you are offline/)).toHaveCount(0);

    // Sign-out deletes every copy saved for this person (what the landing page reads afterwards is a visitor's).
    expect((await savedCopies(page)).map((c) => c.path)).toContain('/api/bookings/mine');
    const signedOutAt = Date.now();
    await page.getByRole('banner').getByRole('button', { name: 'Account' }).click();
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await expect(page.getByRole('banner').getByRole('link', { name: 'Login', exact: true })).toBeVisible();
    await expect.poll(async () => (await savedCopies(page)).filter((c) => c.savedAt < signedOutAt || /\/(mine|calendar-feed)$/.test(c.path))).toEqual([]);
  } finally {
    await context.setOffline(false);
    await page.request.post(`/api/bookings/${booked.id}/cancel`, { data: {}, headers });
  }
});

test('a new deploy says "A new version is ready", and Reload brings it in', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  await workerInControl(page);
  await expect(page.getByText('A new version is ready')).toHaveCount(0);

  // A new deploy: the server's sw.js becomes a different file. (Playwright's routing does not reach the browser's own
  // fetch of a worker script, so the file itself is changed, for as short a time as it takes this page to install it,
  // and put back.) The page asks for an update as it does hourly and whenever it is shown again.
  const workerFile = path.join(process.env.E2E_WEB_DIST_DIR ?? 'dist/web', 'sw.js');
  const built = fs.readFileSync(workerFile);
  try {
    fs.writeFileSync(workerFile, `${built.toString('utf8')}\n// deployed ${Date.now()}\n`);
    await page.evaluate(async () => {
      await (await navigator.serviceWorker.getRegistration())?.update();
    });
    await expect.poll(() => page.evaluate(async () => Boolean((await navigator.serviceWorker.getRegistration())?.waiting))).toBe(true);
  } finally {
    fs.writeFileSync(workerFile, built);
  }
  const banner = page.getByRole('status').filter({ hasText: 'A new version is ready' });
  await expect(banner).toBeVisible();
  await expectNoAxeViolations(page);
  await expectNoHorizontalScroll(page);

  // Reload: the new version takes over and the page loads again under it.
  const reloaded = page.waitForEvent('load');
  await banner.getByRole('button', { name: 'Reload' }).click();
  await reloaded;
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  await expect(banner).toHaveCount(0);
  const registration = await page.evaluate(async () => {
    const r = await navigator.serviceWorker.getRegistration();
    return { waiting: Boolean(r?.waiting), installing: Boolean(r?.installing), active: r?.active?.state, controlled: navigator.serviceWorker.controller !== null };
  });
  expect(registration).toEqual({ waiting: false, installing: false, active: 'activated', controlled: true });
});
