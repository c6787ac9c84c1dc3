import { Temporal } from 'temporal-polyfill';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookingRules, bookings, seasons, slots, teams } from '../../db/schema';
import { DEFAULT_BOOKING_RULES } from '../../../shared/bookings/booking-rules';
import type { SwapPractice } from '../../../shared/swaps/swaps.schemas';
import { at, insertFacility, insertField, insertTeam, nextMonday, TZ } from '../../test/booking-fixtures';
import { buildTestApp, TEST_ORIGIN, type TestApp, type TestUser } from '../../test/test-app';

/**
 * GET /api/swaps/practices (issue 29, decision 036): what a coach chooses from when offering a practice — the other
 * active teams, and one team's practices that could still be asked for (confirmed, before their cancellation cutoff).
 * On PGlite, and on PostgreSQL when TEST_DATABASE_URL is set.
 */
let t: TestApp;
const HOUR = 3_600_000;

interface World {
  cardinals: { id: string; coach: TestUser };
  orioles: { id: string; coach: TestUser };
  wrensId: string;
  member: TestUser;
  admin: TestUser;
  /** Orioles' practices, by what the list must do with them. */
  listed: { bookingId: string; startsAt: Date }[];
  left: Record<'cancelled' | 'started' | 'pastCutoff' | 'cardinals', string>;
  fieldName: string;
  facilityName: string;
}
let w: World;

/** A slot of the season on the field, `startsAt` for 80 minutes. */
async function slotAt(seasonId: string, fieldId: string, startsAt: Date): Promise<string> {
  const [row] = await t.database.db.insert(slots).values({ seasonId, fieldId, startsAt, endsAt: new Date(startsAt.getTime() + 80 * 60_000) }).returning({ id: slots.id });
  return row!.id;
}
async function bookingOf(teamId: string, slotId: string, status: 'confirmed' | 'cancelled' = 'confirmed'): Promise<string> {
  const [row] = await t.database.db.insert(bookings).values({ slotId, teamId, status, ...(status === 'cancelled' ? { cancelledAt: new Date(), cancelReason: 'Rain' } : {}) }).returning({ id: bookings.id });
  return row!.id;
}

const get = (who: TestUser | null, url: string) => t.app.inject({ method: 'GET', url, headers: { origin: TEST_ORIGIN, ...(who ? { cookie: who.cookie } : {}) } });
const errorOf = (res: { json: <T>() => T }) => res.json<{ error: { code: string; message: string; details?: { fields?: Record<string, string> } } }>().error;

interface Choices {
  timeZone: string;
  teams: Array<{ id: string; name: string; division: string | null }>;
  team: { id: string; name: string } | null;
  practices: SwapPractice[];
}

beforeAll(async () => {
  t = await buildTestApp();
  const db = t.database.db;
  const today = Temporal.Now.plainDateISO(TZ);
  // Its own season (a cutoff of 24 hours) and field; the practices are written straight into the tables.
  const [season] = await db
    .insert(seasons)
    .values({ name: 'Swap choices season', startsOn: today.subtract({ days: 30 }).toString(), endsOn: today.add({ days: 90 }).toString(), active: false })
    .returning({ id: seasons.id });
  await db.insert(bookingRules).values({ seasonId: season!.id, ...DEFAULT_BOOKING_RULES, cancelCutoffHours: 24, minLeadHours: 0, windowOpensAt: null, windowClosesAt: null });
  const facility = await insertFacility(db, { name: 'Choices Park' });
  const field = await insertField(db, { facilityId: facility.id, name: 'Diamond C', surface: 'grass', lights: true, color: '#123456' });

  const cardinals = await insertTeam(db, { name: 'Cardinals C', division: '10U' });
  const orioles = await insertTeam(db, { name: 'orioles C', division: '10U' });
  const wrens = await insertTeam(db, { name: 'Wrens C' });
  await db.insert(teams).values({ name: 'Retired C', active: false });

  const monday = nextMonday();
  const later = [at(monday.add({ days: 3 }), '17:00'), at(monday, '18:30'), at(monday.add({ days: 1 }), '17:00')];
  const listed = [];
  for (const startsAt of later) listed.push({ bookingId: await bookingOf(orioles.id, await slotAt(season!.id, field.id, startsAt)), startsAt });
  listed.sort((a, b) => a.startsAt.getTime() - b.startsAt.getTime());
  const now = Date.now();
  const left = {
    cancelled: await bookingOf(orioles.id, await slotAt(season!.id, field.id, at(monday.add({ days: 2 }), '17:00')), 'cancelled'),
    started: await bookingOf(orioles.id, await slotAt(season!.id, field.id, new Date(now - HOUR))),
    // Ahead, but inside the 24-hour cutoff: an offer asking for it would expire before it is made.
    pastCutoff: await bookingOf(orioles.id, await slotAt(season!.id, field.id, new Date(now + 5 * HOUR))),
    cardinals: await bookingOf(cardinals.id, await slotAt(season!.id, field.id, at(monday.add({ days: 4 }), '17:00'))),
  };
  t.wroteBehindTheApp();

  w = {
    cardinals: { id: cardinals.id, coach: await t.signUp({ email: 'choices-cardinals@example.org', role: 'coach', teamId: cardinals.id }) },
    orioles: { id: orioles.id, coach: await t.signUp({ email: 'choices-orioles@example.org', role: 'coach', teamId: orioles.id }) },
    wrensId: wrens.id,
    member: await t.signUp({ email: 'choices-parent@example.org', role: 'member', teamId: cardinals.id }),
    admin: await t.signUp({ email: 'choices-admin@example.org', role: 'admin' }),
    listed,
    left,
    fieldName: 'Diamond C',
    facilityName: 'Choices Park',
  };
}, 60_000);
afterAll(() => t.close());

describe('GET /api/swaps/practices', () => {
  it('answers a coach the other active teams by name, and nothing to choose until a team is asked about', async () => {
    const res = await get(w.cardinals.coach, '/api/swaps/practices');
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<Choices>();
    expect(body.timeZone).toBe(TZ);
    // Not the coach's own team, not the inactive one; by name whatever the case.
    expect(body.teams.map((team) => team.name)).toEqual(['orioles C', 'Wrens C']);
    expect(body.teams[0]).toEqual({ id: w.orioles.id, name: 'orioles C', division: '10U' });
    expect(body.teams[1]!.division).toBeNull();
    expect(body.team).toBeNull();
    expect(body.practices).toEqual([]);
  });

  it("answers a team's confirmed practices before their cutoff, by start, as an offer shows them", async () => {
    const res = await get(w.cardinals.coach, `/api/swaps/practices?teamId=${w.orioles.id}`);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<Choices>();
    expect(body.team).toEqual({ id: w.orioles.id, name: 'orioles C' });
    expect(body.practices.map((p) => p.bookingId)).toEqual(w.listed.map((p) => p.bookingId));
    const first = w.listed[0]!;
    expect(body.practices[0]).toEqual({
      bookingId: first.bookingId,
      teamId: w.orioles.id,
      teamName: 'orioles C',
      status: 'confirmed',
      fieldName: w.fieldName,
      facilityName: w.facilityName,
      startsAt: first.startsAt.toISOString(),
      endsAt: new Date(first.startsAt.getTime() + 80 * 60_000).toISOString(),
    });
    // Cancelled, started, inside the cutoff, and another team's: none of them.
    for (const id of Object.values(w.left)) expect(body.practices.some((p) => p.bookingId === id)).toBe(false);
    // A team with no practices: an empty list.
    const wrens = (await get(w.cardinals.coach, `/api/swaps/practices?teamId=${w.wrensId}`)).json<Choices>();
    expect(wrens.practices).toEqual([]);
  });

  it('lists practices an offer may ask for: one made with two of them is accepted', async () => {
    const mine = (await get(w.orioles.coach, `/api/swaps/practices?teamId=${w.cardinals.id}`)).json<Choices>();
    expect(mine.practices.map((p) => p.bookingId)).toEqual([w.left.cardinals]);
    const theirs = (await get(w.cardinals.coach, `/api/swaps/practices?teamId=${w.orioles.id}`)).json<Choices>();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/swaps',
      headers: { origin: TEST_ORIGIN, cookie: w.cardinals.coach.cookie },
      payload: { kind: 'swap', bookingId: w.left.cardinals, wantedBookingIds: theirs.practices.slice(0, 2).map((p) => p.bookingId) },
    });
    expect(res.statusCode, res.body).toBe(201);
    // The wanted practices stay on the list: another offer may ask for them too.
    const again = (await get(w.cardinals.coach, `/api/swaps/practices?teamId=${w.orioles.id}`)).json<Choices>();
    expect(again.practices).toHaveLength(theirs.practices.length);
  });

  it('refuses in words: a visitor, a member, an admin without a team, the own team, an unknown or inactive team, a bad id', async () => {
    expect((await get(null, '/api/swaps/practices')).statusCode).toBe(401);

    const member = await get(w.member, `/api/swaps/practices?teamId=${w.orioles.id}`);
    expect(member.statusCode).toBe(403);
    expect(errorOf(member).message).toMatch(/^Only coaches can swap practices/);
    const admin = await get(w.admin, '/api/swaps/practices');
    expect(admin.statusCode).toBe(403);
    expect(errorOf(admin).message).toMatch(/not on a team/);

    const own = await get(w.cardinals.coach, `/api/swaps/practices?teamId=${w.cardinals.id}`);
    expect(own.statusCode).toBe(400);
    expect(errorOf(own).message).toMatch(/^Choose another team/);
    expect(errorOf(own).details?.fields).toEqual({ teamId: 'Choose another team' });

    const retired = (await t.database.db.select({ id: teams.id, name: teams.name }).from(teams)).find((team) => team.name === 'Retired C')!;
    for (const teamId of [retired.id, '00000000-0000-4000-8000-000000000000']) {
      const res = await get(w.cardinals.coach, `/api/swaps/practices?teamId=${teamId}`);
      expect(res.statusCode).toBe(404);
      expect(errorOf(res).message).toBe('That team does not exist, or it is not active. Choose a team from the list.');
    }

    const bad = await get(w.cardinals.coach, '/api/swaps/practices?teamId=orioles');
    expect(bad.statusCode).toBe(400);
  });
});
