import { and, desc, eq, inArray } from 'drizzle-orm';
import { Temporal } from 'temporal-polyfill';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, bookingRules, bookings, divisions, fieldDivisions, makeupCredits, seasons, slots, swapOffers, teams } from '../../db/schema';
import { DEFAULT_BOOKING_RULES, type BookingRules } from '../../../shared/bookings/booking-rules';
import type { MySwaps, SwapOffer } from '../../../shared/swaps/swaps.schemas';
import { at, insertFacility, insertField, nextMonday, TZ } from '../../test/booking-fixtures';
import { buildTestApp, TEST_ORIGIN, type TestApp, type TestUser } from '../../test/test-app';
import type { MailEnvelope, MailTransport } from '../mail/mail-transport';
import { createMailWorker } from '../mail/mail-worker';

/**
 * Practice swaps between teams (issue 29, decision 036): a coach offers a practice in trade or as a gift, the other
 * team's coach accepts (both practices move in one transaction, under both teams' rules) or declines. On PGlite, and on
 * PostgreSQL when TEST_DATABASE_URL is set. Each test builds its own world: a season of its own with its rules, a field
 * with two weeks of evening slots, and teams with a coach each.
 */
let t: TestApp;
let admin: TestUser;
let worlds = 0;
const HOUR = 3_600_000;

interface Team {
  id: string;
  name: string;
  coach: TestUser;
}
interface World {
  seasonId: string;
  fieldId: string;
  teams: Team[];
  /** The k-th slot (17:00, 18:30) of day d, day 0 being next Monday. */
  slot: (d: number, k?: number) => string;
}

/** A season of its own (not the active one: the booking decision reads the slot's season), a field, slots and teams. */
async function world(n: number, rules: Partial<BookingRules> = {}): Promise<World> {
  const w = ++worlds;
  const db = t.database.db;
  const today = Temporal.Now.plainDateISO(TZ);
  const [season] = await db
    .insert(seasons)
    .values({ name: `Swap season ${w}`, startsOn: today.subtract({ days: 30 }).toString(), endsOn: today.add({ days: 90 }).toString(), active: false })
    .returning({ id: seasons.id });
  await db.insert(bookingRules).values({ seasonId: season!.id, ...DEFAULT_BOOKING_RULES, maxPerWeek: 2, maxPerDay: 1, maxUpcoming: 10, minLeadHours: 0, ...rules, windowOpensAt: null, windowClosesAt: null });
  const facility = await insertFacility(db, { name: `Swap Park ${w}` });
  const field = await insertField(db, { facilityId: facility.id, name: `Diamond ${w}`, surface: 'grass', lights: true, color: '#123456' });
  const monday = nextMonday();
  const ids = new Map<string, string>();
  for (let d = 0; d < 14; d++) {
    for (const [k, hhmm] of ['17:00', '18:30'].entries()) {
      const startsAt = at(monday.add({ days: d }), hhmm);
      const [row] = await db.insert(slots).values({ seasonId: season!.id, fieldId: field.id, startsAt, endsAt: new Date(startsAt.getTime() + 80 * 60_000) }).returning({ id: slots.id });
      ids.set(`${d}:${k}`, row!.id);
    }
  }
  const names = ['Cardinals', 'Orioles', 'Bluejays', 'Wrens'];
  const made: Team[] = [];
  for (let i = 0; i < n; i++) {
    const name = `${names[i]} ${w}`;
    const [team] = await db.insert(teams).values({ name }).returning({ id: teams.id });
    const coach = await t.signUp({ email: `swap-${w}-${i}@example.org`, role: 'coach', teamId: team!.id, name: `Coach ${name}` });
    made.push({ id: team!.id, name, coach });
  }
  t.wroteBehindTheApp();
  return { seasonId: season!.id, fieldId: field.id, teams: made, slot: (d, k = 0) => ids.get(`${d}:${k}`)! };
}

const call = (who: TestUser, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: { origin: TEST_ORIGIN, cookie: who.cookie }, ...(method === 'GET' ? {} : { payload: payload ?? {} }) });

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
const accept = (team: Team, offerId: string, bookingId?: string) => call(team.coach, 'POST', `/api/swaps/${offerId}/accept`, bookingId ? { bookingId } : {});
const mine = async (team: Team) => (await call(team.coach, 'GET', '/api/swaps/mine')).json<MySwaps>();
const bookingRow = async (id: string) => (await t.database.db.select().from(bookings).where(eq(bookings.id, id)))[0]!;
const offerRow = async (id: string) => (await t.database.db.select().from(swapOffers).where(eq(swapOffers.id, id)))[0]!;
const confirmedOn = async (slotId: string) =>
  t.database.db.select({ id: bookings.id, teamId: bookings.teamId, swapId: bookings.swapId }).from(bookings).where(and(eq(bookings.slotId, slotId), eq(bookings.status, 'confirmed')));
const errorOf = (res: { json: <T>() => T }) => res.json<{ error: { code: string; message: string; details?: { rule?: string } } }>().error;

function capture(): MailTransport & { sent: MailEnvelope[] } {
  const sent: MailEnvelope[] = [];
  return { kind: 'file', sent, send: async (mail) => void sent.push(mail), close: () => {} };
}
/** Hands everything queued to mail and returns what was sent. */
async function sendMail(): Promise<MailEnvelope[]> {
  const transport = capture();
  const worker = createMailWorker({ db: t.database.db, league: t.context.league, transport, publicUrl: t.config.publicUrl, log: { info: () => {}, warn: () => {}, error: () => {} }, busy: () => false }, {});
  await worker.runOnce();
  return transport.sent;
}

/**
 * One consistent outcome of an offer between these practices: each slot holds at most one confirmed booking, and
 * either every practice moved (cancelled by the swap, booked the other way round) or none did. Returns which.
 */
async function settled(offerId: string, oldIds: string[]): Promise<'moved' | 'unmoved'> {
  const db = t.database.db;
  const old = await db.select().from(bookings).where(inArray(bookings.id, oldIds));
  const made = (await db.select().from(bookings).where(eq(bookings.swapId, offerId))).filter((b) => !oldIds.includes(b.id));
  for (const slotId of new Set([...old, ...made].map((b) => b.slotId))) expect((await confirmedOn(slotId)).length).toBeLessThanOrEqual(1);
  const moved = old.every((b) => b.status === 'cancelled' && b.swapId === offerId);
  const unmoved = old.every((b) => b.swapId !== offerId) && made.length === 0;
  expect(moved !== unmoved, `moved ${moved}, unmoved ${unmoved}`).toBe(true);
  const state = (await offerRow(offerId)).state;
  if (moved) {
    expect(made).toHaveLength(oldIds.length);
    // Each new practice is on the other's old slot, for the other team.
    for (const o of old) expect(made.some((m) => m.slotId === o.slotId && m.teamId !== o.teamId)).toBe(true);
    expect(state).toBe('accepted');
    return 'moved';
  }
  expect(state).not.toBe('accepted');
  return 'unmoved';
}

beforeAll(async () => {
  t = await buildTestApp();
  admin = await t.signUp({ email: 'swap-admin@example.org', role: 'admin' });
  await t.app.inject({ url: '/api/league' });
}, 60_000);
afterAll(() => t.close());

describe('a swap', () => {
  it('accepted: each team has the other’s practice, the old ones are cancelled by the swap, both teams emailed, audit-logged, feeds updated', async () => {
    const w = await world(2);
    const [cardinals, orioles] = w.teams as [Team, Team];
    const a1 = await book(cardinals, w.slot(1));
    const o1 = await book(orioles, w.slot(3));
    const o2 = await book(orioles, w.slot(4));
    await sendMail();

    const made = await offer(cardinals, { kind: 'swap', bookingId: a1, wantedBookingIds: [o2, o1, o1], note: '  Our pitcher is away Tuesday  ' });
    const a1Start = (await t.database.db.select({ s: slots.startsAt }).from(slots).where(eq(slots.id, w.slot(1))))[0]!.s;
    expect(made).toMatchObject({
      kind: 'swap',
      state: 'open',
      direction: 'made',
      fromTeam: { id: cardinals.id, name: cardinals.name },
      toTeam: { id: orioles.id, name: orioles.name },
      offered: { bookingId: a1, status: 'confirmed', teamName: cardinals.name },
      note: 'Our pitcher is away Tuesday',
      // The earliest practice's cancellation cutoff (24 hours).
      expiresAt: new Date(a1Start.getTime() - 24 * HOUR).toISOString(),
    });
    expect(made.wanted.map((p) => p.bookingId)).toEqual([o1, o2]);
    const offeredMail = (await sendMail()).filter((m) => m.subject.startsWith('Swap offer from'));
    expect(offeredMail.map((m) => m.to)).toEqual([orioles.coach.email]);
    expect(offeredMail[0]!.text).toContain('Their note: Our pitcher is away Tuesday');

    expect((await mine(orioles)).received.map((o) => o.id)).toEqual([made.id]);
    expect((await mine(cardinals)).made.map((o) => o.id)).toEqual([made.id]);

    // Team Orioles' feed, read (and cached) before the swap.
    const feedUrl = new URL((await call(orioles.coach, 'GET', '/api/me/calendar-feed')).json<{ feed: { url: string } }>().feed.url).pathname;
    expect((await t.app.inject({ url: feedUrl })).body).toContain(`UID:booking-${o1}@`);

    const res = await accept(orioles, made.id, o1);
    expect(res.statusCode, res.body).toBe(200);
    const { offer: done, booking } = res.json<{ offer: SwapOffer; booking: { id: string; teamId: string; slotId: string; status: string } }>();
    expect(done).toMatchObject({ state: 'accepted', acceptedBookingId: o1, direction: 'received' });
    expect(booking).toMatchObject({ teamId: orioles.id, slotId: w.slot(1), status: 'confirmed' });

    expect(await bookingRow(a1)).toMatchObject({ status: 'cancelled', swapId: made.id, cancelReason: `Swapped with ${orioles.name}`, cancelledBy: orioles.coach.id });
    expect(await bookingRow(o1)).toMatchObject({ status: 'cancelled', swapId: made.id, cancelReason: `Swapped with ${cardinals.name}` });
    expect((await bookingRow(o2)).status).toBe('confirmed');
    expect(await confirmedOn(w.slot(1))).toEqual([{ id: booking.id, teamId: orioles.id, swapId: made.id }]);
    const [cardinalsNew] = await confirmedOn(w.slot(3));
    expect(cardinalsNew).toMatchObject({ teamId: cardinals.id, swapId: made.id });
    // The offering coach booked the offering team's new practice; the accepting coach theirs.
    expect((await bookingRow(cardinalsNew!.id)).bookedBy).toBe(cardinals.coach.id);
    expect((await bookingRow(booking.id)).bookedBy).toBe(orioles.coach.id);

    // Both teams see their new practices on My Reservations.
    const upcoming = async (team: Team) =>
      (await call(team.coach, 'GET', '/api/bookings/mine')).json<{ bookings: Array<{ slotId: string; status: string; teamId: string }> }>().bookings.filter((b) => b.status === 'confirmed' && b.teamId === team.id).map((b) => b.slotId);
    expect(await upcoming(cardinals)).toEqual([w.slot(3)]);
    expect((await upcoming(orioles)).sort()).toEqual([w.slot(1), w.slot(4)].sort());

    const mails = (await sendMail()).filter((m) => m.subject.startsWith('Practices swapped with'));
    expect(mails.map((m) => m.to).sort()).toEqual([cardinals.coach.email, orioles.coach.email].sort());
    const audit = await t.database.db.select({ action: auditLog.action, actor: auditLog.actorId, summary: auditLog.summary }).from(auditLog).where(eq(auditLog.entityId, made.id));
    expect(audit.map((a) => a.action).sort()).toEqual(['swap.accept', 'swap.offer']);
    expect(audit.find((a) => a.action === 'swap.accept')!.actor).toBe(orioles.coach.id);

    // The feed was dropped with the slots: the old practice reads cancelled, the new one is there.
    const feed = (await t.app.inject({ url: feedUrl })).body;
    expect(feed).toContain(`UID:booking-${booking.id}@`);
    const oldEvent = feed.split('BEGIN:VEVENT').find((e) => e.includes(`UID:booking-${o1}@`))!;
    expect(oldEvent).toContain('STATUS:CANCELLED');

    // Decided: no longer listed as open, but among the recent ones.
    const after = await mine(orioles);
    expect(after.received).toEqual([]);
    expect(after.recent.map((o) => [o.id, o.state])).toEqual([[made.id, 'accepted']]);
  });

  it('a gift accepted: the other team gets the practice, the giver loses it; both are emailed', async () => {
    const w = await world(2);
    const [cardinals, orioles] = w.teams as [Team, Team];
    const a1 = await book(cardinals, w.slot(2));
    await sendMail();
    const gift = await offer(cardinals, { kind: 'give', bookingId: a1, toTeamId: orioles.id });
    expect(gift).toMatchObject({ kind: 'give', wanted: [], toTeam: { id: orioles.id } });
    expect((await sendMail()).map((m) => [m.to, m.subject.startsWith(`${cardinals.name} offer ${orioles.name} a practice`)])).toEqual([[orioles.coach.email, true]]);

    const res = await accept(orioles, gift.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().offer).toMatchObject({ state: 'accepted', acceptedBookingId: null });
    expect(await bookingRow(a1)).toMatchObject({ status: 'cancelled', swapId: gift.id, cancelReason: `Given to ${orioles.name}` });
    expect(await confirmedOn(w.slot(2))).toEqual([{ id: res.json().booking.id, teamId: orioles.id, swapId: gift.id }]);
    expect(await settled(gift.id, [a1])).toBe('moved');
    const mails = await sendMail();
    expect(mails.map((m) => [m.to, m.subject]).sort()).toEqual(
      [
        [cardinals.coach.email, expect.stringMatching(new RegExp(`^Practice given to ${orioles.name}: `))],
        [orioles.coach.email, expect.stringMatching(new RegExp(`^${cardinals.name} gave ${orioles.name} a practice: `))],
      ].sort((a, b) => String(a[0]).localeCompare(String(b[0]))),
    );
  });

  it('declined (the offering team is emailed) and withdrawn, each once, by its own side only', async () => {
    const w = await world(3);
    const [cardinals, orioles, bluejays] = w.teams as [Team, Team, Team];
    const a1 = await book(cardinals, w.slot(1));
    const o1 = await book(orioles, w.slot(2));
    const first = await offer(cardinals, { kind: 'swap', bookingId: a1, wantedBookingIds: [o1] });
    await sendMail();

    // Only the team it was made to answers it; the others are told it is not theirs.
    for (const [who, action] of [[cardinals, 'decline'], [bluejays, 'decline'], [orioles, 'withdraw'], [bluejays, 'accept']] as const) {
      const res = await call(who.coach, 'POST', `/api/swaps/${first.id}/${action}`, action === 'accept' ? { bookingId: o1 } : {});
      expect(res.statusCode, `${who.name} ${action}`).toBe(404);
    }
    const declined = await call(orioles.coach, 'POST', `/api/swaps/${first.id}/decline`);
    expect(declined.statusCode, declined.body).toBe(200);
    expect(declined.json().offer).toMatchObject({ state: 'declined' });
    const mail = (await sendMail()).filter((m) => m.subject.includes('declined'));
    expect(mail.map((m) => [m.to, m.subject])).toEqual([[cardinals.coach.email, expect.stringMatching(new RegExp(`^${orioles.name} declined your swap offer: `))]]);
    const again = await call(orioles.coach, 'POST', `/api/swaps/${first.id}/decline`);
    expect(again.statusCode).toBe(409);
    expect(errorOf(again).message).toBe('This offer was already declined. Reload the page.');
    expect((await accept(orioles, first.id, o1)).statusCode).toBe(409);

    // Declined, the practice can be offered again; withdrawn, it cannot be accepted.
    const second = await offer(cardinals, { kind: 'give', bookingId: a1, toTeamId: bluejays.id });
    const withdrawn = await call(cardinals.coach, 'POST', `/api/swaps/${second.id}/withdraw`);
    expect(withdrawn.statusCode, withdrawn.body).toBe(200);
    expect(withdrawn.json().offer).toMatchObject({ state: 'withdrawn', direction: 'made' });
    const late = await accept(bluejays, second.id);
    expect(late.statusCode).toBe(409);
    expect(errorOf(late).message).toBe('This offer was withdrawn. Reload the page.');
    expect(await settled(second.id, [a1])).toBe('unmoved');
    const audit = await t.database.db.select({ action: auditLog.action }).from(auditLog).where(inArray(auditLog.entityId, [first.id, second.id]));
    expect(audit.map((a) => a.action).sort()).toEqual(['swap.decline', 'swap.offer', 'swap.offer', 'swap.withdraw']);
    expect((await mine(cardinals)).recent.map((o) => [o.id, o.state])).toEqual([
      [second.id, 'withdrawn'],
      [first.id, 'declined'],
    ]);
  });
});

describe('reports', () => {
  it('a swap’s cancellations are never late cancellations; a practice the swap booked, cancelled late, is', async () => {
    const w = await world(2);
    const [cardinals, orioles] = w.teams as [Team, Team];
    const a1 = await book(cardinals, w.slot(1));
    const o1 = await book(orioles, w.slot(2));
    const swap = await offer(cardinals, { kind: 'swap', bookingId: a1, wantedBookingIds: [o1] });
    expect((await accept(orioles, swap.id, o1)).statusCode).toBe(200);
    // With a 30-day cutoff every cancellation of these practices is after the cutoff.
    await t.database.db.update(bookingRules).set({ cancelCutoffHours: 720 }).where(eq(bookingRules.seasonId, w.seasonId));
    t.wroteBehindTheApp();
    const [cardinalsNew] = await confirmedOn(w.slot(2));
    expect((await call(admin, 'POST', `/api/admin/bookings/${cardinalsNew!.id}/cancel`, { reason: 'Coach asked' })).statusCode).toBe(200);
    const res = await call(admin, 'GET', `/api/admin/reports?seasonId=${w.seasonId}`);
    expect(res.statusCode, res.body).toBe(200);
    const rows = res.json<{ teams: Array<{ teamId: string; cancellations: number; lateCancellations: number }> }>().teams;
    expect(rows.find((r) => r.teamId === cardinals.id)).toMatchObject({ cancellations: 2, lateCancellations: 1 });
    expect(rows.find((r) => r.teamId === orioles.id)).toMatchObject({ cancellations: 1, lateCancellations: 0 });
  });
});

describe('refusals in words', () => {
  it('offering: not yours, already on offer, from two teams, own team, a cancelled or started practice, past the cutoff', async () => {
    const w = await world(3);
    const [cardinals, orioles, bluejays] = w.teams as [Team, Team, Team];
    const a1 = await book(cardinals, w.slot(1));
    const a2 = await book(cardinals, w.slot(3));
    const o1 = await book(orioles, w.slot(2));
    const b1 = await book(bluejays, w.slot(4));
    const post = (team: Team, body: Record<string, unknown>) => call(team.coach, 'POST', '/api/swaps', body);
    const member = await t.signUp({ email: `swap-member-${worlds}@example.org`, role: 'member', teamId: cardinals.id });

    const cases: Array<[string, ReturnType<typeof post>, number, RegExp]> = [
      ['not yours', post(orioles, { kind: 'give', bookingId: a1, toTeamId: bluejays.id }), 404, /^That practice does not exist, or it is not your team's\. Reload My Reservations\.$/],
      ['two teams', post(cardinals, { kind: 'swap', bookingId: a1, wantedBookingIds: [o1, b1] }), 400, /must all be one team’s: an offer goes to one team/],
      ['own team', post(cardinals, { kind: 'swap', bookingId: a1, wantedBookingIds: [a2] }), 400, /^Ask for practices of another team, not your own\.$/],
      ['give to self', post(cardinals, { kind: 'give', bookingId: a1, toTeamId: cardinals.id }), 400, /a practice cannot be given to your own team/],
      ['itself', post(cardinals, { kind: 'swap', bookingId: a1, wantedBookingIds: [a1] }), 400, /cannot be traded for itself/],
      ['no wanted', post(cardinals, { kind: 'swap', bookingId: a1, wantedBookingIds: [] }), 400, /Choose at least one practice of the other team/],
      ['not a coach', call(member, 'POST', '/api/swaps', { kind: 'give', bookingId: a1, toTeamId: orioles.id }), 403, /^Only coaches can swap practices\./],
      ['not on a team', call(admin, 'POST', '/api/swaps', { kind: 'give', bookingId: a1, toTeamId: orioles.id }), 403, /you cannot swap practices/],
    ];
    for (const [what, pending, status, words] of cases) {
      const res = await pending;
      expect(res.statusCode, `${what}: ${res.body}`).toBe(status);
      expect(errorOf(res).message, what).toMatch(words);
    }

    // Already on offer: a practice is on offer once at a time, whoever it is offered to.
    await offer(cardinals, { kind: 'give', bookingId: a1, toTeamId: orioles.id });
    const twice = await post(cardinals, { kind: 'swap', bookingId: a1, wantedBookingIds: [b1] });
    expect(twice.statusCode).toBe(409);
    expect(errorOf(twice).message).toBe(`This practice is already on offer to ${orioles.name}. Withdraw that offer first to offer it again.`);

    // An inactive team cannot take one.
    await t.database.db.update(teams).set({ active: false }).where(eq(teams.id, bluejays.id));
    const inactive = await post(cardinals, { kind: 'give', bookingId: a2, toTeamId: bluejays.id });
    expect(inactive.statusCode).toBe(409);
    expect(errorOf(inactive).message).toBe(`${bluejays.name} is not active this season, so it cannot take a practice. Choose another team.`);
    await t.database.db.update(teams).set({ active: true }).where(eq(teams.id, bluejays.id));

    // A cancelled practice of the other team, and one of one's own.
    expect((await call(orioles.coach, 'POST', `/api/bookings/${o1}/cancel`)).statusCode).toBe(200);
    const wantedGone = await post(cardinals, { kind: 'swap', bookingId: a2, wantedBookingIds: [o1] });
    expect(wantedGone.statusCode).toBe(409);
    expect(errorOf(wantedGone).message).toMatch(new RegExp(`^${orioles.name}'s practice on \\w{3}, \\w{3} \\d+ is cancelled, so it cannot be asked for\\. Choose others\\.$`));
    expect((await call(cardinals.coach, 'POST', `/api/bookings/${a2}/cancel`)).statusCode).toBe(200);
    const ownGone = await post(cardinals, { kind: 'give', bookingId: a2, toTeamId: orioles.id });
    expect(ownGone.statusCode).toBe(409);
    expect(errorOf(ownGone).message).toBe('This practice is cancelled, so it cannot be offered. Reload My Reservations.');

    // Past the cancellation cutoff: a practice 20 hours away (the cutoff is 24).
    const soon = new Date(Date.now() + 20 * HOUR);
    const [soonSlot] = await t.database.db.insert(slots).values({ seasonId: w.seasonId, fieldId: w.fieldId, startsAt: soon, endsAt: new Date(soon.getTime() + HOUR) }).returning({ id: slots.id });
    const [soonBooking] = await t.database.db.insert(bookings).values({ slotId: soonSlot!.id, teamId: cardinals.id, bookedBy: cardinals.coach.id }).returning({ id: bookings.id });
    const tooLate = await post(cardinals, { kind: 'give', bookingId: soonBooking!.id, toTeamId: orioles.id });
    expect(tooLate.statusCode).toBe(422);
    expect(errorOf(tooLate)).toMatchObject({ code: 'RULE_VIOLATION', details: { rule: 'CANCEL_CUTOFF' } });
    expect(errorOf(tooLate).message).toMatch(/^It is too late to give this practice away: offers close at the cancellation cutoff, 24 hours before the practice on .+\.$/);
    // Asking for it in trade is as late.
    const b2 = await book(bluejays, w.slot(6));
    const tooLateWanted = await post(bluejays, { kind: 'swap', bookingId: b2, wantedBookingIds: [soonBooking!.id] });
    expect(tooLateWanted.statusCode).toBe(422);
    expect(errorOf(tooLateWanted).message).toMatch(/^It is too late to swap these practices: /);
    expect(await t.database.db.$count(swapOffers, inArray(swapOffers.fromTeamId, [cardinals.id, orioles.id, bluejays.id]))).toBe(1);
  });

  it('accepting: not the team’s, a practice not asked for, a gift with one, an expired offer', async () => {
    const w = await world(2);
    const [cardinals, orioles] = w.teams as [Team, Team];
    const a1 = await book(cardinals, w.slot(1));
    const a2 = await book(cardinals, w.slot(5));
    const o1 = await book(orioles, w.slot(2));
    const o2 = await book(orioles, w.slot(8));
    const swap = await offer(cardinals, { kind: 'swap', bookingId: a1, wantedBookingIds: [o1] });
    const gift = await offer(cardinals, { kind: 'give', bookingId: a2, toTeamId: orioles.id });

    const own = await accept(cardinals, swap.id, o1);
    expect(own.statusCode).toBe(404);
    expect(errorOf(own).message).toBe("That swap offer does not exist, or it is not your team's to answer. Reload the page.");
    for (const [res, words] of [
      [await accept(orioles, swap.id), /^Choose which of your practices to give in trade/],
      [await accept(orioles, swap.id, o2), /^Choose which of your practices to give in trade/],
      [await accept(orioles, gift.id, o1), /^This practice is a gift: your team gives nothing in return/],
    ] as const) {
      expect(res.statusCode).toBe(400);
      expect(errorOf(res).message).toMatch(words);
    }

    // Past its expiry (the cancellation cutoff): refused, and it is expired for good.
    await t.database.db.update(swapOffers).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(swapOffers.id, swap.id));
    expect((await mine(orioles)).recent.find((o) => o.id === swap.id)?.state).toBe('expired');
    const expired = await accept(orioles, swap.id, o1);
    expect(expired.statusCode).toBe(409);
    expect(errorOf(expired).message).toMatch(/^This offer expired at the cancellation cutoff \(.+\)\. Reload the page\.$/);
    expect((await offerRow(swap.id)).state).toBe('expired');
    expect(await settled(swap.id, [a1, o1])).toBe('unmoved');
    // An expired offer no longer holds its practice: it can be offered again.
    await t.database.db.update(swapOffers).set({ state: 'open' }).where(eq(swapOffers.id, swap.id));
    await offer(cardinals, { kind: 'give', bookingId: a1, toTeamId: orioles.id });
    expect((await offerRow(swap.id)).state).toBe('expired');
  });

  it('the league turns swaps off: offering and accepting are refused in words; the switch is audit-logged', async () => {
    const w = await world(2);
    const [cardinals, orioles] = w.teams as [Team, Team];
    const a1 = await book(cardinals, w.slot(1));
    const a2 = await book(cardinals, w.slot(3));
    const gift = await offer(cardinals, { kind: 'give', bookingId: a1, toTeamId: orioles.id });
    const settings = (await t.app.inject({ url: '/api/league' })).json<Record<string, unknown>>();
    expect(settings.swapsEnabled).toBe(true);
    const put = (on: boolean) => call(admin, 'PUT', '/api/league', { ...settings, swapsEnabled: on });
    try {
      const off = await put(false);
      expect(off.statusCode, off.body).toBe(200);
      expect(off.json().swapsEnabled).toBe(false);
      expect((await t.app.inject({ url: '/api/league' })).json().swapsEnabled).toBe(false);
      const [entry] = await t.database.db
        .select({ summary: auditLog.summary, before: auditLog.before, after: auditLog.after, actor: auditLog.actorId })
        .from(auditLog)
        .where(eq(auditLog.action, 'league.update'))
        .orderBy(desc(auditLog.at))
        .limit(1);
      expect(entry).toMatchObject({ summary: 'Edited league settings (practice swaps turned off)', before: { swapsEnabled: true }, after: { swapsEnabled: false }, actor: admin.id });

      for (const res of [await call(cardinals.coach, 'POST', '/api/swaps', { kind: 'give', bookingId: a2, toTeamId: orioles.id }), await accept(orioles, gift.id)]) {
        expect(res.statusCode).toBe(422);
        expect(errorOf(res)).toMatchObject({ message: 'Practice swaps are turned off by the league.', details: { rule: 'SWAPS_OFF' } });
      }
      expect((await mine(orioles)).swapsEnabled).toBe(false);
      // Leaving one's own offers is still possible.
      expect((await call(cardinals.coach, 'POST', `/api/swaps/${gift.id}/withdraw`)).statusCode).toBe(200);
      const bad = await call(admin, 'PUT', '/api/league', { ...settings, swapsEnabled: 'no' });
      expect(bad.statusCode).toBe(400);
    } finally {
      expect((await put(true)).statusCode).toBe(200);
    }
    expect(await settled(gift.id, [a1])).toBe('unmoved');
  });

  it('a rule of the receiving team (its weekly limit) refuses the swap naming the team and the rule; nothing moves', async () => {
    const w = await world(2);
    const [cardinals, orioles] = w.teams as [Team, Team];
    // Cardinals offer a practice in week 2 for one of Orioles' in week 1; Orioles already have 2 in week 2 (the limit).
    const a1 = await book(cardinals, w.slot(8));
    const o1 = await book(orioles, w.slot(1));
    await book(orioles, w.slot(9));
    await book(orioles, w.slot(11));
    const swap = await offer(cardinals, { kind: 'swap', bookingId: a1, wantedBookingIds: [o1] });
    await sendMail();
    const res = await accept(orioles, swap.id, o1);
    expect(res.statusCode).toBe(409);
    const week = Temporal.PlainDate.from(nextMonday().add({ days: 7 })).toLocaleString('en-US', { weekday: 'short', month: 'short', day: 'numeric' });
    expect(errorOf(res)).toMatchObject({
      code: 'CONFLICT',
      message: `Swap refused for ${orioles.name}: ${orioles.name} already has 2 practices in the week of ${week} (limit 2).`,
      details: { rule: 'WEEK_LIMIT', team: orioles.name },
    });
    // Rolled back whole: both practices stand, the offer is still open, nobody was emailed.
    expect(await settled(swap.id, [a1, o1])).toBe('unmoved');
    expect((await bookingRow(a1)).status).toBe('confirmed');
    expect((await bookingRow(o1)).status).toBe('confirmed');
    expect((await offerRow(swap.id)).state).toBe('open');
    expect(await sendMail()).toEqual([]);

    // A make-up credit lets the team past its weekly limit, as a booking would: the swap goes through on it.
    const [credit] = await t.database.db
      .insert(makeupCredits)
      .values({ teamId: orioles.id, reason: 'Rain-out', expiresAt: new Date(Date.now() + 30 * 24 * HOUR) })
      .returning({ id: makeupCredits.id });
    const ok = await accept(orioles, swap.id, o1);
    expect(ok.statusCode, ok.body).toBe(200);
    expect((await t.database.db.select({ used: makeupCredits.usedBookingId }).from(makeupCredits).where(eq(makeupCredits.id, credit!.id)))[0]!.used).toBe(ok.json().booking.id);
    expect(await settled(swap.id, [a1, o1])).toBe('moved');
  });

  it("a field for other divisions refuses the offering team's side, naming it", async () => {
    const w = await world(2);
    const [cardinals, orioles] = w.teams as [Team, Team];
    const db = t.database.db;
    const division = async (name: string) => (await db.insert(divisions).values({ name, position: 100 + worlds }).returning({ id: divisions.id }))[0]!.id;
    const older = await division(`12U-${worlds}`);
    const younger = await division(`8U-${worlds}`);
    await db.update(teams).set({ divisionId: older }).where(eq(teams.id, orioles.id));
    await db.update(teams).set({ divisionId: younger }).where(eq(teams.id, cardinals.id));
    // A field of its own with one Orioles practice on it, limited to 12U once the offer is made (an offer for a field
    // the offering team may not use is refused when made: swap-offer-fields.api.test.ts).
    const bigField = await insertField(db, { facilityId: (await insertFacility(db, { name: `Big Park ${worlds}` })).id, name: `Big Diamond ${worlds}`, surface: 'dirt', lights: true, color: '#654321' });
    const startsAt = at(nextMonday().add({ days: 4 }), '17:00');
    const [bigSlot] = await db.insert(slots).values({ seasonId: w.seasonId, fieldId: bigField.id, startsAt, endsAt: new Date(startsAt.getTime() + 80 * 60_000) }).returning({ id: slots.id });
    t.wroteBehindTheApp();
    const a1 = await book(cardinals, w.slot(1));
    const o1 = await book(orioles, bigSlot!.id);
    const swap = await offer(cardinals, { kind: 'swap', bookingId: a1, wantedBookingIds: [o1] });
    await db.insert(fieldDivisions).values({ fieldId: bigField.id, divisionId: older });
    t.wroteBehindTheApp();
    const res = await accept(orioles, swap.id, o1);
    expect(res.statusCode).toBe(409);
    expect(errorOf(res)).toMatchObject({
      message: `Swap refused for ${cardinals.name}: Big Diamond ${worlds} is only for 12U-${worlds} teams, and ${cardinals.name} play in 8U-${worlds}. Pick a slot on another field.`,
      details: { rule: 'FIELD_DIVISION', team: cardinals.name },
    });
    expect(await settled(swap.id, [a1, o1])).toBe('unmoved');
  });
});

describe('reads', () => {
  it('an offer whose practice was cancelled reads void, and the practice left can be offered again; acceptance voids it for good', async () => {
    const w = await world(3);
    const [cardinals, orioles, bluejays] = w.teams as [Team, Team, Team];
    const a1 = await book(cardinals, w.slot(1));
    const o1 = await book(orioles, w.slot(2));
    const swap = await offer(cardinals, { kind: 'swap', bookingId: a1, wantedBookingIds: [o1] });
    // The wanted practice is cancelled by its coach: the offer reads void (it still says open in its row).
    expect((await call(orioles.coach, 'POST', `/api/bookings/${o1}/cancel`)).statusCode).toBe(200);
    const view = await mine(cardinals);
    expect(view.made).toEqual([]);
    expect(view.recent.map((o) => [o.id, o.state, o.wanted[0]!.status])).toEqual([[swap.id, 'void', 'cancelled']]);
    expect((await offerRow(swap.id)).state).toBe('open');
    // The offered practice can be offered again (the stale offer is settled as void).
    const again = await offer(cardinals, { kind: 'give', bookingId: a1, toTeamId: bluejays.id });
    expect((await offerRow(swap.id)).state).toBe('void');
    // A block cancels the offered practice: accepting is refused in words, and the offer is void for good.
    const blocked = await call(admin, 'POST', '/api/blocks', { scope: 'slot', slotId: w.slot(1), category: 'weather', reason: 'Flooded', onBookings: 'cancel' });
    expect(blocked.statusCode, blocked.body).toBe(201);
    expect((await mine(bluejays)).recent.map((o) => [o.id, o.state])).toEqual([[again.id, 'void']]);
    const res = await accept(bluejays, again.id);
    expect(res.statusCode).toBe(409);
    expect(errorOf(res).message).toMatch(new RegExp(`^${cardinals.name}'s practice on \\w{3}, \\w{3} \\d+ was cancelled, so this swap can no longer happen\\.$`));
    expect((await offerRow(again.id)).state).toBe('void');
    expect(await settled(again.id, [a1])).toBe('unmoved');
  });
});

describe('races (one consistent outcome each)', () => {
  it('a swap’s acceptance racing a cancel of either of its practices', async () => {
    for (const side of ['offered', 'wanted'] as const) {
      const w = await world(2);
      const [cardinals, orioles] = w.teams as [Team, Team];
      const a1 = await book(cardinals, w.slot(1));
      const o1 = await book(orioles, w.slot(2));
      const swap = await offer(cardinals, { kind: 'swap', bookingId: a1, wantedBookingIds: [o1] });
      const cancel = side === 'offered' ? call(cardinals.coach, 'POST', `/api/bookings/${a1}/cancel`) : call(orioles.coach, 'POST', `/api/bookings/${o1}/cancel`);
      const [accepted, cancelled] = await Promise.all([accept(orioles, swap.id, o1), cancel]);
      const outcome = await settled(swap.id, [a1, o1]);
      if (outcome === 'moved') {
        expect(accepted.statusCode, accepted.body).toBe(200);
        expect(cancelled.statusCode).toBe(409);
        expect(errorOf(cancelled).message).toBe('This booking is already cancelled.');
      } else {
        expect(cancelled.statusCode, cancelled.body).toBe(200);
        expect(accepted.statusCode).toBe(409);
        expect(errorOf(accepted).message).toMatch(/practice on .+ was cancelled, so this swap can no longer happen\.$/);
        expect((await offerRow(swap.id)).state).toBe('void');
      }
    }
  });

  it('a second offer of the same practice at the same time: one is open, the other refused in words', async () => {
    const w = await world(3);
    const [cardinals, orioles, bluejays] = w.teams as [Team, Team, Team];
    const a1 = await book(cardinals, w.slot(1));
    const [one, two] = await Promise.all([
      call(cardinals.coach, 'POST', '/api/swaps', { kind: 'give', bookingId: a1, toTeamId: orioles.id }),
      call(cardinals.coach, 'POST', '/api/swaps', { kind: 'give', bookingId: a1, toTeamId: bluejays.id }),
    ]);
    expect([one.statusCode, two.statusCode].sort()).toEqual([201, 409]);
    const refused = one.statusCode === 409 ? one : two;
    expect(errorOf(refused).message).toMatch(/^This practice is already on offer( to .+)?\. Withdraw that offer first to offer it again\.$/);
    expect(await t.database.db.$count(swapOffers, and(eq(swapOffers.bookingId, a1), eq(swapOffers.state, 'open')))).toBe(1);
  });

  it('two offers asking for the same practice, accepted at once: exactly one wins', async () => {
    const w = await world(3);
    const [cardinals, orioles, bluejays] = w.teams as [Team, Team, Team];
    const a1 = await book(cardinals, w.slot(1));
    const o1 = await book(orioles, w.slot(2));
    const b1 = await book(bluejays, w.slot(3));
    const fromCardinals = await offer(cardinals, { kind: 'swap', bookingId: a1, wantedBookingIds: [o1] });
    const fromBluejays = await offer(bluejays, { kind: 'swap', bookingId: b1, wantedBookingIds: [o1] });
    const answers = await Promise.all([accept(orioles, fromCardinals.id, o1), accept(orioles, fromBluejays.id, o1)]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const loser = answers.find((r) => r.statusCode === 409)!;
    expect(errorOf(loser).message).toMatch(/^(This offer can no longer be taken: one of its practices was cancelled, moved or traded\.|.+ practice on .+ was traded in another swap, so this swap can no longer happen\.)/);
    const outcomes = [await settled(fromCardinals.id, [a1, o1]), await settled(fromBluejays.id, [b1, o1])].sort();
    expect(outcomes).toEqual(['moved', 'unmoved']);
    expect(await confirmedOn(w.slot(2))).toHaveLength(1);
  });

  it('a block of one of the two slots racing the acceptance', async () => {
    const w = await world(2);
    const [cardinals, orioles] = w.teams as [Team, Team];
    const a1 = await book(cardinals, w.slot(1));
    const o1 = await book(orioles, w.slot(2));
    const swap = await offer(cardinals, { kind: 'swap', bookingId: a1, wantedBookingIds: [o1] });
    const [accepted, blocked] = await Promise.all([
      accept(orioles, swap.id, o1),
      call(admin, 'POST', '/api/blocks', { scope: 'slot', slotId: w.slot(1), category: 'maintenance', reason: 'Mowing', onBookings: 'cancel' }),
    ]);
    expect(blocked.statusCode, blocked.body).toBe(201);
    const outcome = await settled(swap.id, [a1, o1]);
    // Whichever came first, the blocked slot ends with no practice.
    expect(await confirmedOn(w.slot(1))).toEqual([]);
    expect((await t.database.db.select({ status: slots.status }).from(slots).where(eq(slots.id, w.slot(1))))[0]!.status).toBe('blocked');
    if (outcome === 'moved') {
      // The swap first: Orioles' new practice on the blocked slot was then cancelled by the block; Cardinals keep theirs.
      expect(accepted.statusCode, accepted.body).toBe(200);
      expect(await bookingRow(accepted.json().booking.id)).toMatchObject({ status: 'cancelled', swapId: swap.id, cancelReason: 'Maintenance: Mowing' });
      expect(await confirmedOn(w.slot(2))).toMatchObject([{ teamId: cardinals.id, swapId: swap.id }]);
    } else {
      expect(accepted.statusCode).toBe(409);
      expect(errorOf(accepted).message).toMatch(/practice on .+ was cancelled, so this swap can no longer happen\.$/);
      expect(await confirmedOn(w.slot(2))).toMatchObject([{ id: o1, teamId: orioles.id }]);
    }
  });
});
