import fs from 'node:fs';
import { parse } from 'csv-parse/sync';
import { expect, test, type Page } from '@playwright/test';
import { activeSeason, checkBothWidths, DEMO, E2E_ORIGIN, login, screenshots, teamBody, weekAfterNext } from './fixtures';

/**
 * Issue 14, /admin-reports: a board member's question "which fields sit empty, and who takes the evenings?" on a
 * facility of the journey's own: six 90-minute evening slots (9 h offered), two booked for a team (3 h, 33.3%),
 * one blocked (1.5 h). The figures on screen and in the downloaded CSV are those.
 */

const headers = { origin: E2E_ORIGIN };
const stamp = () => `${Date.now() % 1_000_000}-${Math.floor(Math.random() * 1000)}`;

async function ok<T>(res: Awaited<ReturnType<Page['request']['post']>>, status = 201): Promise<T> {
  expect(res.status(), await res.text()).toBe(status);
  return (await res.json()) as T;
}

async function seedFacility(page: Page, facilityName: string, teamName: string) {
  const week = weekAfterNext();
  const season = await activeSeason(page);
  const { facility } = await ok<{ facility: { id: string } }>(await page.request.post('/api/facilities', { data: { name: facilityName }, headers }));
  const { field } = await ok<{ field: { id: string } }>(
    await page.request.post('/api/fields', { data: { facilityId: facility.id, name: 'Diamond 1', surface: 'dirt', lights: true, color: '#1e40af' }, headers }),
  );
  const { team } = await ok<{ team: { id: string } }>(await page.request.post('/api/teams', { data: await teamBody(page.request, teamName, '10U'), headers }));
  const generated = await page.request.post('/api/slots/generate', {
    data: {
      seasonId: season.id,
      fieldIds: [field.id],
      daysOfWeek: [1, 2, 3],
      firstStart: '17:00',
      lastEnd: '20:00',
      lengthMinutes: 90,
      gapMinutes: 0,
      startDate: week.monday,
      endDate: week.sunday,
      skipDates: [],
    },
    headers,
  });
  expect(generated.status(), await generated.text()).toBe(200);
  expect(JSON.parse((await generated.text()).trim().split('\n').at(-1)!)).toMatchObject({ type: 'done', created: 6 });
  const { slots } = (await (await page.request.get(`/api/slots?from=${week.monday}&to=${week.sunday}&fieldId=${field.id}`)).json()) as {
    slots: Array<{ id: string; startsAt: string }>;
  };
  const [mon17, , tue17, , wed17] = slots.sort((a, b) => a.startsAt.localeCompare(b.startsAt));
  for (const slot of [mon17!, tue17!]) {
    await ok(
      await page.request.post('/api/admin/bookings/override', { data: { slotId: slot.id, teamId: team.id, reason: 'Reports journey', bump: false }, headers }),
    );
  }
  await ok(
    await page.request.post('/api/blocks', { data: { scope: 'slot', slotId: wed17!.id, category: 'maintenance', reason: 'Lining the field' }, headers }),
  );
  return { week, facilityId: facility.id, season };
}

async function download(page: Page, linkName: string): Promise<{ name: string; rows: Array<Record<string, string>> }> {
  const [file] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: linkName }).click()]);
  const text = fs.readFileSync(await file.path(), 'utf8');
  return { name: file.suggestedFilename(), rows: parse<Record<string, string>>(text, { columns: true }) };
}

test('an admin reads a facility week: hours offered, booked and blocked, who booked the prime time, and exports the tables', async ({ page }) => {
  test.setTimeout(120_000);
  const facilityName = `Reports Park ${stamp()}`;
  const teamName = `Report Jays ${stamp()}`;
  await login(page, DEMO.admin);
  const { week, facilityId, season } = await seedFacility(page, facilityName, teamName);

  // Without filters: the current season, every facility.
  await page.goto('/admin-reports');
  await expect(page.getByRole('heading', { level: 1, name: 'Reports' })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: /^Showing/ })).toContainText(`Showing ${season.name}`);
  await expect(page.getByRole('combobox', { name: 'Season or dates' })).toHaveValue(season.id);

  // Dates and the facility, chosen on the page, land in the URL.
  await page.getByRole('combobox', { name: 'Season or dates' }).selectOption({ label: 'Dates…' });
  await page.getByLabel('From').fill(week.monday);
  await page.getByLabel('To').fill(week.sunday);
  await page.getByRole('combobox', { name: 'Facility' }).selectOption({ label: facilityName });
  await expect(page).toHaveURL(new RegExp(`from=${week.monday}&to=${week.sunday}&facility=${facilityId}`));
  await expect(page.getByRole('status').filter({ hasText: /^Showing/ })).toContainText(facilityName);

  const facilities = page.getByRole('table', { name: 'Hours offered, booked and blocked per facility' });
  await expect(facilities.getByRole('row')).toHaveCount(2);
  await expect(facilities.getByRole('row', { name: new RegExp(facilityName) })).toHaveText(new RegExp(`${facilityName}\\s*9 h\\s*3 h\\s*33.3%\\s*1.5 h`));
  const teams = page.getByRole('table', { name: 'Bookings, cancellations and practice requests per team' });
  await expect(teams.getByRole('row', { name: new RegExp(teamName) })).toHaveText(new RegExp(`${teamName}\\s*2\\s*3 h\\s*0\\s*0\\s*0`));
  // Both bookings start at 17:00 on weekdays: all of this facility's prime time is theirs.
  const fairness = page.getByRole('table', { name: "Each team's share of booked hours and of prime time" });
  await expect(fairness.getByRole('row', { name: new RegExp(teamName) })).toHaveText(new RegExp(`${teamName}\\s*3 h\\s*100%\\s*3 h\\s*100%`));
  await expect(page.getByText(/Prime time is weekday evenings \(Monday to Friday, starting at or after 17:00\) and Saturday mornings/)).toBeVisible();
  await expect(page.getByRole('img', { name: /Bookings and utilization per week/ })).toBeVisible();
  await expect(page.getByRole('img', { name: /Share of booked hours and of prime time per team/ })).toBeVisible();
  const weeks = page.getByRole('table', { name: 'Bookings and utilization per week' });
  await expect(weeks.getByRole('row')).toHaveCount(2);
  await expect(weeks.getByRole('row').nth(1)).toHaveText(/2\s*3 h\s*9 h\s*33.3%/);

  // The CSVs hold the same figures.
  const teamCsv = await download(page, 'Export CSV of per team');
  expect(teamCsv.name).toBe(`report-teams-${week.monday}-to-${week.sunday}.csv`);
  expect(teamCsv.rows.find((r) => r.team === teamName)).toMatchObject({ bookings: '2', hours: '3', cancellations: '0', late_cancellations: '0', bumped: '0' });
  const facilityCsv = await download(page, 'Export CSV of per facility');
  expect(facilityCsv.rows).toEqual([{ facility: facilityName, hours_offered: '9', hours_booked: '3', utilization_percent: '33.3', hours_blocked: '1.5' }]);

  // Back to every facility, then to the facility again: the URL follows, and Back restores the filter.
  await page.getByRole('combobox', { name: 'Facility' }).selectOption({ label: 'Every facility' });
  await expect(page).not.toHaveURL(/facility=/);
  await page.goBack();
  await expect(page).toHaveURL(new RegExp(`facility=${facilityId}`));
  await expect(page.getByRole('combobox', { name: 'Facility' })).toHaveValue(facilityId);
  await expect(facilities.getByRole('row', { name: new RegExp(facilityName) })).toBeVisible();

  await checkBothWidths(page);
  await screenshots(page, 'admin-reports');
});
