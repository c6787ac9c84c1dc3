import { parse } from 'csv-parse/sync';
import { eq } from 'drizzle-orm';
import { Temporal } from 'temporal-polyfill';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fields, slotWaits, slots } from '../../db/schema';
import { at, insertFacility, insertField, nextMonday, seedLeague, TZ, type League } from '../../test/booking-fixtures';
import { buildTestApp, TEST_ORIGIN, type TestApp, type TestUser } from '../../test/test-app';
import type { Report } from '../../../shared/reports/reports.schemas';
import { settleDueHolds } from '../waitlist/waitlist.service';

/*
 * The report's waitlist figures (issue 28) after what happens through the API: a coach waits on a booked slot, the
 * booking's coach cancels so the slot is held for the first team waiting, and the hold is taken, passed, left to run
 * out (the worker's settleDueHolds), or refused by the team's daily limit. A wait left and one taken on another
 * facility's slot check what is counted and where. On PGlite, and on PostgreSQL with TEST_DATABASE_URL.
 */

let t: TestApp;
let league: League;
let admin: TestUser;
/** coaches[i]: the coach of team i. */
let coaches: TestUser[];
let facilityId: string;
let otherFacilityId: string;
/** The other facility's 17:00 slot of next Thursday. */
let elsewhereSlot: string;
const monday = nextMonday();

beforeAll(async () => {
  t = await buildTestApp();
  // One practice a day (the refusal), and no lead time or cancellation cutoff in the way of next week's practices.
  league = await seedLeague(t, { teams: 4, rules: { maxPerWeek: 3, maxPerDay: 1, maxUpcoming: 10, minLeadHours: 0, cancelCutoffHours: 0 } });
  admin = await t.signUp({ email: 'report-wait-admin@example.org', role: 'admin' });
  coaches = [];
  for (let i = 0; i < 4; i++) coaches.push(await t.signUp({ email: `report-wait-coach-${i}@example.org`, role: 'coach', teamId: league.teamIds[i]! }));
  const db = t.database.db;
  facilityId = (await db.select({ f: fields.facilityId }).from(fields).where(eq(fields.id, league.fieldIds[0]!)))[0]!.f;
  otherFacilityId = (await insertFacility(db, { name: 'Far Park' })).id;
  const farField = (await insertField(db, { facilityId: otherFacilityId, name: 'Far Field' })).id;
  const startsAt = at(monday.add({ days: 3 }), '17:00');
  const [row] = await db.insert(slots).values({ seasonId: league.seasonId, fieldId: farField, startsAt, endsAt: new Date(startsAt.getTime() + 80 * 60_000) }).returning({ id: slots.id });
  elsewhereSlot = row!.id;
  t.wroteBehindTheApp();
}, 60_000);
afterAll(() => t.close());

const slot = (d: number, k: number) => league.slotIds[d]![k]!;
const call = (who: TestUser, method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: { origin: TEST_ORIGIN, cookie: who.cookie }, ...(method === 'POST' ? { payload: payload ?? {} } : {}) });

async function book(coach: TestUser, slotId: string): Promise<string> {
  const res = await call(coach, 'POST', '/api/bookings', { slotId });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().booking.id as string;
}
async function wait(coach: TestUser, slotId: string): Promise<string> {
  const res = await call(coach, 'POST', `/api/slots/${slotId}/waits`);
  expect(res.statusCode, res.body).toBe(201);
  return res.json().wait.id as string;
}
async function cancel(coach: TestUser, bookingId: string): Promise<void> {
  const res = await call(coach, 'POST', `/api/bookings/${bookingId}/cancel`);
  expect(res.statusCode, res.body).toBe(200);
}
const stateOf = async (waitId: string) => (await t.database.db.select({ s: slotWaits.state }).from(slotWaits).where(eq(slotWaits.id, waitId)))[0]?.s;

/** Today (the waits end now, or within the hold) to the Sunday after next Monday, in league days. */
const range = () => `from=${Temporal.Now.plainDateISO(TZ).toString()}&to=${monday.add({ days: 6 }).toString()}`;

async function report(query: string): Promise<Report> {
  const res = await call(admin, 'GET', `/api/admin/reports?${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<Report>();
}

const waitFigures = (r: Report, teamId: string) => {
  const row = r.teams.find((x) => x.teamId === teamId)!;
  return { waitsTaken: row.waitsTaken, waitsPassed: row.waitsPassed, waitsExpired: row.waitsExpired, waitsRefused: row.waitsRefused };
};
const none = { waitsTaken: 0, waitsPassed: 0, waitsExpired: 0, waitsRefused: 0 };

describe('waitlist figures of /api/admin/reports', () => {
  it('count holds taken, passed, run out and refused, per team and in total, of the range and of a facility, and in the CSVs', async () => {
    const [team0, team1, team2, team3] = league.teamIds as [string, string, string, string];
    const [coach0, coach1, coach2, coach3] = coaches as [TestUser, TestUser, TestUser, TestUser];
    expect((await report(range())).waitlist).toEqual(none);

    // Taken: team 1 waits on team 0's Tuesday practice; team 0 cancels; team 1 takes the slot held for it.
    const tuesday = await book(coach0, slot(1, 0));
    const taken = await wait(coach1, slot(1, 0));
    await cancel(coach0, tuesday);
    expect(await stateOf(taken)).toBe('offered');
    const took = await call(coach1, 'POST', `/api/waits/${taken}/take`);
    expect(took.statusCode, took.body).toBe(201);
    expect(await stateOf(taken)).toBe('taken');

    // Passed, then run out: teams 1 and 2 wait on Wednesday; team 1 passes; team 2 lets its hold run out.
    const wednesday = await book(coach0, slot(2, 0));
    const passed = await wait(coach1, slot(2, 0));
    const expired = await wait(coach2, slot(2, 0));
    await cancel(coach0, wednesday);
    const pass = await call(coach1, 'POST', `/api/waits/${passed}/pass`);
    expect(pass.statusCode, pass.body).toBe(200);
    expect(await stateOf(expired)).toBe('offered');
    const [{ until }] = (await t.database.db.select({ until: slots.heldUntil }).from(slots).where(eq(slots.id, slot(2, 0)))) as [{ until: Date }];
    expect(await settleDueHolds(t.context, new Date(until.getTime() + 1000))).toBe(1);
    expect([await stateOf(passed), await stateOf(expired)]).toEqual(['passed', 'expired']);

    // Refused: team 3 already practises on Sunday (one a day) and waits on team 0's other Sunday practice.
    await book(coach3, slot(6, 2));
    const sunday = await book(coach0, slot(6, 0));
    const refused = await wait(coach3, slot(6, 0));
    await cancel(coach0, sunday);
    const refusal = await call(coach3, 'POST', `/api/waits/${refused}/take`);
    expect(refusal.statusCode, refusal.body).toBe(422);
    expect(refusal.json().error.details.rule).toBe('DAY_LIMIT');
    expect(await stateOf(refused)).toBe('refused');

    // Not an outcome: team 3 stops waiting on Friday.
    await book(coach0, slot(4, 0));
    const left = await wait(coach3, slot(4, 0));
    expect((await call(coach3, 'DELETE', `/api/waits/${left}`)).statusCode).toBe(200);
    expect(await stateOf(left)).toBe('left');

    // Taken on the other facility's slot: team 2 waits on team 0's Thursday at Far Park.
    const far = await book(coach0, elsewhereSlot);
    const farWait = await wait(coach2, elsewhereSlot);
    await cancel(coach0, far);
    expect((await call(coach2, 'POST', `/api/waits/${farWait}/take`)).statusCode).toBe(201);

    const r = await report(range());
    expect(r.waitlist).toEqual({ waitsTaken: 2, waitsPassed: 1, waitsExpired: 1, waitsRefused: 1 });
    expect(waitFigures(r, team0)).toEqual(none);
    expect(waitFigures(r, team1)).toEqual({ waitsTaken: 1, waitsPassed: 1, waitsExpired: 0, waitsRefused: 0 });
    expect(waitFigures(r, team2)).toEqual({ waitsTaken: 1, waitsPassed: 0, waitsExpired: 1, waitsRefused: 0 });
    expect(waitFigures(r, team3)).toEqual({ waitsTaken: 0, waitsPassed: 0, waitsExpired: 0, waitsRefused: 1 });

    // One facility: the waits on its slots only.
    const here = await report(`${range()}&facilityId=${facilityId}`);
    expect(here.waitlist).toEqual({ waitsTaken: 1, waitsPassed: 1, waitsExpired: 1, waitsRefused: 1 });
    expect(waitFigures(here, team2)).toEqual({ waitsTaken: 0, waitsPassed: 0, waitsExpired: 1, waitsRefused: 0 });
    const elsewhere = await report(`${range()}&facilityId=${otherFacilityId}`);
    expect(elsewhere.waitlist).toEqual({ waitsTaken: 1, waitsPassed: 0, waitsExpired: 0, waitsRefused: 0 });
    expect(waitFigures(elsewhere, team2)).toEqual({ waitsTaken: 1, waitsPassed: 0, waitsExpired: 0, waitsRefused: 0 });

    // By when the wait ended, not when the practice is: days before today hold none of them.
    const today = Temporal.Now.plainDateISO(TZ);
    const before = await report(`from=${today.subtract({ days: 7 }).toString()}&to=${today.subtract({ days: 1 }).toString()}`);
    expect(before.waitlist).toEqual(none);

    // The CSVs: the per-team figures in the teams table, the totals in the waitlist table.
    const teamsCsv = await call(admin, 'GET', `/api/admin/reports/csv?table=teams&${range()}`);
    expect(teamsCsv.statusCode).toBe(200);
    const rows = parse<Record<string, string>>(teamsCsv.body, { columns: true });
    const csvOf = (teamId: string) => {
      const row = rows.find((x) => x.team === r.teams.find((y) => y.teamId === teamId)!.teamName)!;
      return [row.waitlist_taken, row.waitlist_passed, row.waitlist_hold_expired, row.waitlist_refused];
    };
    expect(csvOf(team0)).toEqual(['0', '0', '0', '0']);
    expect(csvOf(team1)).toEqual(['1', '1', '0', '0']);
    expect(csvOf(team2)).toEqual(['1', '0', '1', '0']);
    expect(csvOf(team3)).toEqual(['0', '0', '0', '1']);
    const totalsCsv = await call(admin, 'GET', `/api/admin/reports/csv?table=waitlist&${range()}`);
    expect(totalsCsv.statusCode).toBe(200);
    expect(totalsCsv.headers['content-disposition']).toMatch(/^attachment; filename="report-waitlist-.+\.csv"$/);
    expect(parse<Record<string, string>>(totalsCsv.body, { columns: true })).toEqual([
      { waitlist_taken: '2', waitlist_passed: '1', waitlist_hold_expired: '1', waitlist_refused: '1' },
    ]);
    const facilityCsv = await call(admin, 'GET', `/api/admin/reports/csv?table=waitlist&${range()}&facilityId=${otherFacilityId}`);
    expect(parse<Record<string, string>>(facilityCsv.body, { columns: true })).toEqual([
      { waitlist_taken: '1', waitlist_passed: '0', waitlist_hold_expired: '0', waitlist_refused: '0' },
    ]);
  });
});
