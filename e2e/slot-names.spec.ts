import { expect, test, type Browser, type Page } from '@playwright/test';
import { DEMO, E2E_ORIGIN, expectNoAxeViolations, login, teamBody, uniqueEmail, weekAfterNext } from './fixtures';

/**
 * Issue 24 (9), WCAG 2.5.3 Label in Name: on Book a Field every slot's Book button is named by the words it shows
 * first ("5:00–6:30 pm Book, Field 1, Tue Nov 24"), at desktop and phone width, for a visitor and for a coach, so a
 * person using voice control can say what they see. axe checks it too (`label-content-name-mismatch`, enabled in
 * expectNoAxeViolations). Reads the demo league's slots of the week after next; the coach is the journey's own.
 */
const headers = { origin: E2E_ORIGIN };

/** A coach of a new team of this journey's own (nothing booked, so every open slot offers Book). */
async function ownCoach(browser: Browser, page: Page): Promise<void> {
  const stamp = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
  const email = uniqueEmail('slot.names.coach');
  const password = 'slot-names-journey';
  const admin = await browser.newContext({ baseURL: E2E_ORIGIN });
  const adminPage = await admin.newPage();
  expect((await adminPage.request.post('/api/auth/sign-up/email', { data: { name: `Sam ${stamp}`, email, password }, headers })).status()).toBe(200);
  await login(adminPage, DEMO.admin);
  const created = await adminPage.request.post('/api/teams', { data: await teamBody(adminPage.request, `Wrens ${stamp}`, '10U'), headers });
  expect(created.status()).toBe(201);
  const teamId = ((await created.json()) as { team: { id: string } }).team.id;
  const found = (await (await adminPage.request.get(`/api/admin/users?q=${encodeURIComponent(email)}`)).json()) as { users: Array<{ id: string }> };
  const patched = await adminPage.request.patch(`/api/admin/users/${found.users[0]!.id}`, { data: { role: 'coach', teamId }, headers });
  expect(patched.status(), await patched.text()).toBe(200);
  await admin.close();
  await login(page, email, password);
}

for (const who of ['visitor', 'coach'] as const) {
  test(`every Book button's name begins with what it shows, at 1280 and 390 px, for a ${who}`, async ({ page, browser }) => {
    if (who === 'coach') await ownCoach(browser, page);
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: width === 390 ? 844 : 800 });
      await page.goto(`/slots?week=${weekAfterNext().monday}`);
      await expect(page.getByRole('heading', { level: 1, name: 'Book a Field' })).toBeVisible();
      if (who === 'coach') await expect(page.getByText(/ · 0 of 2 this week/)).toBeVisible();
      else await expect(page.getByText(/Log in to book a practice\./)).toBeVisible();
      // Each slot card carries data-slot (slot-pill.tsx): the grid's card is the button, the phone row holds one.
      const books = page.locator('button[data-slot], [data-slot] button');
      await expect(books.first()).toBeVisible();
      await expectNoAxeViolations(page);
      const buttons = await books.all();
      for (const button of buttons) {
        const shown = (await button.innerText()).replace(/\s+/g, ' ').trim();
        const name = (await button.getAttribute('aria-label')) ?? '';
        expect(name.startsWith(`${shown}, `), `"${name}" begins with "${shown}"`).toBe(true);
      }
      if (width === 1280) expect((await buttons[0]!.innerText()).replace(/\s+/g, ' ')).toMatch(/^\d{1,2}:\d{2}.* Book$/);
      else await expect(buttons[0]!).toHaveText('Book');
    }
  });
}
