/**
 * The opening round (issue 26, "Scale and speed"), on a league of its own: 1,000 teams with one coach each (so every
 * coach of the preference rush saves a different team's list), 50 fields, weekday evening slots for four weeks from
 * the first Monday at least two days away (two 90-minute slots a field a day: 1,000 slots in each fortnight).
 *
 * Written into the tables before the server starts (as the rush's league is): the league, a session for every coach
 * and the admin, and the draw's round over the first fortnight, its preference window already closed and its draw
 * time an hour ahead (so only the admin's "draw now" draws it, never the worker), with 200 teams' ranked lists of 10
 * slots each (saved with the opening module's own repository, as PUT /api/openings/:id/preferences saves them).
 *
 * Then, against the app server:
 * 1. apply: `POST /api/openings/:id/draw` as the admin, timed from here (the draw reads, computes and books in one
 *    transaction); a second press must answer 409; the result and the published inputs are read back;
 * 2. compute: the shared `draw()` run `computeRuns` times in this process on those published inputs (200 teams x 10
 *    preferences over the 1,000 covered slots), and its result compared with the server's;
 * 3. preference rush: first, as the booking rush's server is warmed by the bookings one after another before its
 *    rush, a rehearsal round over the second fortnight, open at once, takes `sequentialSaves` saves one after another
 *    (one save's own cost), and is cancelled (a season has one round waiting at a time), its emails waited for. Then
 *    the admin creates the rush's round over the same fortnight through the API, its window
 *    opening a few seconds ahead; at the opening each of the 1,000 coaches saves 10 slots
 *    (`PUT /api/openings/:id/preferences`) at a seeded random moment within one second. Before it, the draw's emails
 *    are waited for (the outbox folder holds them), so the mail worker is not writing them during the rush.
 * With the server stopped, the database is checked (checkOpening): every pick booked once, no slot booked twice, no
 * team over a limit, the audit entries; and in the rush's round exactly the lists of the teams answered 200.
 * Settings: BENCH_OPENING_TEAMS (1,000), BENCH_OPENING_COMPUTE_RUNS (20), BENCH_RUSH_LEAD_MS (3,000).
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import type http from 'node:http';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { isDeepStrictEqual } from 'node:util';
import { asc, eq, sql } from 'drizzle-orm';
import { rowsOf, type Database, type DatabaseHandle } from '../src/server/db/client';
import { bookingRules, bookings, slots } from '../src/server/db/schema';
import * as demoRepo from '../src/server/demo/demo.repository';
import * as openingRepo from '../src/server/modules/opening/opening.repository';
import { analyzeSlots } from '../src/server/modules/slots/slots.service';
import { seededRandom } from '../src/server/test/http-session';
import type { BookingRules } from '../src/shared/bookings/booking-rules';
import { draw, sha256Hex, type DrawInput, type DrawResult } from '../src/shared/opening/draw';
import type { OpeningRound } from '../src/shared/opening/opening.schemas';
import { generateSlots } from '../src/shared/slots/slot-generator';
import { latencyOf, type LatencyFigure } from './bookings';
import { checkRules, type RulesCheck } from './checks';
import { nowMs, percentile, request } from './http';
import { nextMonday, ROOMY_RULES, seasonAround } from './league';
import { insertPeopleWithSessions, type NewPerson, type Person } from './sessions';

export const OPENING = {
  /** Teams in the league, one coach each: the preference rush's coaches. */
  teams: Number(process.env.BENCH_OPENING_TEAMS ?? 1_000),
  /** Teams with a ranked list in the draw's round (issue 26: 200 teams x 10 preferences over 1,000 slots). */
  drawTeams: 200,
  preferences: 10,
  facilities: 5,
  fieldsPerFacility: 10,
  /** Share of a list's slots taken from the popular ones (5 PM on the first ten fields), the rest from any. */
  popularShare: 0.6,
  computeRuns: Number(process.env.BENCH_OPENING_COMPUTE_RUNS ?? 20),
  rushLeadMs: Number(process.env.BENCH_RUSH_LEAD_MS ?? 3_000),
  rushSpreadMs: 1_000,
  /** Saves one after another once the rush is over: what one save costs with nobody else asking. */
  sequentialSaves: 100,
  seed: 20_261_126,
  /** How long the draw's emails may take to reach the outbox before the rush starts anyway. */
  mailWaitMs: 60_000,
};

/** Limits that bite in the draw: one practice a day, two a week (at most 4 in the fortnight), 8 upcoming. */
export const OPENING_RULES: BookingRules = { ...ROOMY_RULES, maxPerDay: 1, maxPerWeek: 2, maxUpcoming: 8 };

export interface OpeningSlot {
  id: string;
  startsAt: Date;
  /** 5 PM on one of the first ten fields: what most teams want. */
  popular: boolean;
}

export interface OpeningRange {
  coversFrom: string;
  coversTo: string;
  slots: OpeningSlot[];
}

export interface OpeningLeague {
  timeZone: string;
  seasonId: string;
  fieldIds: string[];
  teamIds: string[];
  /** `coaches[t]` coaches `teamIds[t]`, and no other team has them. */
  coaches: Person[];
  admin: Person;
  slotsInSeason: number;
  /** The round drawn by "draw now": closed, with `teams` lists of `preferences` slots. */
  draw: OpeningRange & { roundId: string; teams: number; preferences: number };
  /** The second fortnight, for the preference rush's round (created through the API). */
  rush: OpeningRange;
}

/** `n` different slots, ranked: most from the popular ones, the rest from any (seeded). */
function rankedList(random: () => number, range: OpeningRange, popular: OpeningSlot[], n: number): string[] {
  const chosen = new Set<string>();
  while (chosen.size < n) {
    const from = random() < OPENING.popularShare ? popular : range.slots;
    chosen.add(from[Math.floor(random() * from.length)]!.id);
  }
  return [...chosen];
}

export async function seedOpeningLeague(database: DatabaseHandle, secret: string, timeZone: string): Promise<OpeningLeague> {
  await database.migrate();
  const db = database.db;
  const divisions = ['8U', '10U', '12U', '14U'];
  const teamMap = await demoRepo.insertTeamsIfMissing(
    db,
    Array.from({ length: OPENING.teams }, (_, i) => ({ name: `Team ${String(i + 1).padStart(4, '0')}`, division: divisions[i % divisions.length]! })),
  );
  const teamIds = [...teamMap.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([, id]) => id);
  const dates = seasonAround(timeZone);
  await demoRepo.insertSeasons(db, [{ name: 'Bench season (opening round)', ...dates, active: true }]);
  const season = (await db.query.seasons.findFirst({ where: (s, { eq: byEq }) => byEq(s.active, true) }))!;
  await db.insert(bookingRules).values({ seasonId: season.id, ...OPENING_RULES, windowOpensAt: null, windowClosesAt: null });

  const fieldIds: string[] = [];
  for (let f = 0; f < OPENING.facilities; f++) {
    fieldIds.push(
      ...(await demoRepo.insertFacilityWithFields(
        db,
        { name: `Opening Complex ${f + 1}`, address: `${200 + f} Draw Rd` },
        Array.from({ length: OPENING.fieldsPerFacility }, (_, i) => ({ name: `Field ${i + 1}`, surface: i % 3 === 0 ? 'turf' : 'grass', lights: i % 2 === 0, color: '#1d4ed8' }) as const),
      )),
    );
  }
  // Weekday evenings never meet a daylight-saving change (those are at 2 AM on a Sunday): 2 slots a field a day.
  const monday = nextMonday(timeZone);
  const fortnights = [0, 1].map((k) => ({ coversFrom: monday.add({ days: 14 * k }).toString(), coversTo: monday.add({ days: 14 * k + 13 }).toString() }));
  const generated = generateSlots(
    {
      fieldIds,
      daysOfWeek: [1, 2, 3, 4, 5],
      firstStart: '17:00',
      lastEnd: '20:30',
      lengthMinutes: 90,
      gapMinutes: 15,
      startDate: fortnights[0]!.coversFrom,
      endDate: fortnights[1]!.coversTo,
      skipDates: [],
      timeZone,
    },
    dates,
  );
  await demoRepo.insertSlots(db, generated.slots.map((s) => ({ seasonId: season.id, fieldId: s.fieldId, startsAt: s.startsAt, endsAt: s.endsAt })));
  await analyzeSlots(db);
  const popularFields = new Set(fieldIds.slice(0, 10));
  const localOf = new Map(generated.slots.map((s) => [`${s.fieldId}|${s.startsAt.getTime()}`, s]));
  const rows = await db
    .select({ id: slots.id, fieldId: slots.fieldId, startsAt: slots.startsAt })
    .from(slots)
    .where(eq(slots.seasonId, season.id))
    .orderBy(asc(slots.startsAt), asc(slots.fieldId));
  const ranges: OpeningRange[] = fortnights.map((f) => ({ ...f, slots: [] }));
  for (const r of rows) {
    const local = localOf.get(`${r.fieldId}|${r.startsAt.getTime()}`)!;
    const range = ranges.find((g) => local.date >= g.coversFrom && local.date <= g.coversTo)!;
    range.slots.push({ id: r.id, startsAt: r.startsAt, popular: popularFields.has(r.fieldId) && local.localStart === '17:00' });
  }

  const people: NewPerson[] = teamIds.map((teamId, t) => ({ name: `Coach of team ${t + 1}`, email: `opening-coach-${t + 1}@bench.cgsl.test`, role: 'coach', teamId }));
  people.push({ name: 'Bench Admin', email: 'opening-admin@bench.cgsl.test', role: 'admin', teamId: null });
  const signedIn = await insertPeopleWithSessions(db, people, secret);
  const admin = signedIn.find((p) => p.role === 'admin')!;

  // The draw's round, its window closed an hour ago and its draw an hour ahead: drawn by the admin's press only.
  const drawRange = ranges[0]!;
  const seed = randomBytes(32).toString('hex');
  const at = Date.now();
  const roundId = await openingRepo.insertRound(db, {
    seasonId: season.id,
    coversFrom: drawRange.coversFrom,
    coversTo: drawRange.coversTo,
    opensAt: new Date(at - 2 * 3_600_000),
    closesAt: new Date(at - 3_600_000),
    drawAt: new Date(at + 3_600_000),
    maxPreferences: OPENING.preferences,
    firstComeAfter: true,
    weighting: 'none',
    seed,
    seedHash: await sha256Hex(seed),
    createdBy: admin.userId,
  });
  const random = seededRandom(OPENING.seed);
  const popular = drawRange.slots.filter((s) => s.popular);
  for (const teamId of teamIds.slice(0, OPENING.drawTeams)) {
    await openingRepo.replacePreferences(db, roundId, teamId, rankedList(random, drawRange, popular, OPENING.preferences));
  }
  return {
    timeZone,
    seasonId: season.id,
    fieldIds,
    teamIds,
    coaches: signedIn.filter((p) => p.role === 'coach'),
    admin,
    slotsInSeason: rows.length,
    draw: { ...drawRange, roundId, teams: Math.min(OPENING.drawTeams, teamIds.length), preferences: OPENING.preferences },
    rush: ranges[1]!,
  };
}

// ---- Apply: "draw now" against the server ----

export interface ApplyFigure {
  /** The POST's time as this client saw it. */
  ms: number;
  status: number;
  /** A second press: 409, the round is drawn already. */
  againStatus: number;
  roundStatus: string;
  /** What the published inputs held. */
  teams: number;
  preferences: number;
  slots: number;
  picks: number;
  missed: number;
  leftover: number;
  /** Picks per round of the serpentine (index 0 = round 1). */
  picksPerRound: number[];
}

export async function measureApply(agent: http.Agent, base: string, league: OpeningLeague): Promise<{ figure: ApplyFigure; inputs: DrawInput; result: DrawResult }> {
  const id = league.draw.roundId;
  const before = await request(agent, base, 'GET', `/api/openings/${id}`);
  const status = before.status === 200 ? (JSON.parse(before.body) as { round: OpeningRound }).round.status : `${before.status} ${before.body}`;
  if (status !== 'closed') throw new Error(`the draw's round should be closed before "draw now", and is ${status}`);
  const pressed = await request(agent, base, 'POST', `/api/openings/${id}/draw`, { cookie: league.admin.cookie, timeoutMs: 120_000 });
  if (pressed.status !== 200) throw new Error(`POST /api/openings/${id}/draw answered ${pressed.status} ${pressed.body.slice(0, 300)}`);
  const round = (JSON.parse(pressed.body) as { round: OpeningRound }).round;
  const again = await request(agent, base, 'POST', `/api/openings/${id}/draw`, { cookie: league.admin.cookie });
  const page = await request(agent, base, 'GET', `/api/openings/${id}`);
  const inputsAnswer = await request(agent, base, 'GET', `/api/openings/${id}/inputs`);
  if (page.status !== 200 || inputsAnswer.status !== 200) throw new Error(`after the draw: GET the round ${page.status}, its inputs ${inputsAnswer.status} ${inputsAnswer.body.slice(0, 200)}`);
  const result = (JSON.parse(page.body) as { result: DrawResult | null }).result;
  if (!result) throw new Error('the drawn round shows no result');
  const inputs = JSON.parse(inputsAnswer.body) as DrawInput;
  const picksPerRound: number[] = [];
  for (const p of result.picks) picksPerRound[p.round - 1] = (picksPerRound[p.round - 1] ?? 0) + 1;
  return {
    figure: {
      ms: pressed.ms,
      status: pressed.status,
      againStatus: again.status,
      roundStatus: round.status,
      teams: inputs.teams.length,
      preferences: inputs.teams.reduce((n, t) => n + t.preferences.length, 0),
      slots: inputs.slots.length,
      picks: result.picks.length,
      missed: result.missed.length,
      leftover: result.leftover.length,
      picksPerRound: Array.from(picksPerRound, (n) => n ?? 0),
    },
    inputs,
    result,
  };
}

// ---- Compute: the shared draw() in this process ----

export interface ComputeFigure {
  runs: number;
  /** The first run (the function not yet optimised), then the median and the slowest of all runs. */
  firstMs: number;
  medianMs: number;
  maxMs: number;
  minMs: number;
  /** Every run gave the result the server published. */
  sameAsServer: boolean;
}

export function measureCompute(inputs: DrawInput, published: DrawResult, runs = OPENING.computeRuns): ComputeFigure {
  const times: number[] = [];
  let same = true;
  for (let i = 0; i < runs; i++) {
    const began = performance.now();
    const result = draw(inputs);
    times.push(performance.now() - began);
    same &&= isDeepStrictEqual(result, published);
  }
  return { runs, firstMs: times[0]!, medianMs: percentile(times, 50), maxMs: Math.max(...times), minMs: Math.min(...times), sameAsServer: same };
}

// ---- The draw's emails, before the rush ----

/** Waits (bounded) until the outbox folder holds `expected` messages: the mail worker is done with the draw's. */
export async function waitForOutbox(dataDir: string, expected: number, timeoutMs = OPENING.mailWaitMs): Promise<{ expected: number; written: number; waitedMs: number }> {
  const dir = path.join(dataDir, 'outbox');
  const count = () => (fs.existsSync(dir) ? fs.readdirSync(dir).filter((f) => f.endsWith('.eml')).length : 0);
  const began = performance.now();
  while (count() < expected && performance.now() - began < timeoutMs) await new Promise((resolve) => setTimeout(resolve, 100));
  return { expected, written: count(), waitedMs: performance.now() - began };
}

// ---- The preference rush ----

export interface PreferenceRush {
  roundId: string;
  presses: number;
  coaches: number;
  teams: number;
  slotsPerList: number;
  distinctSlots: number;
  /** A save before the opening (the round announced): 409. */
  earlyStatus: number;
  windowOpensAt: string;
  sendSpreadMs: { first: number; last: number };
  answers: LatencyFigure;
  /** After the rush, saves one after another (the window still open). */
  sequential: LatencyFigure;
  /** Teams whose coach had a 200 (in the rush or after it): their lists should be stored, and no other team's. */
  savedTeams: number;
  /** How late this process's event loop ran while it sent the saves and timed the answers. */
  clientLoopDelayMs: { p99: number; max: number };
}

export async function runPreferenceRush(agent: http.Agent, base: string, league: OpeningLeague, outbox: { dataDir: string; written: number }): Promise<PreferenceRush> {
  const random = seededRandom(OPENING.seed + 1);
  const popular = league.rush.slots.filter((s) => s.popular);
  const presses = league.coaches.map((coach) => ({ coach, slotIds: rankedList(random, league.rush, popular, OPENING.preferences), offset: random() * OPENING.rushSpreadMs }));

  const createRound = async (what: string, opensAt: number, closesAt: number): Promise<string> => {
    const created = await request(agent, base, 'POST', '/api/openings', {
      cookie: league.admin.cookie,
      body: {
        seasonId: league.seasonId,
        coversFrom: league.rush.coversFrom,
        coversTo: league.rush.coversTo,
        opensAt: new Date(opensAt).toISOString(),
        closesAt: new Date(closesAt).toISOString(),
        drawAt: new Date(closesAt + 3_600_000).toISOString(),
        maxPreferences: OPENING.preferences,
        firstComeAfter: true,
        weighting: 'none',
      },
    });
    if (created.status !== 201) throw new Error(`the admin could not create the ${what}: ${created.status} ${created.body.slice(0, 300)}`);
    return (JSON.parse(created.body) as { round: OpeningRound }).round.id;
  };

  // The rehearsal: the save path warmed as the booking path is before the booking rush, and one save's own cost.
  const rehearsalId = await createRound('rehearsal round', nowMs(), nowMs() + 10 * 60_000);
  const sequential: Array<Awaited<ReturnType<typeof request>>> = [];
  for (const p of presses.slice(0, OPENING.sequentialSaves)) {
    sequential.push(await request(agent, base, 'PUT', `/api/openings/${rehearsalId}/preferences`, { cookie: p.coach.cookie, body: { slotIds: p.slotIds } }));
  }
  // A season has one round waiting for its draw at a time: the rehearsal is cancelled, and its emails (one to each
  // coach who saved) are waited for, as the draw's are, so the mail worker is not writing them during the rush.
  const cancelled = await request(agent, base, 'POST', `/api/openings/${rehearsalId}/cancel`, { cookie: league.admin.cookie, body: {} });
  if (cancelled.status !== 200) throw new Error(`the admin could not cancel the rehearsal round: ${cancelled.status} ${cancelled.body.slice(0, 300)}`);
  const saved = sequential.filter((a) => a.status === 200).length;
  const mail = await waitForOutbox(outbox.dataDir, outbox.written + saved);
  if (mail.written < mail.expected) throw new Error(`the rehearsal's ${saved} cancel emails were not all written within ${OPENING.mailWaitMs} ms (${mail.written} of ${mail.expected} in the outbox)`);

  const opensAt = Math.ceil((nowMs() + OPENING.rushLeadMs) / 1000) * 1000;
  const roundId = await createRound("rush's round", opensAt, opensAt + 10 * 60_000);
  const savePath = `/api/openings/${roundId}/preferences`;
  // The window is not open yet: a save now is refused (checked only while there is time for it).
  let earlyStatus = 0;
  if (nowMs() < opensAt - 1_000) earlyStatus = (await request(agent, base, 'PUT', savePath, { cookie: presses[0]!.coach.cookie, body: { slotIds: presses[0]!.slotIds } })).status;
  if (nowMs() > opensAt) throw new Error(`the preference window opened before the saves were ready: raise BENCH_RUSH_LEAD_MS (now ${OPENING.rushLeadMs})`);

  const loopDelay = monitorEventLoopDelay({ resolution: 10 });
  loopDelay.enable();
  // A few milliseconds after the opening on our clock (the server shares it).
  const opening = opensAt + 5;
  const answers = await Promise.all(
    presses.map(
      (p) =>
        new Promise<Awaited<ReturnType<typeof request>>>((resolve) => {
          const save = () => resolve(request(agent, base, 'PUT', savePath, { cookie: p.coach.cookie, body: { slotIds: p.slotIds }, timeoutMs: 60_000 }));
          setTimeout(save, opening + p.offset - nowMs());
        }),
    ),
  );
  loopDelay.disable();
  const savedTeams = new Set(answers.flatMap((a, i) => (a.status === 200 ? [presses[i]!.coach.teamId] : [])));
  const sends = answers.map((a) => a.sentAt - opensAt);
  return {
    roundId,
    presses: presses.length,
    coaches: new Set(presses.map((p) => p.coach.userId)).size,
    teams: new Set(presses.map((p) => p.coach.teamId)).size,
    slotsPerList: OPENING.preferences,
    distinctSlots: new Set(presses.flatMap((p) => p.slotIds)).size,
    earlyStatus,
    windowOpensAt: new Date(opensAt).toISOString(),
    sendSpreadMs: { first: Math.min(...sends), last: Math.max(...sends) },
    answers: latencyOf(answers),
    sequential: latencyOf(sequential),
    savedTeams: savedTeams.size,
    clientLoopDelayMs: { p99: loopDelay.percentile(99) / 1e6, max: loopDelay.max / 1e6 },
  };
}

// ---- The database afterwards ----

export interface OpeningCheck {
  picks: number;
  /** Picks with a confirmed booking of that slot for that team. */
  picksBooked: number;
  /** Confirmed bookings in the league that are no pick of the draw (none were made otherwise). */
  otherBookings: number;
  rules: RulesCheck;
  /** booking.create entries naming the round, and opening.draw entries. */
  auditBookings: number;
  auditDraws: number;
  drawnAtSet: boolean;
  /** The rush's round: stored rows and the teams they belong to (expected: the teams answered 200, 10 rows each). */
  rushRows: number;
  rushTeams: number;
  /** What the draw left wrong (picks not booked, other bookings, broken rules, audit entries, the round not drawn). */
  applyProblems: number;
  /** Lists stored that no 200 answered, or answered and missing. */
  rushProblems: number;
}

const count = async (db: Database, query: ReturnType<typeof sql>) => Number(rowsOf<{ n: number | string }>(await db.execute(query))[0]?.n ?? 0);

export async function checkOpening(db: Database, league: OpeningLeague, result: DrawResult, rush: { roundId: string; savedTeams: number }): Promise<OpeningCheck> {
  const confirmed = await db.select({ slotId: bookings.slotId, teamId: bookings.teamId }).from(bookings).where(eq(bookings.status, 'confirmed'));
  const bySlot = new Map<string, string[]>();
  for (const b of confirmed) bySlot.set(b.slotId, [...(bySlot.get(b.slotId) ?? []), b.teamId]);
  const picksBooked = result.picks.filter((p) => bySlot.get(p.slotId)?.includes(p.teamId)).length;
  const rules = await checkRules(db, { seasonId: league.seasonId, timeZone: league.timeZone, rushWeekStart: league.draw.coversFrom });
  const id = league.draw.roundId;
  const auditBookings = await count(db, sql`select count(*) as n from audit_log where action = 'booking.create' and after->>'openingRoundId' = ${id}`);
  const auditDraws = await count(db, sql`select count(*) as n from audit_log where action = 'opening.draw' and entity_id = ${id}`);
  const drawnAtSet = (await count(db, sql`select count(*) as n from opening_rounds where id = ${id} and drawn_at is not null`)) === 1;
  const rushRows = await count(db, sql`select coalesce(sum(cardinality(slot_ids)), 0) as n from opening_lists where round_id = ${rush.roundId}`);
  const rushTeams = await count(db, sql`select count(*) as n from opening_lists where round_id = ${rush.roundId}`);
  const otherBookings = confirmed.length - picksBooked;
  return {
    picks: result.picks.length,
    picksBooked,
    otherBookings,
    rules,
    auditBookings,
    auditDraws,
    drawnAtSet,
    rushRows,
    rushTeams,
    applyProblems: result.picks.length - picksBooked + otherBookings + rules.broken + Math.abs(auditBookings - result.picks.length) + Math.abs(auditDraws - 1) + (drawnAtSet ? 0 : 1),
    rushProblems: Math.abs(rushTeams - rush.savedTeams) + (rushRows === rushTeams * OPENING.preferences ? 0 : 1),
  };
}
