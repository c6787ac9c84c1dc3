import { createHash } from 'node:crypto';
import fc from 'fast-check';
import { Temporal } from 'temporal-polyfill';
import { describe, expect, it } from 'vitest';
import { datedStart, formatDay, localDay, weekStart } from '../bookings/booking-rules';
import { draw, drawProblem, NOT_FREE_AT_DRAW, sha256Hex, takenWords, teamOrder, type DrawInput, type DrawResult } from './draw';
import { drawInputSchema, drawResultSchema } from './opening.schemas';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const TZ = 'America/Chicago';
/** The draw takes its clock as an input; tests start from the next whole hour so no date in them goes stale. */
const BASE = Math.ceil(Date.now() / HOUR) * HOUR;
const iso = (ms: number) => new Date(ms).toISOString();
const seedOf = (text: string) => createHash('sha256').update(text).digest('hex');
const RULES = { maxPerWeek: 2, maxPerDay: 1, maxUpcoming: 4, minLeadHours: 12 };

/** A local time on a day of the week that starts on the first Monday at least a week after BASE (day 0 = Monday). */
function onDay(day: number, hour = 17, weeksLater = 0): number {
  let monday = Temporal.Instant.fromEpochMilliseconds(BASE).toZonedDateTimeISO(TZ).toPlainDate().add({ days: 7 });
  while (monday.dayOfWeek !== 1) monday = monday.add({ days: 1 });
  return monday.add({ days: day + 7 * weeksLater }).toZonedDateTime({ timeZone: TZ, plainTime: Temporal.PlainTime.from({ hour }) }).epochMilliseconds;
}

function slot(id: string, startsAt: number) {
  return { id, startsAt: iso(startsAt), endsAt: iso(startsAt + HOUR), label: `Field 1, ${id}` };
}

function input(overrides: Partial<DrawInput>): DrawInput {
  return { roundId: 'round-1', seed: seedOf('example'), timeZone: TZ, now: iso(BASE), rules: RULES, weighting: 'none', slots: [], teams: [], ...overrides };
}

function team(id: string, name: string, preferences: string[], more: { bookings?: string[]; primeHours?: number } = {}) {
  return { id, name, preferences, bookings: more.bookings ?? [], primeHours: more.primeHours ?? 0 };
}

// ---------------------------------------------------------------------------------------------------------------
// Random leagues: a few teams, a few dozen slots around `now` (some past, some inside the lead time), bookings
// before and after `now`, tight rules, and preferences that include slots that are not free at the draw.

const ZONES = ['America/Chicago', 'Europe/London', 'Australia/Lord_Howe', 'Asia/Kathmandu', 'UTC'];

const DIVISIONS = ['12U', '10U', '8U'];
const arbRules = fc.record({
  maxPerWeek: fc.integer({ min: 0, max: 4 }),
  maxPerDay: fc.integer({ min: 0, max: 2 }),
  maxUpcoming: fc.integer({ min: 0, max: 6 }),
  minLeadHours: fc.integer({ min: 0, max: 48 }),
});

const arbLeague = fc
  .record({
    timeZone: fc.constantFrom(...ZONES),
    dayOffset: fc.integer({ min: 0, max: 364 }), // `now` anywhere in the coming year: both DST changes come up
    slotHours: fc.array(fc.integer({ min: -12, max: 24 * 20 }), { minLength: 0, maxLength: 30 }),
    teamCount: fc.integer({ min: 1, max: 8 }),
    rules: arbRules,
    weighting: fc.constantFrom('none' as const, 'fewer-prime-hours-first' as const),
    seed: fc.uint8Array({ minLength: 32, maxLength: 32 }).map((b) => Buffer.from(b).toString('hex')),
  })
  .chain((league) => {
    const slotIds = league.slotHours.map((_, i) => `slot-${String(i).padStart(2, '0')}`);
    // Ids of slots that were booked or blocked before the draw: a coach ranked them, the draw never sees them.
    const known = [...slotIds, 'gone-1', 'gone-2'];
    const arbTeam = fc.record({
      bookings: fc.array(fc.integer({ min: -24 * 14, max: 24 * 21 }), { maxLength: 5 }),
      primeHours: fc.integer({ min: 0, max: 3 }),
      preferences: fc.shuffledSubarray(known, { maxLength: Math.min(10, known.length) }),
      // Issue 29: a division (or none), and its own limits now and then.
      division: fc.option(fc.constantFrom(...DIVISIONS), { freq: 4 }),
      rules: fc.option(arbRules, { freq: 3 }),
    });
    return fc.record({
      league: fc.constant(league),
      slotIds: fc.constant(slotIds),
      teams: fc.array(arbTeam, { minLength: league.teamCount, maxLength: league.teamCount }),
      // Issue 29: some slots on fields limited to some divisions (by name, in another case now and then).
      fields: fc.array(fc.option(fc.constantFrom<string[]>(['12U'], ['10u'], ['12U', '10U']), { freq: 3 }), { minLength: slotIds.length, maxLength: slotIds.length }),
    });
  })
  .map(({ league, slotIds, teams, fields }): DrawInput => {
    const now = BASE + league.dayOffset * DAY;
    return {
      roundId: 'round',
      seed: league.seed,
      timeZone: league.timeZone,
      now: iso(now),
      rules: league.rules,
      weighting: league.weighting,
      slots: league.slotHours.map((h, i) => ({
        id: slotIds[i]!,
        startsAt: iso(now + h * HOUR),
        endsAt: iso(now + (h + 1) * HOUR),
        label: `Slot ${i}`,
        ...(fields[i] ? { field: { name: `Field ${i}`, divisions: fields[i] } } : {}),
      })),
      teams: teams.map((t, i) => ({
        id: `team-${String.fromCharCode(97 + i)}`,
        name: `Team ${String.fromCharCode(65 + i)}`,
        bookings: t.bookings.map((h) => iso(now + h * HOUR)),
        primeHours: t.primeHours,
        preferences: t.preferences,
        ...(t.division ? { division: t.division } : {}),
        ...(t.rules ? { rules: t.rules } : {}),
      })),
    };
  });

type InputTeam = DrawInput['teams'][number];

/** Whether a slot's field is for the team's division (issue 29): a field limited to none is everyone's. */
function fieldFor(inp: DrawInput, team: InputTeam, slotId: string): boolean {
  const field = inp.slots.find((s) => s.id === slotId)?.field;
  return !field || field.divisions.some((d) => d.toLowerCase() === team.division?.toLowerCase());
}

/**
 * Whether a team may take a slot, worked out here without the draw's code: plain counting, the rules as a coach reads
 * them (its division's own where it has them), and the field's divisions.
 */
function allowed(inp: DrawInput, team: InputTeam, slotId: string, startsAt: number, held: readonly number[]): boolean {
  const now = Date.parse(inp.now);
  const { timeZone } = inp;
  const rules = team.rules ?? inp.rules;
  if (!fieldFor(inp, team, slotId)) return false;
  if (startsAt <= now || startsAt - now < rules.minLeadHours * HOUR) return false;
  const [day, week] = dayAndWeek(startsAt, timeZone);
  if (held.filter((b) => dayAndWeek(b, timeZone)[0] === day).length >= rules.maxPerDay) return false;
  if (held.filter((b) => dayAndWeek(b, timeZone)[1] === week).length >= rules.maxPerWeek) return false;
  return held.filter((b) => b > now).length < rules.maxUpcoming;
}

// The local day and week of an instant: datedStart, which booking-rules.test.ts proves equal to the Temporal-based
// localDay and weekStart across DST changes (Temporal's polyfill at ~0.1 ms a call would make this file take seconds).
function dayAndWeek(at: number, timeZone: string): [string, string] {
  const { day, week } = datedStart(new Date(at), timeZone);
  return [day, week];
}

/** Replays the picks in order, checking each against the world as it was at that turn. */
function replay(inp: DrawInput, result: DrawResult) {
  const slotStart = new Map(inp.slots.map((s) => [s.id, Date.parse(s.startsAt)]));
  const held = new Map(inp.teams.map((t) => [t.id, t.bookings.map((b) => Date.parse(b))]));
  const teamsById = new Map(inp.teams.map((t) => [t.id, t]));
  const taken = new Map<string, { round: number; teamId: string }>();
  for (const pick of result.picks) {
    const t = teamsById.get(pick.teamId)!;
    expect(t.preferences[pick.rank - 1]).toBe(pick.slotId);
    expect(taken.has(pick.slotId), `slot ${pick.slotId} given twice`).toBe(false);
    const start = slotStart.get(pick.slotId);
    expect(start, `${pick.slotId} was not free at the draw`).toBeDefined();
    expect(allowed(inp, t, pick.slotId, start!, held.get(t.id)!), `${t.name} over a limit or off its fields with ${pick.slotId}`).toBe(true);
    // Every preference it ranked higher was gone or out of its reach at this turn.
    for (const higher of t.preferences.slice(0, pick.rank - 1)) {
      const s = slotStart.get(higher);
      const couldTake = s !== undefined && !taken.has(higher) && allowed(inp, t, higher, s, held.get(t.id)!);
      expect(couldTake, `${t.name} got rank ${pick.rank} while ${higher} was free and allowed`).toBe(false);
    }
    taken.set(pick.slotId, { round: pick.round, teamId: t.id });
    held.get(t.id)!.push(start!);
  }
  return { taken, held, slotStart, teamsById };
}

describe('the draw over random leagues (fast-check)', () => {
  // One property for the allocation itself, as each pick is replayed against the world at its turn (replay above):
  // no slot to two teams, no team over a limit, no higher preference passed over while it was free and allowed.
  it('never gives a slot twice, never takes a team over a limit, never skips a higher preference it could take at its turn; ends only when nobody can take anything; reports every preference not got with its reason', () => {
    fc.assert(
      fc.property(arbLeague, (inp) => {
        const result = draw(inp);
        const { taken, held, slotStart, teamsById } = replay(inp, result);
        const missed = new Map(result.missed.map((m) => [`${m.teamId} ${m.rank}`, m]));
        for (const t of inp.teams) {
          t.preferences.forEach((slotId, i) => {
            const got = taken.get(slotId)?.teamId === t.id;
            const miss = missed.get(`${t.id} ${i + 1}`);
            expect(got !== (miss !== undefined), `${t.name} rank ${i + 1}: got it or missed it, exactly one`).toBe(true);
            if (got) return;
            expect(miss!.slotId).toBe(slotId);
            const start = slotStart.get(slotId);
            if (start === undefined) return expect(miss!.reason).toBe(NOT_FREE_AT_DRAW);
            // Nothing is left that it could still take.
            expect(!taken.has(slotId) && allowed(inp, t, slotId, start, held.get(t.id)!)).toBe(false);
            const taker = taken.get(slotId);
            if (!fieldFor(inp, t, slotId)) {
              // A field of other divisions: said so first, in the booking's words, whoever took it.
              expect(miss!.reason).toMatch(new RegExp(`^Field \\d+ is only for .+ teams, and ${t.name} (play in ${t.division}|have no division yet)\\. Pick a slot on another field\\.$`));
            } else if (miss!.reason.startsWith('taken in round')) {
              expect(miss!.reason).toBe(takenWords(taker!.round, teamsById.get(taker!.teamId)!.name));
            } else {
              // A limit stood in the way: it still does with what the team holds at the end.
              expect(allowed(inp, t, slotId, start, held.get(t.id)!)).toBe(false);
              expect(miss!.reason).toMatch(/^(Team [A-H] already has \d+ (upcoming )?practices? (on|in the week of|\()|Practices must be booked at least|This practice time has already started)/);
            }
          });
        }
        expect(result.missed.length).toBe(inp.teams.reduce((n, t) => n + t.preferences.length, 0) - result.picks.length);
        // Leftover: exactly the free slots nobody got.
        expect(new Set(result.leftover)).toEqual(new Set(inp.slots.map((s) => s.id).filter((id) => !taken.has(id))));
        expect(drawResultSchema.safeParse(result).success).toBe(true);
      }),
      { numRuns: 150 },
    );
  });

  it('goes in serpentine order (even rounds reversed), one pick per team per round, and a team that once finds nothing is out', () => {
    fc.assert(
      fc.property(arbLeague, (inp) => {
        const { order, picks } = draw(inp);
        const n = order.length;
        let last: [number, number] = [0, 0];
        const roundsOf = new Map<string, number[]>();
        for (const p of picks) {
          expect(p.round % 2 === 1 ? order[p.turn - 1] : order[n - p.turn]).toBe(p.teamId);
          expect(p.round > last[0] || (p.round === last[0] && p.turn > last[1])).toBe(true);
          last = [p.round, p.turn];
          roundsOf.set(p.teamId, [...(roundsOf.get(p.teamId) ?? []), p.round]);
        }
        // Rounds 1, 2, …, k without a gap: once a team has no pick in a round, it never picks again.
        for (const rounds of roundsOf.values()) expect(rounds).toEqual(rounds.map((_, i) => i + 1));
      }),
      { numRuns: 100 },
    );
  });

  it('gives the same result for the same seed, whatever order the teams and slots are listed in', () => {
    const arb = arbLeague.chain((inp) =>
      fc.record({ inp: fc.constant(inp), teamIdx: fc.shuffledSubarray([...inp.teams.keys()], { minLength: inp.teams.length, maxLength: inp.teams.length }), slotIdx: fc.shuffledSubarray([...inp.slots.keys()], { minLength: inp.slots.length, maxLength: inp.slots.length }) }),
    );
    fc.assert(
      fc.property(arb, ({ inp, teamIdx, slotIdx }) => {
        const first = draw(inp);
        expect(draw(structuredClone(inp))).toEqual(first);
        const shuffled = { ...inp, teams: teamIdx.map((i) => inp.teams[i]!), slots: slotIdx.map((i) => inp.slots[i]!) };
        expect(draw(shuffled)).toEqual(first);
      }),
      { numRuns: 100 },
    );
  });

  it('the random inputs are ones the published-inputs schema accepts', () => {
    fc.assert(
      fc.property(arbLeague, (inp) => {
        expect(drawInputSchema.safeParse(inp).error).toBeUndefined();
      }),
      { numRuns: 20 },
    );
  });
});

describe('the team order', () => {
  const eight = ['t1', 't2', 't3', 't4', 't5', 't6', 't7', 't8'].map((id) => ({ id, primeHours: 0 }));

  it('for a known seed it never changes: a published draw must still check years later (pure-rand xoroshiro128+, Fisher–Yates)', () => {
    const seed = '9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08';
    expect(teamOrder({ seed, weighting: 'none', teams: eight })).toEqual(['t1', 't3', 't5', 't6', 't8', 't4', 't2', 't7']);
    expect(teamOrder({ seed: '0'.repeat(64), weighting: 'none', teams: eight })).toEqual(['t6', 't1', 't2', 't4', 't3', 't5', 't7', 't8']);
    expect(teamOrder({ seed, weighting: 'none', teams: [...eight].reverse() })).toEqual(['t1', 't3', 't5', 't6', 't8', 't4', 't2', 't7']);
  });

  it('refuses a seed that is not 64 lowercase hex characters', () => {
    expect(() => teamOrder({ seed: 'ABC', weighting: 'none', teams: eight })).toThrow('64 lowercase hexadecimal');
    expect(() => teamOrder({ seed: 'F'.repeat(64), weighting: 'none', teams: eight })).toThrow('64 lowercase hexadecimal');
  });

  // A uniform place among n is 0..n-1 with variance (n²-1)/12; over N seeds the average place has standard error
  // sqrt((n²-1)/12/N). For n = 8 and N = 2,000 that is 0.0512, so 5 standard errors is 0.256 around the mean 3.5;
  // a fair shuffle leaves that band with odds of about 1 in 200,000 for any of the 8 teams (and the seeds are fixed).
  it('is fair: over 2,000 seeds every team’s average place is 3.5 within 5 standard errors (±0.256)', () => {
    const n = eight.length;
    const seeds = 2_000;
    const sum = new Map(eight.map((t) => [t.id, 0]));
    const first = new Map(eight.map((t) => [t.id, 0]));
    for (let i = 0; i < seeds; i++) {
      const order = teamOrder({ seed: seedOf(`fairness ${i}`), weighting: 'none', teams: eight });
      order.forEach((id, place) => sum.set(id, sum.get(id)! + place));
      first.set(order[0]!, first.get(order[0]!)! + 1);
    }
    const bound = 5 * Math.sqrt((n * n - 1) / 12 / seeds);
    expect(bound).toBeCloseTo(0.256, 3);
    for (const [, total] of sum) expect(Math.abs(total / seeds - (n - 1) / 2)).toBeLessThan(bound);
    // Going first too: a binomial(2000, 1/8) count, 250 ± 5 × 14.8.
    const sdFirst = Math.sqrt(seeds * (1 / n) * (1 - 1 / n));
    for (const [, count] of first) expect(Math.abs(count - seeds / n)).toBeLessThan(5 * sdFirst);
  });

  it('fewer-prime-hours-first: fewer hours strictly earlier; equal hours keep the seeded order, which the seed changes', () => {
    const teams = ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', 'i'].map((id, i) => ({ id, primeHours: [6, 0, 3, 0, 3, 0, 6, 0, 3][i]! }));
    const hours = new Map(teams.map((t) => [t.id, t.primeHours]));
    const tieOrders = new Set<string>();
    for (let i = 0; i < 20; i++) {
      const seed = seedOf(`weighting ${i}`);
      const weighted = teamOrder({ seed, weighting: 'fewer-prime-hours-first', teams });
      expect(weighted.map((id) => hours.get(id))).toEqual([0, 0, 0, 0, 3, 3, 3, 6, 6]);
      const seeded = teamOrder({ seed, weighting: 'none', teams });
      for (const h of [0, 3, 6]) expect(weighted.filter((id) => hours.get(id) === h)).toEqual(seeded.filter((id) => hours.get(id) === h));
      tieOrders.add(weighted.slice(0, 4).join());
    }
    expect(tieOrders.size).toBeGreaterThan(1);
  });
});

describe('the draw, by example', () => {
  const seed = seedOf('example');
  const ids = ['team-1', 'team-2', 'team-3'];
  const [firstId, secondId, thirdId] = teamOrder({ seed, weighting: 'none', teams: ids.map((id) => ({ id, primeHours: 0 })) }) as [string, string, string];
  const tue = onDay(1);
  const wed = onDay(2);
  const thu = onDay(3);
  const fri = onDay(4);

  it('serpentine: 1-2-3, then 3-2-1, then 1-2-3; a team with nothing left drops out and keeps its place empty', () => {
    const slots = [slot('A', tue), slot('B', wed), slot('C', thu), slot('D', tue + 2 * HOUR), slot('E', wed + 2 * HOUR), slot('F', thu + 2 * HOUR), slot('G', fri)];
    const rules = { ...RULES, maxPerWeek: 5, maxUpcoming: 5 };
    const result = draw(
      input({
        seed,
        rules,
        slots,
        teams: [team(firstId, 'Cardinals', ['A', 'B', 'C', 'G']), team(secondId, 'Blue Jays', ['D', 'E']), team(thirdId, 'Orioles', ['F', 'A', 'B', 'C'])],
      }),
    );
    expect(result.order).toEqual([firstId, secondId, thirdId]);
    expect(result.picks.map((p) => [p.round, p.turn, p.teamId, p.slotId])).toEqual([
      [1, 1, firstId, 'A'],
      [1, 2, secondId, 'D'],
      [1, 3, thirdId, 'F'],
      [2, 1, thirdId, 'B'], // round 2 is reversed: Orioles first, and A is gone
      [2, 2, secondId, 'E'],
      [2, 3, firstId, 'C'], // B went to the Orioles just before
      [3, 1, firstId, 'G'],
      // Blue Jays has nothing left: out at its round-3 turn (turn 2 stays empty); the Orioles' C is gone.
    ]);
    expect(result.missed).toEqual([
      { teamId: firstId, slotId: 'B', rank: 2, reason: 'taken in round 2 by Orioles' },
      { teamId: thirdId, slotId: 'A', rank: 2, reason: 'taken in round 1 by Cardinals' },
      { teamId: thirdId, slotId: 'C', rank: 4, reason: 'taken in round 2 by Cardinals' },
    ]);
    expect(result.leftover).toEqual([]);
  });

  it('says each limit in its own words, and "not free at the draw" for a slot booked or blocked before it', () => {
    const now = BASE;
    const soon = now + 5 * HOUR;
    const later = onDay(1, 17, 1); // Tuesday of the next week
    const result = draw(
      input({
        seed,
        now: iso(now),
        slots: [slot('tue-1', tue), slot('tue-2', tue + 2 * HOUR), slot('wed', wed), slot('thu', thu), slot('soon', soon), slot('later', later)],
        teams: [
          // Rank 2 is the same day as rank 1: once it has Tuesday, Tuesday is full for it.
          team(firstId, 'Cardinals', ['tue-1', 'tue-2', 'gone', 'soon']),
          // Two practices already in the week of Tuesday: the week is full.
          team(secondId, 'Blue Jays', ['wed', 'later'], { bookings: [iso(tue - DAY), iso(thu + 3 * HOUR)] }),
          // Four upcoming practices (in other weeks): nothing more.
          team(thirdId, 'Orioles', ['thu'], { bookings: [1, 2, 3, 4].map((w) => iso(later + w * 7 * DAY)) }),
        ],
      }),
    );
    const reasons = Object.fromEntries(result.missed.map((m) => [`${m.teamId}:${m.slotId}`, m.reason]));
    expect(reasons).toEqual({
      [`${firstId}:tue-2`]: `Cardinals already has 1 practice on ${formatDay(localDay(new Date(tue), TZ))} (limit 1).`,
      [`${firstId}:gone`]: 'not free at the draw',
      [`${firstId}:soon`]: 'Practices must be booked at least 12 hours ahead.',
      [`${secondId}:wed`]: `Blue Jays already has 2 practices in the week of ${formatDay(weekStart(new Date(tue), TZ))} (limit 2).`,
      [`${thirdId}:thu`]: 'Orioles already has 4 upcoming practices (limit 4).',
    });
    expect(result.picks.map((p) => [p.teamId, p.slotId, p.rank])).toEqual([
      [firstId, 'tue-1', 1],
      [secondId, 'later', 2],
    ]);
    expect(result.leftover).toEqual(['soon', 'tue-2', 'wed', 'thu']);
  });

  it('issue 29: a field of other divisions is never a team’s (in the booking’s words); each team is judged by its division’s own limits', () => {
    const day = formatDay(localDay(new Date(tue), TZ));
    const result = draw(
      input({
        seed,
        rules: { ...RULES, maxPerWeek: 5, maxUpcoming: 5 },
        slots: [{ ...slot('A', tue), field: { name: 'Field 12', divisions: ['12U'] } }, slot('B', tue + 2 * HOUR), slot('C', tue + 4 * HOUR), slot('D', wed), slot('E', tue + 6 * HOUR)],
        teams: [
          // 10U, the season's limits: one practice a day.
          { ...team(firstId, 'Cardinals', ['A', 'B', 'E']), division: '10U' },
          // 12U may practise twice a day.
          { ...team(secondId, 'Blue Jays', ['A', 'C']), division: '12u', rules: { ...RULES, maxPerWeek: 5, maxUpcoming: 5, maxPerDay: 2 } },
          // No division yet: no limited field.
          team(thirdId, 'Orioles', ['A', 'D']),
        ],
      }),
    );
    expect(result.picks.map((p) => [p.round, p.turn, p.teamId, p.slotId])).toEqual([
      [1, 1, firstId, 'B'],
      [1, 2, secondId, 'A'],
      [1, 3, thirdId, 'D'],
      [2, 2, secondId, 'C'],
    ]);
    expect(result.missed).toEqual([
      { teamId: firstId, slotId: 'A', rank: 1, reason: 'Field 12 is only for 12U teams, and Cardinals play in 10U. Pick a slot on another field.' },
      { teamId: firstId, slotId: 'E', rank: 3, reason: `Cardinals already has 1 practice on ${day} (limit 1).` },
      { teamId: thirdId, slotId: 'A', rank: 1, reason: 'Field 12 is only for 12U teams, and Orioles have no division yet. Pick a slot on another field.' },
    ]);
    expect(result.leftover).toEqual(['E']);
  });

  it('a round with no preferences at all: everyone drops out in round 1, every slot is left over', () => {
    const teams = [team(firstId, 'Cardinals', []), team(secondId, 'Blue Jays', []), team(thirdId, 'Orioles', [])];
    const result = draw(input({ seed, slots: [slot('B', wed), slot('A', tue)], teams }));
    expect(result).toEqual({ order: [firstId, secondId, thirdId], picks: [], missed: [], leftover: ['A', 'B'] });
  });
});

describe('drawProblem: what a team could never get, refused when it ranks it', () => {
  const drawAt = onDay(0, 20); // a Monday, 8 PM
  const base = { rules: RULES, timeZone: TZ, drawAt: iso(drawAt), team: { name: 'Blue Jays', bookings: [] as string[] } };

  it('a slot inside the lead time of the draw, or before it', () => {
    expect(drawProblem({ ...base, slot: { startsAt: iso(drawAt + 11 * HOUR) } })).toBe('Practices must be booked at least 12 hours ahead.');
    expect(drawProblem({ ...base, slot: { startsAt: iso(drawAt - HOUR) } })).toBe('This practice time has already started or passed.');
    expect(drawProblem({ ...base, slot: { startsAt: iso(drawAt + 12 * HOUR) } })).toBeNull();
  });

  it('a day the team already has its practices on, in the same words as a booking', () => {
    const tue = onDay(1);
    const day = formatDay(localDay(new Date(tue), TZ));
    expect(drawProblem({ ...base, team: { name: 'Blue Jays', bookings: [iso(tue + 2 * HOUR)] }, slot: { startsAt: iso(tue) } })).toBe(`Blue Jays already has 1 practice on ${day} (limit 1).`);
    expect(drawProblem({ ...base, team: { name: 'Blue Jays', bookings: [iso(tue + 2 * DAY)] }, slot: { startsAt: iso(tue) } })).toBeNull();
  });
});

describe('sha256Hex (Web Crypto)', () => {
  it('matches the standard test vectors and node:crypto', async () => {
    expect(await sha256Hex('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
    expect(await sha256Hex('')).toBe('e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855');
    const seed = seedOf('x');
    expect(await sha256Hex(seed)).toBe(createHash('sha256').update(seed).digest('hex'));
    expect(await sha256Hex('Café ⚾')).toBe(createHash('sha256').update('Café ⚾', 'utf8').digest('hex'));
  });
});
