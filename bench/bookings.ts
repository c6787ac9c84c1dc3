/**
 * Booking figures on the 10x league, over real HTTP from the orchestrator:
 * - one after another: `sequential` bookings, each a different open slot, by coaches of teams with room;
 * - `concurrency` coaches of different teams at once on different slots, `rounds` times.
 * Beside them, GET /api/health one after another on the same client: the round trip every time is compared to.
 *
 * Which slot each booking takes (week 1 of the league): team t's j-th booking is on day j (Monday = 0), the
 * t-th slot of that day, so no two bookings share a slot and no team has two on one day. Teams 1-50 book 3
 * times one after another and teams 51-100 once (200 in all); each concurrent round books once for every team.
 * Before the rush, teams 1-50 thus hold 6 upcoming practices and teams 51-100 hold 4 (rush.ts relies on it).
 */
import type http from 'node:http';
import { countBy, percentile, refusalOf, request, type Answer } from './http';
import type { League } from './league';

export interface LatencyFigure {
  count: number;
  statuses: Record<string, number>;
  refusals: Record<string, number>;
  p50: number;
  p99: number;
  max: number;
  mean: number;
}

export interface BookingFigures {
  healthSequential: LatencyFigure;
  sequential: LatencyFigure;
  concurrent: LatencyFigure & { rounds: number; concurrency: number };
  /** Upcoming practices per team once these are done (index = team). */
  heldPerTeam: number[];
}

export function latencyOf(answers: Answer[]): LatencyFigure {
  const ms = answers.map((a) => a.ms);
  return {
    count: answers.length,
    statuses: countBy(answers, (a) => String(a.status)),
    refusals: countBy(answers.filter((a) => a.status >= 400 || a.status === 0), refusalOf),
    p50: percentile(ms, 50),
    p99: percentile(ms, 99),
    max: ms.length ? ms.reduce((m, x) => Math.max(m, x), 0) : NaN,
    mean: ms.length ? ms.reduce((s, x) => s + x, 0) / ms.length : NaN,
  };
}

export const SEQUENTIAL_PER_TEAM = (t: number) => (t < 50 ? 3 : 1);
export const CONCURRENT_ROUNDS = 3;

export async function measureBookings(agent: http.Agent, base: string, league: League, sequentialHealthCount = 200): Promise<BookingFigures> {
  return (await measureBookingsSideBySide(agent, [base], league, sequentialHealthCount))[0]!;
}

/**
 * The same figures on several servers at once, each on its own copy of the league (the app and the floor, issue
 * 27), interleaved so that a busy moment of a shared machine falls on both alike: each health request and each
 * booking one after another goes to every server in turn, and each round of 100 at once is sent to one server, then
 * the same round to the next. Every server gets the same requests in the same order.
 */
export async function measureBookingsSideBySide(agent: http.Agent, bases: readonly string[], league: League, sequentialHealthCount = 200): Promise<BookingFigures[]> {
  const byDay: string[][] = Array.from({ length: 7 }, () => []);
  for (const s of league.week1.slots) byDay[s.day]!.push(s.id);
  const teams = league.teamIds.length;
  const slotFor = (t: number, j: number) => {
    const id = byDay[j]?.[t];
    if (!id) throw new Error(`week 1 has no slot ${t} on day ${j}: is this the 10x league?`);
    return id;
  };
  const sides = bases.map((base) => ({ base, held: new Array<number>(teams).fill(0), health: [] as Answer[], sequential: [] as Answer[], concurrent: [] as Answer[] }));
  const book = async (side: (typeof sides)[number], t: number) => {
    const j = side.held[t]!;
    const coach = league.coachesByTeam[t]![j % league.coachesByTeam[t]!.length]!;
    const answer = await request(agent, side.base, 'POST', '/api/bookings', { cookie: coach.cookie, body: { slotId: slotFor(t, j) } });
    if (answer.status === 201) side.held[t] = j + 1;
    return answer;
  };

  for (let i = 0; i < sequentialHealthCount; i++) for (const side of sides) side.health.push(await request(agent, side.base, 'GET', '/api/health'));

  const order: number[] = [];
  for (let j = 0; j < 3; j++) for (let t = 0; t < teams; t++) if (j < SEQUENTIAL_PER_TEAM(t)) order.push(t);
  for (const t of order) for (const side of sides) side.sequential.push(await book(side, t));

  for (let r = 0; r < CONCURRENT_ROUNDS; r++) {
    for (const side of sides) side.concurrent.push(...(await Promise.all(league.teamIds.map((_, t) => book(side, t)))));
  }
  return sides.map((side) => ({
    healthSequential: latencyOf(side.health),
    sequential: latencyOf(side.sequential),
    concurrent: { ...latencyOf(side.concurrent), rounds: CONCURRENT_ROUNDS, concurrency: teams },
    heldPerTeam: side.held,
  }));
}
