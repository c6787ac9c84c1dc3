import { expect, test, type Browser, type Page } from '@playwright/test';
import { checkBothWidths, DEMO, E2E_ORIGIN, login, screenshots } from './fixtures';

/** Issue 13 item 4: announcements written by an admin with a preview, shown to their audience; an urgent banner dismissed. */

const headers = { origin: E2E_ORIGIN };
const stamp = `${Date.now() % 1_000_000}${Math.floor(Math.random() * 100)}`;
/** What this file published, deleted at the end: other journeys share the server and must not meet a banner of ours. */
const made: string[] = [];

async function personPage(browser: Browser, email?: string): Promise<Page> {
  const page = await (await browser.newContext({ baseURL: E2E_ORIGIN })).newPage();
  if (email) await login(page, email);
  return page;
}

/** Publishes through the API as the demo admin; expiring soon in case the clean-up never runs. */
async function publish(browser: Browser, input: { title: string; audience: string; severity: string; body: string }): Promise<void> {
  const admin = await personPage(browser, DEMO.admin);
  const res = await admin.request.post('/api/admin/announcements', {
    data: { ...input, expiresAt: new Date(Date.now() + 20 * 60_000).toISOString() },
    headers,
  });
  expect(res.status(), await res.text()).toBe(201);
  made.push(((await res.json()) as { announcement: { id: string } }).announcement.id);
  await admin.context().close();
}

/** Opens the landing page and waits until the list shows `visible` (so the absence of anything else is settled). */
async function landingShowing(page: Page, visible: string) {
  await page.goto('/');
  const list = page.getByRole('region', { name: 'Announcements' });
  await expect(list.getByRole('article', { name: visible })).toBeVisible();
  return list;
}

test.afterAll(async ({ browser }) => {
  const admin = await personPage(browser, DEMO.admin);
  const all = (await (await admin.request.get('/api/admin/announcements')).json()) as { announcements: Array<{ id: string; title: string }> };
  for (const a of all.announcements.filter((x) => made.includes(x.id) || x.title.endsWith(stamp))) {
    expect((await admin.request.delete(`/api/admin/announcements/${a.id}`, { headers })).status()).toBe(200);
  }
  await admin.context().close();
});

test('an admin writes an announcement for coaches, previews it and publishes it: coaches see it, a visitor and a member do not', async ({ browser }) => {
  test.setTimeout(180_000);
  const forEveryone = `Opening day parade ${stamp}`;
  await publish(browser, { title: forEveryone, audience: 'everyone', severity: 'info', body: 'Meet at the **north gate** at 9 am.' });
  const forCoaches = `Coaches meeting ${stamp}`;

  const admin = await personPage(browser, DEMO.admin);
  await admin.goto('/admin-announcements');
  await expect(admin.getByRole('heading', { level: 1, name: 'Announcements' })).toBeVisible();
  await admin.getByRole('button', { name: 'New announcement' }).first().click();
  const dialog = admin.getByRole('dialog', { name: 'New announcement' });
  await dialog.getByLabel('Title').fill(forCoaches);
  await dialog
    .getByLabel('Message')
    .fill(
      'Bring your **roster** to the clubhouse.\n\nAgenda: [league site](https://cgsl.example.org/agenda)\n\n<script>alert(1)</script> [bad](javascript:alert(1))',
    );
  await dialog.getByLabel('Who sees it').selectOption('coaches');
  await dialog.getByLabel('Severity').selectOption('warning');
  await dialog.getByLabel(/Pin it/).check();
  await dialog.getByRole('button', { name: 'Preview' }).click();

  // The preview is the server's rendering: a real link, the script shown as words, the javascript: link not a link.
  const preview = dialog.getByRole('region', { name: 'Preview' });
  const card = preview.getByRole('article', { name: forCoaches });
  await expect(card).toBeVisible();
  await expect(card.getByRole('link', { name: 'league site' })).toHaveAttribute('href', 'https://cgsl.example.org/agenda');
  await expect(card.getByText('<script>alert(1)</script>', { exact: false })).toBeVisible();
  await expect(card.getByRole('link', { name: 'bad' })).toHaveCount(0);
  await expect(card.getByText('Warning')).toBeVisible();
  await expect(card.getByText('Pinned')).toBeVisible();
  await expect(dialog.getByText(/how it will look to coaches/)).toBeVisible();
  await checkBothWidths(admin);
  await screenshots(admin, 'announcement-preview');

  await dialog.getByRole('button', { name: 'Publish' }).click();
  await expect(admin.getByRole('status').filter({ hasText: `"${forCoaches}" is published.` })).toBeVisible();
  const row = admin.getByRole('article', { name: forCoaches });
  await expect(row.getByText('Live')).toBeVisible();
  await expect(row.getByText('Coaches', { exact: true })).toBeVisible();
  made.push(
    ((await (await admin.request.get('/api/admin/announcements')).json()) as { announcements: Array<{ id: string; title: string }> }).announcements.find(
      (a) => a.title === forCoaches,
    )!.id,
  );
  await checkBothWidths(admin);
  await screenshots(admin, 'admin-announcements');
  await admin.context().close();

  // The demo coach: on the landing page (pinned, so above the one for everyone) and on the coach dashboard.
  const coach = await personPage(browser, DEMO.coach);
  const list = await landingShowing(coach, forEveryone);
  const coachCard = list.getByRole('article', { name: forCoaches });
  await expect(coachCard).toBeVisible();
  await expect(coachCard.getByRole('link', { name: 'league site' })).toHaveAttribute('rel', 'nofollow noopener noreferrer');
  const titles = await list.getByRole('article').evaluateAll((nodes) => nodes.map((n) => n.getAttribute('aria-label')));
  expect(titles.indexOf(forCoaches)).toBeLessThan(titles.indexOf(forEveryone));
  await checkBothWidths(coach);
  await screenshots(coach, 'landing-announcements');
  await coach.goto('/coach-dashboard');
  await expect(coach.getByRole('region', { name: 'Announcements' }).getByRole('article', { name: forCoaches })).toBeVisible();
  await checkBothWidths(coach);
  await screenshots(coach, 'coach-dashboard-announcements');
  await coach.context().close();

  // A visitor and the demo member (a parent) see the one for everyone, and not the one for coaches.
  for (const email of [undefined, DEMO.member]) {
    const page = await personPage(browser, email);
    const shown = await landingShowing(page, forEveryone);
    await expect(shown.getByRole('article', { name: forCoaches })).toHaveCount(0);
    await page.context().close();
  }
});

test('an urgent announcement is a banner on every page until a visitor dismisses it, and stays dismissed after a reload', async ({ browser }) => {
  test.setTimeout(120_000);
  const urgent = `Fields closed: lightning ${stamp}`;
  await publish(browser, { title: urgent, audience: 'everyone', severity: 'urgent', body: 'All fields are closed **tonight**.' });

  const visitor = await personPage(browser);
  await visitor.goto('/slots');
  const banner = visitor.getByRole('region', { name: `Urgent announcement: ${urgent}` });
  await expect(banner).toBeVisible();
  await expect(banner.getByText('All fields are closed')).toBeVisible();
  await visitor.goto('/');
  await expect(banner).toBeVisible();
  await checkBothWidths(visitor);
  await screenshots(visitor, 'urgent-banner');

  await banner.getByRole('button', { name: /Dismiss/ }).click();
  await expect(banner).toHaveCount(0);
  await expect(visitor.getByRole('status').filter({ hasText: 'Announcement dismissed' })).toBeVisible();

  // After a reload it is back in the landing page's list (settled), and not as a banner.
  await landingShowing(visitor, urgent);
  await expect(banner).toHaveCount(0);
  await visitor.context().close();

  // Dismissed in that browser only: another visitor still gets the banner.
  const other = await personPage(browser);
  await other.goto('/');
  await expect(other.getByRole('region', { name: `Urgent announcement: ${urgent}` })).toBeVisible();
  await other.context().close();
});
