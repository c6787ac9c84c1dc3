/**
 * What a bench run found: the result types, the closing table (one column per database) with each figure's
 * ratio to GET /api/health of the same server run and the issue's target beside it, and the JSON files.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { BookingFigures } from './bookings';
import type { RulesCheck } from './checks';
import type { DatabaseKind } from './database';
import type { LeagueName } from './league';
import type { LoadFigure } from './load';
import type { FeedFigures } from './feeds';
import type { ApplyFigure, ComputeFigure, OpeningCheck, PreferenceRush } from './opening';
import type { RestartFigure } from './restart';
import type { RushResult } from './rush';

export interface ReadFigures {
  plain: LoadFigure;
  health: LoadFigure;
  weekAll: LoadFigure;
  weekField: LoadFigure;
  byId: LoadFigure;
  context: LoadFigure;
  html: LoadFigure;
}

export interface LeagueRun {
  league: LeagueName;
  fields: number;
  teams: number;
  coaches: number;
  slotsInWeek: number;
  slotsInFieldWeek: number;
  seedMs: number;
  serverStartMs: number;
  reads: ReadFigures;
  bookings?: BookingFigures;
  rush?: RushResult;
  rules?: RulesCheck;
  /** The floor's figures beside these (10x league; issue 27): same load, same run, a copy of the same league. */
  floor?: FloorRun;
  peakRssBytes: number | null;
  serverExitCode: number | null;
  /** Lines the server wrote to stderr or logged at warn and above. */
  serverProblems: string[];
}

export interface DatabaseRun {
  db: DatabaseKind;
  startedAt: string;
  finishedAt: string;
  machine: { cpus: number; node: string; platform: string };
  settings: { secondsPerFigure: number; warmupSeconds: number; connections: number; serverEnv: Record<string, string>; notes: string[] };
  leagues: LeagueRun[];
  opening?: OpeningRun;
  feeds?: FeedRun;
  /** Restart to ready (issue 27): restart.ts. */
  restart?: RestartFigure;
}

/** The opening round (issue 26) on its own league: opening.ts. */
export interface OpeningRun {
  teams: number;
  coaches: number;
  fields: number;
  /** Slots the draw's round covers (all free at the draw). */
  coveredSlots: number;
  seedMs: number;
  serverStartMs: number;
  apply: ApplyFigure;
  compute: ComputeFigure;
  /** The draw's emails, waited for before the rush. */
  mail: { expected: number; written: number; waitedMs: number };
  rush: PreferenceRush;
  /** The booking rush's p99 of the same run (10x league), or null when it did not run. */
  bookingRushP99Ms: number | null;
  check: OpeningCheck;
  peakRssBytes: number | null;
  serverExitCode: number | null;
  serverProblems: string[];
}

export type FeedRun = FeedFigures & { serverProblems: string[] };

/** The floor server (bench/floor) under the 10x league's booking load: bookings.ts, rush.ts, checks.ts. */
export interface FloorRun {
  serverStartMs: number;
  bookings: BookingFigures;
  rush: RushResult;
  rules: RulesCheck;
  peakRssBytes: number | null;
  serverExitCode: number | null;
  serverProblems: string[];
}

export const RESULTS_DIR = path.join(import.meta.dirname, 'results');

export function writeResults(run: DatabaseRun): string {
  fs.mkdirSync(RESULTS_DIR, { recursive: true });
  const file = path.join(RESULTS_DIR, `latest-${run.db}.json`);
  fs.writeFileSync(file, `${JSON.stringify(run, null, 2)}\n`);
  return file;
}

const int = (n: number) => (Number.isFinite(n) ? Math.round(n).toLocaleString('en-US') : '-');
const ms = (n: number) => (Number.isFinite(n) ? (n < 10 ? n.toFixed(1) : Math.round(n).toLocaleString('en-US')) : '-');
const ratio = (n: number) => (Number.isFinite(n) ? (n >= 1 ? n.toFixed(2) : n >= 0.01 ? n.toFixed(3) : n.toFixed(4)) : '-');
const mb = (bytes: number | null) => (bytes === null ? '-' : `${Math.round(bytes / 1024 / 1024)} MB`);
const mark = (ok: boolean | null) => (ok === null ? '' : ok ? ' ✓' : ' ✗');
/** Server errors and lost connections among answers by status. */
const fivesOf = (statuses: Record<string, number>) => Object.entries(statuses).filter(([c]) => c.startsWith('5') || c === '0').reduce((n, [, k]) => n + k, 0);

/** A throughput figure as a table cell: req/s, its ratio to health, p50/p99. */
export function loadCell(f: LoadFigure, health: LoadFigure, atLeast?: number): string {
  const r = f.reqPerSec / health.reqPerSec;
  const bad = Object.entries(f.statuses).filter(([code]) => !code.startsWith('2') && code !== '304');
  const errors = f.errors + f.timeouts;
  return `${int(f.reqPerSec)}/s ×${ratio(r)} p50 ${f.p50} p99 ${f.p99}${bad.length ? ` [${bad.map(([c, n]) => `${c}:${n}`).join(' ')}]` : ''}${errors ? ` [${errors} errors]` : ''}${mark(atLeast === undefined ? null : r >= atLeast)}`;
}

interface Row {
  label: string;
  target: string;
  cell: (run: DatabaseRun) => string;
}

const leagueOf = (run: DatabaseRun, name: LeagueName) => run.leagues.find((l) => l.league === name);

function readRows(name: LeagueName, weekTarget: number): Row[] {
  const on = (run: DatabaseRun, f: (l: LeagueRun) => string) => {
    const l = leagueOf(run, name);
    return l?.reads.health ? f(l) : '-';
  };
  return [
    { label: `plain Fastify route (own process)`, target: '', cell: (run) => on(run, (l) => `${int(l.reads.plain.reqPerSec)}/s p50 ${l.reads.plain.p50} p99 ${l.reads.plain.p99}`) },
    {
      label: `GET /api/health (×plain)`,
      target: '>= 0.2 of plain',
      cell: (run) =>
        on(run, (l) => {
          const r = l.reads.health.reqPerSec / l.reads.plain.reqPerSec;
          return `${int(l.reads.health.reqPerSec)}/s ×${ratio(r)} p50 ${l.reads.health.p50} p99 ${l.reads.health.p99}${mark(r >= 0.2)}`;
        }),
    },
    { label: `GET /api/slots week, all fields`, target: `>= ${weekTarget}`, cell: (run) => on(run, (l) => `(${l.slotsInWeek}) ${loadCell(l.reads.weekAll, l.reads.health, weekTarget)}`) },
    { label: `GET /api/slots week, one field`, target: '', cell: (run) => on(run, (l) => `(${l.slotsInFieldWeek}) ${loadCell(l.reads.weekField, l.reads.health)}`) },
    { label: `GET /api/slots/by-id (one slot)`, target: '', cell: (run) => on(run, (l) => loadCell(l.reads.byId, l.reads.health)) },
    { label: `GET /api/bookings/context as a coach`, target: '>= 0.25', cell: (run) => on(run, (l) => loadCell(l.reads.context, l.reads.health, 0.25)) },
    { label: `GET / (the app's HTML)`, target: '>= 0.8', cell: (run) => on(run, (l) => `${loadCell(l.reads.html, l.reads.health, 0.8)} ${int(l.reads.html.bytesPerResponse)} B`) },
    { label: 'server peak RSS (whole server run)', target: '', cell: (run) => on(run, (l) => mb(l.peakRssBytes)) },
  ];
}

function bookingRows(): Row[] {
  const on = (run: DatabaseRun, f: (l: LeagueRun & Required<Pick<LeagueRun, 'bookings'>>) => string) => {
    const l = leagueOf(run, '10x');
    return l?.bookings ? f(l as LeagueRun & Required<Pick<LeagueRun, 'bookings'>>) : '-';
  };
  const rush = (run: DatabaseRun, f: (r: RushResult, l: LeagueRun) => string) => {
    const l = leagueOf(run, '10x');
    return l?.rush ? f(l.rush, l) : '-';
  };
  return [
    {
      label: 'GET /api/health one after another',
      target: '(the round trip)',
      cell: (run) => on(run, (l) => `p50 ${ms(l.bookings.healthSequential.p50)} p99 ${ms(l.bookings.healthSequential.p99)} ms`),
    },
    {
      label: 'POST /api/bookings one after another',
      target: 'against the floor: below',
      cell: (run) =>
        on(run, (l) => {
          const b = l.bookings.sequential;
          const ok = b.statuses['201'] === b.count;
          return `${b.count}: p50 ${ms(b.p50)} p99 ${ms(b.p99)} ms ×${ratio(b.p50 / l.bookings.healthSequential.p50)} RTT${ok ? '' : ` ${JSON.stringify(b.statuses)}`}`;
        }),
    },
    {
      label: '100 concurrent coaches, different slots',
      target: 'against the floor: below',
      cell: (run) =>
        on(run, (l) => {
          const b = l.bookings.concurrent;
          const ok = b.statuses['201'] === b.count;
          return `${b.rounds}×${b.concurrency}: p50 ${ms(b.p50)} p99 ${ms(b.p99)} ms${ok ? '' : ` ${JSON.stringify(b.statuses)}`}`;
        }),
    },
    {
      label: 'rush: presses',
      target: 'within 1 s of the opening',
      cell: (run) =>
        rush(run, (r) => `${r.presses} by ${r.coaches} coaches of ${r.teams} teams on ${r.distinctSlotsAimedAt} slots, sent ${Math.round(r.sendSpreadMs.first)}-${Math.round(r.sendSpreadMs.last)} ms after`),
    },
    {
      label: 'rush: answers by status',
      target: 'zero 5xx',
      cell: (run) =>
        rush(run, (r) => {
          return `${Object.entries(r.answers.statuses).map(([c, n]) => `${c}: ${n}`).join(', ')}${mark(fivesOf(r.answers.statuses) === 0)}`;
        }),
    },
    { label: 'rush: refusals', target: '', cell: (run) => rush(run, (r) => Object.entries(r.answers.refusals).map(([c, n]) => `${c} ${n}`).join(', ')) },
    {
      label: 'rush: latency',
      target: 'against the floor: below',
      cell: (run) => rush(run, (r) => `p50 ${ms(r.answers.p50)} p99 ${ms(r.answers.p99)} max ${ms(r.answers.max)} ms`),
    },
    {
      label: 'rush: broken rules (database)',
      target: 'zero',
      cell: (run) =>
        rush(run, (_r, l) =>
          l.rules
            ? `${l.rules.broken} (double ${l.rules.doubleBookedSlots}, day ${l.rules.teamsOverDailyLimit}, week ${l.rules.teamsOverWeeklyLimit}, upcoming ${l.rules.teamsOverUpcomingLimit})${mark(l.rules.broken === 0)}`
            : 'not checked',
        ),
    },
    {
      label: 'rush: live delivery, 201 → each stream',
      target: 'every page within 1 s',
      cell: (run) =>
        rush(
          run,
          (r) =>
            `${r.booked} × ${r.streams.open}: p99 ${ms(r.delivery.p99)} max ${ms(r.delivery.max)} ms, missing ${r.delivery.missing}${mark(r.delivery.missing === 0 && r.delivery.max <= 1000 && r.streams.open === r.streams.asked)}`,
        ),
    },
    {
      label: 'rush: bench event-loop lag (max)',
      target: '(client side, not the server)',
      cell: (run) => rush(run, (r) => `orchestrator ${ms(r.clientLoopDelayMs.orchestrator.max)} ms, stream readers ${ms(r.clientLoopDelayMs.streamReaders.max)} ms`),
    },
    { label: 'rush: server peak RSS', target: '< 400 MB PGlite', cell: (run) => rush(run, (r) => `${mb(r.peakRssBytes)}${run.db === 'pglite' ? mark(r.peakRssBytes !== null && r.peakRssBytes < 400 * 1024 * 1024) : ''}`) },
    {
      label: 'rush: server memory apart',
      target: 'the rest ≤ 150 MB PGlite',
      cell: (run) =>
        rush(run, (r) =>
          r.memory.restPeakBytes === null
            ? 'not sampled'
            : `${r.memory.embeddedPeakBytes === null ? '' : `PGlite ${mb(r.memory.embeddedPeakBytes)}, `}the rest ≤ ${mb(r.memory.restPeakBytes)}${run.db === 'pglite' ? mark(r.memory.restPeakBytes <= 150 * 1024 * 1024) : ''} (${r.memory.samples} samples)`,
        ),
    },
  ];
}

/**
 * Ours against the floor (issue 27): each figure of the app beside the floor's of the same run, the ratio
 * (ours / the floor's) and the issue's target for it.
 */
function floorRows(): Row[] {
  type Both = { l: LeagueRun & Required<Pick<LeagueRun, 'bookings' | 'rush'>>; f: FloorRun };
  const on = (run: DatabaseRun, f: (b: Both) => string) => {
    const l = leagueOf(run, '10x');
    return l?.bookings && l.rush && l.floor ? f({ l: l as Both['l'], f: l.floor }) : '-';
  };
  const vs = (ours: number, floor: number, atMost: number) => `${ms(ours)} / ${ms(floor)} ms = ×${ratio(ours / floor)}${mark(ours / floor <= atMost)}`;
  const statuses = (s: Record<string, number>) => Object.entries(s).map(([c, n]) => `${c}: ${n}`).join(', ');
  return [
    {
      label: 'floor: GET /api/health one after another',
      target: '(its round trip)',
      cell: (run) => on(run, ({ f }) => `p50 ${ms(f.bookings.healthSequential.p50)} p99 ${ms(f.bookings.healthSequential.p99)} ms`),
    },
    {
      label: 'floor: bookings one after another',
      target: '',
      cell: (run) => on(run, ({ f }) => `${f.bookings.sequential.count}: p50 ${ms(f.bookings.sequential.p50)} p99 ${ms(f.bookings.sequential.p99)} ms (${statuses(f.bookings.sequential.statuses)})`),
    },
    { label: 'one after another, median: ours / floor', target: '<= 1.5×', cell: (run) => on(run, ({ l, f }) => vs(l.bookings.sequential.p50, f.bookings.sequential.p50, 1.5)) },
    { label: 'one after another, p99: ours / floor', target: '<= 2×', cell: (run) => on(run, ({ l, f }) => vs(l.bookings.sequential.p99, f.bookings.sequential.p99, 2)) },
    {
      label: 'floor: 100 at once, different slots',
      target: '',
      cell: (run) => on(run, ({ f }) => `${f.bookings.concurrent.rounds}×${f.bookings.concurrent.concurrency}: p50 ${ms(f.bookings.concurrent.p50)} p99 ${ms(f.bookings.concurrent.p99)} ms (${statuses(f.bookings.concurrent.statuses)})`),
    },
    { label: '100 at once, p99: ours / floor', target: '<= 2×', cell: (run) => on(run, ({ l, f }) => vs(l.bookings.concurrent.p99, f.bookings.concurrent.p99, 2)) },
    {
      label: 'floor: rush answers',
      target: '',
      cell: (run) =>
        on(run, ({ f }) => `${statuses(f.rush.answers.statuses)} (${Object.entries(f.rush.answers.refusals).map(([c, n]) => `${c} ${n}`).join(', ')}), p50 ${ms(f.rush.answers.p50)} p99 ${ms(f.rush.answers.p99)} ms`),
    },
    { label: 'rush p99: ours / floor', target: '<= 2×', cell: (run) => on(run, ({ l, f }) => vs(l.rush.answers.p99, f.rush.answers.p99, 2)) },
    {
      label: 'rush 5xx: ours / floor',
      target: 'zero',
      cell: (run) => on(run, ({ l, f }) => `${fivesOf(l.rush.answers.statuses)} / ${fivesOf(f.rush.answers.statuses)}${mark(fivesOf(l.rush.answers.statuses) === 0)}`),
    },
    {
      label: 'rush broken rules: ours / floor',
      target: 'zero',
      cell: (run) => on(run, ({ l, f }) => `${l.rules ? l.rules.broken : 'not checked'} / ${f.rules.broken}${mark(l.rules ? l.rules.broken === 0 : null)}`),
    },
    {
      label: 'floor: rush live delivery, 201 → each stream',
      target: '',
      cell: (run) => on(run, ({ f }) => `${f.rush.booked} × ${f.rush.streams.open}: p99 ${ms(f.rush.delivery.p99)} max ${ms(f.rush.delivery.max)} ms, missing ${f.rush.delivery.missing}`),
    },
    { label: 'floor: peak RSS (its whole run)', target: '', cell: (run) => on(run, ({ f }) => mb(f.peakRssBytes)) },
    {
      label: 'rush memory, the rest: ours / floor',
      target: '(PGlite apart)',
      cell: (run) =>
        on(run, ({ l, f }) =>
          l.rush.memory.restPeakBytes === null || f.rush.memory.restPeakBytes === null
            ? 'not sampled'
            : `${mb(l.rush.memory.restPeakBytes)} / ${mb(f.rush.memory.restPeakBytes)} = ×${(l.rush.memory.restPeakBytes / f.rush.memory.restPeakBytes).toFixed(2)}${f.rush.memory.embeddedPeakBytes === null ? '' : ` (the floor's PGlite ${mb(f.rush.memory.embeddedPeakBytes)})`}`,
        ),
    },
  ];
}

function openingRows(): Row[] {
  const on = (run: DatabaseRun, f: (o: OpeningRun) => string) => (run.opening ? f(run.opening) : '-');
  // The booking rush of the same run, read from its league (the JSON keeps it beside the opening's figures too).
  const bookingP99 = (run: DatabaseRun) => leagueOf(run, '10x')?.rush?.answers.p99 ?? run.opening?.bookingRushP99Ms ?? null;
  return [
    {
      label: 'compute: draw() in the bench process',
      target: '< 200 ms',
      cell: (run) =>
        on(run, ({ compute: c }) => `${c.runs} runs: median ${ms(c.medianMs)} max ${ms(c.maxMs)} ms (first ${ms(c.firstMs)})${c.sameAsServer ? '' : ' DIFFERS from the server'}${mark(c.maxMs < 200 && c.sameAsServer)}`),
    },
    {
      label: 'apply: POST /api/openings/:id/draw',
      target: '< 2 s (one transaction)',
      cell: (run) =>
        on(run, ({ apply: a }) => `${ms(a.ms)} ms: ${a.teams} teams × ${a.preferences / Math.max(1, a.teams)} over ${a.slots} slots → ${a.picks} booked, ${a.missed} missed, ${a.leftover} left${mark(a.ms < 2000 && a.status === 200)}`),
    },
    {
      label: 'apply: checked in the database',
      target: 'every pick booked, no slot twice',
      cell: (run) =>
        on(
          run,
          ({ check: c, apply: a }) =>
            `${c.picksBooked}/${c.picks} booked, ${c.otherBookings} other, ${c.rules.doubleBookedSlots} twice, ${c.rules.broken - c.rules.doubleBookedSlots} over a limit, audit ${c.auditBookings}+${c.auditDraws}, again ${a.againStatus}${mark(c.applyProblems === 0 && a.againStatus === 409)}`,
        ),
    },
    {
      label: 'preference rush: saves',
      target: 'within 1 s of the opening',
      cell: (run) =>
        on(run, ({ rush: r }) => `${r.presses} × ${r.slotsPerList} slots by ${r.coaches} coaches of ${r.teams} teams, sent ${Math.round(r.sendSpreadMs.first)}-${Math.round(r.sendSpreadMs.last)} ms after`),
    },
    {
      label: 'preference rush: answers by status',
      target: 'zero 5xx',
      cell: (run) =>
        on(run, ({ rush: r, check: c }) => {
          const fives = Object.entries(r.answers.statuses).filter(([code]) => code.startsWith('5') || code === '0').reduce((n, [, k]) => n + k, 0);
          const refused = Object.entries(r.answers.refusals).map(([code, n]) => `${code} ${n}`).join(', ');
          const stored = `${int(c.rushRows)} rows of ${int(c.rushTeams)} teams stored, ${int(r.savedTeams)} answered 200${c.rushProblems ? ' ✗' : ''}`;
          return `${Object.entries(r.answers.statuses).map(([code, n]) => `${code}: ${n}`).join(', ')}${refused ? ` (${refused})` : ''}${mark(fives === 0)}; ${stored}`;
        }),
    },
    {
      label: "preference rush: latency (×booking rush's p99)",
      target: "p99 < the booking rush's p99",
      cell: (run) =>
        on(run, ({ rush: r }) => {
          const p99 = bookingP99(run);
          const vs = p99 === null ? 'no booking rush in this run' : `×${ratio(r.answers.p99 / p99)} of ${ms(p99)} ms${mark(r.answers.p99 < p99)}`;
          return `p50 ${ms(r.answers.p50)} p99 ${ms(r.answers.p99)} max ${ms(r.answers.max)} ms, ${vs}`;
        }),
    },
    {
      label: 'preference saves one after another',
      target: "(one save's cost; a rehearsal round before the rush)",
      cell: (run) =>
        on(run, ({ rush: r }) => {
          const ok = r.sequential.statuses['200'] === r.sequential.count;
          return `${r.sequential.count}: p50 ${ms(r.sequential.p50)} p99 ${ms(r.sequential.p99)} ms${ok ? '' : ` ${JSON.stringify(r.sequential.statuses)}`}`;
        }),
    },
    { label: 'opening: server peak RSS', target: '', cell: (run) => on(run, (o) => mb(o.peakRssBytes)) },
  ];
}

function feedRows(): Row[] {
  const on = (run: DatabaseRun, f: (feeds: FeedRun) => string) => (run.feeds ? f(run.feeds) : '-');
  const cell = (pick: (f: FeedRun) => LoadFigure) => (run: DatabaseRun) => on(run, (f) => loadCell(pick(f), f.health));
  return [
    {
      label: 'events (league / team / field feed)',
      target: '',
      cell: (run) => on(run, (f) => `${int(f.events.inLeagueFeed)} (${int(f.events.cancelled)} cancelled) / ${int(f.events.inTeamFeed)} / ${int(f.events.inFieldFeed)}, league ${int(f.bytes.league / 1024)} KB`),
    },
    { label: 'first league feed request', target: '', cell: (run) => on(run, (f) => `${ms(f.firstLeagueMs)} ms`) },
    { label: 'GET league.ics', target: '', cell: cell((f) => f.league) },
    { label: 'GET league.ics, If-None-Match (304)', target: '', cell: cell((f) => f.leagueNotModified) },
    { label: "GET a team's feed", target: '', cell: cell((f) => f.team) },
    { label: "GET a field's feed", target: '', cell: cell((f) => f.field) },
  ];
}

/** Issue 27's targets: 2 s on PGlite, 1.5 s on PostgreSQL. */
function restartRows(): Row[] {
  const on = (run: DatabaseRun, f: (r: RestartFigure) => string) => (run.restart ? f(run.restart) : '-');
  const s = (n: number) => (Number.isFinite(n) ? `${(n / 1000).toFixed(2)} s` : '-');
  return [
    {
      label: 'restart to ready: median (min-max)',
      target: '<= 2 s PGlite, <= 1.5 s PostgreSQL',
      cell: (run) => on(run, (r) => `${s(r.median)} (${s(r.min)}-${s(r.max)}) of ${r.ms.length - 1}${mark(r.median <= (run.db === 'pglite' ? 2000 : 1500))}`),
    },
    { label: 'first start on the seeded database', target: '', cell: (run) => on(run, (r) => s(r.ms[0] ?? NaN)) },
  ];
}

export function printTable(runs: DatabaseRun[]): void {
  if (runs.length === 0) return;
  const sections: Array<{ title: string; rows: Row[] }> = [];
  const describe = (name: LeagueName) => {
    const l = runs.map((r) => leagueOf(r, name)).find(Boolean);
    return l ? `${l.fields} fields, ${l.teams} teams, ${l.coaches} coaches with sessions, ${l.slotsInWeek} slots in the week` : '';
  };
  if (runs.some((r) => leagueOf(r, 'demo'))) sections.push({ title: `demo league (${describe('demo')})`, rows: readRows('demo', 0.25) });
  if (runs.some((r) => leagueOf(r, '10x'))) {
    sections.push({ title: `10x league (${describe('10x')})`, rows: readRows('10x', 0.1) });
    sections.push({ title: '10x league: booking and the opening rush', rows: bookingRows() });
    if (runs.some((r) => leagueOf(r, '10x')?.floor)) {
      sections.push({ title: 'targets (issue 27): ours against the floor (bench/floor) of the same run, same load, a copy of the same league', rows: floorRows() });
    }
  }
  if (runs.some((r) => r.opening)) {
    const o = runs.find((r) => r.opening)!.opening!;
    sections.push({ title: `opening round (issue 26): ${o.teams} teams with one coach each, ${o.fields} fields, ${o.coveredSlots} slots in the draw`, rows: openingRows() });
  }
  if (runs.some((r) => r.feeds)) sections.push({ title: 'calendar feeds of a full season (issue 12)', rows: feedRows() });
  if (runs.some((r) => r.restart)) sections.push({ title: 'restart to ready (issue 27): the compiled server on the demo league, spawn to /api/ready 200', rows: restartRows() });
  const head = ['figure', ...runs.map((r) => (r.db === 'pglite' ? 'PGlite' : 'PostgreSQL')), 'target'];
  const body = sections.flatMap((s) => [[`— ${s.title}`], ...s.rows.map((row) => [row.label, ...runs.map((r) => row.cell(r)), row.target])]);
  const widths = head.map((h, i) => Math.max(h.length, ...body.filter((b) => b.length > 1).map((b) => (b[i] ?? '').length)));
  const line = (cells: string[]) => cells.map((c, i) => c.padEnd(widths[i]!)).join(' | ');
  console.log(`\n${line(head)}\n${widths.map((w) => '-'.repeat(w)).join('-|-')}`);
  for (const b of body) console.log(b.length === 1 ? b[0] : line(b));
  console.log(
    '\n×N: requests per second as a share of GET /api/health on the same server in the same run (×plain for health itself);' +
      ' p50/p99 in ms at 20 connections (autocannon); ×N RTT: a median booking as a multiple of the median GET /api/health one after another.' +
      ' ✓/✗: the issue-11 target (issue 26 for the opening round; issue 27 for ours against the floor: ×N = ours / the floor\'s). Live delivery counts from each 201 (an event that came before its 201 counts as 0).',
  );
}
