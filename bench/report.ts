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
  feeds?: FeedRun;
}

export type FeedRun = FeedFigures & { serverProblems: string[] };

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
  const pg = (run: DatabaseRun) => run.db === 'postgres';
  return [
    {
      label: 'GET /api/health one after another',
      target: '(the round trip)',
      cell: (run) => on(run, (l) => `p50 ${ms(l.bookings.healthSequential.p50)} p99 ${ms(l.bookings.healthSequential.p99)} ms`),
    },
    {
      label: 'POST /api/bookings one after another',
      target: 'median <= 5 ms',
      cell: (run) =>
        on(run, (l) => {
          const b = l.bookings.sequential;
          const ok = b.statuses['201'] === b.count;
          return `${b.count}: p50 ${ms(b.p50)} p99 ${ms(b.p99)} ms ×${ratio(b.p50 / l.bookings.healthSequential.p50)} RTT${ok ? '' : ` ${JSON.stringify(b.statuses)}`}${mark(b.p50 <= 5)}`;
        }),
    },
    {
      label: '100 concurrent coaches, different slots',
      target: 'p99 <= 50 ms PG, 250 PGlite',
      cell: (run) =>
        on(run, (l) => {
          const b = l.bookings.concurrent;
          const ok = b.statuses['201'] === b.count;
          return `${b.rounds}×${b.concurrency}: p50 ${ms(b.p50)} p99 ${ms(b.p99)} ms${ok ? '' : ` ${JSON.stringify(b.statuses)}`}${mark(b.p99 <= (pg(run) ? 50 : 250))}`;
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
          const fives = Object.entries(r.answers.statuses).filter(([c]) => c.startsWith('5') || c === '0').reduce((n, [, k]) => n + k, 0);
          return `${Object.entries(r.answers.statuses).map(([c, n]) => `${c}: ${n}`).join(', ')}${mark(fives === 0)}`;
        }),
    },
    { label: 'rush: refusals', target: '', cell: (run) => rush(run, (r) => Object.entries(r.answers.refusals).map(([c, n]) => `${c} ${n}`).join(', ')) },
    {
      label: 'rush: latency',
      target: 'p99 <= 250 ms PG, 1 s PGlite',
      cell: (run) => rush(run, (r) => `p50 ${ms(r.answers.p50)} p99 ${ms(r.answers.p99)} max ${ms(r.answers.max)} ms${mark(r.answers.p99 <= (pg(run) ? 250 : 1000))}`),
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
  }
  if (runs.some((r) => r.feeds)) sections.push({ title: 'calendar feeds of a full season (issue 12)', rows: feedRows() });
  const head = ['figure', ...runs.map((r) => (r.db === 'pglite' ? 'PGlite' : 'PostgreSQL')), 'target'];
  const body = sections.flatMap((s) => [[`— ${s.title}`], ...s.rows.map((row) => [row.label, ...runs.map((r) => row.cell(r)), row.target])]);
  const widths = head.map((h, i) => Math.max(h.length, ...body.filter((b) => b.length > 1).map((b) => (b[i] ?? '').length)));
  const line = (cells: string[]) => cells.map((c, i) => c.padEnd(widths[i]!)).join(' | ');
  console.log(`\n${line(head)}\n${widths.map((w) => '-'.repeat(w)).join('-|-')}`);
  for (const b of body) console.log(b.length === 1 ? b[0] : line(b));
  console.log(
    '\n×N: requests per second as a share of GET /api/health on the same server in the same run (×plain for health itself);' +
      ' p50/p99 in ms at 20 connections (autocannon); ×N RTT: a median booking as a multiple of the median GET /api/health one after another.' +
      ' ✓/✗: the issue-11 target. Live delivery counts from each 201 (an event that came before its 201 counts as 0).',
  );
}
