import { expect, test, type Browser, type Page } from '@playwright/test';
import { Temporal } from 'temporal-polyfill';
import { checkBothWidths, DEMO, E2E_ORIGIN, login, screenshots, uniqueEmail } from './fixtures';
import { latestMailTo } from './mail';

/** Issue 13 item 2: an admin creates a clinic, a parent joins its waitlist, and is promoted when a place frees. */

const TZ = 'America/Chicago';
const headers = { origin: E2E_ORIGIN };

/** A person of the journey's own, signed up through the API; the session lands in a fresh browser context. */
async function newParent(browser: Browser, prefix: string, name: string): Promise<{ page: Page; email: string }> {
  const page = await (await browser.newContext({ baseURL: E2E_ORIGIN })).newPage();
  const email = uniqueEmail(prefix);
  const res = await page.request.post('/api/auth/sign-up/email', { data: { name, email, password: 'clinic-parent-pass' }, headers });
  expect(res.status(), 'sign up').toBe(200);
  return { page, email };
}

test('an admin creates a 1-place clinic; a second parent joins the waitlist, is promoted when the first cancels, and gets the email', async ({ browser }) => {
  test.setTimeout(180_000);
  const title = `Pitching clinic ${Date.now() % 1_000_000}`;
  const day = Temporal.Now.plainDateISO(TZ).add({ days: 9 }).toString();

  // The admin creates the clinic through the form on /clinics.
  const admin = await (await browser.newContext({ baseURL: E2E_ORIGIN })).newPage();
  await login(admin, DEMO.admin);
  await admin.goto('/clinics');
  await expect(admin.getByRole('heading', { level: 1, name: 'Clinics' })).toBeVisible();
  await admin.getByRole('button', { name: 'New clinic' }).click();
  const dialog = admin.getByRole('dialog', { name: 'New clinic' });
  await dialog.getByLabel('Title').fill(title);
  await dialog.getByLabel('Starts').fill(`${day}T10:00`);
  await dialog.getByLabel('Ends').fill(`${day}T12:00`);
  await dialog.getByLabel('Place').selectOption({ label: 'Somewhere else (type it)' });
  await dialog.getByLabel('Where').fill('Lincoln Middle School gym');
  await dialog.getByLabel('Age group').fill('10U');
  await dialog.getByLabel('Capacity').fill('1');
  const created = admin.waitForResponse((r) => r.url().endsWith('/api/clinics') && r.request().method() === 'POST');
  await dialog.getByRole('button', { name: 'Create clinic' }).click();
  expect((await created).status()).toBe(201);
  await expect(admin.getByText(`${title} is created and published.`)).toBeVisible();
  const adminCard = admin.getByRole('article', { name: title });
  await expect(adminCard.getByText('1 of 1 place left')).toBeVisible();
  const clinicId = ((await (await admin.request.get('/api/clinics')).json()) as { clinics: Array<{ id: string; title: string }> }).clinics.find(
    (c) => c.title === title,
  )!.id;

  // The first parent takes the only place (through the API).
  const first = await newParent(browser, 'clinic.first', 'Pat First');
  const taken = await first.page.request.post(`/api/clinics/${clinicId}/registrations`, {
    data: { participantName: 'Ava First', participantAge: 10, emergencyContact: 'Pat 555-0101' },
    headers,
  });
  expect(taken.status(), await taken.text()).toBe(201);
  const firstRegistration = ((await taken.json()) as { registration: { id: string; status: string } }).registration;
  expect(firstRegistration.status).toBe('registered');

  // The second parent registers through the page: the clinic is full, so the waitlist.
  const second = await newParent(browser, 'clinic.second', 'Sam Second');
  const page = second.page;
  await page.goto('/clinics');
  const card = page.getByRole('article', { name: title });
  await expect(card.getByText('Full — join the waitlist (0 waiting)')).toBeVisible();
  await expect(page.getByText('You have not registered anyone yet.')).toBeVisible();
  await card.getByRole('button', { name: `Join the waitlist for ${title}` }).click();
  const register = page.getByRole('dialog', { name: `Register for ${title}` });
  await register.getByRole('button', { name: 'Join the waitlist' }).click();
  await expect(register.getByText("Enter the participant's name")).toBeVisible();
  await register.getByLabel('Participant name').fill('Ben Second');
  await register.getByLabel('Age').fill('9');
  await register.getByLabel('Emergency contact').fill('Sam 555-0102');
  await register.getByRole('button', { name: 'Join the waitlist' }).click();
  await expect(page.getByText('Ben Second is on the waitlist, number 1')).toBeVisible();
  const mine = page.getByRole('region', { name: 'Your registrations' });
  await expect(mine.getByText('Waitlist, number 1')).toBeVisible();
  await expect(card.getByText('Full — join the waitlist (1 waiting)')).toBeVisible();
  await checkBothWidths(page);
  await screenshots(page, 'clinics-waitlisted');

  // The admin reads the roster: the place, then the waitlist.
  await admin.reload();
  await admin.getByRole('button', { name: `Roster of ${title}` }).click();
  const roster = admin.getByRole('dialog', { name: `Roster: ${title}` });
  await expect(roster.getByRole('list', { name: 'Participants' }).getByRole('listitem')).toHaveText([
    /Ava First.*Registered/,
    /Ben Second.*Waitlist, number 1/,
  ]);
  await expect(roster.getByRole('link', { name: 'Export CSV' })).toHaveAttribute('href', `/api/clinics/${clinicId}/roster.csv`);
  await checkBothWidths(admin);
  await screenshots(admin, 'clinics-roster');
  await roster.getByRole('button', { name: 'Close' }).click();

  // The first parent cancels: the second is promoted and emailed.
  const before = new Date();
  const cancelled = await first.page.request.post(`/api/clinics/registrations/${firstRegistration.id}/cancel`, { headers });
  expect(cancelled.status()).toBe(200);
  expect(((await cancelled.json()) as { promoted: string | null }).promoted).toBe('Ben Second');

  await page.reload();
  await expect(mine.getByText('Registered', { exact: true })).toBeVisible();
  await expect(mine.getByText(`Ben Second · ${title}`)).toBeVisible();
  const mail = await latestMailTo(second.email, { after: before, subject: /A place opened/ });
  expect(mail.subject).toContain(`Ben Second, ${title}`);
  expect(mail.text).toContain('Lincoln Middle School gym');
  await checkBothWidths(page);
  await screenshots(page, 'clinics-promoted');

  // The admin cancels Ben's place from the roster, after a confirmation naming him: his parent is emailed.
  const beforeAdminCancel = new Date();
  await admin.reload();
  await admin.getByRole('button', { name: `Roster of ${title}` }).click();
  await roster.getByRole('button', { name: 'Cancel registration of Ben Second' }).click();
  const ask = admin.getByRole('alertdialog', { name: "Cancel Ben Second's registration?" });
  await expect(ask).toContainText(`Ben Second's place in ${title} is cancelled and ${second.email} is emailed.`);
  await checkBothWidths(admin);
  await screenshots(admin, 'clinics-roster-cancel');
  await ask.getByRole('button', { name: 'Cancel registration' }).click();
  await expect(admin.getByText("Ben Second's registration is cancelled and the family emailed.")).toBeVisible();
  await expect(roster.getByText('Nobody has registered yet. Share the clinics page with families.')).toBeVisible();
  const adminCancelMail = await latestMailTo(second.email, { after: beforeAdminCancel, subject: /Registration cancelled/ });
  expect(adminCancelMail.text).toContain(`The league cancelled Ben Second's place for ${title}`);
  await roster.getByRole('button', { name: 'Close' }).click();

  // A visitor sees the clinic and a way to log in that comes back here.
  const visitor = await (await browser.newContext({ baseURL: E2E_ORIGIN })).newPage();
  await visitor.goto('/clinics');
  await expect(visitor.getByRole('article', { name: title }).getByRole('link', { name: 'Log in to register' })).toHaveAttribute(
    'href',
    '/login?redirect=%2Fclinics',
  );
  await checkBothWidths(visitor);
});
