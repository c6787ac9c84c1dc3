import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookings, fieldDivisions, slotWaits, slots } from '../../db/schema';
import { at, divisionIdOf, insertFacility, insertField, insertTeam, nextMonday, seedLeague, type League } from '../../test/booking-fixtures';
import { buildTestApp, TEST_ORIGIN, type TestApp, type TestUser } from '../../test/test-app';

/**
 * The waitlist on a field limited to some divisions (issue 29, decisions 034 and 035): a team of another division (or of
 * none) cannot join the line for its slots, refused in the booking call's words, so a freed slot is never held for a
 * team that could not take it. A field's divisions changed after a team joined: its take is refused and the hold moves
 * on. On PGlite, and on PostgreSQL when TEST_DATABASE_URL is set.
 */
let t: TestApp;
let league: League;
let facilityId: string;
let fields = 0;

interface Team {
  id: string;
  name: string;
  coach: TestUser;
}

const call = (who: TestUser, method: 'GET' | 'POST', url: string) => t.app.inject({ method, url, headers: { origin: TEST_ORIGIN, cookie: who.cookie }, ...(method === 'POST' ? { payload: {} } : {}) });
const errorOf = (res: { json: <T>() => T }) => res.json<{ error: { code: string; message: string; details?: { rule?: string } } }>().error;
const stateOf = async (waitId: string) => (await t.database.db.select({ s: slotWaits.state }).from(slotWaits).where(eq(slotWaits.id, waitId)))[0]?.s;
const heldFor = async (slotId: string) => (await t.database.db.select({ team: slots.heldForTeamId }).from(slots).where(eq(slots.id, slotId)))[0]!.team;

async function team(name: string, division: string | null): Promise<Team> {
  const { id } = await insertTeam(t.database.db, { name, division });
  t.wroteBehindTheApp();
  return { id, name, coach: await t.signUp({ email: `${name.toLowerCase().replace(/\W+/g, '-')}@example.org`, role: 'coach', teamId: id }) };
}

/** A field of its own (limited to these divisions; none: every team) with one slot on day d of next week at 17:00. */
async function fieldSlot(divisions: string[], d: number): Promise<{ fieldId: string; fieldName: string; slotId: string }> {
  const db = t.database.db;
  const fieldName = `Wait Diamond ${++fields}`;
  const { id: fieldId } = await insertField(db, { facilityId, name: fieldName, surface: 'dirt', lights: true, color: '#345678' });
  for (const name of divisions) await db.insert(fieldDivisions).values({ fieldId, divisionId: await divisionIdOf(db, name) });
  const startsAt = at(nextMonday().add({ days: d }), '17:00');
  const [row] = await db.insert(slots).values({ seasonId: league.seasonId, fieldId, startsAt, endsAt: new Date(startsAt.getTime() + 80 * 60_000) }).returning({ id: slots.id });
  t.wroteBehindTheApp();
  return { fieldId, fieldName, slotId: row!.id };
}

async function booked(who: Team, slotId: string): Promise<string> {
  const made = await t.app.inject({ method: 'POST', url: '/api/bookings', headers: { origin: TEST_ORIGIN, cookie: who.coach.cookie }, payload: { slotId } });
  expect(made.statusCode, made.body).toBe(201);
  return made.json<{ booking: { id: string } }>().booking.id;
}

beforeAll(async () => {
  t = await buildTestApp();
  league = await seedLeague(t, { teams: 0, rules: { maxPerWeek: 3, maxPerDay: 1, maxUpcoming: 10, minLeadHours: 0, cancelCutoffHours: 0 } });
  facilityId = (await insertFacility(t.database.db, { name: 'Waitlist Division Park' })).id;
  for (const name of ['8U', '12U']) await divisionIdOf(t.database.db, name);
  t.wroteBehindTheApp();
  await t.app.inject({ url: '/api/league' });
}, 60_000);
afterAll(() => t.close());

describe('waiting on a field limited to some divisions', () => {
  it('refuses a team of another division, or of none, in the booking call’s words; a team of the field’s division waits', async () => {
    const [big, bigger, small, none] = [await team('Falcons 12U', '12U'), await team('Hawks 12U', '12U'), await team('Robins 8U', '8U'), await team('Owls', null)];
    const { fieldName, slotId } = await fieldSlot(['12U'], 2);
    await booked(big, slotId);

    const refusals = [
      [small, `${fieldName} is only for 12U teams, and ${small.name} play in 8U. Pick a slot on another field.`],
      [none, `${fieldName} is only for 12U teams, and ${none.name} have no division yet. Pick a slot on another field.`],
    ] as const;
    for (const [who, words] of refusals) {
      const res = await call(who.coach, 'POST', `/api/slots/${slotId}/waits`);
      expect(res.statusCode, res.body).toBe(422);
      expect(errorOf(res)).toMatchObject({ code: 'RULE_VIOLATION', message: words, details: { rule: 'FIELD_DIVISION' } });
    }
    expect(await t.database.db.select().from(slotWaits).where(eq(slotWaits.slotId, slotId))).toHaveLength(0);

    const res = await call(bigger.coach, 'POST', `/api/slots/${slotId}/waits`);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().wait).toMatchObject({ state: 'waiting', position: 1 });
    // A field for every team: the 8U team waits as before.
    const open = await fieldSlot([], 3);
    await booked(big, open.slotId);
    expect((await call(small.coach, 'POST', `/api/slots/${open.slotId}/waits`)).statusCode).toBe(201);
  });

  it('limited after a team joined: the freed slot is held for it, its take is refused in words and the hold moves on', async () => {
    const [big, bigger, small] = [await team('Eagles 12U', '12U'), await team('Kites 12U', '12U'), await team('Wrens 8U', '8U')];
    const { fieldId, fieldName, slotId } = await fieldSlot([], 4);
    const bookingId = await booked(big, slotId);
    const joined = await call(small.coach, 'POST', `/api/slots/${slotId}/waits`);
    expect(joined.statusCode, joined.body).toBe(201);
    const first = joined.json<{ wait: { id: string } }>().wait.id;
    const behind = await call(bigger.coach, 'POST', `/api/slots/${slotId}/waits`);
    expect(behind.statusCode, behind.body).toBe(201);
    const second = behind.json<{ wait: { id: string } }>().wait.id;

    await t.database.db.insert(fieldDivisions).values({ fieldId, divisionId: await divisionIdOf(t.database.db, '12U') });
    t.wroteBehindTheApp();
    expect((await call(big.coach, 'POST', `/api/bookings/${bookingId}/cancel`)).statusCode).toBe(200);
    expect(await heldFor(slotId)).toBe(small.id);

    const take = await call(small.coach, 'POST', `/api/waits/${first}/take`);
    expect(take.statusCode, take.body).toBe(422);
    expect(errorOf(take)).toMatchObject({
      message: `${fieldName} is only for 12U teams, and ${small.name} play in 8U. Pick a slot on another field. So the slot went to the next team waiting.`,
      details: { rule: 'FIELD_DIVISION' },
    });
    expect(await stateOf(first)).toBe('refused');
    expect(await heldFor(slotId)).toBe(bigger.id);
    expect(await stateOf(second)).toBe('offered');
    expect((await call(bigger.coach, 'POST', `/api/waits/${second}/take`)).statusCode).toBe(201);
    expect(await t.database.db.select({ teamId: bookings.teamId }).from(bookings).where(and(eq(bookings.slotId, slotId), eq(bookings.status, 'confirmed')))).toEqual([{ teamId: bigger.id }]);
  });
});
