/**
 * `npm run bench:audit`: the audit-log screen's API on 1,000,000 entries (issue 14, decision 020). Figures, not
 * pass/fail.
 *
 * Per database (PGlite in a temp DATA_DIR; PostgreSQL when BENCH_DATABASE_URL or TEST_DATABASE_URL is set, in a
 * fresh database dropped afterwards): migrate, write one admin with a session, load the entries with one
 * `INSERT … SELECT … FROM generate_series` (the table's indexes are dropped before and built again after, from their
 * own definitions, as a restore does), ANALYZE, then start the app server (`src/server/server.ts`, NODE_ENV=
 * production) and ask it over HTTP from this process: for each filter set, the first page, every page down to page
 * DEEP_PAGE with the cursors the API hands out, then the first and that deep page alternately, REPEAT times each
 * after WARMUP untimed rounds; the figures are the median and p95 of each.
 *
 * Settings: BENCH_AUDIT_ROWS (1000000), BENCH_AUDIT_DEEP_PAGE (200), BENCH_AUDIT_REPEAT (31), BENCH_DB=pglite|postgres.
 */
import type http from 'node:http';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { rowsOf, type Database } from '../src/server/db/client';
import { freePort } from '../src/server/test/free-port';
import { createBenchDatabase, type DatabaseKind } from './database';
import { keepAliveAgent, request } from './http';
import { startNodeProcess } from './processes';
import { BENCH_AUTH_SECRET, insertPeopleWithSessions, type Person } from './sessions';

const ROWS = Number(process.env.BENCH_AUDIT_ROWS ?? 1_000_000);
const DEEP_PAGE = Number(process.env.BENCH_AUDIT_DEEP_PAGE ?? 200);
const REPEAT = Number(process.env.BENCH_AUDIT_REPEAT ?? 31);
const WARMUP = 3;
const PAGE_SIZE = 50;
const TIME_ZONE = 'America/Chicago';
const log = (message: string) => console.log(message);

/** The filter sets measured; each matches well over DEEP_PAGE × 50 entries of the generated log. */
const SCENARIOS: Array<{ label: string; query: string }> = [
  { label: 'no filter', query: '' },
  { label: 'action + 3 months', query: 'action=booking.cancel&from=2026-03-01&to=2026-05-31' },
  { label: 'actor + entity type', query: 'actor=admin3%40league.example&entityType=booking' },
  { label: 'search + 6 months', query: 'q=orioles&from=2026-01-01&to=2026-06-30' },
  {
    label: 'actor+action+type+days+search',
    query: 'actor=admin4%40league.example&action=booking.create&entityType=booking&from=2026-01-01&to=2026-12-31&q=field',
  },
];

const TEAMS = [
  'Orioles',
  'Blue Jays',
  'Cardinals',
  'Robins',
  'Hawks',
  'Owls',
  'Wrens',
  'Falcons',
  'Eagles',
  'Sparrows',
  'Finches',
  'Herons',
  'Ravens',
  'Swifts',
  'Larks',
];
const ACTIONS: Array<[string, string]> = [
  ['booking.create', 'booking'],
  ['booking.cancel', 'booking'],
  ['booking.cancel.admin', 'booking'],
  ['booking.move', 'booking'],
  ['slot.update', 'slot'],
  ['slot.block', 'block'],
  ['slot.create', 'slot'],
  ['user.role.change', 'user'],
  ['user.team.change', 'user'],
  ['season.update', 'season'],
  ['field.update', 'field'],
  ['invitation.create', 'invitation'],
];

/**
 * 1M entries over 2026 (three share each `at`, 90 s apart), 20 admins plus the system (every 23rd), twelve actions,
 * summaries naming one of fifteen teams and a field, small before/after documents. One statement.
 */
export async function seedEntries(db: Database): Promise<void> {
  const indexes = rowsOf<{ indexname: string; indexdef: string }>(
    await db.execute(sql`select indexname, indexdef from pg_indexes where tablename = 'audit_log' and indexname <> 'audit_log_pkey'`),
  );
  for (const i of indexes) await db.execute(sql.raw(`drop index ${i.indexname}`));
  const teams = `array[${TEAMS.map((t) => `'${t}'`).join(',')}]`;
  const actions = `array[${ACTIONS.map(([a]) => `'${a}'`).join(',')}]`;
  const types = `array[${ACTIONS.map(([, t]) => `'${t}'`).join(',')}]`;
  await db.execute(
    sql.raw(`
    insert into audit_log (at, actor_id, actor_email, action, entity_type, entity_id, summary, before, after, ip)
    select timestamptz '2026-01-01 00:00:00+00' + (i / 3) * interval '90 seconds',
      case when i % 23 = 0 then null else 'admin-' || (i % 20) end,
      case when i % 23 = 0 then null else 'admin' || (i % 20) || '@league.example' end,
      (${actions})[(i * 7) % 12 + 1],
      (${types})[(i * 7) % 12 + 1],
      md5(i::text),
      (${teams})[i % 15 + 1] || case (i * 7) % 12 when 1 then ' practice cancelled on Field ' when 4 then ' slot moved to Field ' else ' booked Field ' end || (i % 9 + 1) || ' (entry ' || i || ')',
      case when (i * 7) % 12 = 0 then null else jsonb_build_object('status', 'confirmed', 'fieldId', md5((i % 80)::text)) end,
      jsonb_build_object('status', case when (i * 7) % 12 in (1, 2) then 'cancelled' else 'confirmed' end, 'fieldId', md5((i % 81)::text), 'n', i),
      '127.0.0.1'
    from generate_series(1, ${ROWS}) as i`),
  );
  for (const i of indexes) await db.execute(sql.raw(i.indexdef));
  await db.execute(sql`analyze audit_log`);
}

interface Figure {
  label: string;
  query: string;
  matchingAtLeast: number;
  first: { p50: number; p95: number };
  deep: { p50: number; p95: number };
  walkMs: number;
  ratio: number;
}

const pct = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * p))]!;

/** Times the first and the deep page alternately (so the shared machine's noise falls on both alike). */
async function timedPair(
  agent: http.Agent,
  base: string,
  paths: [string, string],
  admin: Person,
): Promise<[{ p50: number; p95: number }, { p50: number; p95: number }]> {
  const ms: [number[], number[]] = [[], []];
  for (let i = 0; i < WARMUP + REPEAT; i++) {
    for (const k of [0, 1] as const) {
      const answer = await request(agent, base, 'GET', paths[k], { cookie: admin.cookie, timeoutMs: 120_000 });
      if (answer.status !== 200) throw new Error(`${paths[k]}: ${answer.status} ${answer.body.slice(0, 200)}`);
      if (i >= WARMUP) ms[k].push(answer.ms);
    }
  }
  const figure = (xs: number[]) => ({ p50: pct(xs, 0.5), p95: pct(xs, 0.95) });
  return [figure(ms[0]), figure(ms[1])];
}

async function measure(agent: http.Agent, base: string, admin: Person, label: string, query: string): Promise<Figure> {
  const url = (cursor: string | null) =>
    `/api/admin/audit-log?${query}${query ? '&' : ''}limit=${PAGE_SIZE}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`;
  // Down to the deep page with the cursors the API hands out, as "Load more" does.
  let cursor: string | null = null;
  let seen = 0;
  const began = performance.now();
  for (let page = 1; page < DEEP_PAGE; page++) {
    const answer = await request(agent, base, 'GET', url(cursor), { cookie: admin.cookie, timeoutMs: 120_000 });
    const body = JSON.parse(answer.body) as { entries: unknown[]; nextCursor: string | null };
    seen += body.entries.length;
    if (!body.nextCursor) throw new Error(`${label}: only ${page} pages (${seen} entries) match; the scenario needs ${DEEP_PAGE}`);
    cursor = body.nextCursor;
  }
  const walkMs = performance.now() - began;
  const [first, deep] = await timedPair(agent, base, [url(null), url(cursor)], admin);
  return { label, query, matchingAtLeast: seen + PAGE_SIZE, first, deep, walkMs, ratio: deep.p50 / first.p50 };
}

async function benchDatabase(kind: DatabaseKind, pgUrl: string | undefined): Promise<Figure[]> {
  log(`\n[${kind}] ${ROWS.toLocaleString('en-US')} audit entries`);
  const database = await createBenchDatabase(kind, 'audit', pgUrl);
  try {
    const handle = await database.open();
    let admin: Person;
    try {
      await handle.migrate();
      [admin] = (await insertPeopleWithSessions(
        handle.db,
        [{ name: 'Bench Admin', email: 'bench-admin@league.example', role: 'admin', teamId: null }],
        BENCH_AUTH_SECRET,
      )) as [Person];
      const began = performance.now();
      await seedEntries(handle.db);
      const [size] = rowsOf<{ n: number; bytes: string }>(
        await handle.db.execute(sql`select count(*)::int as n, pg_size_pretty(pg_total_relation_size('audit_log')) as bytes from audit_log`),
      );
      log(`  seeded ${size!.n.toLocaleString('en-US')} entries (${size!.bytes} with indexes) in ${((performance.now() - began) / 1000).toFixed(1)} s`);
    } finally {
      await handle.close();
    }
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const { proc } = await startNodeProcess(
      'src/server/server.ts',
      {
        ...database.serverEnv,
        NODE_ENV: 'production',
        LOG_LEVEL: 'warn',
        HOST: '127.0.0.1',
        PORT: String(port),
        PUBLIC_URL: base,
        AUTH_SECRET: BENCH_AUTH_SECRET,
        WEB_DIST_DIR: '/nonexistent',
        LEAGUE_TIMEZONE: TIME_ZONE,
      },
      /is running at/,
    );
    const agent = keepAliveAgent();
    const figures: Figure[] = [];
    try {
      for (const s of SCENARIOS) {
        const f = await measure(agent, base, admin!, s.label, s.query);
        figures.push(f);
        log(
          `  ${f.label.padEnd(30)} page 1: p50 ${f.first.p50.toFixed(1)} ms (p95 ${f.first.p95.toFixed(1)}); page ${DEEP_PAGE}: p50 ${f.deep.p50.toFixed(1)} ms (p95 ${f.deep.p95.toFixed(1)}); ` +
            `deep/first ×${f.ratio.toFixed(2)}; walk to page ${DEEP_PAGE}: ${(f.walkMs / 1000).toFixed(1)} s`,
        );
      }
    } finally {
      agent.destroy();
      await proc.stop();
    }
    return figures;
  } finally {
    await database.remove();
  }
}

async function main(): Promise<void> {
  const pgUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  const kinds: DatabaseKind[] = process.env.BENCH_DB ? [process.env.BENCH_DB as DatabaseKind] : pgUrl ? ['pglite', 'postgres'] : ['pglite'];
  const results: Record<string, Figure[]> = {};
  for (const kind of kinds) results[kind] = await benchDatabase(kind, pgUrl);
  log(`\nAudit log, ${ROWS.toLocaleString('en-US')} entries, ${PAGE_SIZE} a page, median of ${REPEAT} (ms):`);
  log(`${'database'.padEnd(10)} ${'filters'.padEnd(30)} ${'page 1'.padStart(8)} ${`page ${DEEP_PAGE}`.padStart(9)} ${'deep/first'.padStart(10)}`);
  for (const [kind, figures] of Object.entries(results)) {
    for (const f of figures)
      log(
        `${kind.padEnd(10)} ${f.label.padEnd(30)} ${f.first.p50.toFixed(1).padStart(8)} ${f.deep.p50.toFixed(1).padStart(9)} ${`×${f.ratio.toFixed(2)}`.padStart(10)}`,
      );
  }
}

// Run as a script (npm run bench:audit); imported, it only lends its generator.
if (process.argv[1] && path.resolve(process.argv[1]) === import.meta.filename) await main();
