import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import postgres from 'postgres';
import { lockBusy, rowsOf, type Database } from '../../db/client';
import { bookingRules, bookings, divisionRules, divisions, facilities, fieldDivisions, fields, makeupCredits, openingRounds, seasons, slots, teams } from '../../db/schema';
import { bookingWindow, checkBooking, DEFAULT_BOOKING_RULES, fieldAllows, localDay, refusalMessage, rulesForDivision, type BookingRules, type DivisionRuleOverrides } from '../../../shared/bookings/booking-rules';
import { insertCoach } from '../../test/opening-fixtures';
import { DST_ANCHORS, HOUR, LEAGUE_ZONES, MINUTE, plusDays, rolledBack } from '../../test/differential';
import { createTestDatabase } from '../../test/test-app';
import { openingRefusal } from './bookings.service';
import { bookInOneCall, type BookRefusal } from './bookings.repository';

/**
 * The booking call (`cgsl_book`, migration 0014) against the TypeScript rules it replaced on the booking path
 * (checkBooking, with the opening round's hold before it): random leagues (rules or none, season dates, the slot's
 * time and state, the team's bookings, a round, the clock and the zone, around both of Chicago's DST changes in
 * 2027, make-up credits free, used, given back or removed), each written in a transaction that is rolled back, and the
 * call's answer worded as the service words it.
 * Both must give the same rule and the same words, or both must book.
 */
let handle: Awaited<ReturnType<typeof createTestDatabase>>;
let db: Database;
let userId: string;

beforeAll(async () => {
  handle = await createTestDatabase();
  db = handle.db;
  const [team] = await db.insert(teams).values({ name: 'Coach home team' }).returning({ id: teams.id });
  userId = await insertCoach(db, team!.id, 'differential@example.org');
}, 60_000);
afterAll(() => handle.close());

interface Round {
  fromDays: number;
  lengthDays: number;
  drawInHours: number;
  drawn: boolean;
  firstComeAfter: boolean;
  cancelled: boolean;
}

/** A value one time in four, else null. */
const sometimes = <T>(arb: fc.Arbitrary<T>) => fc.oneof({ weight: 3, arbitrary: fc.constant(null) }, { weight: 1, arbitrary: arb });
const weighted = (...choices: Array<[number, fc.Arbitrary<number>]>) => fc.oneof(...choices.map(([weight, arbitrary]) => ({ weight, arbitrary })));

const league = fc.record({
  timeZone: fc.constantFrom(...LEAGUE_ZONES),
  now: fc.tuple(fc.constantFrom(...DST_ANCHORS), fc.integer({ min: -7 * 24 * 60, max: 7 * 24 * 60 }), fc.integer({ min: 0, max: 999 })).map(([a, m, ms]) => a + m * MINUTE + ms),
  // Quarter hours from now: mostly where only the team's limits can refuse, sometimes at the edges of the lead
  // time, weeks away, or already past.
  slotIn: weighted([1, fc.integer({ min: -8, max: 4 * 48 })], [1, fc.integer({ min: -4 * 48, max: 4 * 24 * 30 })], [4, fc.integer({ min: 4 * 12, max: 4 * 24 * 10 })]),
  // Or within an hour and a half of the lead time's or the furthest day's edge, in quarter hours (with the rules).
  edge: sometimes(fc.tuple(fc.constantFrom('lead', 'ahead'), fc.integer({ min: -6, max: 6 }))),
  status: fc.constantFrom('open', 'open', 'open', 'open', 'open', 'open', 'blocked', 'booked'),
  blockReason: fc.constantFrom(null, 'Field flooded'),
  rules: fc.option(
    fc.record({
      bookingOpen: fc.constantFrom(true, true, true, true, true, true, true, false),
      pausedMessage: fc.constantFrom(null, '', '  ', 'Fields are being reseeded'),
      windowOpensIn: sometimes(fc.integer({ min: -200, max: 100 })),
      windowClosesIn: sometimes(fc.integer({ min: -100, max: 400 })),
      maxPerWeek: fc.integer({ min: 0, max: 4 }),
      maxPerDay: fc.integer({ min: 0, max: 3 }),
      maxUpcoming: fc.integer({ min: 0, max: 6 }),
      minLeadHours: fc.integer({ min: 0, max: 24 }),
      maxAheadDays: weighted([1, fc.integer({ min: 0, max: 30 })], [2, fc.integer({ min: 10, max: 30 })]),
    }),
    { freq: 4 },
  ),
  seasonFrom: weighted([1, fc.integer({ min: -20, max: 3 })], [3, fc.integer({ min: -20, max: 0 })]),
  seasonTo: weighted([1, fc.integer({ min: -3, max: 40 })], [3, fc.integer({ min: 12, max: 40 })]),
  // The team's bookings, in quarter hours from the slot: the same day, the same week, past and to come.
  teamBookings: fc.uniqueArray(fc.integer({ min: -4 * 24 * 10, max: 4 * 24 * 10 }), { maxLength: 6 }),
  round: sometimes(
    fc.record({
      fromDays: fc.integer({ min: -3, max: 1 }),
      lengthDays: fc.integer({ min: 0, max: 4 }),
      drawInHours: fc.integer({ min: 1, max: 200 }),
      drawn: fc.boolean(),
      firstComeAfter: fc.boolean(),
      cancelled: fc.boolean(),
    }),
  ),
  // Make-up credits (issue 28), in quarter hours from the slot's start to when each runs out: free, used by a confirmed
  // booking of the team, given back (its make-up practice was cancelled), or removed by an admin.
  credits: fc.array(fc.record({ expiresIn: fc.integer({ min: -4 * 24 * 3, max: 4 * 24 * 3 }), state: fc.constantFrom('free', 'free', 'used', 'gaveBack', 'removed') }), { maxLength: 2 }),
  // Divisions (issue 29): the team's (A, B or none), the divisions the slot's field is limited to (none: every team),
  // and the team's division's own rules (each null: the season's).
  division: fc.record({
    team: fc.constantFrom<'A' | 'B' | null>('A', 'A', 'B', null),
    field: fc.constantFrom<Array<'A' | 'B'>>([], [], [], [], ['A'], ['B'], ['A', 'B']),
    overrides: sometimes(
      fc.record({
        windowOpensIn: sometimes(fc.integer({ min: -200, max: 100 })),
        windowClosesIn: sometimes(fc.integer({ min: -100, max: 400 })),
        maxPerWeek: sometimes(fc.integer({ min: 0, max: 4 })),
        maxPerDay: sometimes(fc.integer({ min: 0, max: 3 })),
        maxUpcoming: sometimes(fc.integer({ min: 0, max: 6 })),
        minLeadHours: sometimes(fc.integer({ min: 0, max: 24 })),
        maxAheadDays: sometimes(fc.integer({ min: 0, max: 30 })),
      }),
    ),
  }),
  wait: fc.boolean(),
  // The connection's own zone must not matter (a server's TimeZone setting is not the league's).
  sessionZone: fc.constantFrom('UTC', 'America/New_York', 'Pacific/Auckland'),
});

type League = typeof league extends fc.Arbitrary<infer T> ? T : never;

/** The facts both sides decide on, as the TypeScript rules take them. */
function factsOf(l: League) {
  const now = new Date(l.now);
  const edge = l.edge && l.rules ? (l.edge[0] === 'lead' ? l.rules.minLeadHours * 4 : l.rules.maxAheadDays * 96) + l.edge[1] : null;
  const startsAt = new Date(l.now + (edge ?? l.slotIn) * 15 * MINUTE);
  const today = localDay(now, l.timeZone);
  const rules: BookingRules = l.rules
    ? {
        ...DEFAULT_BOOKING_RULES,
        ...l.rules,
        windowOpensAt: l.rules.windowOpensIn === null ? null : new Date(l.now + l.rules.windowOpensIn * HOUR).toISOString(),
        windowClosesAt: l.rules.windowClosesIn === null ? null : new Date(l.now + l.rules.windowClosesIn * HOUR).toISOString(),
      }
    : DEFAULT_BOOKING_RULES;
  const o = l.division.overrides;
  const overrides: DivisionRuleOverrides | null = o
    ? {
        ...o,
        windowOpensAt: o.windowOpensIn === null ? null : new Date(l.now + o.windowOpensIn * HOUR).toISOString(),
        windowClosesAt: o.windowClosesIn === null ? null : new Date(l.now + o.windowClosesIn * HOUR).toISOString(),
      }
    : null;
  const slotDay = localDay(startsAt, l.timeZone);
  const round: (Round & { coversFrom: string; coversTo: string; drawAt: Date }) | null = l.round
    ? {
        ...l.round,
        drawn: l.round.drawn && !l.round.cancelled,
        coversFrom: plusDays(slotDay, l.round.fromDays),
        coversTo: plusDays(slotDay, l.round.fromDays + l.round.lengthDays),
        drawAt: new Date(l.now + l.round.drawInHours * HOUR),
      }
    : null;
  return {
    now,
    slot: { startsAt, endsAt: new Date(startsAt.getTime() + 90 * MINUTE), status: l.status, blockReason: l.status === 'blocked' ? l.blockReason : null },
    rules,
    overrides,
    season: { startsOn: plusDays(today, l.seasonFrom), endsOn: plusDays(today, l.seasonTo) },
    teamBookings: l.teamBookings.map((q) => new Date(startsAt.getTime() + q * 15 * MINUTE)),
    round,
    // A credit "used" by a team that has no booking to use it on is a free one.
    credits: l.credits.map((c) => ({ expiresAt: new Date(startsAt.getTime() + c.expiresIn * 15 * MINUTE), state: c.state === 'used' && l.teamBookings.length === 0 ? 'free' : c.state })),
  };
}

/** What the booking path decided before the call: an opening round's hold on an open slot, then checkBooking. */
function expected(l: League, f: ReturnType<typeof factsOf>): { ok: true; makeup?: true } | { ok: false; code: string; message: string } {
  const r = f.round;
  const slotDay = localDay(f.slot.startsAt, l.timeZone);
  const holds = r && !r.cancelled && (!r.drawn || !r.firstComeAfter) && slotDay >= r.coversFrom && slotDay <= r.coversTo;
  // A field of other divisions is refused before anything else (the team may never use it).
  const field = { fieldName: 'Field 0', divisions: l.division.field, teamDivision: l.division.team };
  if (f.slot.status === 'open' && holds && fieldAllows(field)) return { ok: false, code: 'OPENING_ROUND', message: openingRefusal({ drawAt: r.drawAt, drawn: r.drawn }, l.timeZone)!.message };
  const makeupCredits = f.credits.filter((c) => c.state === 'free' || c.state === 'gaveBack').map((c) => c.expiresAt);
  // A division's own rules apply to its teams only; a window that opens after it closes is no division's (the API refuses it).
  const own = l.division.team ? f.overrides : null;
  const rules = rulesForDivision(f.rules, own);
  return checkBooking({
    rules,
    season: f.season,
    slot: f.slot,
    teamBookings: f.teamBookings,
    teamName: 'Blue Jays',
    now: f.now,
    timeZone: l.timeZone,
    makeupCredits,
    field,
  });
}

/** The call's refusal in the words the service gives it. */
function worded(refusal: BookRefusal, timeZone: string): { code: string; message: string } {
  if (refusal.code === 'OPENING_ROUND') return { code: refusal.code, message: openingRefusal(refusal, timeZone)!.message };
  if (refusal.code === 'TEAM_INACTIVE' || refusal.code === 'SLOT_GONE' || refusal.code === 'FIELD_CLOSED') return { code: refusal.code, message: '' };
  return { code: refusal.code, message: refusalMessage(refusal) };
}

/** Writes the league, makes the call, and rolls all of it back. */
async function call(l: League, f: ReturnType<typeof factsOf>) {
  return rolledBack(db, l.sessionZone, async (tx) => {
    const [season] = await tx.insert(seasons).values({ name: 'Differential', ...f.season }).returning({ id: seasons.id });
    const seasonId = season!.id;
    if (l.rules)
      await tx.insert(bookingRules).values({
        seasonId,
        ...f.rules,
        windowOpensAt: f.rules.windowOpensAt ? new Date(f.rules.windowOpensAt) : null,
        windowClosesAt: f.rules.windowClosesAt ? new Date(f.rules.windowClosesAt) : null,
      });
    const [facility] = await tx.insert(facilities).values({ name: 'Differential Park' }).returning({ id: facilities.id });
    const fieldRows = await tx
      .insert(fields)
      .values(Array.from({ length: 1 + f.teamBookings.length }, (_, i) => ({ facilityId: facility!.id, name: `Field ${i}` })))
      .returning({ id: fields.id });
    const [a, b] = await tx
      .insert(divisions)
      .values([{ name: 'A', position: 1 }, { name: 'B', position: 2 }])
      .returning({ id: divisions.id });
    const divisionIds = { A: a!.id, B: b!.id };
    const teamDivision = l.division.team ? divisionIds[l.division.team] : null;
    const [team, other] = await tx
      .insert(teams)
      .values([{ name: 'Blue Jays', divisionId: teamDivision }, { name: 'Cardinals' }])
      .returning({ id: teams.id });
    if (l.division.field.length) await tx.insert(fieldDivisions).values(l.division.field.map((d) => ({ fieldId: fieldRows[0]!.id, divisionId: divisionIds[d] })));
    // The overrides are the team's division's; a team with no division must not get A's.
    if (f.overrides) {
      const o = f.overrides;
      await tx.insert(divisionRules).values({
        seasonId,
        divisionId: divisionIds[l.division.team ?? 'A'],
        ...o,
        windowOpensAt: o.windowOpensAt ? new Date(o.windowOpensAt) : null,
        windowClosesAt: o.windowClosesAt ? new Date(o.windowClosesAt) : null,
      });
    }
    const [slot] = await tx
      .insert(slots)
      .values({ seasonId, fieldId: fieldRows[0]!.id, ...f.slot, status: f.slot.status === 'blocked' ? 'blocked' : 'open' })
      .returning({ id: slots.id });
    if (f.slot.status === 'booked') await tx.insert(bookings).values({ slotId: slot!.id, teamId: other!.id });
    if (f.teamBookings.length) {
      const held = await tx
        .insert(slots)
        .values(f.teamBookings.map((startsAt, i) => ({ seasonId, fieldId: fieldRows[i + 1]!.id, startsAt, endsAt: new Date(startsAt.getTime() + 90 * MINUTE) })))
        .returning({ id: slots.id });
      await tx.insert(bookings).values(held.map((h) => ({ slotId: h.id, teamId: team!.id })));
    }
    const teamBookingIds = (await tx.select({ id: bookings.id }).from(bookings).where(eq(bookings.teamId, team!.id))).map((b) => b.id);
    for (const [i, c] of f.credits.entries()) {
      let usedBookingId: string | null = null;
      if (c.state === 'used') usedBookingId = teamBookingIds[0]!;
      if (c.state === 'gaveBack') {
        const [spare] = await tx.insert(slots).values({ seasonId, fieldId: fieldRows[0]!.id, startsAt: new Date(f.slot.startsAt.getTime() - (400 + 2 * i) * 24 * HOUR), endsAt: new Date(f.slot.startsAt.getTime() - (399 + 2 * i) * 24 * HOUR) }).returning({ id: slots.id });
        usedBookingId = (await tx.insert(bookings).values({ slotId: spare!.id, teamId: team!.id, status: 'cancelled' }).returning({ id: bookings.id }))[0]!.id;
      }
      await tx.insert(makeupCredits).values({ teamId: team!.id, reason: 'Differential', expiresAt: c.expiresAt, usedBookingId, revokedAt: c.state === 'removed' ? f.now : null });
    }
    const r = f.round;
    if (r) {
      await tx.insert(openingRounds).values({
        seasonId,
        coversFrom: r.coversFrom,
        coversTo: r.coversTo,
        opensAt: new Date(r.drawAt.getTime() - 2 * HOUR),
        closesAt: new Date(r.drawAt.getTime() - HOUR),
        drawAt: r.drawAt,
        maxPreferences: 10,
        firstComeAfter: r.firstComeAfter,
        weighting: 'none',
        seed: 'seed',
        seedHash: 'hash',
        drawnAt: r.drawn ? f.now : null,
        cancelledAt: r.cancelled ? f.now : null,
        result: r.drawn ? {} : null,
        inputs: r.drawn ? {} : null,
      });
    }
    const bookingId = randomUUID();
    const answer = await bookInOneCall(tx, {
      bookingId,
      teamId: team!.id,
      slotId: slot!.id,
      userId,
      now: f.now,
      timeZone: l.timeZone,
      wait: l.wait,
      audit: { actorId: userId, actorEmail: 'differential@example.org', ip: null, userAgent: null },
    });
    return { answer, bookingRows: await tx.$count(bookings, undefined), creditsUsed: await tx.$count(makeupCredits, eq(makeupCredits.usedBookingId, bookingId)) };
  });
}

describe('the booking call decides as checkBooking does', () => {
  it('on random leagues, zones and clocks: the same rule and the same words, or both book', async () => {
    const baseRows = await db.$count(bookings, undefined);
    const seen = new Map<string, number>();
    await fc.assert(
      fc.asyncProperty(league, async (l) => {
        const f = factsOf(l);
        const want = expected(l, f);
        const { answer, bookingRows, creditsUsed } = await call(l, f);
        const got = answer.ok ? { ok: true as const, ...(creditsUsed === 1 ? { makeup: true as const } : {}) } : { ok: false as const, ...worded(answer.refusal, l.timeZone) };
        const seenAs = want.ok ? (want.makeup ? 'BOOKED_ON_CREDIT' : 'BOOKED') : want.code;
        seen.set(seenAs, (seen.get(seenAs) ?? 0) + 1);
        // Booked on a credit: the booking call marked exactly one credit as the new booking's.
        expect(got).toEqual(want);
        // Booked: the booking is written (with the team's own, and the other team's when the slot was taken).
        const written = baseRows + f.teamBookings.length + (f.slot.status === 'booked' ? 1 : 0) + f.credits.filter((c) => c.state === 'gaveBack').length;
        expect(bookingRows).toBe(written + (answer.ok ? 1 : 0));
        if (answer.ok) {
          expect(answer.booked).toMatchObject({ teamName: 'Blue Jays', startsAt: f.slot.startsAt.toISOString(), endsAt: f.slot.endsAt.toISOString(), fieldName: 'Field 0' });
        }
      }),
      { numRuns: Number(process.env.DIFFERENTIAL_RUNS ?? 300) },
    );
    // Every rule was met on the way (the generator reaches each), so none of them is compared only by chance.
    const codes = ['FIELD_DIVISION', 'BOOKED', 'BOOKED_ON_CREDIT', 'OPENING_ROUND', 'SLOT_BLOCKED', 'SLOT_TAKEN', 'SLOT_PAST', 'BOOKING_PAUSED', 'WINDOW_NOT_OPEN', 'WINDOW_CLOSED', 'TOO_SOON', 'TOO_FAR_AHEAD', 'DAY_LIMIT', 'WEEK_LIMIT', 'UPCOMING_LIMIT'];
    expect(codes.filter((c) => !seen.has(c)), JSON.stringify(Object.fromEntries(seen))).toEqual([]);
  }, 600_000);

  it("starts a season's day where Temporal does, on days that a DST change starts, in zones that change at midnight too", async () => {
    const days: Array<[string, string]> = [
      ['America/Chicago', '2027-03-14'],
      ['America/Chicago', '2027-11-07'],
      // Cuba: 00:00 is skipped in March and repeated in November (01:00 -> 00:00).
      ['America/Havana', '2027-03-14'],
      ['America/Havana', '2027-11-07'],
      ['America/Santiago', '2027-04-04'],
      ['America/Santiago', '2027-09-05'],
      ['Australia/Lord_Howe', '2027-04-04'],
      ['Europe/London', '2027-03-28'],
    ];
    for (const [zone, day] of days) {
      const rows = rowsOf<{ at: string }>(await db.execute(sql`select cgsl_iso(cgsl_start_of_day(${day}::date, ${zone})) as at`));
      const { opens } = bookingWindow(DEFAULT_BOOKING_RULES, { startsOn: day, endsOn: day }, zone);
      expect(rows[0]!.at, `${zone} ${day}`).toBe(opens.toISOString());
    }
  });

  it.runIf(Boolean(process.env.TEST_DATABASE_URL))('without waiting: a lock held elsewhere fails the call with SQLSTATE 55P03 and writes nothing', async () => {
    const [season] = await db.insert(seasons).values({ name: 'Nowait', startsOn: '2000-01-01', endsOn: '2100-01-01' }).returning({ id: seasons.id });
    const [facility] = await db.insert(facilities).values({ name: 'Nowait Park' }).returning({ id: facilities.id });
    const [field] = await db.insert(fields).values({ facilityId: facility!.id, name: 'Nowait Field' }).returning({ id: fields.id });
    const [team] = await db.insert(teams).values({ name: 'Nowait Wrens' }).returning({ id: teams.id });
    const startsAt = new Date(Date.now() + 3 * 24 * HOUR);
    const [slot] = await db.insert(slots).values({ seasonId: season!.id, fieldId: field!.id, startsAt, endsAt: new Date(startsAt.getTime() + HOUR) }).returning({ id: slots.id });
    const press = (wait: boolean) =>
      bookInOneCall(db, { bookingId: randomUUID(), teamId: team!.id, slotId: slot!.id, userId, now: new Date(), timeZone: 'America/Chicago', wait, audit: { actorId: userId, actorEmail: null, ip: null, userAgent: null } });
    const holder = postgres(handle.url!, { max: 1, onnotice: () => {} });
    try {
      await holder.begin(async (tx) => {
        await tx`select 1 from teams where id = ${team!.id} for update`;
        const err = await press(false).then(() => null, (e: unknown) => e);
        expect(lockBusy(err)).toBe(true);
      });
      await holder.begin(async (tx) => {
        await tx`select 1 from slots where id = ${slot!.id} for update`;
        const err = await press(false).then(() => null, (e: unknown) => e);
        expect(lockBusy(err)).toBe(true);
      });
    } finally {
      await holder.end();
    }
    expect(await db.$count(bookings, eq(bookings.slotId, slot!.id))).toBe(0);
    expect(await press(false)).toMatchObject({ ok: true });
  });
});
