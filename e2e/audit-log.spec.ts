import fs from 'node:fs';
import { parse } from 'csv-parse/sync';
import { expect, test, type Page } from '@playwright/test';
import { checkBothWidths, DEMO, E2E_ORIGIN, login, screenshots, uniqueEmail } from './fixtures';

/** Issue 14: /admin-audit-log, as a league admin answering "who changed this person's role, and when?". */

const CSV_HEADER = ['when_local', 'when_utc', 'actor', 'action', 'entity_type', 'entity_id', 'summary', 'before', 'after', 'entry_id'];
const CHANGES = 53;

/** A person of the journey's own, whose role an admin changes CHANGES times (coach, member, coach, …). */
async function personWithHistory(page: Page): Promise<{ id: string; name: string; email: string; token: string }> {
  const token = `audit${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;
  const name = `Pat ${token}`;
  const email = uniqueEmail('auditee');
  const signUp = await page.request.post('/api/auth/sign-up/email', { data: { name, email, password: 'audit-journey-pass' }, headers: { origin: E2E_ORIGIN } });
  expect(signUp.status()).toBe(200);
  await login(page, DEMO.admin);
  const found = (await (await page.request.get(`/api/admin/users?q=${encodeURIComponent(email)}`)).json()) as { users: Array<{ id: string }> };
  const id = found.users[0]!.id;
  for (let i = 0; i < CHANGES; i++) {
    const res = await page.request.patch(`/api/admin/users/${id}`, { data: { role: i % 2 === 0 ? 'coach' : 'member' }, headers: { origin: E2E_ORIGIN } });
    expect(res.status(), `role change ${i + 1}`).toBe(200);
  }
  return { id, name, email, token };
}

test('an admin filters the audit log, pages it, reads a diff, follows a link and exports the same entries as CSV', async ({ page }) => {
  // 53 role changes one after another (their order is what the page shows), then four axe runs over 53 entries: on a
  // busy machine this takes more than the 60 s a journey usually gets.
  test.setTimeout(180_000);
  const person = await personWithHistory(page);
  await page.goto('/admin-audit-log');
  await expect(page.getByRole('heading', { level: 1, name: 'Audit log' })).toBeVisible();
  const entries = page.getByRole('list', { name: 'Audit entries, newest first' }).getByRole('article');
  const status = page.getByRole('status').filter({ hasText: /^Showing/ });
  await expect(entries.first()).toBeVisible();

  // Search the summaries for the person's name: 50 entries, then the rest with Load more.
  await page.getByRole('searchbox', { name: 'Search summaries' }).fill(person.token);
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`q=${person.token}`));
  await expect(status).toHaveText('Showing 50 entries · more below');
  await expect(entries).toHaveCount(50);
  await page.getByRole('button', { name: 'Load more entries' }).click();
  await expect(status).toHaveText(`Showing ${CHANGES} entries`);
  await expect(entries).toHaveCount(CHANGES);
  await expect(page.getByText('That is every entry these filters match.')).toBeVisible();

  // Newest first: the last change (member → coach) on top, by the admin, naming the person with a link to them.
  const newest = entries.first();
  await expect(newest).toContainText('user.role.change');
  await expect(newest).toContainText(`${person.name} (${person.email}): role Member → Coach`);
  await expect(newest).toContainText(DEMO.admin);
  await newest.getByRole('button', { name: 'Show changes' }).click();
  const changes = newest.getByRole('list', { name: 'Changes' });
  await expect(changes.getByRole('listitem')).toHaveCount(1);
  await expect(changes).toContainText('Changed');
  await expect(changes).toContainText('role');
  await expect(changes).toContainText('"member"');
  await expect(changes).toContainText('"coach"');
  await expect(newest.getByRole('button', { name: 'Hide changes' })).toHaveAttribute('aria-expanded', 'true');

  // The other filters narrow nothing here, and all of them land in the URL.
  await page.getByRole('combobox', { name: 'Action' }).selectOption('user.role.change');
  await page.getByRole('combobox', { name: 'Entity type' }).selectOption({ label: 'Person' });
  await page.getByRole('textbox', { name: 'Entity id' }).fill(person.id);
  await page.getByRole('textbox', { name: 'Actor' }).fill(DEMO.admin.toUpperCase());
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(page).toHaveURL(/action=user\.role\.change/);
  await expect(page).toHaveURL(new RegExp(`id=${person.id}`));
  await expect(status).toHaveText('Showing 50 entries · more below');
  await page.getByRole('button', { name: 'Load more entries' }).click();
  await expect(status).toHaveText(`Showing ${CHANGES} entries`);

  await checkBothWidths(page);
  await screenshots(page, 'audit-log');

  // The CSV holds exactly the filtered view: its header, then the same entries in the same order.
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Export CSV' }).click()]);
  expect(download.suggestedFilename()).toBe('audit-log.csv');
  const rows: string[][] = parse(fs.readFileSync(await download.path(), 'utf8'));
  expect(rows[0]).toEqual(CSV_HEADER);
  const body = rows.slice(1);
  expect(body).toHaveLength(CHANGES);
  const summaries = await entries.evaluateAll((items) => items.map((a) => a.querySelector('p.break-words')?.textContent ?? ''));
  expect(body.map((r) => r[CSV_HEADER.indexOf('summary')])).toEqual(summaries);
  for (const row of body) {
    expect(row[CSV_HEADER.indexOf('actor')]).toBe(DEMO.admin);
    expect(row[CSV_HEADER.indexOf('entity_id')]).toBe(person.id);
  }
  await expect(page.getByRole('status').filter({ hasText: 'Your CSV of these entries is downloading.' })).toBeVisible();

  // A day range with nothing in it: the empty state, and Clear filters; Back brings the filters back.
  await page.getByRole('textbox', { name: 'From' }).fill('2099-01-01');
  await expect(page.getByRole('heading', { name: 'No audit entries match these filters' })).toBeVisible();
  await checkBothWidths(page);
  await page.getByRole('button', { name: 'Clear filters' }).last().click();
  await expect(page).toHaveURL(/\/admin-audit-log$/);
  await expect(page.getByRole('searchbox', { name: 'Search summaries' })).toHaveValue('');
  await expect(entries.first()).toBeVisible();
  await page.goBack();
  await expect(page.getByRole('heading', { name: 'No audit entries match these filters' })).toBeVisible();
  await page.goBack();
  await expect(page.getByRole('searchbox', { name: 'Search summaries' })).toHaveValue(person.token);
  await expect(page.getByRole('textbox', { name: 'Entity id' })).toHaveValue(person.id);
  // The pages loaded under these filters come back with them.
  await expect(status).toHaveText(`Showing ${CHANGES} entries`);

  // The entry's link opens the person in the user manager.
  await entries.first().getByRole('link', { name: 'Open in User manager' }).click();
  await expect(page).toHaveURL(/\/admin-user-manager\?q=/);
  await expect(page.getByText(person.email).first()).toBeVisible();
});

test('a coach is not shown the audit log', async ({ page }) => {
  await login(page, DEMO.coach);
  await page.goto('/admin-audit-log');
  await expect(page.getByRole('heading', { level: 1, name: 'Audit log' })).toHaveCount(0);
  expect((await page.request.get('/api/admin/audit-log')).status()).toBe(403);
});
