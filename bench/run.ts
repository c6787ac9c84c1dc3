/**
 * `npm run bench`: the app server measured from outside (issue 11). Figures, not pass/fail; each is printed beside
 * a baseline measured in the same run, because absolute numbers drift on a shared machine.
 *
 * Four kinds of process: the app server (compiled, NODE_ENV=production, as `npm run serve` starts it, serving the
 * built web app; the bench compiles its own copy first, processes.ts), a plain Fastify route (bench/plain-server.ts),
 * the floor (bench/floor/server.ts), and this orchestrator, which seeds the leagues, runs the load generator (autocannon,
 * 20 connections) and the booking clients, and reads the results. The rush's 500 live-update readers get a process of their own (streams.ts).
 *
 * Per database (PGlite in a temp DATA_DIR; PostgreSQL when BENCH_DATABASE_URL or TEST_DATABASE_URL is set, in a
 * fresh database dropped afterwards), two server runs on freshly seeded leagues:
 * - demo: the plain route, health, the week view (all fields, one field), slots by id, the booking context as a
 *   coach and the app's HTML;
 * - 10x: the same reads, then bookings one after another and 100 at once, then the opening rush; the server is
 *   stopped and the database checked for broken rules.
 *
 * The floor (issue 27, bench/floor): before the 10x league's app server starts, the league as seeded is copied
 * (PostgreSQL: a database made from it as a template on the same server; PGlite: its data directory, which the app
 * server will hold) and the floor server starts on the copy, in a process of its own, beside the app's. The
 * bookings one after another and 100 at once go to the app and to the floor in turn, from the same client code
 * (bookings.ts); the app's rush runs, its server stops, then the floor's rush runs the same way, and each database
 * is checked for broken rules. The two sides start from the same rows, never count each other's bookings against
 * a limit, and a busy moment of the shared machine falls on both alike. The table prints each of our booking
 * figures beside the floor's, with the ratio and the issue's target. BENCH_FLOOR=0 leaves the floor out.
 *
 * Then, on leagues of their own: the opening round (opening.ts: the draw's compute and apply for 200 teams x 10
 * preferences over 1,000 slots, and 1,000 coaches saving their lists within one second, beside the booking rush's p99
 * of the same run), the calendar feeds of a full season (feeds.ts), and restart to ready (restart.ts).
 *
 * Settings: BENCH_SECONDS (5) per figure after BENCH_WARMUP_SECONDS (1) of warm-up; BENCH_DB=pglite|postgres
 * to run one database only; BENCH_LEAGUES (demo,10x,opening,feed) to run some only; BENCH_READS=0 skips the read figures; BENCH_FLOOR=0 skips the floor; BENCH_RESTARTS (5) restarts for
 * "restart to ready" (restart.ts: the demo league's server, spawn to the first 200 of /api/ready; 0 skips it); BENCH_STREAMS (500); BENCH_CPU_PROF=<dir> writes a CPU profile of each server run
 * (node --cpu-prof); BENCH_SERVER_NODE_ARGS adds node flags to the app server's command line. Results: the table at the end, and bench/results/latest-<db>.json.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import type http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { freePort } from '../src/server/test/free-port';
import { measureBookingsSideBySide, type BookingFigures } from './bookings';
import { checkRules } from './checks';
import { createBenchDatabase, type BenchDatabase, type DatabaseKind } from './database';
import { keepAliveAgent, request } from './http';
import { seed10xLeague, seedDemoLeague, type League, type LeagueName } from './league';
import { measureLoad, type CannonRequest, type LoadFigure } from './load';
import { APP_SERVER, buildAppServer, ROOT, sampleRss, startNodeProcess, type BenchProcess } from './processes';
import { measureRestarts, type RestartFigure } from './restart';
import { checkOpening, measureApply, measureCompute, OPENING, runPreferenceRush, seedOpeningLeague, waitForOutbox, type OpeningLeague } from './opening';
import { printTable, writeResults, type DatabaseRun, type FeedRun, type FloorRun, type LeagueRun, type OpeningRun, type ReadFigures } from './report';
import { DEFAULT_RUSH, runRush, type RushResult } from './rush';
import { FEED_BOOKINGS, measureFeeds, seedFeedBookings } from './feeds';
import { BENCH_AUTH_SECRET } from './sessions';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const WARMUP_SECONDS = Number(process.env.BENCH_WARMUP_SECONDS ?? 1);
const CONNECTIONS = 20;
const STREAMS = Number(process.env.BENCH_STREAMS ?? DEFAULT_RUSH.streams);
const LEAGUE_NAMES = (process.env.BENCH_LEAGUES ?? 'demo,10x,opening,feed').split(',');
const LEAGUES = (['demo', '10x'] as const).filter((l) => LEAGUE_NAMES.includes(l));
/** Extra node flags for the app server (BENCH_SERVER_NODE_ARGS, space-separated), to try a runtime setting side by side. */
const SERVER_NODE_ARGS = (process.env.BENCH_SERVER_NODE_ARGS ?? '').split(' ').filter(Boolean);
const OPENING_ROUND = LEAGUE_NAMES.includes('opening');
const FEEDS = LEAGUE_NAMES.includes('feed');
/** BENCH_FLOOR=0 leaves the floor (bench/floor) out of the 10x league's bookings and rush. */
const FLOOR = process.env.BENCH_FLOOR !== '0';
/** Restarts timed for "restart to ready" (restart.ts), after a first start; 0 leaves the figure out. */
const RESTARTS = Number(process.env.BENCH_RESTARTS ?? 5);
const TIME_ZONE = 'America/Chicago';
const WEB_DIST_DIR = path.join(ROOT, 'dist/web');
/** What a browser sends; the server may compress (or not) as it would for a page. */
const BROWSER_HEADERS = { 'accept-encoding': 'gzip, deflate, br' };

/** Settings that would throttle the bench, raised, and why (printed with the results). */
const THROTTLES = {
  env: { LIVE_STREAMS_PER_ADDRESS: String(STREAMS + 100) },
  notes: [
    `LIVE_STREAMS_PER_ADDRESS=${STREAMS + 100} (default 20): the rush's ${STREAMS} open pages all come from 127.0.0.1.`,
    'Sessions are written into the database and their cookies signed with AUTH_SECRET (a per-run secret); nobody signs in over HTTP, so LOGIN_RATE_LIMIT, LOGIN_ACCOUNT_LIMIT and better-auth\'s limits on /api/auth/* are not in play and keep their defaults.',
    'No other limit applies to the routes measured (@fastify/rate-limit guards only setup and invitation routes).',
    'Requests carry accept-encoding: gzip, deflate, br, as a browser sends it.',
  ],
};

const log = (message: string) => console.log(message);
const fmtLoad = (f: LoadFigure, health?: LoadFigure) =>
  `${Math.round(f.reqPerSec).toLocaleString('en-US')} req/s${health ? ` (×${(f.reqPerSec / health.reqPerSec).toFixed(3)} health)` : ''}, p50 ${f.p50} ms, p99 ${f.p99} ms, ${JSON.stringify(f.statuses)}${f.errors ? `, ${f.errors} errors` : ''}`;

function ensureWebBuild(): void {
  if (fs.existsSync(path.join(WEB_DIST_DIR, 'index.html'))) return;
  log('dist/web/index.html is missing: building the web app (npx vite build)…');
  execFileSync('npx', ['vite', 'build', '--logLevel', 'warn'], { cwd: ROOT, stdio: 'inherit' });
}

async function startPlain(): Promise<{ proc: BenchProcess; base: string }> {
  const { proc, match } = await startNodeProcess('bench/plain-server.ts', { PORT: '0' }, /plain route listening at (http:\/\/\S+)/);
  return { proc, base: match[1]! };
}

async function startServer(env: Record<string, string>): Promise<{ proc: BenchProcess; base: string; startMs: number }> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const began = performance.now();
  const { proc } = await startNodeProcess(
    APP_SERVER,
    {
      ...env,
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      HOST: '127.0.0.1',
      PORT: String(port),
      PUBLIC_URL: base,
      AUTH_SECRET: BENCH_AUTH_SECRET,
      WEB_DIST_DIR,
      LEAGUE_TIMEZONE: TIME_ZONE,
      ...THROTTLES.env,
    },
    /is running at/,
    // A CPU profile of each server run (written when it stops), to see where a slow figure spends its time.
    { nodeArgs: [...(process.env.BENCH_CPU_PROF ? ['--cpu-prof', '--cpu-prof-dir', path.resolve(process.env.BENCH_CPU_PROF)] : []), ...SERVER_NODE_ARGS] },
  );
  return { proc, base, startMs: performance.now() - began };
}

interface FloorSide {
  proc: BenchProcess;
  base: string;
  startMs: number;
  rss: ReturnType<typeof sampleRss>;
  database: BenchDatabase;
}

/**
 * The floor (bench/floor) on a copy of the 10x league as seeded, in a process of its own, up beside the app server
 * so that the bookings one after another and 100 at once can go to both in turn (bookings.ts). Idle, it does nothing
 * (no timers, no workers), so it takes nothing from the app's figures while they are measured.
 */
async function startFloor(league: BenchDatabase): Promise<FloorSide> {
  const database = await league.copy('floor');
  try {
    const began = performance.now();
    const { proc, match } = await startNodeProcess(
      'bench/floor/server.ts',
      { ...database.floorEnv, PORT: '0', AUTH_SECRET: BENCH_AUTH_SECRET, LEAGUE_TIMEZONE: TIME_ZONE },
      /floor \(\w+\) listening at (http:\/\/\S+)/,
    );
    const side = { proc, base: match[1]!, startMs: performance.now() - began, rss: sampleRss(proc.pid, 100), database };
    log(`  floor (bench/floor) up in ${(side.startMs / 1000).toFixed(1)} s at ${side.base} (pid ${proc.pid}), on a copy of the league as seeded`);
    return side;
  } catch (err) {
    await database.remove();
    throw err;
  }
}

async function dropFloor(floor: FloorSide): Promise<void> {
  floor.rss.stop();
  await floor.proc.stop();
  await floor.database.remove();
}

/**
 * The floor's rush, once the app's server has stopped (the two rushes never share the cores); then the floor stops
 * and its database is checked for broken rules as the app's is.
 */
async function finishFloor(floor: FloorSide, league: League, bookings: BookingFigures): Promise<FloorRun> {
  const agent = keepAliveAgent();
  let rush: RushResult;
  try {
    rush = await runRush(agent, floor.base, floor.proc.pid, league, { ...DEFAULT_RUSH, streams: STREAMS });
  } finally {
    agent.destroy();
  }
  log(
    `  floor: rush ${rush.presses} presses: ${JSON.stringify(rush.answers.statuses)} ${JSON.stringify(rush.answers.refusals)}, p50 ${rush.answers.p50.toFixed(0)} ms, p99 ${rush.answers.p99.toFixed(0)} ms; ` +
      `${rush.streams.open}/${rush.streams.asked} streams, ${rush.booked} bookings seen: p99 ${rush.delivery.p99.toFixed(0)} ms, ${rush.delivery.missing} never`,
  );
  const peakRssBytes = floor.rss.peak();
  floor.rss.stop();
  const serverExitCode = await floor.proc.stop();
  const problems = floor.proc.problems();
  for (const p of problems.slice(0, 5)) log(`    ${p}`);
  const again = await floor.database.open();
  let rules: FloorRun['rules'];
  try {
    rules = await checkRules(again.db, { seasonId: league.seasonId, timeZone: TIME_ZONE, rushWeekStart: league.week2.from });
  } finally {
    await again.close();
  }
  log(`  floor stopped (exit ${serverExitCode}); peak RSS ${Math.round((peakRssBytes ?? 0) / 1048576)} MB; rules after its rush: ${rules.broken} broken`);
  return { serverStartMs: floor.startMs, bookings, rush, rules, peakRssBytes, serverExitCode, serverProblems: problems };
}

function logBookings(who: string, b: BookingFigures): void {
  log(`${`  ${who}GET /api/health one after another`.padEnd(48)} p50 ${b.healthSequential.p50.toFixed(2)} ms, p99 ${b.healthSequential.p99.toFixed(2)} ms`);
  log(`${`  ${who}POST /api/bookings one after another`.padEnd(48)} ${b.sequential.count}: p50 ${b.sequential.p50.toFixed(1)} ms, p99 ${b.sequential.p99.toFixed(1)} ms, ${JSON.stringify(b.sequential.statuses)}`);
  log(`${`  ${who}POST /api/bookings ${b.concurrent.concurrency} at once ×${b.concurrent.rounds}`.padEnd(48)} p50 ${b.concurrent.p50.toFixed(1)} ms, p99 ${b.concurrent.p99.toFixed(1)} ms, ${JSON.stringify(b.concurrent.statuses)}`);
}

/** Every cookie the bench will use must work before anything is measured. */
async function verifySessions(agent: http.Agent, base: string, league: Pick<League, 'admin' | 'coaches'>): Promise<void> {
  const people = [league.admin, ...league.coaches];
  const failed: string[] = [];
  for (let i = 0; i < people.length; i += 50) {
    const answers = await Promise.all(people.slice(i, i + 50).map((p) => request(agent, base, 'GET', '/api/me', { cookie: p.cookie })));
    answers.forEach((a, k) => a.status !== 200 && failed.push(`${people[i + k]!.email}: ${a.status} ${a.body.slice(0, 120)}`));
  }
  if (failed.length) throw new Error(`${failed.length} of ${people.length} sessions do not work (GET /api/me), e.g.\n  ${failed.slice(0, 3).join('\n  ')}`);
  log(`  ${people.length} sessions work (GET /api/me → 200)`);
}

async function measureReads(base: string, plainBase: string, league: League): Promise<{ reads: ReadFigures; slotsInWeek: number; slotsInFieldWeek: number }> {
  const agent = keepAliveAgent();
  const week = `from=${league.week1.from}&to=${league.week1.to}`;
  const fieldId = league.fieldIds[0]!;
  const slotsInWeek = (JSON.parse((await request(agent, base, 'GET', `/api/slots?${week}`)).body) as { slots: unknown[] }).slots.length;
  const slotsInFieldWeek = (JSON.parse((await request(agent, base, 'GET', `/api/slots?${week}&fieldId=${fieldId}`)).body) as { slots: unknown[] }).slots.length;
  agent.destroy();
  const run = async (label: string, at: string, requests: CannonRequest[], health?: LoadFigure) => {
    const f = await measureLoad({ base: at, requests, connections: CONNECTIONS, seconds: SECONDS, warmupSeconds: WARMUP_SECONDS, headers: BROWSER_HEADERS });
    log(`  ${label.padEnd(40)} ${fmtLoad(f, health)}`);
    return f;
  };
  const plain = await run('plain Fastify route (own process)', plainBase, [{ path: '/plain' }]);
  const health = await run('GET /api/health', base, [{ path: '/api/health' }]);
  log(`  ${''.padEnd(40)} health ×${(health.reqPerSec / plain.reqPerSec).toFixed(3)} of the plain route`);
  const byIdSlot = league.week1.slots[3]!.id;
  const reads: ReadFigures = {
    plain,
    health,
    weekAll: await run(`GET /api/slots week, all fields (${slotsInWeek})`, base, [{ path: `/api/slots?${week}` }], health),
    weekField: await run(`GET /api/slots week, one field (${slotsInFieldWeek})`, base, [{ path: `/api/slots?${week}&fieldId=${fieldId}` }], health),
    byId: await run('GET /api/slots/by-id (one slot)', base, [{ path: `/api/slots/by-id?ids=${byIdSlot}` }], health),
    // Each connection goes through every coach in turn: as many sessions as the league has coaches.
    context: await run(`GET /api/bookings/context (${league.coaches.length} coaches)`, base, league.coaches.map((c) => ({ path: '/api/bookings/context', headers: { cookie: c.cookie } })), health),
    html: await run('GET / (the HTML)', base, [{ path: '/', headers: { accept: 'text/html' } }], health),
  };
  return { reads, slotsInWeek, slotsInFieldWeek };
}

async function benchLeague(kind: DatabaseKind, name: LeagueName, plainBase: string, pgUrl: string | undefined): Promise<LeagueRun> {
  log(`\n[${kind}] ${name} league`);
  const database = await createBenchDatabase(kind, name === 'demo' ? 'demo' : 'x10', pgUrl);
  try {
    const seedBegan = performance.now();
    const handle = await database.open();
    let league: League;
    try {
      league = name === 'demo' ? await seedDemoLeague(handle, BENCH_AUTH_SECRET, TIME_ZONE) : await seed10xLeague(handle, BENCH_AUTH_SECRET, TIME_ZONE);
    } finally {
      await handle.close();
    }
    const seedMs = performance.now() - seedBegan;
    log(`  seeded in ${(seedMs / 1000).toFixed(1)} s: ${league.fieldIds.length} fields, ${league.teamIds.length} teams, ${league.coaches.length} coaches, ${league.week1.slots.length} slots in the week of ${league.week1.from}`);

    // The floor's copy is taken before the app's server opens the league; its server runs beside the app's.
    const floorSide = name === '10x' && FLOOR ? await startFloor(database) : undefined;
    try {
      return await serveLeague(kind, name, plainBase, database, league, seedMs, floorSide);
    } finally {
      if (floorSide) await dropFloor(floorSide);
    }
  } finally {
    await database.remove();
  }
}

/** The app server's part of a league's run (and the floor's, beside it, on the 10x league). */
async function serveLeague(
  kind: DatabaseKind,
  name: LeagueName,
  plainBase: string,
  database: BenchDatabase,
  league: League,
  seedMs: number,
  floorSide: FloorSide | undefined,
): Promise<LeagueRun> {
  const server = await startServer(database.serverEnv);
  log(`  server up in ${(server.startMs / 1000).toFixed(1)} s at ${server.base} (pid ${server.proc.pid})`);
  const rss = sampleRss(server.proc.pid, 100);
  const agent = keepAliveAgent();
  let run: Omit<LeagueRun, 'serverExitCode' | 'serverProblems' | 'peakRssBytes'>;
  let floorBookings: BookingFigures | undefined;
  try {
    await verifySessions(agent, server.base, league);
    // BENCH_READS=0 skips the read figures (a CPU profile of the booking path alone); the report shows them empty.
    const { reads, slotsInWeek, slotsInFieldWeek } = process.env.BENCH_READS === '0' ? { reads: {} as ReadFigures, slotsInWeek: 0, slotsInFieldWeek: 0 } : await measureReads(server.base, plainBase, league);
    run = {
      league: name,
      fields: league.fieldIds.length,
      teams: league.teamIds.length,
      coaches: league.coaches.length,
      slotsInWeek,
      slotsInFieldWeek,
      seedMs,
      serverStartMs: server.startMs,
      reads,
    };
    if (name === '10x') {
      // With the floor up, each of these goes to the app and to the floor in turn (bookings.ts).
      const [bookings, onFloor] = await measureBookingsSideBySide(agent, floorSide ? [server.base, floorSide.base] : [server.base], league);
      logBookings('', bookings!);
      if (onFloor) logBookings('floor: ', (floorBookings = onFloor));
      const rush = await runRush(agent, server.base, server.proc.pid, league, { ...DEFAULT_RUSH, streams: STREAMS });
      log(
        `  rush: ${rush.presses} presses from ${rush.sendSpreadMs.first.toFixed(0)} to ${rush.sendSpreadMs.last.toFixed(0)} ms after the opening on ${rush.distinctSlotsAimedAt} slots: ` +
          `${JSON.stringify(rush.answers.statuses)} ${JSON.stringify(rush.answers.refusals)}, p50 ${rush.answers.p50.toFixed(0)} ms, p99 ${rush.answers.p99.toFixed(0)} ms`,
      );
      log(
        `  rush: ${rush.streams.open}/${rush.streams.asked} streams open${rush.streams.failed ? ` (${rush.streams.failed} failed: ${rush.streams.firstErrors.join('; ')})` : ''}; ` +
          `${rush.booked} bookings seen: p50 ${rush.delivery.p50.toFixed(0)} ms, p99 ${rush.delivery.p99.toFixed(0)} ms, max ${rush.delivery.max.toFixed(0)} ms, ${rush.delivery.missing} of ${rush.delivery.pairs} never; peak RSS ${Math.round((rush.peakRssBytes ?? 0) / 1048576)} MB (PGlite ${rush.memory.embeddedPeakBytes === null ? '-' : Math.round(rush.memory.embeddedPeakBytes / 1048576)} MB, the rest at most ${Math.round((rush.memory.restPeakBytes ?? 0) / 1048576)} MB); ` +
          `bench event-loop lag max: orchestrator ${rush.clientLoopDelayMs.orchestrator.max.toFixed(0)} ms, stream readers ${rush.clientLoopDelayMs.streamReaders.max.toFixed(0)} ms`,
      );
      run = { ...run, bookings: bookings!, rush };
    }
  } catch (err) {
    // Whatever failed, the server does not outlive the bench (nor hold its database while it is removed).
    agent.destroy();
    rss.stop();
    await server.proc.stop();
    throw err;
  }
  agent.destroy();
  const peakRssBytes = rss.peak();
  rss.stop();
  const serverExitCode = await server.proc.stop();
  const problems = server.proc.problems();
  log(`  server stopped (exit ${serverExitCode}); peak RSS ${Math.round((peakRssBytes ?? 0) / 1048576)} MB; ${problems.length} warning/error lines`);
  for (const p of problems.slice(0, 5)) log(`    ${p}`);

  let rules: LeagueRun['rules'];
  if (name === '10x') {
    const again = await database.open();
    try {
      rules = await checkRules(again.db, { seasonId: league.seasonId, timeZone: TIME_ZONE, rushWeekStart: league.week2.from });
    } finally {
      await again.close();
    }
    log(`  rules after the rush: ${rules.broken} broken (${JSON.stringify(rules)})`);
  }
  let floor: FloorRun | undefined;
  if (floorSide && floorBookings && run.bookings && run.rush) {
    floor = await finishFloor(floorSide, league, floorBookings);
    const x = (ours: number, theirs: number) => `×${(ours / theirs).toFixed(2)}`;
    log(
      `  ours / the floor: one after another p50 ${x(run.bookings.sequential.p50, floor.bookings.sequential.p50)}, p99 ${x(run.bookings.sequential.p99, floor.bookings.sequential.p99)}; ` +
        `100 at once p99 ${x(run.bookings.concurrent.p99, floor.bookings.concurrent.p99)}; rush p99 ${x(run.rush.answers.p99, floor.rush.answers.p99)}`,
    );
  }
  return { ...run, ...(rules ? { rules } : {}), ...(floor ? { floor } : {}), peakRssBytes, serverExitCode, serverProblems: problems };
}

/** The calendar feeds on a full season (feeds.ts): a league of its own, so its practices change no other figure. */
async function benchFeeds(kind: DatabaseKind, pgUrl: string | undefined): Promise<FeedRun> {
  log(`\n[${kind}] calendar feeds: the 10x league's season with ${FEED_BOOKINGS.toLocaleString('en-US')} practices`);
  const database = await createBenchDatabase(kind, 'feed', pgUrl);
  try {
    const handle = await database.open();
    let league: League;
    let seeded: { confirmed: number; cancelled: number };
    try {
      league = await seed10xLeague(handle, BENCH_AUTH_SECRET, TIME_ZONE);
      seeded = await seedFeedBookings(handle, league);
    } finally {
      await handle.close();
    }
    const server = await startServer(database.serverEnv);
    const agent = keepAliveAgent();
    try {
      const f = await measureFeeds(agent, server.base, league, seeded, { connections: CONNECTIONS, seconds: SECONDS, warmupSeconds: WARMUP_SECONDS });
      log(`  ${f.events.inLeagueFeed} events in the league feed (${Math.round(f.bytes.league / 1024)} KB), ${f.events.inTeamFeed} in a team's, ${f.events.inFieldFeed} in a field's; first league request ${f.firstLeagueMs.toFixed(0)} ms`);
      log(`  GET /api/health                          ${fmtLoad(f.health)}`);
      log(`  GET league.ics                           ${fmtLoad(f.league, f.health)}`);
      log(`  GET league.ics, If-None-Match (304)      ${fmtLoad(f.leagueNotModified, f.health)}`);
      log(`  GET a team's feed                        ${fmtLoad(f.team, f.health)}`);
      log(`  GET a field's feed                       ${fmtLoad(f.field, f.health)}`);
      return { ...f, serverProblems: server.proc.problems() };
    } finally {
      agent.destroy();
      await server.proc.stop();
    }
  } finally {
    await database.remove();
  }
}

/**
 * The opening round (opening.ts) on a league of its own: "draw now" timed against the server, the shared draw() timed
 * here on the inputs it published, then the preference rush; the database checked once the server has stopped.
 * `bookingRush`: the booking rush of this run (10x league), whose p99 the preference rush's is set beside.
 */
async function benchOpening(kind: DatabaseKind, pgUrl: string | undefined, bookingRush: RushResult | undefined): Promise<OpeningRun> {
  log(`\n[${kind}] opening round (issue 26): ${OPENING.teams.toLocaleString('en-US')} teams with one coach each; ${OPENING.drawTeams} of them rank ${OPENING.preferences} slots of 1,000 for the draw`);
  const database = await createBenchDatabase(kind, 'opening', pgUrl);
  try {
    const seedBegan = performance.now();
    const handle = await database.open();
    let league: OpeningLeague;
    try {
      league = await seedOpeningLeague(handle, BENCH_AUTH_SECRET, TIME_ZONE);
    } finally {
      await handle.close();
    }
    const seedMs = performance.now() - seedBegan;
    log(
      `  seeded in ${(seedMs / 1000).toFixed(1)} s: ${league.fieldIds.length} fields, ${league.teamIds.length} teams, ${league.coaches.length} coaches, ${league.slotsInSeason} slots; ` +
        `the draw's round covers ${league.draw.coversFrom} – ${league.draw.coversTo} (${league.draw.slots.length} slots), closed, ${league.draw.teams} lists of ${league.draw.preferences}`,
    );
    const server = await startServer(database.serverEnv);
    log(`  server up in ${(server.startMs / 1000).toFixed(1)} s at ${server.base} (pid ${server.proc.pid})`);
    const rss = sampleRss(server.proc.pid, 100);
    const agent = keepAliveAgent();
    let measured: Pick<OpeningRun, 'apply' | 'compute' | 'mail' | 'rush'>;
    let result: Awaited<ReturnType<typeof measureApply>>['result'];
    try {
      await verifySessions(agent, server.base, league);
      const applied = await measureApply(agent, server.base, league);
      const apply = applied.figure;
      result = applied.result;
      log(
        `  apply: POST /api/openings/:id/draw ${apply.ms.toFixed(0)} ms (${apply.status}, round ${apply.roundStatus}; again: ${apply.againStatus}): ${apply.teams} teams, ${apply.preferences} preferences, ${apply.slots} slots → ` +
          `${apply.picks} picks (per round ${apply.picksPerRound.join('/')}), ${apply.missed} missed, ${apply.leftover} left over`,
      );
      const compute = measureCompute(applied.inputs, applied.result);
      log(
        `  compute: draw() here on the published inputs, ${compute.runs} runs: first ${compute.firstMs.toFixed(1)} ms, median ${compute.medianMs.toFixed(1)} ms, max ${compute.maxMs.toFixed(1)} ms; ` +
          `${compute.sameAsServer ? 'same result as the server' : 'DIFFERENT result from the server'}`,
      );
      // One email per coach of each team in the draw (one coach a team here): let the worker finish them first.
      const mail = await waitForOutbox(database.dataDir, apply.teams);
      log(`  the draw's emails: ${mail.written} of ${mail.expected} in the outbox after ${(mail.waitedMs / 1000).toFixed(1)} s`);
      const rush = await runPreferenceRush(agent, server.base, league, { dataDir: database.dataDir, written: mail.written });
      const vs = bookingRush ? ` (×${(rush.answers.p99 / bookingRush.answers.p99).toFixed(2)} of the booking rush's p99, ${bookingRush.answers.p99.toFixed(0)} ms)` : ' (no booking rush in this run to compare with)';
      log(
        `  preference rush: ${rush.presses} saves of ${rush.slotsPerList} slots by ${rush.coaches} coaches of ${rush.teams} teams, sent ${rush.sendSpreadMs.first.toFixed(0)}-${rush.sendSpreadMs.last.toFixed(0)} ms after the opening ` +
          `(a save before it: ${rush.earlyStatus}): ${JSON.stringify(rush.answers.statuses)} ${JSON.stringify(rush.answers.refusals)}, p50 ${rush.answers.p50.toFixed(0)} ms, p99 ${rush.answers.p99.toFixed(0)} ms${vs}; ` +
          `orchestrator event-loop lag max ${rush.clientLoopDelayMs.max.toFixed(0)} ms`,
      );
      log(`  before it, in a rehearsal round, ${rush.sequential.count} saves one after another (the save path warmed as the booking rush's is): p50 ${rush.sequential.p50.toFixed(1)} ms, p99 ${rush.sequential.p99.toFixed(1)} ms, ${JSON.stringify(rush.sequential.statuses)}`);
      measured = { apply, compute, mail, rush };
    } catch (err) {
      agent.destroy();
      rss.stop();
      await server.proc.stop();
      throw err;
    }
    agent.destroy();
    const peakRssBytes = rss.peak();
    rss.stop();
    const serverExitCode = await server.proc.stop();
    const problems = server.proc.problems();
    log(`  server stopped (exit ${serverExitCode}); peak RSS ${Math.round((peakRssBytes ?? 0) / 1048576)} MB; ${problems.length} warning/error lines`);
    for (const p of problems.slice(0, 5)) log(`    ${p}`);
    const again = await database.open();
    let check: OpeningRun['check'];
    try {
      check = await checkOpening(again.db, league, result, { roundId: measured.rush.roundId, savedTeams: measured.rush.savedTeams });
    } finally {
      await again.close();
    }
    log(
      `  database: ${check.picksBooked} of ${check.picks} picks booked, ${check.otherBookings} other bookings, ${check.rules.doubleBookedSlots} slots booked twice, ${check.rules.broken} broken rules; ` +
        `audit ${check.auditBookings} booking.create + ${check.auditDraws} opening.draw (${check.applyProblems} problems); ` +
        `the rush's round holds ${check.rushRows} rows of ${check.rushTeams} teams, ${measured.rush.savedTeams} teams answered 200 (${check.rushProblems} problems)`,
    );
    return {
      teams: league.teamIds.length,
      coaches: league.coaches.length,
      fields: league.fieldIds.length,
      coveredSlots: league.draw.slots.length,
      seedMs,
      serverStartMs: server.startMs,
      ...measured,
      bookingRushP99Ms: bookingRush?.answers.p99 ?? null,
      check,
      peakRssBytes,
      serverExitCode,
      serverProblems: problems,
    };
  } finally {
    await database.remove();
  }
}

/**
 * Restart to ready (issue 27, restart.ts): the demo league's server started on its database, stopped, and started
 * again RESTARTS times, each timed from the spawn to the first 200 of GET /api/ready.
 */
async function benchRestart(kind: DatabaseKind, pgUrl: string | undefined): Promise<RestartFigure> {
  log(`\n[${kind}] restart to ready: the demo league's server started ${RESTARTS + 1} times, one after another`);
  const database = await createBenchDatabase(kind, 'restart', pgUrl);
  try {
    const handle = await database.open();
    try {
      await seedDemoLeague(handle, BENCH_AUTH_SECRET, TIME_ZONE);
    } finally {
      await handle.close();
    }
    const figure = await measureRestarts(RESTARTS + 1, () => startServer(database.serverEnv));
    log(`  spawn to /api/ready 200: first start ${(figure.ms[0]! / 1000).toFixed(2)} s; restarts ${figure.ms.slice(1).map((m) => (m / 1000).toFixed(2)).join(', ')} s: median ${(figure.median / 1000).toFixed(2)} s`);
    return figure;
  } finally {
    await database.remove();
  }
}

async function benchDatabase(kind: DatabaseKind, plainBase: string, pgUrl: string | undefined): Promise<DatabaseRun> {
  const startedAt = new Date().toISOString();
  const leagues: LeagueRun[] = [];
  for (const name of LEAGUES) leagues.push(await benchLeague(kind, name, plainBase, pgUrl));
  const opening = OPENING_ROUND ? await benchOpening(kind, pgUrl, leagues.find((l) => l.league === '10x')?.rush) : undefined;
  const feeds = FEEDS ? await benchFeeds(kind, pgUrl) : undefined;
  const restart = RESTARTS > 0 ? await benchRestart(kind, pgUrl) : undefined;
  const run: DatabaseRun = {
    db: kind,
    startedAt,
    finishedAt: new Date().toISOString(),
    machine: { cpus: os.cpus().length, node: process.version, platform: `${os.platform()} ${os.release()}` },
    settings: {
      secondsPerFigure: SECONDS,
      warmupSeconds: WARMUP_SECONDS,
      connections: CONNECTIONS,
      serverEnv: { NODE_ENV: 'production', LOG_LEVEL: 'warn', WEB_DIST_DIR: 'dist/web', LEAGUE_TIMEZONE: TIME_ZONE, ...THROTTLES.env },
      notes: THROTTLES.notes,
    },
    leagues,
    ...(opening ? { opening } : {}),
    ...(feeds ? { feeds } : {}),
    ...(restart ? { restart } : {}),
  };
  log(`  results: ${path.relative(ROOT, writeResults(run))}`);
  return run;
}

async function main(): Promise<void> {
  const pgUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  const only = process.env.BENCH_DB;
  const kinds: DatabaseKind[] = only === 'pglite' || only === 'postgres' ? [only] : pgUrl ? ['pglite', 'postgres'] : ['pglite'];
  if (kinds.includes('postgres') && !pgUrl) throw new Error('BENCH_DB=postgres needs BENCH_DATABASE_URL (or TEST_DATABASE_URL), e.g. postgres://postgres@127.0.0.1:5432/test');
  log(`bench: ${kinds.join(' and ')}; ${SECONDS} s per figure after ${WARMUP_SECONDS} s warm-up, ${CONNECTIONS} connections (autocannon in this process, pid ${process.pid})`);
  for (const note of THROTTLES.notes) log(`  ${note}`);
  ensureWebBuild();
  buildAppServer();
  const plain = await startPlain();
  log(`plain route at ${plain.base} (pid ${plain.proc.pid})`);
  const runs: DatabaseRun[] = [];
  try {
    for (const kind of kinds) runs.push(await benchDatabase(kind, plain.base, pgUrl));
  } finally {
    await plain.proc.stop();
  }
  printTable(runs);
  if (!pgUrl) log('\n(set BENCH_DATABASE_URL=postgres://… to measure on PostgreSQL too)');
}

await main();
