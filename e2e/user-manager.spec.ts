import { expect, test, type Page } from '@playwright/test';
import { checkBothWidths, DEMO, E2E_ORIGIN, expectNoAxeViolations, login, screenshots, uniqueEmail } from './fixtures';
import { latestMailTo } from './mail';

/** Issue 9: /admin-user-manager — people (role, team, disabled), teams, invitations and the CSV import. */

const headers = { origin: E2E_ORIGIN };
const stamp = () => `${Date.now() % 1_000_000}${Math.floor(Math.random() * 100)}`;

/** A person of this journey's own, signed up through an invitation (no sign-up form, no rate limit on it). */
async function ownPerson(admin: Page, name: string): Promise<{ email: string; password: string; page: Page }> {
  const email = uniqueEmail(name.toLowerCase().replace(/\W+/g, '.'));
  const sent = new Date();
  expect((await admin.request.post('/api/admin/invitations', { data: { email, role: 'member', teamId: null }, headers })).status()).toBe(201);
  const link = (await latestMailTo(email, { after: sent })).links.find((l) => l.includes('/invite?token='))!;
  const context = await admin.context().browser()!.newContext({ baseURL: E2E_ORIGIN });
  const page = await context.newPage();
  const token = new URL(link).searchParams.get('token');
  const res = await page.request.post('/api/invitations/accept', { data: { token, name, password: 'people-practice-1' }, headers });
  expect(res.status(), await res.text()).toBe(201);
  return { email, password: 'people-practice-1', page };
}

test('people: search, change role and team in place, disable with a confirmation (their session ends at once), enable', async ({ page }) => {
  test.setTimeout(90_000);
  await login(page, DEMO.admin);
  const name = `Petra People ${stamp()}`;
  const team = `Larks ${stamp()}`;
  expect((await page.request.post('/api/teams', { data: { name: team, divisionId: null }, headers })).status()).toBe(201);
  const person = await ownPerson(page, name);

  await page.goto('/admin-user-manager');
  await expect(page.getByRole('heading', { level: 1, name: 'Users and teams' })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'People', selected: true })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: /^Showing \d+ of \d+ people/ })).toBeVisible();
  await checkBothWidths(page);
  await screenshots(page, 'user-manager-people');

  // Search by keyboard: type, Enter.
  await page.getByRole('searchbox', { name: 'Search' }).fill(name);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/q=Petra/);
  const row = page.getByRole('article', { name });
  await expect(row).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'Showing 1 of 1 person' })).toBeVisible();

  // Put them on a team and make them its coach: no question, a toast each.
  await row.getByLabel(`Team of ${name}`).selectOption({ label: team });
  await expect(page.getByRole('status').filter({ hasText: `${name} is now on ${team}.` })).toBeVisible();
  await row.getByLabel(`Role of ${name}`).selectOption('coach');
  await expect(page.getByRole('status').filter({ hasText: `${name} is now a coach.` })).toBeVisible();
  const me = async () => person.page.request.get('/api/me');
  // A new role ends the sessions from before it: they sign in again and have it.
  expect((await me()).status()).toBe(401);
  expect((await person.page.request.post('/api/auth/sign-in/email', { data: { email: person.email, password: person.password }, headers })).status()).toBe(200);
  expect(((await (await me()).json()) as { profile: { role: string; teamName: string } }).profile).toMatchObject({ role: 'coach', teamName: team });

  // Demoting asks first; Cancel leaves the role as it was.
  await row.getByLabel(`Role of ${name}`).selectOption('member');
  const ask = page.getByRole('alertdialog', { name: `Make ${name} a member?` });
  await expect(ask).toContainText(`They can no longer book practices for ${team}`);
  await expectNoAxeViolations(page);
  await ask.getByRole('button', { name: 'Cancel' }).click();
  await expect(row.getByLabel(`Role of ${name}`)).toHaveValue('coach');

  // Disabling asks first, then their session ends at once.
  await row.getByRole('button', { name: `Disable ${name}` }).click();
  await expect(page.getByRole('alertdialog', { name: `Disable ${name}'s account?` })).toContainText('signed out on every device at once');
  await page.getByRole('button', { name: 'Disable account' }).click();
  await expect(page.getByRole('status').filter({ hasText: `${name}'s account is disabled` })).toBeVisible();
  await expect(row.getByText('Disabled', { exact: true })).toBeVisible();
  expect((await me()).status()).toBe(401);
  const signIn = await person.page.request.post('/api/auth/sign-in/email', { data: { email: person.email, password: person.password }, headers });
  expect(signIn.status()).toBe(403);

  // The status filter finds them; enabling needs no question.
  await page.getByLabel('Status').selectOption('disabled');
  await expect(page).toHaveURL(/status=disabled/);
  await expect(row).toBeVisible();
  await row.getByRole('button', { name: `Enable ${name}` }).click();
  await expect(page.getByRole('status').filter({ hasText: `${name}'s account is enabled.` })).toBeVisible();
  expect((await person.page.request.post('/api/auth/sign-in/email', { data: { email: person.email, password: person.password }, headers })).status()).toBe(200);

  // Filters clear back to everyone.
  await page.getByRole('button', { name: 'Clear filters' }).first().click();
  await expect(page).not.toHaveURL(/status=|q=/);
  await person.page.context().close();
});

test('teams: create, rename, deactivate and reactivate; a team with upcoming bookings says what to do first', async ({ page }) => {
  test.setTimeout(90_000);
  await login(page, DEMO.admin);
  await page.goto('/admin-user-manager');
  // The tabs work by keyboard: arrow to Teams.
  await page.getByRole('tab', { name: 'People' }).focus();
  await page.keyboard.press('ArrowRight');
  await expect(page.getByRole('tab', { name: 'Teams', selected: true })).toBeFocused();
  await expect(page).toHaveURL(/tab=teams/);
  await expect(page.getByRole('heading', { level: 2, name: 'Teams' })).toBeVisible();
  await expect(page.getByText(/^Bookings are counted for /)).toBeVisible();

  // The demo's Blue Jays hold bookings: their coach, their counts, the list on expand.
  const jays = page.getByRole('article', { name: 'Blue Jays' });
  await expect(jays).toContainText('Coach: Casey Coach');
  await expect(jays).toContainText(/\d+ bookings? this season · \d+ upcoming/);
  await jays.getByRole('button', { name: 'Show bookings of Blue Jays' }).click();
  await expect(jays.getByRole('listitem').first()).toBeVisible();
  await checkBothWidths(page);
  await screenshots(page, 'user-manager-teams');
  await jays.getByRole('button', { name: 'Deactivate Blue Jays' }).click();
  const blocked = page.getByRole('dialog', { name: 'Blue Jays still has practices booked' });
  await expect(blocked).toContainText(/holds \d+ upcoming bookings?\. Cancel or move/);
  await expect(blocked.getByRole('link', { name: 'Open its bookings' })).toHaveAttribute('href', /\/admin-manage-bookings\?team=/);
  await blocked.getByRole('button', { name: 'Close' }).click();

  const name = `Finches ${stamp()}`;
  await page.getByRole('button', { name: 'New team' }).click();
  const form = page.getByRole('dialog', { name: 'New team' });
  await form.getByLabel('Team name').fill(name);
  await form.getByLabel('Division', { exact: true }).selectOption('10U');
  await expectNoAxeViolations(page);
  await form.getByRole('button', { name: 'Create team' }).click();
  await expect(page.getByRole('status').filter({ hasText: `Team "${name}" created.` })).toBeVisible();
  const card = page.getByRole('article', { name });
  await expect(card).toContainText('No coach yet.');
  await expect(card).toContainText('0 bookings this season · 0 upcoming');

  await card.getByRole('button', { name: `Edit ${name}` }).click();
  const edit = page.getByRole('dialog', { name: `Edit team "${name}"` });
  await edit.getByLabel('Team name').fill(`${name} Gold`);
  await edit.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByRole('status').filter({ hasText: `Team "${name} Gold" saved.` })).toBeVisible();
  const renamed = page.getByRole('article', { name: `${name} Gold` });

  await renamed.getByRole('button', { name: `Deactivate ${name} Gold` }).click();
  await page.getByRole('alertdialog', { name: `Deactivate ${name} Gold?` }).getByRole('button', { name: 'Deactivate' }).click();
  await expect(page.getByRole('status').filter({ hasText: `${name} Gold is deactivated.` })).toBeVisible();
  await expect(renamed.getByText('Inactive')).toBeVisible();
  const teams = (await (await page.request.get('/api/teams')).json()) as { teams: Array<{ name: string }> };
  expect(teams.teams.map((t) => t.name)).not.toContain(`${name} Gold`);
  await renamed.getByRole('button', { name: `Reactivate ${name} Gold` }).click();
  await page.getByRole('button', { name: 'Reactivate' }).click();
  await expect(page.getByRole('status').filter({ hasText: `${name} Gold is active again.` })).toBeVisible();
});

test('import: a CSV preview lists what will be created and each refused row with its reason; apply does that, with progress', async ({ page }) => {
  test.setTimeout(90_000);
  await login(page, DEMO.admin);
  const s = stamp();
  const [a, b] = [uniqueEmail('import.a'), uniqueEmail('import.b')];
  const csv = [
    'Team,Division,Coach name,Coach email',
    `Ravens ${s},10U,Ria Raven,${a}`,
    `Ravens ${s},10U,Rex Raven,${b}`,
    `Owls ${s},12U,Olu Owl,not-an-email`,
    `Owls ${s},12U,Olu Again,${a}`,
    `Blue Jays,10U,Casey Coach,${DEMO.coach}`,
  ].join('\n');

  await page.goto('/admin-user-manager?tab=import');
  await expect(page.getByRole('heading', { level: 2, name: 'Import teams and coaches' })).toBeVisible();
  await page.getByLabel('CSV file').setInputFiles({ name: 'teams.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
  await expect(page.getByText('Loaded teams.csv.')).toBeVisible();
  await expect(page.getByLabel('Rows')).toHaveValue(csv);
  await page.getByRole('button', { name: 'Preview' }).click();

  const preview = page.getByRole('region', { name: 'Preview of 5 rows' });
  await expect(preview).toBeVisible();
  await expect(preview.getByText('Row 4: "not-an-email" is not a valid email address.')).toBeVisible();
  await expect(preview.getByText(`Row 5: ${a} appears twice in the file (first on row 2).`)).toBeVisible();
  await expect(preview.getByText(`${DEMO.coach}: Already coaches Blue Jays.`)).toBeVisible();
  await expect(preview.getByText(`Ravens ${s} (10U)`)).toBeVisible();
  await checkBothWidths(page);
  await screenshots(page, 'user-manager-import');

  const started = new Date();
  await page.getByRole('button', { name: 'Apply: create 1 team, send 2 invitations' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Imported: 1 team created, 2 invitations sent.' })).toBeVisible();
  await expect(page.getByText('Import done')).toBeVisible();
  await expect(page.getByRole('progressbar')).toHaveCount(0);
  for (const email of [a, b]) expect((await latestMailTo(email, { after: started })).subject).toContain('invited');

  await page.getByRole('button', { name: 'See the invitations' }).click();
  await expect(page.getByRole('tab', { name: 'Invitations', selected: true })).toBeVisible();
  await expect(page.getByRole('article', { name: a })).toContainText(`Coach of Ravens ${s}`);
  await expect(page.getByRole('article', { name: b })).toBeVisible();
});
