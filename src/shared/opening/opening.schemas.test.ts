import { describe, expect, expectTypeOf, it } from 'vitest';
import type { z } from 'zod';
import type { DrawInput, DrawResult } from './draw';
import type { drawResultSchema } from './opening.schemas';
import { drawInputSchema, MAX_DRAW_SLOTS, MAX_DRAW_TEAMS, openingRoundEditSchema, openingRoundInputSchema, openingStatus, preferencesInputSchema } from './opening.schemas';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const NOW = Math.ceil(Date.now() / HOUR) * HOUR;
const iso = (ms: number) => new Date(ms).toISOString();
const date = (ms: number) => iso(ms).slice(0, 10);
const SEASON = '7d1f1a0e-4a36-4c55-9a43-8d1f6b0c2e11';
const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

function round(overrides: Record<string, unknown> = {}) {
  return {
    seasonId: SEASON,
    coversFrom: date(NOW + 14 * DAY),
    coversTo: date(NOW + 28 * DAY),
    opensAt: iso(NOW + DAY),
    closesAt: iso(NOW + 5 * DAY),
    drawAt: iso(NOW + 6 * DAY),
    maxPreferences: 10,
    firstComeAfter: true,
    weighting: 'none',
    ...overrides,
  };
}

const messages = (result: { error?: { issues: Array<{ message: string; path: PropertyKey[] }> } }) =>
  (result.error?.issues ?? []).map((i) => `${i.path.join('.')}: ${i.message}`);

describe('an opening round as an admin enters it', () => {
  it('takes a round whose dates and times are in order; the close may be the draw time', () => {
    expect(messages(openingRoundInputSchema.safeParse(round()))).toEqual([]);
    expect(messages(openingRoundInputSchema.safeParse(round({ drawAt: iso(NOW + 5 * DAY), coversTo: date(NOW + 14 * DAY) })))).toEqual([]);
  });

  it('refuses, in words, dates and times out of order', () => {
    expect(messages(openingRoundInputSchema.safeParse(round({ coversFrom: date(NOW + 29 * DAY) })))).toEqual([
      'coversTo: The last day the round covers must be on or after its first day',
    ]);
    expect(messages(openingRoundInputSchema.safeParse(round({ closesAt: iso(NOW + 7 * DAY) })))).toEqual(['drawAt: The draw must be at or after the preference window closes']);
    expect(messages(openingRoundInputSchema.safeParse(round({ opensAt: iso(NOW + 5 * DAY) })))).toEqual(['closesAt: The preference window must close after it opens']);
  });

  it('an edit is the same without the season, with the same refusals', () => {
    const { seasonId: _, ...edit } = round();
    expect(messages(openingRoundEditSchema.safeParse(edit))).toEqual([]);
    expect(messages(openingRoundEditSchema.safeParse({ ...edit, drawAt: iso(NOW + 4 * DAY) }))).toEqual(['drawAt: The draw must be at or after the preference window closes']);
    expect(messages(openingRoundInputSchema.safeParse({ ...edit }))).toEqual(['seasonId: Choose a season']);
  });

  it('refuses a number of preferences outside 1..50, and unknown weightings', () => {
    expect(messages(openingRoundInputSchema.safeParse(round({ maxPreferences: 0 })))).toEqual(['maxPreferences: A team may rank at least 1 slot']);
    expect(messages(openingRoundInputSchema.safeParse(round({ maxPreferences: 51 })))).toEqual(['maxPreferences: A team may rank at most 50 slots']);
    expect(messages(openingRoundInputSchema.safeParse(round({ maxPreferences: 2.5 })))).toEqual(['maxPreferences: Use a whole number of preferences']);
    expect(messages(openingRoundInputSchema.safeParse(round({ weighting: 'loudest-first' })))).toEqual(['weighting: Choose how the team order is drawn']);
  });
});

describe('the staged opening: a division’s own time to open its lists (issue 29)', () => {
  const times = (...opens: Array<[number, number]>) => round({ divisionOpens: opens.map(([n, at]) => ({ divisionId: uuid(n), opensAt: iso(at) })) });

  it('takes times from the preferences’ opening until before their close, or none at all', () => {
    expect(messages(openingRoundInputSchema.safeParse(times([1, NOW + DAY], [2, NOW + 5 * DAY - 1])))).toEqual([]);
    expect(messages(openingRoundInputSchema.safeParse(round({ divisionOpens: [] })))).toEqual([]);
    expect(messages(openingRoundInputSchema.safeParse(round()))).toEqual([]);
  });

  it('refuses, in words at the time, one before the opening or at the close or later, and a division twice', () => {
    expect(messages(openingRoundInputSchema.safeParse(times([1, NOW + DAY - 1])))).toEqual([
      "divisionOpens.0.opensAt: A division's lists can open at the same time as the preferences or later, not before",
    ]);
    expect(messages(openingRoundInputSchema.safeParse(times([1, NOW + 2 * DAY], [2, NOW + 5 * DAY])))).toEqual([
      "divisionOpens.1.opensAt: A division's lists must open before the preferences close",
    ]);
    expect(messages(openingRoundInputSchema.safeParse(times([1, NOW + 2 * DAY], [1, NOW + 3 * DAY])))).toEqual(['divisionOpens.1.divisionId: Give each division one time']);
    const { seasonId: _, ...edit } = times([1, NOW]);
    expect(messages(openingRoundEditSchema.safeParse(edit))).toEqual(["divisionOpens.0.opensAt: A division's lists can open at the same time as the preferences or later, not before"]);
  });
});

describe('a coach’s ranked preferences', () => {
  it('takes up to 50 distinct slots, refuses a slot twice and a 51st', () => {
    expect(preferencesInputSchema.safeParse({ slotIds: [uuid(1), uuid(2)] }).success).toBe(true);
    expect(preferencesInputSchema.safeParse({ slotIds: [] }).success).toBe(true);
    expect(messages(preferencesInputSchema.safeParse({ slotIds: [uuid(1), uuid(2), uuid(1)] }))).toEqual(['slotIds: Each slot can be in your preferences only once']);
    expect(messages(preferencesInputSchema.safeParse({ slotIds: Array.from({ length: 51 }, (_, i) => uuid(i)) }))).toEqual(['slotIds: Rank at most 50 slots']);
    expect(messages(preferencesInputSchema.safeParse({ slotIds: ['field-1'] }))).toEqual(['slotIds.0: Each preference must be a slot id']);
  });
});

describe('the published draw inputs', () => {
  const slot = (id: string, h: number) => ({ id, startsAt: iso(NOW + h * HOUR), endsAt: iso(NOW + (h + 1) * HOUR), label: `Field 1 ${id}` });
  const team = (id: string, preferences: string[]) => ({ id, name: `Team ${id}`, bookings: [iso(NOW - DAY)], primeHours: 1.5, preferences });
  const inputs = (overrides: Record<string, unknown> = {}) => ({
    roundId: uuid(9),
    seed: 'ab'.repeat(32),
    timeZone: 'America/Chicago',
    now: iso(NOW),
    rules: { maxPerWeek: 2, maxPerDay: 1, maxUpcoming: 4, minLeadHours: 12 },
    weighting: 'fewer-prime-hours-first',
    slots: [slot('s1', 48), slot('s2', 72)],
    teams: [team('t1', ['s1', 's2']), team('t2', ['s2', 'gone'])],
    ...overrides,
  });

  it('describe exactly the draw’s own types (checked by tsc)', () => {
    expectTypeOf<z.infer<typeof drawInputSchema>>().toEqualTypeOf<DrawInput>();
    expectTypeOf<z.infer<typeof drawResultSchema>>().toEqualTypeOf<DrawResult>();
  });

  it('takes well-formed inputs (a preference may name a slot that was not free at the draw)', () => {
    expect(messages(drawInputSchema.safeParse(inputs()))).toEqual([]);
  });

  it('refuses, in words, a slot or a team listed twice, a slot ranked twice, a bad seed or time zone', () => {
    expect(messages(drawInputSchema.safeParse(inputs({ slots: [slot('s1', 48), slot('s1', 72)] })))).toEqual(['slots: Slot s1 is listed twice']);
    expect(messages(drawInputSchema.safeParse(inputs({ teams: [team('t1', []), team('t1', [])] })))).toEqual(['teams: Team t1 is listed twice']);
    expect(messages(drawInputSchema.safeParse(inputs({ teams: [team('t1', ['s1', 's2', 's1'])] })))).toEqual(['teams.0.preferences: Team t1 ranks slot s1 twice']);
    expect(messages(drawInputSchema.safeParse(inputs({ seed: 'AB'.repeat(32) })))).toEqual(['seed: The seed is 64 lowercase hexadecimal characters']);
    expect(messages(drawInputSchema.safeParse(inputs({ timeZone: 'Mars/Olympus' })))).toEqual(['timeZone: The time zone is not one this browser knows, like America/Chicago']);
  });

  it('takes a team’s division and own limits, and a slot’s field limited to some divisions (issue 29)', () => {
    const limited = { ...slot('s1', 48), field: { name: 'Field 12', divisions: ['12U', '10U'] } };
    const in12U = { ...team('t1', ['s1']), division: '12U', rules: { maxPerWeek: 3, maxPerDay: 2, maxUpcoming: 6, minLeadHours: 0 } };
    expect(messages(drawInputSchema.safeParse(inputs({ slots: [limited, slot('s2', 72)], teams: [in12U, team('t2', ['s2'])] })))).toEqual([]);
    expect(messages(drawInputSchema.safeParse(inputs({ slots: [{ ...limited, field: { name: 'Field 12', divisions: [] } }] })))).toEqual(['slots.0.field.divisions: A limited field names its divisions']);
  });

  it('refuses too many slots, teams or preferences', () => {
    const slots = Array.from({ length: MAX_DRAW_SLOTS + 1 }, (_, i) => slot(`s${i}`, 48));
    expect(messages(drawInputSchema.safeParse(inputs({ slots })))).toEqual(['slots: A draw has at most 20,000 slots']);
    const teams = Array.from({ length: MAX_DRAW_TEAMS + 1 }, (_, i) => team(`t${i}`, []));
    expect(messages(drawInputSchema.safeParse(inputs({ teams })))).toEqual(['teams: A draw has at most 2,000 teams']);
    expect(messages(drawInputSchema.safeParse(inputs({ teams: [team('t1', Array.from({ length: 51 }, (_, i) => `s${i}`))] })))).toEqual([
      'teams.0.preferences: A team ranks at most 50 slots',
    ]);
  });
});

describe('a round’s status, derived from its times', () => {
  const times = { opensAt: iso(NOW + DAY), closesAt: iso(NOW + 2 * DAY), drawnAt: null, cancelledAt: null };

  it('announced before the window, open from its opening instant, closed from its closing instant until drawn', () => {
    expect(openingStatus(times, new Date(NOW + DAY - 1))).toBe('announced');
    expect(openingStatus(times, new Date(NOW + DAY))).toBe('open');
    expect(openingStatus(times, new Date(NOW + 2 * DAY - 1))).toBe('open');
    expect(openingStatus(times, new Date(NOW + 2 * DAY))).toBe('closed');
    expect(openingStatus(times, new Date(NOW + 30 * DAY))).toBe('closed');
  });

  it('drawn once drawn; cancelled above all', () => {
    expect(openingStatus({ ...times, drawnAt: iso(NOW + 3 * DAY) }, new Date(NOW))).toBe('drawn');
    expect(openingStatus({ ...times, drawnAt: iso(NOW + 3 * DAY), cancelledAt: iso(NOW) }, new Date(NOW))).toBe('cancelled');
    expect(openingStatus({ ...times, cancelledAt: iso(NOW) }, new Date(NOW + 1.5 * DAY))).toBe('cancelled');
  });
});
