/**
 * `npm run bench`: figures, not pass/fail. Each figure is measured beside a baseline in the same run and
 * reported as a ratio, because absolute times drift on a shared machine.
 *
 * Slots (issue 3): generate a season of slots for 20 fields (≈22,000 slots) through the real route, then fetch
 * one week of it (all 20 fields) many times; the baseline is GET /api/health on the same app.
 * Runs on PGlite (in memory) and, when BENCH_DATABASE_URL or TEST_DATABASE_URL is set, on PostgreSQL.
 */
import { randomBytes } from 'node:crypto';
import postgres from 'postgres';
import { buildApp } from '../src/server/app';
import { loadConfig } from '../src/server/config';
import { openPglite, openPostgres, type DatabaseHandle } from '../src/server/db/client';
import { seasons, users } from '../src/server/db/schema';
import { withDatabase } from '../src/server/test/database-url';
import { eq, sql } from 'drizzle-orm';

const ORIGIN = 'http://localhost:3000';
const WEEK_REQUESTS = 200;

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

async function timeRequests(n: number, fn: () => Promise<unknown>): Promise<{ p50: number; p99: number; perSecond: number }> {
  const times: number[] = [];
  const started = performance.now();
  for (let i = 0; i < n; i++) {
    const t0 = performance.now();
    await fn();
    times.push(performance.now() - t0);
  }
  const total = performance.now() - started;
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 50), p99: percentile(times, 99), perSecond: (n / total) * 1000 };
}

async function benchSlots(label: string, database: DatabaseHandle): Promise<void> {
  await database.migrate();
  const config = loadConfig({ PUBLIC_URL: ORIGIN, NODE_ENV: 'test', WEB_DIST_DIR: '/nonexistent', LOG_LEVEL: 'silent' });
  const { app, auth } = await buildApp({ config, database, authSecret: 'bench-secret-bench-secret-bench-secret-1' });
  await app.ready();
  const signed = await auth.api.signUpEmail({ body: { name: 'Bench', email: 'bench@example.org', password: 'bench-password-1' }, returnHeaders: true });
  await database.db.update(users).set({ role: 'admin' }).where(eq(users.id, signed.response.user.id));
  const cookie = signed.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
  const headers = { cookie, origin: ORIGIN };
  const [season] = await database.db.insert(seasons).values({ name: 'Bench 2027', startsOn: '2027-03-01', endsOn: '2027-07-15', active: true }).returning();
  const facility = (await app.inject({ method: 'POST', url: '/api/facilities', headers, payload: { name: 'Bench Park' } })).json<{ facility: { id: string } }>().facility;
  const fieldIds: string[] = [];
  for (let i = 1; i <= 20; i++) {
    const res = await app.inject({ method: 'POST', url: '/api/fields', headers, payload: { facilityId: facility.id, name: `Field ${i}`, surface: 'grass', lights: true, color: '#1e40af' } });
    fieldIds.push(res.json<{ field: { id: string } }>().field.id);
  }
  const body = { seasonId: season!.id, fieldIds, daysOfWeek: [1, 2, 3, 4, 5, 6, 7], firstStart: '13:00', lastEnd: '21:00', lengthMinutes: 60, gapMinutes: 0, startDate: '2027-03-01', endDate: '2027-07-15', skipDates: [] };

  const t0 = performance.now();
  const res = await app.inject({ method: 'POST', url: '/api/slots/generate', headers, payload: body });
  const generateMs = performance.now() - t0;
  const done = JSON.parse(res.body.trim().split('\n').at(-1)!) as { created: number };

  const health = await timeRequests(WEEK_REQUESTS, () => app.inject({ url: '/api/health' }));
  const week = await timeRequests(WEEK_REQUESTS, () => app.inject({ url: '/api/slots?from=2027-05-03&to=2027-05-09' }));
  const weekCount = (await app.inject({ url: '/api/slots?from=2027-05-03&to=2027-05-09' })).json<{ slots: unknown[] }>().slots.length;
  const fieldWeekUrl = `/api/slots?from=2027-05-03&to=2027-05-09&fieldId=${fieldIds[7]}`;
  const fieldWeek = await timeRequests(WEEK_REQUESTS, () => app.inject({ url: fieldWeekUrl }));
  const fieldWeekCount = (await app.inject({ url: fieldWeekUrl })).json<{ slots: unknown[] }>().slots.length;
  // What an open page fetches after a booking elsewhere: the one slot the live event named, not the week.
  const someIds = (await app.inject({ url: fieldWeekUrl })).json<{ slots: Array<{ id: string }> }>().slots.map((x) => x.id);
  const byId = await timeRequests(WEEK_REQUESTS, () => app.inject({ url: `/api/slots/by-id?ids=${someIds[3]}` }));

  console.log(`\n[${label}] slots`);
  console.log(`  generate a season for 20 fields: ${done.created} slots in ${generateMs.toFixed(0)} ms (${((done.created / generateMs) * 1000).toFixed(0)} slots/s)`);
  console.log(`  one week (${weekCount} slots, 20 fields): p50 ${week.p50.toFixed(2)} ms, p99 ${week.p99.toFixed(2)} ms, ${week.perSecond.toFixed(0)} req/s`);
  console.log(`  one week of one field (${fieldWeekCount} slots): p50 ${fieldWeek.p50.toFixed(2)} ms, p99 ${fieldWeek.p99.toFixed(2)} ms, ${fieldWeek.perSecond.toFixed(0)} req/s`);
  console.log(`  live update, the one slot an event names: p50 ${byId.p50.toFixed(2)} ms, p99 ${byId.p99.toFixed(2)} ms, ${byId.perSecond.toFixed(0)} req/s`);
  console.log(`  baseline GET /api/health:        p50 ${health.p50.toFixed(2)} ms, p99 ${health.p99.toFixed(2)} ms, ${health.perSecond.toFixed(0)} req/s`);
  console.log(`  ratio to health (p50): all-fields week ${(week.p50 / health.p50).toFixed(1)}x, one-field week ${(fieldWeek.p50 / health.p50).toFixed(1)}x, one slot by id ${(byId.p50 / health.p50).toFixed(1)}x`);
  await app.close();
}

interface LoadResult {
  requests: number;
  perSecond: number;
  p50: number;
  p99: number;
  statuses: Record<number, number>;
}

/** `workers` clients in parallel over real HTTP, each sending its share of requests one after another. */
async function load(workers: number, perWorker: number, send: (worker: number, i: number) => Promise<number>): Promise<LoadResult> {
  const times: number[] = [];
  const statuses: Record<number, number> = {};
  const started = performance.now();
  await Promise.all(
    Array.from({ length: workers }, async (_, w) => {
      for (let i = 0; i < perWorker; i++) {
        const t0 = performance.now();
        const status = await send(w, i);
        times.push(performance.now() - t0);
        statuses[status] = (statuses[status] ?? 0) + 1;
      }
    }),
  );
  const total = performance.now() - started;
  times.sort((a, b) => a - b);
  return { requests: times.length, perSecond: (times.length / total) * 1000, p50: percentile(times, 50), p99: percentile(times, 99), statuses };
}

const fmt = (r: LoadResult) => `${r.perSecond.toFixed(0)} req/s, p50 ${r.p50.toFixed(1)} ms, p99 ${r.p99.toFixed(1)} ms (${JSON.stringify(r.statuses)})`;

/**
 * Bookings (issue 4): 100 coaches of 100 teams booking different slots at once over real HTTP, and the week
 * view under the same concurrency, each beside a plain Fastify route (no database) measured in the same run.
 */
async function benchBookings(label: string, database: DatabaseHandle): Promise<void> {
  await database.migrate();
  const { default: Fastify } = await import('fastify');
  const { Temporal } = await import('temporal-polyfill');
  const { bookingRules, slots, teams, fields, facilities } = await import('../src/server/db/schema');
  const config = loadConfig({ PUBLIC_URL: ORIGIN, NODE_ENV: 'test', WEB_DIST_DIR: '/nonexistent', LOG_LEVEL: 'silent' });
  const { app, auth } = await buildApp({ config, database, authSecret: 'bench-secret-bench-secret-bench-secret-1' });
  const db = database.db;
  const today = Temporal.Now.plainDateISO('America/Chicago');
  const [season] = await db.insert(seasons).values({ name: 'Bench now', startsOn: today.subtract({ days: 7 }).toString(), endsOn: today.add({ days: 60 }).toString(), active: true }).returning();
  await db.insert(bookingRules).values({ seasonId: season!.id, maxPerWeek: 14, maxPerDay: 5, maxUpcoming: 50 });
  const [facility] = await db.insert(facilities).values({ name: 'Bench Complex' }).returning();
  const fieldRows = await db.insert(fields).values(Array.from({ length: 20 }, (_, i) => ({ facilityId: facility!.id, name: `F${i}` }))).returning({ id: fields.id });
  const slotValues = [];
  for (let d = 1; d <= 14; d++) {
    for (const hour of [16, 17, 18, 19]) {
      const startsAt = new Date(today.add({ days: d }).toPlainDateTime({ hour }).toZonedDateTime('America/Chicago').epochMilliseconds);
      for (const f of fieldRows) slotValues.push({ seasonId: season!.id, fieldId: f.id, startsAt, endsAt: new Date(startsAt.getTime() + 3_600_000) });
    }
  }
  const slotIds = (await db.insert(slots).values(slotValues).returning({ id: slots.id })).map((r) => r.id);
  const teamIds = (await db.insert(teams).values(Array.from({ length: 100 }, (_, i) => ({ name: `Bench team ${i}` }))).returning({ id: teams.id })).map((r) => r.id);
  const cookies = await Promise.all(
    teamIds.map(async (teamId, i) => {
      const r = await auth.api.signUpEmail({ body: { name: `Coach ${i}`, email: `coach${i}@bench.example`, password: 'bench-password-1' }, returnHeaders: true });
      await db.update(users).set({ role: 'coach', teamId }).where(eq(users.id, r.response.user.id));
      return r.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
    }),
  );
  await app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;

  const plain = Fastify();
  plain.get('/plain', async () => ({ ok: true }));
  await plain.listen({ port: 0, host: '127.0.0.1' });
  const plainBase = `http://127.0.0.1:${(plain.server.address() as { port: number }).port}`;

  const PER = 5;
  const plainLoad = await load(100, PER, async () => (await fetch(`${plainBase}/plain`)).status);
  const booking = await load(100, PER, async (w, i) => {
    const res = await fetch(`${base}/api/bookings`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: cookies[w]!, origin: ORIGIN },
      body: JSON.stringify({ slotId: slotIds[w * PER + i] }),
    });
    await res.arrayBuffer();
    return res.status;
  });
  const from = today.add({ days: 1 }).toString();
  const to = today.add({ days: 7 }).toString();
  const week = await load(100, PER, async () => {
    const res = await fetch(`${base}/api/slots?from=${from}&to=${to}&facilityId=${facility!.id}`);
    await res.arrayBuffer();
    return res.status;
  });
  const fieldWeek = await load(100, PER, async () => {
    const res = await fetch(`${base}/api/slots?from=${from}&to=${to}&fieldId=${fieldRows[0]!.id}`);
    await res.arrayBuffer();
    return res.status;
  });
  console.log(`\n[${label}] bookings, 100 concurrent clients × ${PER} requests, real HTTP`);
  console.log(`  plain Fastify route:            ${fmt(plainLoad)}`);
  console.log(`  POST /api/bookings (different slots): ${fmt(booking)}`);
  console.log(`  GET week view, 20 fields (560 slots): ${fmt(week)}`);
  console.log(`  GET week view, one field (28 slots):  ${fmt(fieldWeek)}`);
  console.log(`  ratios to the plain route (req/s): booking ${(booking.perSecond / plainLoad.perSecond).toFixed(3)}, week ${(week.perSecond / plainLoad.perSecond).toFixed(3)}, one-field week ${(fieldWeek.perSecond / plainLoad.perSecond).toFixed(3)}`);
  await plain.close();
  await app.close();
}

async function main(): Promise<void> {
  const pglite = await openPglite({});
  try {
    await benchSlots('PGlite', pglite);
  } finally {
    await pglite.close();
  }
  const pgliteBookings = await openPglite({});
  try {
    await benchBookings('PGlite', pgliteBookings);
  } finally {
    await pgliteBookings.close();
  }
  const url = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  if (!url) {
    console.log('\n(set BENCH_DATABASE_URL=postgres://… to measure on PostgreSQL too)');
    return;
  }
  const name = `cgsl_bench_${randomBytes(4).toString('hex')}`;
  const admin = postgres(url, { max: 1, onnotice: () => {} });
  await admin.unsafe(`CREATE DATABASE ${name}`);
  const pg = openPostgres(withDatabase(url, name));
  const pg2 = openPostgres(withDatabase(url, name));
  try {
    await benchSlots('PostgreSQL', pg);
    await pg.close();
    await pg2.db.execute(sql`truncate slots, bookings, fields, facilities, seasons, booking_rules, teams cascade`);
    await benchBookings('PostgreSQL', pg2);
  } finally {
    await pg2.close();
    await admin.unsafe(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  }
}

await main();
