import { uniformInt } from 'pure-rand/distribution/uniformInt';
import { xoroshiro128plus, xoroshiro128plusFromState } from 'pure-rand/generator/xoroshiro128plus';
import { checkLimits, datedStart, fieldAllows, judgeLimits, refusalMessage, SLOT_PAST_MESSAGE, type DatedStart, type LimitRules, type Refusal } from '../bookings/booking-rules';
import type { DrawWeighting } from './opening.schemas';

/**
 * The opening round's draw (issue 26, decision 030): a pure function of its inputs, run by the server to allocate and
 * by any browser to check. Nothing here reads a clock, the locale or Math.random, so the same inputs give the same
 * result everywhere.
 */
export interface DrawInput {
  roundId: string;
  /** 64 lowercase hex characters (32 random bytes); its SHA-256 is published before the draw. */
  seed: string;
  /** The league's. */
  timeZone: string;
  /** ISO instant of the draw: lead time and "upcoming" are judged at it. */
  now: string;
  /** The season's limits: every team's, unless its division has its own (`teams[].rules`). */
  rules: DrawRules;
  weighting: DrawWeighting;
  /**
   * The covered slots free at the draw; label e.g. "Field 1, Tue Dec 1, 5:00 pm". `field` (issue 29): the slot's field
   * when it is limited to some divisions, by name; only teams of those divisions may get it.
   */
  slots: Array<{ id: string; startsAt: string; endsAt: string; label: string; field?: { name: string; divisions: string[] } }>;
  /**
   * bookings: ISO starts of the team's confirmed bookings; preferences: slot ids, rank 1 first. Issue 29: `division`,
   * the team's division's name (absent: none); `rules`, its division's limits when they differ from the season's.
   */
  teams: Array<{ id: string; name: string; bookings: string[]; primeHours: number; preferences: string[]; division?: string; rules?: DrawRules }>;
}

/** The limits the draw judges a team by: per day, per week, upcoming, and the notice before a practice. */
export interface DrawRules {
  maxPerWeek: number;
  maxPerDay: number;
  maxUpcoming: number;
  minLeadHours: number;
}

export interface DrawPick {
  /** 1, 2, …; odd rounds go in `order`, even rounds in reverse. */
  round: number;
  /** The team's place in that round's order, 1 first (a team that dropped out keeps its place empty). */
  turn: number;
  teamId: string;
  slotId: string;
  /** 1 = the team's first preference. */
  rank: number;
}

export interface DrawMiss {
  teamId: string;
  slotId: string;
  rank: number;
  /** Why, in words: "taken in round 1 by Cardinals", a limit's own words, "not free at the draw". */
  reason: string;
}

export interface DrawResult {
  /** Team ids in the first round's order. */
  order: string[];
  /** In the order they were made. */
  picks: DrawPick[];
  /** Every preference a team did not get, by team (in `order`) then rank. */
  missed: DrawMiss[];
  /** The covered free slots nobody got, by start time. */
  leftover: string[];
}

export const NOT_FREE_AT_DRAW = 'not free at the draw';
export const takenWords = (round: number, teamName: string) => `taken in round ${round} by ${teamName}`;

const byId = <T extends { id: string }>(a: T, b: T) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

/**
 * The generator's starting state from the seed: the 256 bits read as eight 32-bit words, the first four XOR the last
 * four give xoroshiro128+'s 128-bit state. An all-zero state would only ever give zeros, so that one seed (never drawn
 * from 32 random bytes in practice) starts from xoroshiro128plus(0) instead.
 */
function generatorFor(seed: string) {
  if (!/^[0-9a-f]{64}$/.test(seed)) throw new Error('The seed is 64 lowercase hexadecimal characters');
  const words = Array.from({ length: 8 }, (_, i) => Number.parseInt(seed.slice(i * 8, i * 8 + 8), 16) | 0);
  const state = [0, 1, 2, 3].map((i) => words[i]! ^ words[i + 4]!);
  return state.every((w) => w === 0) ? xoroshiro128plus(0) : xoroshiro128plusFromState(state);
}

/**
 * The first round's order: teams sorted by id (so the order they were listed in does not matter), then a Fisher–Yates
 * shuffle driven by the seed (for i from the last place down to the second, swap place i with a place 0..i drawn
 * uniformly). With 'fewer-prime-hours-first' the shuffled order is then sorted by prime-time hours, fewest first;
 * teams with equal hours keep their shuffled order.
 */
export function teamOrder(input: { seed: string; weighting: DrawWeighting; teams: ReadonlyArray<{ id: string; primeHours: number }> }): string[] {
  const rng = generatorFor(input.seed);
  const teams = [...input.teams].sort(byId);
  for (let i = teams.length - 1; i > 0; i--) {
    const j = uniformInt(rng, 0, i);
    [teams[i], teams[j]] = [teams[j]!, teams[i]!];
  }
  // Array.prototype.sort is stable, so ties keep the seeded order.
  if (input.weighting === 'fewer-prime-hours-first') teams.sort((a, b) => a.primeHours - b.primeHours);
  return teams.map((t) => t.id);
}

const ALIVE = 0;
const GOT = 1;
const MISSED = 2;
/** A slot listed again lower down: never picked, never reported (its first rank speaks for it). */
const REPEATED = 3;

interface TeamState {
  id: string;
  name: string;
  division: string | null;
  rules: LimitRules;
  held: DatedStart[];
  prefs: string[];
  status: Uint8Array;
  reasons: string[];
  /** Preferences before this index are all got or missed. */
  cursor: number;
  out: boolean;
}

/**
 * Serpentine rounds: round 1 in `order`, round 2 reversed, and so on. At its turn a team takes its highest-ranked
 * preference that is still free and that its limits allow (its bookings plus what it got in earlier rounds; lead time
 * and "upcoming" judged at `now`); a team with nothing left to take drops out; the draw ends when every team has.
 * Issue 29: a slot on a field limited to other divisions is never the team's, and each team is judged by its own
 * division's limits (`teams[].rules`) where it has them, else the season's (`rules`).
 *
 * A preference, once it cannot be had, never can again (a taken slot stays taken, limits only fill up), so it is
 * judged once and its reason is what stood in the way the first time the team reached it.
 */
export function draw(input: DrawInput): DrawResult {
  const { timeZone } = input;
  const now = new Date(input.now);
  const order = teamOrder(input);

  // Fields share start times (ten fields at 5 PM are one instant): each instant's local day and week once.
  const instants = new Map<number, DatedStart>();
  const dated = (iso: string): DatedStart => {
    const at = Date.parse(iso);
    let found = instants.get(at);
    if (!found) instants.set(at, (found = datedStart(new Date(at), timeZone)));
    return found;
  };
  const slots = new Map<string, DatedStart>();
  for (const s of input.slots) slots.set(s.id, dated(s.startsAt));
  const limitedFields = new Map(input.slots.flatMap((s) => (s.field ? [[s.id, s.field] as const] : [])));
  const takenBy = new Map<string, string>();

  const teamsById = new Map(input.teams.map((t) => [t.id, t]));
  const states: TeamState[] = order.map((id) => {
    const t = teamsById.get(id)!;
    // A slot listed twice keeps its first (higher) rank; the schema refuses such inputs anyway.
    const prefs = t.preferences;
    const status = new Uint8Array(prefs.length);
    const firstRank = new Set<string>();
    const reasons: string[] = [];
    prefs.forEach((slotId, k) => {
      if (firstRank.has(slotId)) status[k] = REPEATED;
      firstRank.add(slotId);
    });
    return { id, name: t.name, division: t.division ?? null, rules: t.rules ?? input.rules, held: t.bookings.map(dated), prefs, status, reasons, cursor: 0, out: false };
  });

  const picks: DrawPick[] = [];
  let active = states.length;
  for (let round = 1; active > 0; round++) {
    const n = states.length;
    for (let place = 0; place < n; place++) {
      const team = states[round % 2 === 1 ? place : n - 1 - place]!;
      if (team.out) continue;
      let picked = false;
      for (let k = team.cursor; k < team.prefs.length; k++) {
        if (team.status[k] !== ALIVE) continue;
        const slotId = team.prefs[k]!;
        const slot = slots.get(slotId);
        let reason: string | null = null;
        const field = limitedFields.get(slotId);
        if (!slot) reason = NOT_FREE_AT_DRAW;
        else if (field && !fieldAllows({ divisions: field.divisions, teamDivision: team.division })) reason = fieldDivisionWords(field, team);
        else if (takenBy.has(slotId)) reason = takenBy.get(slotId)!;
        else if (slot.at <= now.getTime()) reason = SLOT_PAST_MESSAGE;
        else {
          const limits = checkLimits({ rules: team.rules, slot, teamBookings: team.held, teamName: team.name, now });
          if (!limits.ok) reason = limits.message;
        }
        if (reason !== null) {
          team.status[k] = MISSED;
          team.reasons[k] = reason;
          continue;
        }
        team.status[k] = GOT;
        team.held.push(slot!);
        takenBy.set(slotId, takenWords(round, team.name));
        picks.push({ round, turn: place + 1, teamId: team.id, slotId, rank: k + 1 });
        picked = true;
        break;
      }
      while (team.cursor < team.prefs.length && team.status[team.cursor] !== ALIVE) team.cursor++;
      if (!picked) {
        team.out = true;
        active--;
      }
    }
  }

  const missed: DrawMiss[] = [];
  for (const team of states) {
    team.prefs.forEach((slotId, k) => {
      if (team.status[k] === MISSED) missed.push({ teamId: team.id, slotId, rank: k + 1, reason: team.reasons[k]! });
    });
  }
  const leftover = input.slots
    .filter((s) => !takenBy.has(s.id))
    .map((s) => ({ id: s.id, at: slots.get(s.id)!.at }))
    .sort((a, b) => a.at - b.at || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))
    .map((s) => s.id);
  return { order, picks, missed, leftover };
}

/** A field limited to other divisions, in the words a booking is refused with (issue 29). */
const fieldDivisionWords = (field: { name: string; divisions: readonly string[] }, team: { name: string; division: string | null }) =>
  refusalMessage({ code: 'FIELD_DIVISION', fieldName: field.name, teamName: team.name, divisionName: team.division, divisions: field.divisions });

/**
 * Why a team could never get a slot it wants to rank, judged as the draw will judge it (at the draw time, with the
 * team's bookings as they are now), or null: the refusal's facts, for its words in any language (`refusalWords`).
 * The server adds what only it knows (the round's dates, blocked or taken slots, how many preferences).
 */
export function drawRefusal(p: {
  rules: DrawRules;
  timeZone: string;
  drawAt: string;
  slot: { startsAt: string };
  team: { name: string; bookings: readonly string[] };
}): Refusal | null {
  const now = new Date(p.drawAt);
  const startsAt = new Date(p.slot.startsAt);
  if (startsAt.getTime() <= now.getTime()) return { code: 'SLOT_PAST' };
  const result = judgeLimits({
    rules: p.rules,
    slot: datedStart(startsAt, p.timeZone),
    teamBookings: p.team.bookings.map((b) => datedStart(new Date(b), p.timeZone)),
    teamName: p.team.name,
    now,
  });
  return result.ok ? null : result.refusal;
}

/** `drawRefusal` in its English words (`refusalMessage`). */
export function drawProblem(p: Parameters<typeof drawRefusal>[0]): string | null {
  const refusal = drawRefusal(p);
  return refusal && refusalMessage(refusal);
}

/** SHA-256 of a text's UTF-8 bytes, in lowercase hex (Web Crypto: Node 20+ and every browser). */
export async function sha256Hex(text: string): Promise<string> {
  const digest = await globalThis.crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, '0')).join('');
}
