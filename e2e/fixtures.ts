import AxeBuilder from '@axe-core/playwright';
import { Temporal } from 'temporal-polyfill';
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { thisWorker } from './workers';

/** The demo league the e2e server starts with (src/server/demo/demo-data.ts). */
export const DEMO = {
  password: 'practice-demo',
  admin: 'admin@demo.cgsl.test',
  coach: 'coach@demo.cgsl.test',
  member: 'member@demo.cgsl.test',
};

/** Signs in through the API (sets the session cookie in the page's context) instead of clicking the form. */
export async function login(page: Page, email: string, password = DEMO.password): Promise<void> {
  const res = await page.request.post('/api/auth/sign-in/email', {
    data: { email, password },
    headers: { origin: originOf(page) },
  });
  expect(res.status(), `sign in ${email}`).toBe(200);
}

/** This worker's server (playwright.config.ts starts one per worker, e2e/workers.ts). */
export const E2E_ORIGIN = thisWorker.origin;

function originOf(page: Page): string {
  const base = (page.context() as unknown as { _options?: { baseURL?: string } })._options?.baseURL;
  return new URL(base ?? E2E_ORIGIN).origin;
}

export function uniqueEmail(prefix: string): string {
  return `${prefix}.${Date.now()}.${Math.floor(Math.random() * 1e6)}@example.org`;
}

/**
 * axe finds no violations on the page as it is now. Besides the WCAG A/AA and best-practice rules, it checks Label in
 * Name (WCAG 2.5.3, `label-content-name-mismatch`: a control's accessible name contains the words it shows), which
 * axe marks experimental and so runs only when asked. options() first: withTags adds to what it set.
 *
 * Run as axe.run() in the page (`setLegacyMode`: the app has no frames, so the frame-by-frame runPartial, which opens
 * a second page to merge its results, gains nothing), and only violations are turned into results with selectors
 * (`resultTypes`). Measured on the admin-slots journeys: 6 axe runs in 6.8 s against 17.6 s. e2e/axe-check.spec.ts
 * proves it still reports what it should.
 */
export async function expectNoAxeViolations(page: Page): Promise<void> {
  const results = await new AxeBuilder({ page })
    .options({ rules: { 'label-content-name-mismatch': { enabled: true } }, resultTypes: ['violations'] })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
    .setLegacyMode()
    .analyze();
  const summary = results.violations.map((v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  expect(summary, 'axe violations').toEqual([]);
}

/**
 * Screenshots of main screens at desktop and phone width, kept as test artifacts, when E2E_SCREENSHOTS=1 (to look at
 * the screens; `npm test` leaves them out: 39 full-page pairs were about a tenth of the journeys' time).
 */
export async function screenshots(page: Page, name: string): Promise<void> {
  if (process.env.E2E_SCREENSHOTS !== '1') return;
  const original = page.viewportSize();
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 800 });
    await page.screenshot({ path: `test-results/screenshots/${name}-${width}.png`, fullPage: true });
  }
  if (original) await page.setViewportSize(original);
}

/** No horizontal scrolling at the current width. */
export async function expectNoHorizontalScroll(page: Page): Promise<void> {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

/** The active season, as the API reports it (the demo's seasons are placed around today). */
export async function activeSeason(page: Page): Promise<{ id: string; name: string; startsOn: string; endsOn: string }> {
  const seasons = (await (await page.request.get('/api/seasons')).json()) as { seasons: Array<{ id: string; name: string; startsOn: string; endsOn: string; active: boolean }> };
  const active = seasons.seasons.find((s) => s.active);
  if (!active) throw new Error('the demo league has no active season');
  return active;
}

/** Monday and Sunday of the week after next, in the league's zone: bookable (over 12 h, under 21 days) and in season. */
export function weekAfterNext(): { monday: string; tuesday: string; wednesday: string; sunday: string } {
  const today = Temporal.Now.plainDateISO('America/Chicago');
  const monday = today.add({ days: 8 - today.dayOfWeek + 7 });
  return {
    monday: monday.toString(),
    tuesday: monday.add({ days: 1 }).toString(),
    wednesday: monday.add({ days: 2 }).toString(),
    sunday: monday.add({ days: 6 }).toString(),
  };
}

/** axe and the no-horizontal-scroll check at phone and desktop width, back at desktop width afterwards. */
export async function checkBothWidths(page: Page): Promise<void> {
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 800 });
    await expectNoAxeViolations(page);
    await expectNoHorizontalScroll(page);
  }
}

/**
 * A new team's body for POST /api/teams, in the demo league's division of this name (8U, 10U, 12U; issue 29: a team's
 * division is one of the league's divisions, by id).
 */
export async function teamBody(request: APIRequestContext, name: string, division: string | null): Promise<{ name: string; divisionId: string | null }> {
  if (!division) return { name, divisionId: null };
  const res = await request.get('/api/divisions');
  expect(res.status(), await res.text()).toBe(200);
  const found = ((await res.json()) as { divisions: Array<{ id: string; name: string }> }).divisions.find((d) => d.name === division);
  expect(found, `the demo league has division ${division}`).toBeTruthy();
  return { name, divisionId: found!.id };
}
