import { expect, test, type Browser, type Page } from '@playwright/test';
import { checkBothWidths, DEMO, E2E_ORIGIN, expectNoAxeViolations, login, screenshots, teamBody, uniqueEmail, weekAfterNext } from './fixtures';
import { latestMailTo } from './mail';

/**
 * Issue 9: an admin invites a coach; the link in the captured email signs the coach up as coach of that team;
 * the coach books a slot. Used, revoked and replaced (resend) links each say what happened (an expired link:
 * e2e/invitation-expired.spec.ts, on a server of its own).
 */

const headers = { origin: E2E_ORIGIN };
const stamp = () => `${Date.now() % 1_000_000}-${Math.floor(Math.random() * 1000)}`;

async function createTeam(page: Page, name: string): Promise<string> {
  const res = await page.request.post('/api/teams', { data: await teamBody(page.request, name, '10U'), headers });
  expect(res.status(), `create team ${name}`).toBe(201);
  return ((await res.json()) as { team: { id: string } }).team.id;
}

/** An invitation made through the API, and the link from its email. */
async function invite(page: Page, email: string, teamId: string): Promise<{ id: string; link: string }> {
  const sent = new Date();
  const res = await page.request.post('/api/admin/invitations', { data: { email, role: 'coach', teamId }, headers });
  expect(res.status(), `invite ${email}`).toBe(201);
  return { id: ((await res.json()) as { invitation: { id: string } }).invitation.id, link: await inviteLink(email, sent) };
}

async function inviteLink(email: string, after: Date): Promise<string> {
  const mail = await latestMailTo(email, { after, subject: /invited/ });
  const link = mail.links.find((l) => l.startsWith(`${E2E_ORIGIN}/invite?token=`));
  expect(link, mail.text).toBeTruthy();
  return link!;
}

/** A fresh browser for the invited person: signed out, as someone opening the email would be. */
async function visitor(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ baseURL: E2E_ORIGIN });
  return context.newPage();
}

async function practiceFieldId(page: Page): Promise<string> {
  const data = (await (await page.request.get('/api/facilities')).json()) as { facilities: Array<{ name: string; fields: Array<{ id: string; name: string }> }> };
  return data.facilities.find((f) => f.name === 'Memorial Complex')!.fields.find((f) => f.name === 'Practice Field')!.id;
}

test('an admin invites a coach; the emailed link signs them up as coach of that team; the coach books a slot', async ({ page, browser }) => {
  test.setTimeout(90_000);
  const team = `Herons ${stamp()}`;
  const email = uniqueEmail('heron.coach');
  await login(page, DEMO.admin);
  await createTeam(page, team);

  await page.goto('/admin-user-manager');
  await expect(page.getByRole('heading', { level: 1, name: 'Users and teams' })).toBeVisible();
  await page.getByRole('button', { name: 'Invite someone' }).click();
  const dialog = page.getByRole('dialog', { name: 'Invite someone' });
  await dialog.getByLabel('Email').fill(email);
  await dialog.getByLabel('Name').fill('Hana Heron');
  await expect(dialog.getByLabel('Role')).toHaveValue('coach');
  await dialog.getByLabel('Team').selectOption({ label: `${team} (10U)` });
  await expectNoAxeViolations(page);
  const sent = new Date();
  await dialog.getByRole('button', { name: 'Send invitation' }).click();
  await expect(page.getByRole('status').filter({ hasText: `Invitation sent to ${email}.` })).toBeVisible();
  await expect(dialog).toBeHidden();

  await page.getByRole('tab', { name: 'Invitations' }).click();
  const listed = page.getByRole('article', { name: email });
  await expect(listed).toContainText(`Coach of ${team}`);
  await expect(listed).toContainText('Pending');
  await checkBothWidths(page);
  await screenshots(page, 'user-manager-invitations');

  const link = await inviteLink(email, sent);
  const coach = await visitor(browser);
  await coach.goto(link);
  await expect(coach.getByRole('heading', { level: 1, name: 'Join CGSL Softball League' })).toBeVisible();
  await expect(coach.getByText(`Alex Admin invited ${email} to join CGSL Softball League as a coach of ${team} (10U).`)).toBeVisible();
  // The address is the invitation's: shown, not editable.
  await expect(coach.getByLabel('Email')).toHaveValue(email);
  await expect(coach.getByLabel('Email')).toHaveAttribute('readonly', '');
  await expect(coach.getByLabel('Your name')).toHaveValue('Hana Heron');
  await checkBothWidths(coach);
  await screenshots(coach, 'accept-invitation');
  await coach.getByLabel('Password').fill('heron-practice-1');
  await coach.getByRole('button', { name: 'Create account and join' }).click();

  await expect(coach).toHaveURL(/\/slots/);
  await expect(coach.getByRole('status').filter({ hasText: `Welcome, Hana Heron! You are now a coach of ${team}.` })).toBeVisible();
  const me = (await (await coach.request.get('/api/me')).json()) as { profile: { role: string; teamName: string } };
  expect(me.profile).toMatchObject({ role: 'coach', teamName: team });

  // The new coach books a practice for the new team.
  const week = weekAfterNext();
  await coach.goto(`/slots?week=${week.monday}&field=${await practiceFieldId(coach)}`);
  const book = coach.getByRole('button', { name: /Book, Practice Field, / }).first();
  await expect(book).toBeVisible();
  await book.click();
  await coach.getByRole('button', { name: 'Book practice', exact: true }).click();
  await expect(coach.getByText(/^Booked/).first()).toBeVisible();
  const mine = (await (await coach.request.get('/api/bookings/mine')).json()) as { bookings: Array<{ id: string; teamName: string; status: string }> };
  expect(mine.bookings).toEqual([expect.objectContaining({ teamName: team, status: 'confirmed' })]);
  // Leave the slot open for the other journeys.
  expect((await coach.request.post(`/api/bookings/${mine.bookings[0]!.id}/cancel`, { data: {}, headers })).status()).toBe(200);

  // The link has done its work: opening it again says so.
  await coach.goto(link);
  await expect(coach.getByRole('heading', { level: 1, name: 'This invitation has already been used' })).toBeVisible();
  await coach.context().close();
});

test('revoked, replaced (resend) and used links each say what happened', async ({ page, browser }) => {
  test.setTimeout(90_000);
  await login(page, DEMO.admin);
  const teamId = await createTeam(page, `Wrens ${stamp()}`);
  const revokedEmail = uniqueEmail('revoked');
  const resentEmail = uniqueEmail('resent');
  const revoked = await invite(page, revokedEmail, teamId);
  const resent = await invite(page, resentEmail, teamId);

  // Revoke and resend on the Invitations tab.
  await page.goto('/admin-user-manager?tab=invitations');
  await page.getByRole('article', { name: revokedEmail }).getByRole('button', { name: /^Revoke/ }).click();
  await expect(page.getByRole('alertdialog', { name: 'Revoke this invitation?' })).toContainText(revokedEmail);
  await page.getByRole('button', { name: 'Revoke invitation' }).click();
  await expect(page.getByRole('status').filter({ hasText: `The invitation of ${revokedEmail} is revoked.` })).toBeVisible();
  await expect(page.getByRole('article', { name: revokedEmail })).toHaveCount(0);
  const resentAt = new Date();
  await page.getByRole('article', { name: resentEmail }).getByRole('button', { name: /^Resend/ }).click();
  await expect(page.getByRole('status').filter({ hasText: `A new link was emailed to ${resentEmail}. The old link no longer works.` })).toBeVisible();
  const fresh = await inviteLink(resentEmail, resentAt);
  expect(fresh).not.toBe(resent.link);

  const person = await visitor(browser);
  await person.goto(revoked.link);
  await expect(person.getByRole('heading', { level: 1, name: 'This invitation was withdrawn' })).toBeVisible();
  await expect(person.getByText('A league admin revoked this invitation')).toBeVisible();
  await checkBothWidths(person);

  await person.goto(resent.link);
  await expect(person.getByRole('heading', { level: 1, name: 'This invitation link is not valid' })).toBeVisible();
  await expect(person.getByText('a newer invitation replaced it')).toBeVisible();

  await person.goto(fresh);
  await person.getByLabel('Your name').fill('Rhea Resent');
  await person.getByLabel('Password').fill('resent-practice-1');
  await person.getByRole('button', { name: 'Create account and join' }).click();
  await expect(person).toHaveURL(/\/slots/);
  await person.goto(fresh);
  await expect(person.getByRole('heading', { level: 1, name: 'This invitation has already been used' })).toBeVisible();
  await expect(person.getByRole('link', { name: `Log in as ${resentEmail}` })).toBeVisible();
  await checkBothWidths(person);

  await person.context().close();
});

test('signed in with another address: a clear message and a way out; signed in as the invited address: one click', async ({ page, browser }) => {
  test.setTimeout(90_000);
  await login(page, DEMO.admin);
  const teamId = await createTeam(page, `Kites ${stamp()}`);

  // Someone who already has an account (made through an invitation to the member role) is invited to coach.
  const email = uniqueEmail('existing');
  const first = await invite(page, email, teamId);
  expect((await page.request.post(`/api/admin/invitations/${first.id}/revoke`, { data: {}, headers })).status()).toBe(200);
  // Only mail written after this invite: the revoked one's email to the same address is already in the outbox, and
  // the member invite's is written a moment after its 201 (by the mail worker).
  const memberSent = new Date();
  const memberInvite = await page.request.post('/api/admin/invitations', { data: { email, role: 'member', teamId: null }, headers });
  expect(memberInvite.status()).toBe(201);
  const person = await visitor(browser);
  await person.goto(await inviteLink(email, memberSent));
  await person.getByLabel('Your name').fill('Kit Existing');
  await person.getByLabel('Password').fill('kites-practice-1');
  await person.getByRole('button', { name: 'Create account and join' }).click();
  await expect(person).toHaveURL(new RegExp(`${E2E_ORIGIN}/$`));
  const coachInvite = await invite(page, email, teamId);

  // The member's browser is fine; in another browser someone else is signed in.
  const other = await visitor(browser);
  await login(other, DEMO.member);
  await other.goto(coachInvite.link);
  await expect(other.getByText(`This invitation is for ${email}, but you are signed in as ${DEMO.member}.`)).toBeVisible();
  await checkBothWidths(other);
  await other.getByRole('button', { name: 'Log out and continue' }).click();
  await expect(other.getByRole('link', { name: 'Log in to accept' })).toBeVisible();
  await expect(other.getByText(`You already have an account with ${email}.`)).toBeVisible();
  await other.context().close();

  await person.goto(coachInvite.link);
  await expect(person.getByText(`You are signed in as ${email}.`)).toBeVisible();
  await checkBothWidths(person);
  await person.getByRole('button', { name: 'Accept invitation' }).click();
  await expect(person).toHaveURL(/\/slots/);
  await expect(person.getByRole('status').filter({ hasText: 'Welcome, Kit Existing! You are now a coach of Kites' })).toBeVisible();
  await person.context().close();
});
