import { and, eq } from 'drizzle-orm';
import { Temporal } from 'temporal-polyfill';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookingRules, bookings, divisions, fieldDivisions, seasons, slots, swapOffers, teams } from '../../db/schema';
import { DEFAULT_BOOKING_RULES, formatDateTime } from '../../../shared/bookings/booking-rules';
import type { MySwaps, SwapOffer } from '../../../shared/swaps/swaps.schemas';
import { at, insertFacility, insertField, nextMonday, TZ } from '../../test/booking-fixtures';
import { buildTestApp, TEST_ORIGIN, type TestApp, type TestUser } from '../../test/test-app';

/**
 * What an offer is checked against (issue 29, decision 036, the review of issue 29): a practice moved by an admin since
 * the offer was made ends the offer when accepted, however long ago it was moved (and so can never be traded past its
 * cutoff); "any of these" with the chosen practice gone lets the coach choose another, and ends only once none is left;
 * an offer the other side could never accept, for a field of other divisions, is refused when made. On PGlite, and on
 * PostgreSQL when TEST_DATABASE_URL is set. Each test builds its own season (cutoff 24 hours), field, slots and teams.
 */
let t: TestApp;
let admin: TestUser;
let worlds = 0;
const HOUR = 3_600_000;
/** "Cardinals'" or "Cardinals 2's", as the words say it. */
const possessive = (name: string) => (/s$/i.test(name) ? `${name}'` : `${name}'s`);

interface Team {
  id: string;
  name: string;
  coach: TestUser;
}
interface World {
  seasonId: string;
  fieldName: string;
  teams: Team[];
  /** The 17:00 slot of day d, day 0 being next Monday. */
  slot: (d: number) => string;
  /** A slot of the season on the world's field (or another), `startsAt` for 80 minutes. */
  slotAt: (startsAt: Date, fieldId?: string) => Promise<string>;
}

async function world(n: number): Promise<World> {
  const w = ++worlds;
  const db = t.database.db;
  const today = Temporal.Now.plainDateISO(TZ);
  const [season] = await db
    .insert(seasons)
    .values({ name: `Swap checks ${w}`, startsOn: today.subtract({ days: 30 }).toString(), endsOn: today.add({ days: 90 }).toString(), active: false })
    .returning({ id: seasons.id });
  await db.insert(bookingRules).values({ seasonId: season!.id, ...DEFAULT_BOOKING_RULES, maxPerWeek: 3, maxPerDay: 1, maxUpcoming: 10, minLeadHours: 0, cancelCutoffHours: 24, windowOpensAt: null, windowClosesAt: null });
  const facility = await insertFacility(db, { name: `Check Park ${w}` });
  const fieldName = `Check Diamond ${w}`;
  const field = await insertField(db, { facilityId: facility.id, name: fieldName, surface: 'grass', lights: true, color: '#123456' });
  const slotAt = async (startsAt: Date, fieldId = field.id) => {
    const [row] = await db.insert(slots).values({ seasonId: season!.id, fieldId, startsAt, endsAt: new Date(startsAt.getTime() + 80 * 60_000) }).returning({ id: slots.id });
    t.wroteBehindTheApp();
    return row!.id;
  };
  const ids = new Map<number, string>();
  for (let d = 0; d < 10; d++) ids.set(d, await slotAt(at(nextMonday().add({ days: d }), '17:00')));
  const made: Team[] = [];
  for (const [i, name] of ['Cardinals', 'Orioles', 'Bluejays'].slice(0, n).entries()) {
    const [team] = await db.insert(teams).values({ name: `${name} ${w}` }).returning({ id: teams.id });
    made.push({ id: team!.id, name: `${name} ${w}`, coach: await t.signUp({ email: `check-${w}-${i}@example.org`, role: 'coach', teamId: team!.id }) });
  }
  t.wroteBehindTheApp();
  return { seasonId: season!.id, fieldName, teams: made, slot: (d) => ids.get(d)!, slotAt };
}

const call = (who: TestUser, method: 'GET' | 'POST', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: { origin: TEST_ORIGIN, cookie: who.cookie }, ...(method === 'GET' ? {} : { payload: payload ?? {} }) });
const errorOf = (res: { json: <T>() => T }) => res.json<{ error: { code: string; message: string; details?: Record<string, unknown> } }>().error;

async function book(team: Team, slotId: string): Promise<string> {
  const res = await call(team.coach, 'POST', '/api/bookings', { slotId });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ booking: { id: string } }>().booking.id;
}
async function offer(team: Team, body: Record<string, unknown>): Promise<SwapOffer> {
  const res = await call(team.coach, 'POST', '/api/swaps', body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ offer: SwapOffer }>().offer;
}
async function move(bookingId: string, slotId: string): Promise<void> {
  const res = await call(admin, 'POST', `/api/admin/bookings/${bookingId}/move`, { slotId, reason: 'Field swap' });
  expect(res.statusCode, res.body).toBe(200);
}
const accept = (team: Team, offerId: string, bookingId?: string) => call(team.coach, 'POST', `/api/swaps/${offerId}/accept`, bookingId ? { bookingId } : {});
const stateOf = async (offerId: string) => (await t.database.db.select({ s: swapOffers.state }).from(swapOffers).where(eq(swapOffers.id, offerId)))[0]!.s;
const confirmedOn = async (slotId: string) => t.database.db.select({ teamId: bookings.teamId }).from(bookings).where(and(eq(bookings.slotId, slotId), eq(bookings.status, 'confirmed')));
const startOf = async (slotId: string) => (await t.database.db.select({ s: slots.startsAt }).from(slots).where(eq(slots.id, slotId)))[0]!.s;

beforeAll(async () => {
  t = await buildTestApp();
  admin = await t.signUp({ email: 'check-admin@example.org', role: 'admin' });
  await t.app.inject({ url: '/api/league' });
}, 60_000);
afterAll(() => t.close());

describe('a practice moved by an admin since the offer', () => {
  it('the offered practice, moved before the acceptance to 3 hours away (past its cutoff): the offer ends in words, nothing moves', async () => {
    const w = await world(2);
    const [cardinals, orioles] = w.teams as [Team, Team];
    const a1 = await book(cardinals, w.slot(2));
    const o1 = await book(orioles, w.slot(3));
    const swap = await offer(cardinals, { kind: 'swap', bookingId: a1, wantedBookingIds: [o1] });
    const soon = await w.slotAt(new Date(Math.ceil((Date.now() + 3 * HOUR) / 60_000) * 60_000));
    await move(a1, soon);

    const res = await accept(orioles, swap.id, o1);
    expect(res.statusCode, res.body).toBe(409);
    expect(errorOf(res)).toMatchObject({
      message: `${possessive(cardinals.name)} practice was moved by a league admin since this offer was made (now ${formatDateTime(await startOf(soon), TZ)} on ${w.fieldName}), so this swap can no longer happen.`,
      details: { rule: 'SWAP_VOID' },
    });
    expect(await stateOf(swap.id)).toBe('void');
    expect(await confirmedOn(soon)).toEqual([{ teamId: cardinals.id }]);
    expect(await confirmedOn(w.slot(3))).toEqual([{ teamId: orioles.id }]);
  });

  it('the practice asked for (the only one), moved: the offer ends naming its team; a practice moved before the offer is traded as offered', async () => {
    const w = await world(2);
    const [cardinals, orioles] = w.teams as [Team, Team];
    const a1 = await book(cardinals, w.slot(2));
    const o1 = await book(orioles, w.slot(3));
    const gift = await offer(orioles, { kind: 'give', bookingId: o1, toTeamId: cardinals.id });
    const swap = await offer(cardinals, { kind: 'swap', bookingId: a1, wantedBookingIds: [o1] });
    await move(o1, w.slot(5));

    const res = await accept(orioles, swap.id, o1);
    expect(res.statusCode, res.body).toBe(409);
    expect(errorOf(res).message).toBe(
      `${possessive(orioles.name)} practice was moved by a league admin since this offer was made (now ${formatDateTime(await startOf(w.slot(5)), TZ)} on ${w.fieldName}), so this swap can no longer happen.`,
    );
    expect(await stateOf(swap.id)).toBe('void');
    // The gift of the same practice, made before the move, ends alike.
    expect((await accept(cardinals, gift.id)).statusCode).toBe(409);
    expect(await stateOf(gift.id)).toBe('void');

    // Moved, then offered: the offer is of the practice where it is now, and goes through.
    const again = await offer(orioles, { kind: 'give', bookingId: o1, toTeamId: cardinals.id });
    const taken = await accept(cardinals, again.id);
    expect(taken.statusCode, taken.body).toBe(200);
    expect(await confirmedOn(w.slot(5))).toEqual([{ teamId: cardinals.id }]);
  });
});

describe('"any of these"', () => {
  it('the practice chosen was cancelled: refused without ending the offer; another is accepted; with none left the offer ends', async () => {
    const w = await world(2);
    const [cardinals, orioles] = w.teams as [Team, Team];
    const a1 = await book(cardinals, w.slot(2));
    const a2 = await book(cardinals, w.slot(3));
    const [o1, o2, o3, o4] = [await book(orioles, w.slot(4)), await book(orioles, w.slot(5)), await book(orioles, w.slot(6)), await book(orioles, w.slot(7))];
    const first = await offer(cardinals, { kind: 'swap', bookingId: a1, wantedBookingIds: [o1, o2] });
    expect((await call(orioles.coach, 'POST', `/api/bookings/${o1}/cancel`)).statusCode).toBe(200);

    const refused = await accept(orioles, first.id, o1);
    expect(refused.statusCode, refused.body).toBe(409);
    expect(errorOf(refused)).toMatchObject({ message: 'That practice of yours was cancelled; choose another of those asked for.', details: { rule: 'WANTED_GONE' } });
    expect(await stateOf(first.id)).toBe('open');
    expect((await call(orioles.coach, 'GET', '/api/swaps/mine')).json<MySwaps>().received.map((o) => [o.id, o.state])).toEqual([[first.id, 'open']]);
    const res = await accept(orioles, first.id, o2);
    expect(res.statusCode, res.body).toBe(200);
    expect(await confirmedOn(w.slot(5))).toEqual([{ teamId: cardinals.id }]);

    // None of those asked for is left: the offer ends, as reads say.
    const second = await offer(cardinals, { kind: 'swap', bookingId: a2, wantedBookingIds: [o3, o4] });
    for (const id of [o3, o4]) expect((await call(orioles.coach, 'POST', `/api/bookings/${id}/cancel`)).statusCode).toBe(200);
    const none = await accept(orioles, second.id, o3);
    expect(none.statusCode).toBe(409);
    expect(errorOf(none)).toMatchObject({ message: expect.stringMatching(new RegExp(`^${possessive(orioles.name)} practice on \\w{3}, \\w{3} \\d+ was cancelled, so this swap can no longer happen\\.$`)), details: { rule: 'SWAP_VOID' } });
    expect(await stateOf(second.id)).toBe('void');
  });
});

describe('an offer the other team could never accept', () => {
  it('is refused when made, naming the team: a gift onto a field of other divisions, a trade for a practice on one', async () => {
    const w = await world(3);
    const [cardinals, orioles, bluejays] = w.teams as [Team, Team, Team];
    const db = t.database.db;
    const division = async (name: string) => (await db.insert(divisions).values({ name, position: 200 + worlds }).returning({ id: divisions.id }))[0]!.id;
    const older = await division(`12U-check-${worlds}`);
    const younger = await division(`8U-check-${worlds}`);
    await db.update(teams).set({ divisionId: older }).where(eq(teams.id, cardinals.id));
    await db.update(teams).set({ divisionId: older }).where(eq(teams.id, bluejays.id));
    await db.update(teams).set({ divisionId: younger }).where(eq(teams.id, orioles.id));
    const bigFieldName = `Big Check Diamond ${worlds}`;
    const bigField = await insertField(db, { facilityId: (await insertFacility(db, { name: `Big Check Park ${worlds}` })).id, name: bigFieldName, surface: 'dirt', lights: true, color: '#654321' });
    await db.insert(fieldDivisions).values({ fieldId: bigField.id, divisionId: older });
    t.wroteBehindTheApp();
    const big = await book(cardinals, await w.slotAt(at(nextMonday().add({ days: 4 }), '17:00'), bigField.id));
    const big2 = await book(bluejays, await w.slotAt(at(nextMonday().add({ days: 5 }), '17:00'), bigField.id));
    const o1 = await book(orioles, w.slot(3));

    const gift = await call(cardinals.coach, 'POST', '/api/swaps', { kind: 'give', bookingId: big, toTeamId: orioles.id });
    expect(gift.statusCode, gift.body).toBe(422);
    expect(errorOf(gift)).toMatchObject({
      message: `${bigFieldName} is only for 12U-check-${worlds} teams, and ${orioles.name} play in 8U-check-${worlds}. So ${orioles.name} could not take this practice: offer it to another team.`,
      details: { rule: 'FIELD_DIVISION', team: orioles.name },
    });
    const trade = await call(cardinals.coach, 'POST', '/api/swaps', { kind: 'swap', bookingId: big, wantedBookingIds: [o1] });
    expect(trade.statusCode, trade.body).toBe(422);
    expect(errorOf(trade).details).toMatchObject({ rule: 'FIELD_DIVISION', team: orioles.name });
    const asked = await call(orioles.coach, 'POST', '/api/swaps', { kind: 'swap', bookingId: o1, wantedBookingIds: [big2] });
    expect(asked.statusCode, asked.body).toBe(422);
    expect(errorOf(asked)).toMatchObject({
      message: expect.stringMatching(
        new RegExp(`^${bigFieldName} is only for 12U-check-${worlds} teams, and ${orioles.name} play in 8U-check-${worlds}\\. So ${orioles.name} could not take ${possessive(bluejays.name)} practice on \\w{3}, \\w{3} \\d+: ask for others\\.$`),
      ),
      details: { rule: 'FIELD_DIVISION', team: orioles.name },
    });
    expect(await db.select().from(swapOffers).where(eq(swapOffers.fromTeamId, cardinals.id))).toEqual([]);
    expect(await db.select().from(swapOffers).where(eq(swapOffers.fromTeamId, orioles.id))).toEqual([]);

    // A team of the field's division is offered it as before.
    expect((await offer(cardinals, { kind: 'give', bookingId: big, toTeamId: bluejays.id })).state).toBe('open');
  });
});
