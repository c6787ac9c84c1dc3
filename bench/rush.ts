/**
 * The opening rush (issue 11, item 4), on the 10x league after bookings.ts:
 * 1. 500 pages hold `GET /api/events` open (bench/streams.ts, its own process);
 * 2. the admin sets the season's rules through the API: the window opens a few seconds from now, one practice a
 *    day, two a week, at most 7 upcoming (teams 1-50 already hold 6, teams 51-100 hold 4: each limit bites);
 * 3. at the opening, the 1,000 coaches press Book within one second, at seeded random moments. Each team has a
 *    handful of favourite slots among the week's popular ones (weekday 5 pm on eight fields): 70% of its
 *    coaches aim at one of them, the others at any slot of week 2;
 * 4. the answers are counted by status and refusal, and each successful booking is timed from its 201 until
 *    each open stream saw an event naming its slot.
 * The rules themselves are checked in the database after the server stops (checks.ts).
 */
import { fork, type ChildProcess } from 'node:child_process';
import type http from 'node:http';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { seededRandom } from '../src/server/test/http-session';
import type { BookingRules } from '../src/shared/bookings/booking-rules';
import { latencyOf, type LatencyFigure } from './bookings';
import { nowMs, percentile, request, type Answer } from './http';
import { ROOMY_RULES, type League } from './league';
import { sampleMemorySplit, sampleRss, type MemorySplit } from './processes';
import type { StreamsReply, StreamsRequest } from './streams';

export interface RushOptions {
  streams: number;
  /** How far ahead of now the window opens once the streams are open. */
  leadMs: number;
  /** Presses spread over this long from the opening. */
  spreadMs: number;
  /** Share of a team's coaches that aim at the team's favourite slots. */
  favouriteShare: number;
  seed: number;
  /** Give up waiting for stream events this long after the last answer. */
  deliveryTimeoutMs: number;
}

export const DEFAULT_RUSH: RushOptions = { streams: 500, leadMs: Number(process.env.BENCH_RUSH_LEAD_MS ?? 3_000), spreadMs: 1_000, favouriteShare: 0.7, seed: 20_270_301, deliveryTimeoutMs: 15_000 };

export const rushRules = (windowOpensAt: Date): BookingRules => ({
  ...ROOMY_RULES,
  windowOpensAt: windowOpensAt.toISOString(),
  maxPerDay: 1,
  maxPerWeek: 2,
  maxUpcoming: 7,
});

export interface RushResult {
  presses: number;
  coaches: number;
  teams: number;
  distinctSlotsAimedAt: number;
  /** First and last press, in ms after the opening (as sent). */
  sendSpreadMs: { first: number; last: number };
  answers: LatencyFigure;
  booked: number;
  streams: { asked: number; open: number; failed: number; firstErrors: string[]; endedEarly: number; /** Events naming no slot ("reload your weeks"; saving the rules sends one). */ allSlotsEvents: number };
  /** From each 201 to each stream seeing its slot, over every (booking, stream) pair. */
  delivery: { pairs: number; missing: number; p50: number; p99: number; max: number; within1s: number };
  /**
   * How late the bench's own event loops ran during the rush (ms): the orchestrator's (it sends the presses and
   * times the answers) and the stream readers'. On a busy machine a late reader adds to the delivery times.
   */
  clientLoopDelayMs: { orchestrator: { p99: number; max: number }; streamReaders: { p99: number; max: number } };
  peakRssBytes: number | null;
  /** The same run's memory in two parts (PGlite's WebAssembly memory, and the rest of the server), sampled together. */
  memory: MemorySplit;
  windowOpensAt: string;
  /** The rush's slots, for the rules check: week 2 of the league. */
  week: { from: string; to: string };
  rules: BookingRules;
}

function talk(child: ChildProcess) {
  const waiting: Array<(reply: StreamsReply) => void> = [];
  child.on('message', (reply: StreamsReply) => waiting.shift()?.(reply));
  return (message: StreamsRequest) =>
    new Promise<StreamsReply>((resolve, reject) => {
      waiting.push(resolve);
      child.send(message, (err) => err && reject(err));
    });
}

export async function runRush(agent: http.Agent, base: string, serverPid: number, league: League, o: RushOptions = DEFAULT_RUSH): Promise<RushResult> {
  const random = seededRandom(o.seed);
  const week = league.week2.slots;
  // The popular ones: weekday 5 pm (the first slot of the day) on the first eight fields.
  const popularFields = new Set(league.fieldIds.slice(0, 8));
  const firstOfDay = new Map<number, number>();
  for (const s of week) if (!firstOfDay.has(s.day) || s.startsAt.getTime() < firstOfDay.get(s.day)!) firstOfDay.set(s.day, s.startsAt.getTime());
  const popular = week.filter((s) => s.day < 5 && popularFields.has(s.fieldId) && s.startsAt.getTime() === firstOfDay.get(s.day));
  const pick = <T>(list: T[]): T => list[Math.floor(random() * list.length)]!;
  const presses = league.coachesByTeam.flatMap((coaches) => {
    const favourites = Array.from({ length: 3 }, () => pick(popular));
    return coaches.map((coach) => ({
      coach,
      slotId: (random() < o.favouriteShare ? pick(favourites) : pick(week)).id,
      offset: random() * o.spreadMs,
    }));
  });

  const rss = sampleRss(serverPid, 50);
  // The embedded database's memory as the server reports it to an admin (/api/diag), beside its RSS.
  const split = sampleMemorySplit(serverPid, async () => {
    const answer = await request(agent, base, 'GET', '/api/diag', { cookie: league.admin.cookie });
    if (answer.status !== 200) return null;
    return (JSON.parse(answer.body) as { admin?: { server: { memory: { embeddedDatabase: number | null } } } }).admin?.server.memory.embeddedDatabase ?? null;
  });
  const child = fork(path.join(import.meta.dirname, 'streams.ts'), [], { execArgv: ['--import', 'tsx'], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  const childGone = new Promise((resolve) => child.once('exit', resolve));
  const ask = talk(child);
  try {
    const opened = await ask({ type: 'open', base, count: o.streams });
    if (opened.type !== 'opened') throw new Error('the streams process answered out of turn');

    const opensAt = new Date(Math.ceil((nowMs() + o.leadMs) / 1000) * 1000);
    const rules = rushRules(opensAt);
    const saved = await request(agent, base, 'PUT', `/api/seasons/${league.seasonId}/booking-rules`, { cookie: league.admin.cookie, body: rules });
    if (saved.status !== 200) throw new Error(`the admin could not set the rush rules: ${saved.status} ${saved.body}`);
    // The rules are in force: a press before the opening is refused (checked only while there is time for it).
    if (nowMs() < opensAt.getTime() - 1_000) {
      const early = await request(agent, base, 'POST', '/api/bookings', { cookie: league.coaches[0]!.cookie, body: { slotId: week[0]!.id } });
      if (early.status !== 422) throw new Error(`a booking before the window opened answered ${early.status} ${early.body}, not 422`);
    }
    if (nowMs() > opensAt.getTime()) throw new Error(`the window opened before the presses were ready: raise BENCH_RUSH_LEAD_MS (now ${o.leadMs})`);

    const loopDelay = monitorEventLoopDelay({ resolution: 10 });
    loopDelay.enable();
    // A few milliseconds after the opening on our clock: the server shares it, and refuses anything earlier.
    const opening = opensAt.getTime() + 5;
    const answers = await Promise.all(
      presses.map(
        (p) =>
          new Promise<Answer>((resolve) => {
            // A browser waits for its answer however long it takes; a minute is the bench's patience.
            const press = () => resolve(request(agent, base, 'POST', '/api/bookings', { cookie: p.coach.cookie, body: { slotId: p.slotId }, timeoutMs: 60_000 }));
            setTimeout(press, opening + p.offset - nowMs());
          }),
      ),
    );
    loopDelay.disable();
    const lastAnswer = answers.reduce((m, a) => Math.max(m, a.doneAt), 0);
    const booked = answers.flatMap((a, i) => (a.status === 201 ? [{ id: presses[i]!.slotId, after: a.doneAt }] : []));
    const seen = await ask({ type: 'collect', slots: booked, deadline: lastAnswer + o.deliveryTimeoutMs });
    if (seen.type !== 'seen') throw new Error('the streams process answered out of turn');
    const delays: number[] = [];
    let missing = 0;
    for (const row of seen.times) {
      row.forEach((t, k) => {
        if (t === null) missing++;
        else delays.push(Math.max(0, t - booked[k]!.after));
      });
    }
    const sends = answers.map((a) => a.sentAt - opensAt.getTime());
    return {
      presses: presses.length,
      coaches: league.coaches.length,
      teams: league.teamIds.length,
      distinctSlotsAimedAt: new Set(presses.map((p) => p.slotId)).size,
      sendSpreadMs: { first: Math.min(...sends), last: Math.max(...sends) },
      answers: latencyOf(answers),
      booked: booked.length,
      streams: { asked: o.streams, open: opened.open, failed: opened.failed, firstErrors: opened.firstErrors, endedEarly: seen.ended, allSlotsEvents: seen.empties },
      delivery: {
        pairs: booked.length * opened.open,
        missing,
        p50: percentile(delays, 50),
        p99: percentile(delays, 99),
        max: delays.length ? delays.reduce((m, d) => Math.max(m, d), 0) : NaN,
        within1s: delays.filter((d) => d <= 1000).length,
      },
      clientLoopDelayMs: { orchestrator: { p99: loopDelay.percentile(99) / 1e6, max: loopDelay.max / 1e6 }, streamReaders: seen.loopDelayMs },
      peakRssBytes: rss.peak(),
      memory: await split.stop(),
      windowOpensAt: opensAt.toISOString(),
      week: { from: league.week2.from, to: league.week2.to },
      rules,
    };
  } finally {
    rss.stop();
    await split.stop();
    if (child.connected) await ask({ type: 'close' }).catch(() => undefined);
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    await childGone;
  }
}
