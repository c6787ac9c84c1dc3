import { expect, test, type Page } from '@playwright/test';
import { Temporal } from 'temporal-polyfill';
import { activeSeason, checkBothWidths, DEMO, E2E_ORIGIN, login, screenshots, teamBody, uniqueEmail } from './fixtures';

/**
 * Issue 13, practice requests: a coach of a team of its own asks for a practice no slot offers; an admin
 * approves it on /admin with an open slot; the coach sees it approved and the practice on My Reservations.
 */

const headers = { origin: E2E_ORIGIN };
const stamp = () => `${Date.now() % 1_000_000}-${Math.floor(Math.random() * 1000)}`;

async function practiceField(page: Page): Promise<{ id: string; name: string }> {
  const data = (await (await page.request.get('/api/facilities')).json()) as {
    facilities: Array<{ name: string; fields: Array<{ id: string; name: string }> }>;
  };
  return data.facilities.find((f) => f.name === 'Memorial Complex')!.fields.find((f) => f.name === 'Practice Field')!;
}

/** One open early-morning slot of its own on the field, on a day 9-20 days away: tries other times if one is taken. */
async function openSlot(page: Page, fieldId: string): Promise<{ date: string; start: string }> {
  const season = await activeSeason(page);
  const today = Temporal.Now.plainDateISO('America/Chicago');
  for (let attempt = 0; attempt < 8; attempt++) {
    const date = today.add({ days: 9 + Math.floor(Math.random() * 12) }).toString();
    const minutes = 5 * 60 + 15 * Math.floor(Math.random() * 12);
    const start = `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
    const end = `${String(Math.floor((minutes + 60) / 60)).padStart(2, '0')}:${String((minutes + 60) % 60).padStart(2, '0')}`;
    const res = await page.request.post('/api/slots/generate', {
      data: {
        seasonId: season.id,
        fieldIds: [fieldId],
        daysOfWeek: [1, 2, 3, 4, 5, 6, 7],
        firstStart: start,
        lastEnd: end,
        lengthMinutes: 60,
        gapMinutes: 0,
        startDate: date,
        endDate: date,
        skipDates: [],
      },
      headers,
    });
    expect(res.status(), await res.text()).toBe(200);
    const done = JSON.parse((await res.text()).trim().split('\n').at(-1)!) as { type: string; created?: number };
    if (done.created === 1) return { date, start };
  }
  throw new Error('could not make an open slot of its own');
}

test('a coach files a request; an admin approves it with an open slot; the coach sees it approved and booked', async ({ page, browser }) => {
  test.setTimeout(120_000);
  const teamName = `Orioles ${stamp()}`;
  const notes = `Batting cage work ${stamp()}`;

  // The admin makes a team, a coach for it, and an open slot nobody else asked for.
  await login(page, DEMO.admin);
  const team = await page.request.post('/api/teams', { data: await teamBody(page.request, teamName, '12U'), headers });
  expect(team.status()).toBe(201);
  const teamId = ((await team.json()) as { team: { id: string } }).team.id;
  const coach = await (await browser.newContext({ baseURL: E2E_ORIGIN })).newPage();
  const email = uniqueEmail('oriole.coach');
  expect((await coach.request.post('/api/auth/sign-up/email', { data: { name: 'Olive Oriole', email, password: 'a-long-password' }, headers })).status()).toBe(
    200,
  );
  const me = (await (await coach.request.get('/api/me')).json()) as { profile: { id: string } };
  expect((await page.request.patch(`/api/admin/users/${me.profile.id}`, { data: { role: 'coach', teamId }, headers })).status()).toBe(200);
  // A new role ends the person's sessions: the coach signs in again.
  await login(coach, email, 'a-long-password');
  const field = await practiceField(page);
  const slot = await openSlot(page, field.id);

  // The coach asks for a morning practice on that day.
  await coach.goto('/practice-request');
  await expect(coach.getByRole('heading', { level: 1, name: 'Practice request' })).toBeVisible();
  const form = coach.getByRole('form', { name: 'Ask for a practice' });
  await form.getByLabel('First choice').fill(slot.date);
  await form.getByLabel('Earliest start').fill('05:00');
  await form.getByLabel('Latest end').fill('09:00');
  await form.getByLabel('Practice length').selectOption({ label: '1 h' });
  await form.getByLabel('Notes (optional)').fill(notes);
  await form.getByRole('button', { name: 'Send request' }).click();
  await expect(coach.getByRole('status').filter({ hasText: `Request sent for ${teamName}` })).toBeVisible();
  const mine = coach.getByRole('list', { name: 'Your team’s requests' }).getByRole('listitem').filter({ hasText: notes });
  await expect(mine).toContainText('Pending');
  await checkBothWidths(coach);
  await screenshots(coach, 'practice-request-coach');

  // The admin sees it in the queue with the open slot as a candidate, and approves with it.
  await page.goto('/admin');
  const card = page.getByRole('listitem', { name: new RegExp(`^${teamName}:`) });
  await expect(card).toContainText(notes);
  await expect(card).toContainText('Open');
  await checkBothWidths(page);
  await screenshots(page, 'practice-request-admin-queue');
  await card
    .getByRole('button', { name: /^Approve with this slot\s*: Practice Field/ })
    .first()
    .click();
  const dialog = page.getByRole('alertdialog', { name: `Approve ${teamName}'s request?` });
  await expect(dialog).toContainText('outside the weekly limits');
  await dialog.getByRole('button', { name: 'Approve and book' }).click();
  await expect(page.getByRole('status').filter({ hasText: `Approved: ${teamName} is booked on Practice Field` })).toBeVisible();
  await expect(page.getByRole('listitem', { name: new RegExp(`^${teamName}:`) })).toHaveCount(0);

  // The coach sees it approved with the practice, and the practice is on My Reservations.
  await coach.reload();
  await expect(mine).toContainText('Approved');
  await expect(mine).toContainText('Booked: Practice Field, Memorial Complex');
  await coach.goto('/my-reservations');
  await expect(coach.getByText('Practice Field').first()).toBeVisible();
  await checkBothWidths(coach);
});
