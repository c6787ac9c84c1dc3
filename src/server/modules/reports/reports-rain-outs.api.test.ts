import { parse } from 'csv-parse/sync';
import { eq, sql } from 'drizzle-orm';
import { Temporal } from 'temporal-polyfill';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookingRules, fields, makeupCredits, slots } from '../../db/schema';
import { at, insertFacility, insertField, nextMonday, seedLeague, TZ, type League } from '../../test/booking-fixtures';
import { buildTestApp, TEST_ORIGIN, type TestApp, type TestUser } from '../../test/test-app';
import type { Report } from '../../../shared/reports/reports.schemas';

/*
 * The report's rain-out figures (issue 28) after what happens through the API: two rain-outs, a make-up practice a
 * coach books past the weekly limit on a credit, a reopening (which restores practices and takes back the credits no
 * make-up used), an admin's removal of a credit, and an admin's grant that runs out unused. On PGlite, and on
 * PostgreSQL with TEST_DATABASE_URL.
 */

let t: TestApp;
let league: League;
let admin: TestUser;
let coaches: TestUser[];
let facilityId: string;
let otherFacilityId: string;
let field2: string;
/** Field 2's 17:00 slot of each league day from next Monday. */
const field2Slots: string[] = [];
const monday = nextMonday();

beforeAll(async () => {
  t = await buildTestApp();
  // Two practices a week, one a day: the make-up credit is what lets a third in.
  league = await seedLeague(t, { teams: 3, rules: { maxPerWeek: 2, maxPerDay: 1, maxUpcoming: 10 } });
  admin = await t.signUp({ email: 'report-rain-admin@example.org', role: 'admin' });
  coaches = [];
  for (let i = 0; i < 3; i++) coaches.push(await t.signUp({ email: `report-rain-coach-${i}@example.org`, role: 'coach', teamId: league.teamIds[i]! }));
  const db = t.database.db;
  facilityId = (await db.select({ f: fields.facilityId }).from(fields).where(eq(fields.id, league.fieldIds[0]!)))[0]!.f;
  otherFacilityId = (await insertFacility(db, { name: 'Dry Park' })).id;
  field2 = (await insertField(db, { facilityId, name: 'Field 2' })).id;
  for (let d = 0; d < 7; d++) {
    const startsAt = at(monday.add({ days: d }), '17:00');
    const [row] = await db.insert(slots).values({ seasonId: league.seasonId, fieldId: field2, startsAt, endsAt: new Date(startsAt.getTime() + 80 * 60_000) }).returning({ id: slots.id });
    field2Slots.push(row!.id);
  }
  t.wroteBehindTheApp();
}, 60_000);
afterAll(() => t.close());

const call = (who: TestUser, method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: { origin: TEST_ORIGIN, cookie: who.cookie }, ...(payload ? { payload } : {}) });

async function book(coach: TestUser, slotId: string): Promise<string> {
  const res = await call(coach, 'POST', '/api/bookings', { slotId });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().booking.id as string;
}

/** A rain-out of league day d (0 = next Monday), 16:00 to 22:00: the whole facility, or the fields given. */
async function rainOut(d: number, fieldIds: string[] = []): Promise<{ id: string; practicesCancelled: number; creditsGranted: number }> {
  const day = monday.add({ days: d });
  const res = await call(admin, 'POST', '/api/rain-outs', { facilityId, fieldIds, startsAt: at(day, '16:00').toISOString(), endsAt: at(day, '22:00').toISOString(), reason: 'Wet fields' });
  expect(res.statusCode, res.body).toBe(201);
  return { id: res.json().closure.id, practicesCancelled: res.json().practicesCancelled, creditsGranted: res.json().creditsGranted };
}

/** Today (the credits are made now) to the Sunday after next Monday (the practices), in league days. */
const range = () => `from=${Temporal.Now.plainDateISO(TZ).toString()}&to=${monday.add({ days: 6 }).toString()}`;

async function report(query: string): Promise<Report> {
  const res = await call(admin, 'GET', `/api/admin/reports?${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<Report>();
}

const rainFigures = (r: Report, teamId: string) => {
  const row = r.teams.find((x) => x.teamId === teamId)!;
  return {
    rainedOut: row.rainedOut,
    rainOutRestored: row.rainOutRestored,
    creditsGranted: row.creditsGranted,
    creditsUsed: row.creditsUsed,
    creditsExpired: row.creditsExpired,
    creditsRemoved: row.creditsRemoved,
  };
};

describe('rain-out figures of /api/admin/reports', () => {
  it('count rain-outs, practices cancelled and restored, and credits granted, used, expired unused and removed, per team and in total', async () => {
    const [team0, team1, team2] = league.teamIds as [string, string, string];
    const [coach0, coach1, coach2] = coaches as [TestUser, TestUser, TestUser];
    const empty = await report(range());
    expect(empty.rainOuts).toEqual({ rainOuts: 0, practicesCancelled: 0, practicesRestored: 0, creditsGranted: 0, creditsUsed: 0, creditsExpired: 0, creditsRemoved: 0 });

    // Monday: three practices, all rained out (one credit each).
    await book(coach0, league.slotIds[0]![0]!);
    await book(coach1, league.slotIds[0]![1]!);
    await book(coach2, field2Slots[0]!);
    const first = await rainOut(0);
    expect(first).toMatchObject({ practicesCancelled: 3, creditsGranted: 3 });

    // Team 0 books its two a week, then a make-up past the weekly limit on its credit.
    const tuesday = await book(coach0, league.slotIds[1]![0]!);
    await book(coach0, league.slotIds[2]![0]!);
    const makeup = await book(coach0, league.slotIds[3]![0]!);
    const [used] = await t.database.db.select({ id: makeupCredits.id }).from(makeupCredits).where(eq(makeupCredits.usedBookingId, makeup));
    expect(used, 'the make-up practice is on the credit').toBeDefined();

    // Reopening restores Monday's three practices and takes back the two credits no make-up used.
    const reopened = await call(admin, 'POST', `/api/rain-outs/${first.id}/reopen`);
    expect(reopened.statusCode, reopened.body).toBe(200);
    expect(reopened.json()).toMatchObject({ practicesRestored: 3, practicesNotRestored: 0 });

    // Friday: Field 2 only rains out team 1's practice; an admin removes its credit.
    await book(coach1, field2Slots[4]!);
    const second = await rainOut(4, [field2]);
    expect(second).toMatchObject({ practicesCancelled: 1, creditsGranted: 1 });
    const [credit] = await t.database.db.select({ id: makeupCredits.id }).from(makeupCredits).where(eq(makeupCredits.closureId, second.id));
    expect((await call(admin, 'DELETE', `/api/makeup-credits/${credit!.id}`)).statusCode).toBe(200);

    // An admin's grant to team 2 that runs out unused (its expiry moved to the past behind the app).
    const granted = await call(admin, 'POST', '/api/makeup-credits', { teamId: team2, reason: 'Umpire no-show' });
    expect(granted.statusCode, granted.body).toBe(201);
    await t.database.db.update(makeupCredits).set({ expiresAt: sql`now() - interval '1 hour'` }).where(eq(makeupCredits.id, granted.json().credit.id));
    t.wroteBehindTheApp();

    const r = await report(range());
    expect(r.rainOuts).toEqual({ rainOuts: 2, practicesCancelled: 4, practicesRestored: 3, creditsGranted: 5, creditsUsed: 1, creditsExpired: 1, creditsRemoved: 3 });
    expect(rainFigures(r, team0)).toEqual({ rainedOut: 1, rainOutRestored: 1, creditsGranted: 1, creditsUsed: 1, creditsExpired: 0, creditsRemoved: 0 });
    expect(rainFigures(r, team1)).toEqual({ rainedOut: 2, rainOutRestored: 1, creditsGranted: 2, creditsUsed: 0, creditsExpired: 0, creditsRemoved: 2 });
    expect(rainFigures(r, team2)).toEqual({ rainedOut: 1, rainOutRestored: 1, creditsGranted: 2, creditsUsed: 0, creditsExpired: 1, creditsRemoved: 1 });
    // The bookings figures around them: team 0 has Monday back, Tuesday, Wednesday and the make-up; team 1's Friday is cancelled.
    expect(r.teams.find((x) => x.teamId === team0)).toMatchObject({ bookings: 4, cancellations: 0 });
    expect(r.teams.find((x) => x.teamId === team1)).toMatchObject({ bookings: 1, cancellations: 1 });

    // One facility: its rain-outs and their credits (an admin's grant names no facility); another facility: none.
    const here = await report(`${range()}&facilityId=${facilityId}`);
    expect(here.rainOuts).toEqual({ rainOuts: 2, practicesCancelled: 4, practicesRestored: 3, creditsGranted: 4, creditsUsed: 1, creditsExpired: 0, creditsRemoved: 3 });
    const elsewhere = await report(`${range()}&facilityId=${otherFacilityId}`);
    expect(elsewhere.rainOuts).toEqual({ rainOuts: 0, practicesCancelled: 0, practicesRestored: 0, creditsGranted: 0, creditsUsed: 0, creditsExpired: 0, creditsRemoved: 0 });

    // The CSVs: the per-team figures in the teams table, the totals in the rain-outs table.
    const teamsCsv = await call(admin, 'GET', `/api/admin/reports/csv?table=teams&${range()}`);
    expect(teamsCsv.statusCode).toBe(200);
    const row1 = parse<Record<string, string>>(teamsCsv.body, { columns: true }).find((x) => x.team === r.teams.find((y) => y.teamId === team1)!.teamName);
    expect(row1).toMatchObject({
      rained_out: '2',
      rained_out_restored: '1',
      makeup_credits_granted: '2',
      makeup_credits_used: '0',
      makeup_credits_expired_unused: '0',
      makeup_credits_removed: '2',
    });
    const totalsCsv = await call(admin, 'GET', `/api/admin/reports/csv?table=rain-outs&${range()}`);
    expect(totalsCsv.statusCode).toBe(200);
    expect(totalsCsv.headers['content-disposition']).toMatch(/^attachment; filename="report-rain-outs-.+\.csv"$/);
    expect(parse<Record<string, string>>(totalsCsv.body, { columns: true })).toEqual([
      {
        rain_outs: '2',
        practices_cancelled: '4',
        practices_restored: '3',
        makeup_credits_granted: '5',
        makeup_credits_used: '1',
        makeup_credits_expired_unused: '1',
        makeup_credits_removed: '3',
      },
    ]);

    // A rain-out's cancellation is never late, whatever the cutoff: with a 30-day cutoff, an admin's cancel of team 0's
    // Tuesday is late; team 1's rained-out Friday is not.
    await t.database.db.update(bookingRules).set({ cancelCutoffHours: 720 }).where(eq(bookingRules.seasonId, league.seasonId));
    t.wroteBehindTheApp();
    expect((await call(admin, 'POST', `/api/admin/bookings/${tuesday}/cancel`, { reason: 'Coach asked' })).statusCode).toBe(200);
    const late = await report(range());
    expect(late.teams.find((x) => x.teamId === team0)).toMatchObject({ cancellations: 1, lateCancellations: 1 });
    expect(late.teams.find((x) => x.teamId === team1)).toMatchObject({ cancellations: 1, lateCancellations: 0 });
  });
});
