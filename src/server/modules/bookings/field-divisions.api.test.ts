import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, bookingRules, bookings, practiceRequests, seasons, slots } from '../../db/schema';
import { DEFAULT_BOOKING_RULES, refusalMessage, refusalWords } from '../../../shared/bookings/booking-rules';
import type { BookingContext } from '../../../shared/bookings/bookings.schemas';
import type { DivisionRulesInput } from '../../../shared/divisions/divisions.schemas';
import { AppError } from '../../errors';
import { at, divisionIdOf, insertFacility, insertTeam, nextMonday, seedLeague, TZ, type League } from '../../test/booking-fixtures';
import { buildTestApp, TEST_ORIGIN, type TestApp, type TestUser } from '../../test/test-app';
import { createActorSource } from '../auth/actor-cache';
import { book } from './bookings.service';

/**
 * Divisions on the booking paths (issue 29, decision 035): a field limited to some divisions refuses the teams of the
 * others (and teams of none) in words, on a coach's booking call, an admin's override and move (until the admin
 * confirms), a practice request and its approval; a division's own rules replace the season's in the booking call and
 * in the booking context; and a division's booking window opens at its own time, to the second, while the others keep
 * the season's. Each test makes its own teams, fields and slots; the season's rules: 2 a week, 1 a day.
 */
let t: TestApp;
let league: League;
let admin: TestUser;
let facilityId: string;
const monday = nextMonday();
/** An instant on the d-th day from next Monday, league time. */
const on = (d: number, hhmm: string) => at(monday.add({ days: d }), hhmm);

beforeAll(async () => {
  t = await buildTestApp();
  league = await seedLeague(t, { teams: 0, rules: { maxPerWeek: 2, maxPerDay: 1, maxUpcoming: 20 } });
  admin = await t.signUp({ email: 'fd-admin@example.org', role: 'admin' });
  facilityId = (await insertFacility(t.database.db, { name: 'Division Park' })).id;
  // The league's divisions in its order, one after another (each goes last as it is added).
  for (const name of ['6U', '8U', '10U', '12U', '14U']) await divisionIdOf(t.database.db, name);
  t.wroteBehindTheApp();
}, 60_000);
afterAll(() => t.close());

const headers = (user: TestUser) => ({ origin: TEST_ORIGIN, cookie: user.cookie });
const post = (user: TestUser, url: string, payload: object) => t.app.inject({ method: 'POST', url, payload, headers: headers(user) });
const put = (user: TestUser, url: string, payload: object) => t.app.inject({ method: 'PUT', url, payload, headers: headers(user) });
const get = (user: TestUser, url: string) => t.app.inject({ url, headers: { cookie: user.cookie } });
const press = (coach: TestUser, slotId: string) => post(coach, '/api/bookings', { slotId });
const errorOf = (res: { json: <T>() => T }) => res.json<{ error: { code: string; message: string; details?: Record<string, unknown> } }>().error;

/** A field of Division Park limited to these divisions (none: every team), made through the admin API. */
async function field(name: string, divisions: string[]): Promise<string> {
  const divisionIds: string[] = [];
  for (const name of divisions) divisionIds.push(await divisionIdOf(t.database.db, name));
  const res = await post(admin, '/api/fields', { facilityId, name, surface: 'dirt', lights: true, color: '#123456', divisionIds });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ field: { id: string } }>().field.id;
}

/** An 80-minute slot on a field (in the active season unless told). */
async function slot(fieldId: string, startsAt: Date, seasonId = league.seasonId): Promise<string> {
  const [row] = await t.database.db
    .insert(slots)
    .values({ seasonId, fieldId, startsAt, endsAt: new Date(startsAt.getTime() + 80 * 60_000) })
    .returning({ id: slots.id });
  t.wroteBehindTheApp();
  return row!.id;
}

/** A team in a division (null: none yet) and its coach. */
async function coachOf(name: string, division: string | null): Promise<{ coach: TestUser; teamId: string; name: string }> {
  const { id: teamId } = await insertTeam(t.database.db, { name, division });
  t.wroteBehindTheApp();
  const coach = await t.signUp({ email: `${name.toLowerCase()}@example.org`, role: 'coach', teamId });
  return { coach, teamId, name };
}

const NO_OVERRIDES: DivisionRulesInput = { windowOpensAt: null, windowClosesAt: null, maxPerWeek: null, maxPerDay: null, maxUpcoming: null, minLeadHours: null, maxAheadDays: null };

/** A division's own rules in a season, through the admin API. */
async function divisionRules(seasonId: string, division: string, rules: Partial<DivisionRulesInput>) {
  const res = await put(admin, `/api/admin/seasons/${seasonId}/division-rules/${await divisionIdOf(t.database.db, division)}`, { ...NO_OVERRIDES, ...rules });
  expect(res.statusCode, res.body).toBe(200);
}

const confirmedOf = async (teamId: string) =>
  (await t.database.db.select({ id: bookings.id }).from(bookings).where(and(eq(bookings.teamId, teamId), eq(bookings.status, 'confirmed')))).length;

describe('a coach’s booking call on a field limited to divisions', () => {
  it('refuses an 8U team a 12U field in words, and books it on an open field and on a field of its division', async () => {
    const big = await field('North 12U Diamond', ['12U']);
    const small = await field('North Small Diamond', ['8U', '10U']);
    const open = await field('North Open Field', []);
    const { coach, teamId, name } = await coachOf('Hummingbirds', '8U');

    const refused = await press(coach, await slot(big, on(0, '17:00')));
    expect(refused.statusCode).toBe(422);
    expect(errorOf(refused)).toEqual({
      code: 'RULE_VIOLATION',
      message: 'North 12U Diamond is only for 12U teams, and Hummingbirds play in 8U. Pick a slot on another field.',
      details: { rule: 'FIELD_DIVISION' },
      key: 'refusal.fieldDivision',
      params: { field: 'North 12U Diamond', divisions: '12U', team: name, division: '8U' },
    });
    // The same words as Book a Field shows before the click (shared booking-rules.ts).
    expect(errorOf(refused).message).toBe(refusalMessage({ code: 'FIELD_DIVISION', fieldName: 'North 12U Diamond', teamName: name, divisionName: '8U', divisions: ['12U'] }));
    expect(await confirmedOf(teamId)).toBe(0);

    expect((await press(coach, await slot(small, on(1, '17:00')))).statusCode).toBe(201);
    expect((await press(coach, await slot(open, on(2, '17:00')))).statusCode).toBe(201);
    expect(await confirmedOf(teamId)).toBe(2);
  });

  it('refuses a team with no division any limited field, naming its divisions in the league’s order', async () => {
    const small = await field('South Small Diamond', ['10U', '8U']);
    const open = await field('South Open Field', []);
    const { coach, teamId } = await coachOf('Sparrows', null);

    const refused = await press(coach, await slot(small, on(0, '17:00')));
    expect(refused.statusCode).toBe(422);
    expect(errorOf(refused)).toEqual({
      code: 'RULE_VIOLATION',
      message: 'South Small Diamond is only for 8U and 10U teams, and Sparrows have no division yet. Pick a slot on another field.',
      details: { rule: 'FIELD_DIVISION' },
      key: 'refusal.fieldDivisionNoDivision',
      params: { field: 'South Small Diamond', divisions: '8U and 10U', team: 'Sparrows' },
    });
    expect((await press(coach, await slot(open, on(0, '18:30')))).statusCode).toBe(201);
    expect(await confirmedOf(teamId)).toBe(1);
  });
});

describe('a division’s own rules', () => {
  it('apply in the booking call (12U books a 3rd practice in a week, 10U is refused its 3rd) and in the booking context', async () => {
    await divisionRules(league.seasonId, '12U', { maxPerWeek: 3 });
    const open = await field('East Open Field', []);
    const owls = await coachOf('Owls', '12U');
    const wrens = await coachOf('Wrens', '10U');

    for (const d of [0, 1, 2]) expect((await press(owls.coach, await slot(open, on(d, '17:00')))).statusCode).toBe(201);
    for (const d of [0, 1]) expect((await press(wrens.coach, await slot(open, on(d, '18:30')))).statusCode).toBe(201);
    const third = await press(wrens.coach, await slot(open, on(2, '18:30')));
    expect(third.statusCode).toBe(422);
    expect(errorOf(third)).toEqual({
      code: 'RULE_VIOLATION',
      message: refusalMessage({ code: 'WEEK_LIMIT', teamName: 'Wrens', count: 2, limit: 2, week: monday.toString() }),
      details: { rule: 'WEEK_LIMIT' },
      ...refusalWords({ code: 'WEEK_LIMIT', teamName: 'Wrens', count: 2, limit: 2, week: monday.toString() }),
    });
    expect(errorOf(third).message).toContain('(limit 2)');

    const contextOf = async (coach: TestUser) => (await get(coach, `/api/bookings/context?seasonId=${league.seasonId}`)).json<BookingContext>();
    const owlsContext = await contextOf(owls.coach);
    expect(owlsContext.rules).toMatchObject({ maxPerWeek: 3, maxPerDay: 1, maxUpcoming: 20 });
    expect(owlsContext.divisionRules).toEqual(['maxPerWeek']);
    expect(owlsContext.team).toEqual({ id: owls.teamId, name: 'Owls', divisionId: await divisionIdOf(t.database.db, '12U'), divisionName: '12U' });
    const wrensContext = await contextOf(wrens.coach);
    expect(wrensContext.rules).toMatchObject({ maxPerWeek: 2, maxPerDay: 1, maxUpcoming: 20 });
    expect(wrensContext.divisionRules).toEqual([]);
    expect(wrensContext.team).toMatchObject({ name: 'Wrens', divisionName: '10U' });
  });

  it('open booking at the division’s own time, to the second, while another division keeps the season’s window', async () => {
    // A season of its own (not the active one), so its window moves nothing else in this file.
    const opens = on(0, '09:00');
    const seasonOpens = new Date(opens.getTime() + 60_000);
    const [season] = await t.database.db
      .insert(seasons)
      .values({ name: 'Staged season', startsOn: monday.subtract({ days: 30 }).toString(), endsOn: monday.add({ days: 60 }).toString(), active: false })
      .returning({ id: seasons.id });
    await t.database.db.insert(bookingRules).values({ seasonId: season!.id, ...DEFAULT_BOOKING_RULES, windowOpensAt: seasonOpens, windowClosesAt: null });
    t.wroteBehindTheApp();
    await divisionRules(season!.id, '14U', { windowOpensAt: opens.toISOString() });
    const open = await field('Staged Field', []);
    const falcons = await coachOf('Falcons', '14U');
    const robins = await coachOf('Robins', '6U');
    const falconsSlot = await slot(open, on(2, '17:00'), season!.id);
    const robinsSlot = await slot(open, on(2, '18:30'), season!.id);

    // The booking service with its clock, as the route calls it with the real one.
    const actors = createActorSource({ auth: t.auth, db: t.database.db, live: t.context.live, sessionMaxAgeMs: t.config.sessionMaxAgeMs });
    try {
      const pressAt = async (who: { coach: TestUser }, slotId: string, now: Date) => {
        const actor = (await actors.actorOf(who.coach.cookie))!;
        const audit = { actorId: actor.userId, actorEmail: actor.email, ip: null, userAgent: null };
        return book(t.context, audit, actor, slotId, now).then(
          (booking) => ({ ok: true as const, booking }),
          (err: unknown) => {
            if (!(err instanceof AppError)) throw err;
            return { ok: false as const, code: err.code, message: err.message, details: err.details };
          },
        );
      };
      const timeZone = await t.context.league.timeZone();
      expect(timeZone).toBe(TZ);
      const notYet = (when: Date) => ({ ok: false, code: 'RULE_VIOLATION', message: refusalMessage({ code: 'WINDOW_NOT_OPEN', opens: when, timeZone }), details: { rule: 'WINDOW_NOT_OPEN' } });

      expect(await pressAt(falcons, falconsSlot, new Date(opens.getTime() - 1_000))).toEqual(notYet(opens));
      expect(notYet(opens).message).toBe(`Booking opens ${opens.toLocaleDateString('en-US', { timeZone, weekday: 'short', month: 'short', day: 'numeric' }).replace(',', '')}, 9:00 am.`);
      expect(await pressAt(falcons, falconsSlot, opens)).toMatchObject({ ok: true, booking: { slotId: falconsSlot, teamName: 'Falcons' } });

      // 6U has no window of its own: the season's, a minute later, to the second too.
      expect(await pressAt(robins, robinsSlot, opens)).toEqual(notYet(seasonOpens));
      expect(await pressAt(robins, robinsSlot, new Date(seasonOpens.getTime() - 1_000))).toEqual(notYet(seasonOpens));
      expect(await pressAt(robins, robinsSlot, seasonOpens)).toMatchObject({ ok: true, booking: { slotId: robinsSlot, teamName: 'Robins' } });
    } finally {
      actors.close();
    }
  });
});

describe('an admin onto a field of other divisions', () => {
  it('override: refused with a warning until the admin confirms, then booked and audit-logged as outside the division', async () => {
    const big = await field('West 12U Diamond', ['12U']);
    const { teamId } = await coachOf('Kestrels', '8U');
    const slotId = await slot(big, on(3, '17:00'));
    const input = { slotId, teamId, reason: 'Make-up practice' };

    const warned = await post(admin, '/api/admin/bookings/override', input);
    expect(warned.statusCode).toBe(409);
    expect(errorOf(warned)).toEqual({
      code: 'CONFLICT',
      message: 'West 12U Diamond is only for 12U teams, and Kestrels play in 8U. Confirm to book it for them anyway, outside their division.',
      details: { rule: 'FIELD_DIVISION', fieldName: 'West 12U Diamond', divisions: ['12U'], teamDivision: '8U' },
      key: 'bookings.otherDivisionConfirmBook',
      params: { field: 'West 12U Diamond', divisions: '12U', team: 'Kestrels', division: '8U' },
    });
    expect(await confirmedOf(teamId)).toBe(0);

    const booked = await post(admin, '/api/admin/bookings/override', { ...input, allowOtherDivision: true });
    expect(booked.statusCode, booked.body).toBe(201);
    const bookingId = booked.json<{ booking: { id: string; override: boolean } }>().booking.id;
    const [entry] = await t.database.db.select().from(auditLog).where(and(eq(auditLog.action, 'booking.override'), eq(auditLog.entityId, bookingId)));
    expect(entry!.summary).toMatch(/^Override: booked West 12U Diamond at .+ for Kestrels on a 12U field, outside Kestrels' division \(8U\): Make-up practice$/);
    expect(entry!.after).toMatchObject({ outsideDivision: { fieldDivisions: ['12U'], teamDivision: '8U' } });
  });

  it('move: refused with a warning until the admin confirms, then moved and audit-logged as outside the division', async () => {
    const big = await field('Central 12U Diamond', ['12U']);
    const open = await field('Central Open Field', []);
    const larks = await coachOf('Larks', null);
    const res = await press(larks.coach, await slot(open, on(4, '17:00')));
    expect(res.statusCode).toBe(201);
    const bookingId = res.json<{ booking: { id: string } }>().booking.id;
    const to = await slot(big, on(5, '17:00'));

    const warned = await post(admin, `/api/admin/bookings/${bookingId}/move`, { slotId: to });
    expect(warned.statusCode).toBe(409);
    expect(errorOf(warned)).toMatchObject({
      code: 'CONFLICT',
      message: 'Central 12U Diamond is only for 12U teams, and Larks have no division yet. Confirm to move their practice there anyway, outside their division.',
      details: { rule: 'FIELD_DIVISION' },
    });
    const moved = await post(admin, `/api/admin/bookings/${bookingId}/move`, { slotId: to, allowOtherDivision: true, reason: 'Lights at Central' });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json<{ booking: { slotId: string } }>().booking.slotId).toBe(to);
    const [entry] = await t.database.db.select().from(auditLog).where(and(eq(auditLog.action, 'booking.move'), eq(auditLog.entityId, bookingId)));
    expect(entry!.summary).toMatch(/ to Central 12U Diamond at .+ on a 12U field, outside Larks' division \(none yet\): Lights at Central$/);
  });
});

describe('practice requests for a field of other divisions', () => {
  it('refuses the coach’s request in words at the field, and the admin’s approval onto such a slot', async () => {
    const big = await field('Request 12U Diamond', ['12U']);
    const small = await field('Request Small Diamond', ['8U']);
    const { coach, teamId } = await coachOf('Finches', '8U');
    const words = 'Request 12U Diamond is only for 12U teams, and Finches play in 8U. Pick a slot on another field.';
    const request = { preferredDates: [monday.add({ days: 3 }).toString()], windowStart: '16:00', windowEnd: '21:00', durationMinutes: 60, notes: null };

    const refused = await post(coach, '/api/practice-requests', { ...request, fieldId: big });
    expect(refused.statusCode).toBe(422);
    const keyed = { key: 'refusal.fieldDivision', params: { field: 'Request 12U Diamond', divisions: '12U', team: 'Finches', division: '8U' } };
    expect(errorOf(refused)).toEqual({ code: 'RULE_VIOLATION', message: words, details: { rule: 'FIELD_DIVISION', fields: { fieldId: words } }, ...keyed });
    expect(await t.database.db.select({ id: practiceRequests.id }).from(practiceRequests).where(eq(practiceRequests.teamId, teamId))).toEqual([]);

    // Filed for any field: the admin's approval books it, but never on a field of other divisions.
    const filed = await post(coach, '/api/practice-requests', request);
    expect(filed.statusCode, filed.body).toBe(201);
    const requestId = filed.json<{ request: { id: string } }>().request.id;
    const approveOnBig = await post(admin, `/api/admin/practice-requests/${requestId}/approve`, { slotId: await slot(big, on(3, '17:00')) });
    expect(approveOnBig.statusCode).toBe(409);
    expect(errorOf(approveOnBig)).toEqual({ code: 'CONFLICT', message: words, details: { rule: 'FIELD_DIVISION' }, ...keyed });
    const [still] = await t.database.db.select({ status: practiceRequests.status }).from(practiceRequests).where(eq(practiceRequests.id, requestId));
    expect(still!.status).toBe('pending');
    expect(await confirmedOf(teamId)).toBe(0);

    const approved = await post(admin, `/api/admin/practice-requests/${requestId}/approve`, { slotId: await slot(small, on(3, '18:30')) });
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json<{ request: { status: string } }>().request.status).toBe('approved');
    expect(await confirmedOf(teamId)).toBe(1);
  });
});
