/**
 * `npm run bench`: the app server measured from outside (issue 11). Figures, not pass/fail; each is printed beside
 * a baseline measured in the same run, because absolute numbers drift on a shared machine.
 *
 * Three kinds of process: the app server (`node --import tsx src/server/server.ts`, NODE_ENV=production, as
 * `npm run serve` starts it, serving the built web app), a plain Fastify route (bench/plain-server.ts), and this
 * orchestrator, which seeds the leagues, runs the load generator (autocannon, 20 connections) and the booking
 * clients, and reads the results. The rush's 500 live-update readers get a process of their own (streams.ts).
 *
 * Per database (PGlite in a temp DATA_DIR; PostgreSQL when BENCH_DATABASE_URL or TEST_DATABASE_URL is set, in a
 * fresh database dropped afterwards), two server runs on freshly seeded leagues:
 * - demo: the plain route, health, the week view (all fields, one field), slots by id, the booking context as a
 *   coach and the app's HTML;
 * - 10x: the same reads, then bookings one after another and 100 at once, then the opening rush; the server is
 *   stopped and the database checked for broken rules.
 *
 * Then, on a league of its own, the calendar feeds of a full season (feeds.ts).
 *
 * Settings: BENCH_SECONDS (5) per figure after BENCH_WARMUP_SECONDS (1) of warm-up; BENCH_DB=pglite|postgres
 * to run one database only; BENCH_LEAGUES (demo,10x,feed) to run some only; BENCH_READS=0 skips the read figures; BENCH_STREAMS (500); BENCH_CPU_PROF=<dir> writes a CPU profile of each server run
 * (node --cpu-prof). Results: the table at the end, and bench/results/latest-<db>.json.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import type http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { freePort } from '../src/server/test/free-port';
import { measureBookings } from './bookings';
import { checkRules } from './checks';
import { createBenchDatabase, type DatabaseKind } from './database';
import { keepAliveAgent, request } from './http';
import { seed10xLeague, seedDemoLeague, type League, type LeagueName } from './league';
import { measureLoad, type CannonRequest, type LoadFigure } from './load';
import { ROOT, sampleRss, startNodeProcess, type BenchProcess } from './processes';
import { printTable, writeResults, type DatabaseRun, type FeedRun, type LeagueRun, type ReadFigures } from './report';
import { DEFAULT_RUSH, runRush } from './rush';
import { FEED_BOOKINGS, measureFeeds, seedFeedBookings } from './feeds';
import { BENCH_AUTH_SECRET } from './sessions';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const WARMUP_SECONDS = Number(process.env.BENCH_WARMUP_SECONDS ?? 1);
const CONNECTIONS = 20;
const STREAMS = Number(process.env.BENCH_STREAMS ?? DEFAULT_RUSH.streams);
const LEAGUE_NAMES = (process.env.BENCH_LEAGUES ?? 'demo,10x,feed').split(',');
const LEAGUES = (['demo', '10x'] as const).filter((l) => LEAGUE_NAMES.includes(l));
const FEEDS = LEAGUE_NAMES.includes('feed');
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
    'src/server/server.ts',
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
    { nodeArgs: process.env.BENCH_CPU_PROF ? ['--cpu-prof', '--cpu-prof-dir', path.resolve(process.env.BENCH_CPU_PROF)] : [] },
  );
  return { proc, base, startMs: performance.now() - began };
}

/** Every cookie the bench will use must work before anything is measured. */
async function verifySessions(agent: http.Agent, base: string, league: League): Promise<void> {
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

    const server = await startServer(database.serverEnv);
    log(`  server up in ${(server.startMs / 1000).toFixed(1)} s at ${server.base} (pid ${server.proc.pid})`);
    const rss = sampleRss(server.proc.pid, 100);
    const agent = keepAliveAgent();
    let run: Omit<LeagueRun, 'serverExitCode' | 'serverProblems' | 'peakRssBytes'>;
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
        const bookings = await measureBookings(agent, server.base, league);
        log(`  GET /api/health one after another       p50 ${bookings.healthSequential.p50.toFixed(2)} ms, p99 ${bookings.healthSequential.p99.toFixed(2)} ms`);
        log(`  POST /api/bookings one after another    ${bookings.sequential.count}: p50 ${bookings.sequential.p50.toFixed(1)} ms, p99 ${bookings.sequential.p99.toFixed(1)} ms, ${JSON.stringify(bookings.sequential.statuses)}`);
        log(`  POST /api/bookings ${bookings.concurrent.concurrency} at once ×${bookings.concurrent.rounds}       p50 ${bookings.concurrent.p50.toFixed(1)} ms, p99 ${bookings.concurrent.p99.toFixed(1)} ms, ${JSON.stringify(bookings.concurrent.statuses)}`);
        const rush = await runRush(agent, server.base, server.proc.pid, league, { ...DEFAULT_RUSH, streams: STREAMS });
        log(
          `  rush: ${rush.presses} presses from ${rush.sendSpreadMs.first.toFixed(0)} to ${rush.sendSpreadMs.last.toFixed(0)} ms after the opening on ${rush.distinctSlotsAimedAt} slots: ` +
            `${JSON.stringify(rush.answers.statuses)} ${JSON.stringify(rush.answers.refusals)}, p50 ${rush.answers.p50.toFixed(0)} ms, p99 ${rush.answers.p99.toFixed(0)} ms`,
        );
        log(
          `  rush: ${rush.streams.open}/${rush.streams.asked} streams open${rush.streams.failed ? ` (${rush.streams.failed} failed: ${rush.streams.firstErrors.join('; ')})` : ''}; ` +
            `${rush.booked} bookings seen: p50 ${rush.delivery.p50.toFixed(0)} ms, p99 ${rush.delivery.p99.toFixed(0)} ms, max ${rush.delivery.max.toFixed(0)} ms, ${rush.delivery.missing} of ${rush.delivery.pairs} never; peak RSS ${Math.round((rush.peakRssBytes ?? 0) / 1048576)} MB; ` +
            `bench event-loop lag max: orchestrator ${rush.clientLoopDelayMs.orchestrator.max.toFixed(0)} ms, stream readers ${rush.clientLoopDelayMs.streamReaders.max.toFixed(0)} ms`,
        );
        run = { ...run, bookings, rush };
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
    return { ...run, ...(rules ? { rules } : {}), peakRssBytes, serverExitCode, serverProblems: problems };
  } finally {
    await database.remove();
  }
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

async function benchDatabase(kind: DatabaseKind, plainBase: string, pgUrl: string | undefined): Promise<DatabaseRun> {
  const startedAt = new Date().toISOString();
  const leagues: LeagueRun[] = [];
  for (const name of LEAGUES) leagues.push(await benchLeague(kind, name, plainBase, pgUrl));
  const feeds = FEEDS ? await benchFeeds(kind, pgUrl) : undefined;
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
    ...(feeds ? { feeds } : {}),
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
