import path from 'node:path';
import { DEFAULT_BOOKING_RULES, localDay, weekStart, type BookingRules } from '../../shared/bookings/booking-rules';
import { openSql, type Sql } from './database-snapshot';
import { freePort } from './free-port';
import { call, seededRandom, signIn } from './http-session';
import { startServerProcess, type ServerProcess } from './server-process';

/**
 * kill -9 of the real server at random moments under booking load (and now and then while it starts), then a restart on the same data, N times
 * (crash.resilience.test.ts runs it 50 times, `npm run soak` 1,000). After every restart: the server started,
 * and every booking whose POST was answered 2xx before the kill is there (and cancelled if its cancel was
 * answered). After the last one, on the stopped database: the same by SQL, no slot with two confirmed bookings,
 * no team over its day, week or upcoming limit, and every booking made through the API has its audit entry and
 * its notification (one transaction: all or nothing).
 */

export type CrashDatabase = { kind: 'pglite'; dataDir: string } | { kind: 'postgres'; url: string; dataDir: string };

export interface CrashOptions {
  database: CrashDatabase;
  cycles: number;
  seed: number;
  /** Load window before each kill, in ms (seeded random in this range). */
  windowMs?: [number, number];
  /** Concurrent booking workers per coach (a team racing itself). */
  workersPerCoach?: number;
  log?: (line: string) => void;
}

export interface CrashReport {
  database: 'pglite' | 'postgres';
  seed: number;
  cycles: number;
  /** Restarts that reached "is running at" (every cycle's, plus the final check's). */
  restarts: number;
  /** Extra kills while a server was still starting (each followed by a normal start). */
  startupKills: number;
  /** Spawn to "is running at", in ms. */
  startMs: { first: number; median: number; max: number };
  bookingsSent: number;
  bookingsAcknowledged: number;
  cancelsSent: number;
  cancelsAcknowledged: number;
  /** Requests cut off by a kill (no answer): their outcome is unknown, either is allowed. */
  cutOff: number;
  /** Answers by status, e.g. { 201: 812, 409: 97, 422: 301 }. */
  statuses: Record<string, number>;
  confirmedAtEnd: number;
  elapsedMs: number;
  /** Everything that broke a promise; empty when all held. */
  problems: string[];
}

const COACHES = ['coach@demo.cgsl.test', 'cardinals.coach@demo.cgsl.test', 'orioles.coach@demo.cgsl.test'];
const DEMO_PASSWORD = 'practice-demo';
const AUTH_SECRET = 'crash-cycles-secret-crash-cycles-secret-0123456789';
const HOUR = 3_600_000;

interface Slot {
  id: string;
  startsAt: string;
  status: string;
}
interface Booking {
  id: string;
  slotId: string;
  teamId: string;
  status: 'confirmed' | 'cancelled';
  startsAt: string;
}
interface Coach {
  email: string;
  cookie: string;
  teamId: string;
  /** The team's confirmed bookings as last seen (a sync after each restart, then our own answers). */
  confirmed: Map<string, Booking>;
}
interface Ack {
  id: string;
  slotId: string;
  teamId: string;
  cycle: number;
}

function median(values: number[]): number {
  const s = [...values].sort((a, b) => a - b);
  return s.length ? s[Math.floor(s.length / 2)]! : 0;
}

export async function runCrashCycles(options: CrashOptions): Promise<CrashReport> {
  const { database, cycles, seed } = options;
  const [minWindow, maxWindow] = options.windowMs ?? [100, 800];
  const workersPerCoach = options.workersPerCoach ?? 2;
  const log = options.log ?? (() => {});
  const random = seededRandom(seed);
  const pick = <T>(items: T[]): T => items[Math.floor(random() * items.length)]!;
  const started = performance.now();

  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const env: Record<string, string> = {
    PORT: String(port),
    PUBLIC_URL: base,
    DATA_DIR: database.dataDir,
    DATABASE_URL: database.kind === 'postgres' ? database.url : '',
    AUTH_SECRET,
    NODE_ENV: 'test',
    LOG_LEVEL: 'error',
  };

  const problems: string[] = [];
  const statuses: Record<string, number> = {};
  const count = (status: number) => (statuses[status] = (statuses[status] ?? 0) + 1);
  const acks = new Map<string, Ack>();
  const cancelTried = new Set<string>();
  const cancelAcked = new Set<string>();
  const seeded = new Set<string>();
  const startTimes: number[] = [];
  let bookingsSent = 0;
  let cancelsSent = 0;
  let cutOff = 0;
  let startupKills = 0;
  const current: { server: ServerProcess | null } = { server: null };

  const start = async (extra: Record<string, string> = {}): Promise<ServerProcess> => {
    const t0 = performance.now();
    const s = startServerProcess({ ...env, ...extra });
    current.server = s;
    try {
      await s.running(60_000);
    } catch (err) {
      problems.push(`restart ${startTimes.length} failed: ${(err as Error).message.slice(0, 2000)}`);
      throw err;
    }
    startTimes.push(performance.now() - t0);
    return s;
  };

  const coaches: Coach[] = [];
  let rules: BookingRules = DEFAULT_BOOKING_RULES;
  let timeZone = 'America/Chicago';
  let candidates: Slot[] = [];

  /** After a restart: each team's bookings through the API; every acknowledged one must be there. */
  const syncAndCheck = async (cycle: number) => {
    for (const coach of coaches) {
      const res = await call<{ bookings: Booking[] }>(base, 'GET', '/api/bookings/mine', { cookie: coach.cookie });
      if (res.status !== 200) {
        problems.push(`cycle ${cycle}: GET /api/bookings/mine answered ${res.status} for ${coach.email}`);
        continue;
      }
      const byId = new Map(res.body.bookings.map((b) => [b.id, b]));
      for (const ack of acks.values()) {
        if (ack.teamId !== coach.teamId) continue;
        const found = byId.get(ack.id);
        if (!found) problems.push(`cycle ${cycle}: booking ${ack.id} (acknowledged in cycle ${ack.cycle}) is missing after the restart`);
        else if (cancelAcked.has(ack.id) && found.status !== 'cancelled') problems.push(`cycle ${cycle}: booking ${ack.id} was cancelled (200) but is ${found.status}`);
        else if (!cancelTried.has(ack.id) && found.status !== 'confirmed') problems.push(`cycle ${cycle}: booking ${ack.id} was never cancelled but is ${found.status}`);
      }
      coach.confirmed = new Map(res.body.bookings.filter((b) => b.status === 'confirmed').map((b) => [b.id, b]));
      if (cycle === 0) for (const b of res.body.bookings) seeded.add(b.id);
    }
  };

  /** One coach's worker: books open slots and cancels its own until told to stop. */
  const worker = async (coach: Coach, stopped: () => boolean, cycle: number) => {
    while (!stopped()) {
      const cutoff = Date.now() + (rules.cancelCutoffHours + 1) * HOUR;
      const cancellable = [...coach.confirmed.values()].filter((b) => !seeded.has(b.id) && Date.parse(b.startsAt) > cutoff);
      try {
        if (cancellable.length >= 2 || (cancellable.length > 0 && random() < 0.35)) {
          const booking = pick(cancellable);
          coach.confirmed.delete(booking.id);
          cancelTried.add(booking.id);
          cancelsSent++;
          const res = await call(base, 'POST', `/api/bookings/${booking.id}/cancel`, { cookie: coach.cookie, body: { reason: `crash cycle ${cycle}` } });
          count(res.status);
          if (res.status === 200) cancelAcked.add(booking.id);
          else if (res.status >= 500) problems.push(`cycle ${cycle}: cancel answered ${res.status}: ${JSON.stringify(res.body)}`);
        } else {
          const slot = pick(candidates);
          bookingsSent++;
          const res = await call<{ booking: Booking }>(base, 'POST', '/api/bookings', { cookie: coach.cookie, body: { slotId: slot.id } });
          count(res.status);
          if (res.status === 201) {
            const b = res.body.booking;
            acks.set(b.id, { id: b.id, slotId: b.slotId, teamId: b.teamId, cycle });
            coach.confirmed.set(b.id, b);
          } else if (res.status >= 500) problems.push(`cycle ${cycle}: book answered ${res.status}: ${JSON.stringify(res.body)}`);
        }
      } catch {
        // The kill cut this request off: no answer, so its outcome is unknown (the next sync learns it).
        cutOff++;
        return;
      }
    }
  };

  try {
    // The first start loads the demo league (DEMO=1): coaches, fields and a season of slots.
    let server = await start({ DEMO: '1' });
    for (const email of COACHES) {
      const cookie = await signIn(base, email, DEMO_PASSWORD);
      const ctx = await call<{ team: { id: string } | null; rules: BookingRules | null; timeZone: string }>(base, 'GET', '/api/bookings/context', { cookie });
      if (!ctx.body.team) throw new Error(`${email} has no team in the demo league`);
      rules = ctx.body.rules ?? DEFAULT_BOOKING_RULES;
      timeZone = ctx.body.timeZone;
      coaches.push({ email, cookie, teamId: ctx.body.team.id, confirmed: new Map() });
    }
    const day = (offset: number) => new Date(Date.now() + offset * 24 * HOUR).toISOString().slice(0, 10);
    const slots = await call<{ slots: Slot[] }>(base, 'GET', `/api/slots?from=${day(1)}&to=${day(rules.maxAheadDays)}`);
    const earliest = Date.now() + (rules.cancelCutoffHours + 2) * HOUR;
    const latest = Date.now() + (rules.maxAheadDays - 1) * 24 * HOUR;
    // A pool small enough that coaches collide on slots (409s) and reach their limits (422s).
    candidates = slots.body.slots.filter((s) => s.status === 'open' && Date.parse(s.startsAt) > earliest && Date.parse(s.startsAt) < latest);
    candidates = candidates.filter((_, i) => i % Math.max(1, Math.floor(candidates.length / 60)) === 0);
    if (candidates.length < 10) throw new Error(`only ${candidates.length} bookable demo slots`);
    await syncAndCheck(0);

    for (let cycle = 1; cycle <= cycles; cycle++) {
      if (cycle > 1) {
        if (random() < 0.15) {
          // Now and then the kill comes while the server is still starting (opening the database, replaying its log).
          const early = startServerProcess(env);
          current.server = early;
          await new Promise((r) => setTimeout(r, 200 + Math.floor(random() * 2300)));
          early.child.kill('SIGKILL');
          await early.exited;
          startupKills++;
        }
        server = await start();
        await syncAndCheck(cycle);
      }
      let stop = false;
      const workers = coaches.flatMap((c) => Array.from({ length: workersPerCoach }, () => worker(c, () => stop, cycle)));
      const windowMs = minWindow + Math.floor(random() * (maxWindow - minWindow + 1));
      await new Promise((r) => setTimeout(r, windowMs));
      server.child.kill('SIGKILL');
      stop = true;
      await server.exited;
      await Promise.all(workers);
      if (cycle % 10 === 0) log(`${database.kind}: ${cycle}/${cycles} cycles, ${acks.size} bookings acknowledged`);
    }

    // The check after the last kill, then a clean stop so the database can be opened directly.
    const last = await start();
    await syncAndCheck(cycles + 1);
    last.child.kill('SIGTERM');
    const code = await last.exited;
    if (code !== 0) problems.push(`the final SIGTERM exited with ${code}:\n${last.output().slice(-2000)}`);
  } finally {
    const s = current.server;
    if (s && s.child.exitCode === null && s.child.signalCode === null) {
      s.child.kill('SIGKILL');
      await s.exited;
    }
  }

  const db = await openSql(database.kind === 'postgres' ? { url: database.url } : { pgliteDir: path.join(database.dataDir, 'pglite') });
  let confirmedAtEnd: number;
  try {
    confirmedAtEnd = await checkDatabase(db.sql, { acks, cancelTried, cancelAcked, seeded, rules, timeZone, problems });
  } finally {
    await db.close();
  }

  return {
    database: database.kind,
    seed,
    cycles,
    restarts: startTimes.length - 1,
    startupKills,
    startMs: { first: Math.round(startTimes[0] ?? 0), median: Math.round(median(startTimes.slice(1))), max: Math.round(Math.max(0, ...startTimes.slice(1))) },
    bookingsSent,
    bookingsAcknowledged: acks.size,
    cancelsSent,
    cancelsAcknowledged: cancelAcked.size,
    cutOff,
    statuses,
    confirmedAtEnd,
    elapsedMs: Math.round(performance.now() - started),
    problems,
  };
}

interface CheckInput {
  acks: Map<string, Ack>;
  cancelTried: Set<string>;
  cancelAcked: Set<string>;
  seeded: Set<string>;
  rules: BookingRules;
  timeZone: string;
  problems: string[];
}

/** The promises, by SQL on the stopped database. Returns how many bookings are confirmed. */
async function checkDatabase(sql: Sql, { acks, cancelTried, cancelAcked, seeded, rules, timeZone, problems }: CheckInput): Promise<number> {
  const rows = await sql<{ id: string; slot_id: string; team_id: string; status: string; starts_at: Date | string }>(
    'select b.id, b.slot_id, b.team_id, b.status, s.starts_at from bookings b join slots s on s.id = b.slot_id',
  );
  const byId = new Map(rows.map((r) => [r.id, r]));
  for (const ack of acks.values()) {
    const row = byId.get(ack.id);
    if (!row) problems.push(`SQL: acknowledged booking ${ack.id} (cycle ${ack.cycle}) is not in the database`);
    else if (row.slot_id !== ack.slotId || row.team_id !== ack.teamId) problems.push(`SQL: booking ${ack.id} changed slot or team`);
    else if (cancelAcked.has(ack.id) && row.status !== 'cancelled') problems.push(`SQL: booking ${ack.id} was cancelled (200) but is ${row.status}`);
    else if (!cancelTried.has(ack.id) && row.status !== 'confirmed') problems.push(`SQL: booking ${ack.id} was never cancelled but is ${row.status}`);
  }

  const doubled = await sql<{ slot_id: string; n: number }>(
    "select slot_id, count(*)::int as n from bookings where status = 'confirmed' group by slot_id having count(*) > 1",
  );
  for (const d of doubled) problems.push(`SQL: slot ${d.slot_id} has ${d.n} confirmed bookings`);

  // The limits, counted as the rules count them (league time zone); the demo's own bookings are written straight
  // into the table, so a group they already fill past a limit may stay there, but nothing may be added to it.
  const confirmed = rows.filter((r) => r.status === 'confirmed');
  const groups = new Map<string, { n: number; seeded: number; limit: number }>();
  const add = (key: string, limit: number, isSeeded: boolean) => {
    const g = groups.get(key) ?? { n: 0, seeded: 0, limit };
    g.n++;
    if (isSeeded) g.seeded++;
    groups.set(key, g);
  };
  const now = Date.now();
  for (const r of confirmed) {
    const startsAt = new Date(r.starts_at);
    const isSeeded = seeded.has(r.id);
    add(`${r.team_id} day ${localDay(startsAt, timeZone)}`, rules.maxPerDay, isSeeded);
    add(`${r.team_id} week of ${weekStart(startsAt, timeZone)}`, rules.maxPerWeek, isSeeded);
    if (startsAt.getTime() > now) add(`${r.team_id} upcoming`, rules.maxUpcoming, isSeeded);
  }
  for (const [key, g] of groups) if (g.n > Math.max(g.limit, g.seeded)) problems.push(`SQL: team ${key}: ${g.n} confirmed bookings, limit ${g.limit}`);

  // One transaction per change: a booking made through the API has its audit entry and its notification.
  const audited = new Set(
    (await sql<{ entity_id: string }>("select entity_id from audit_log where action = 'booking.create'")).map((r) => r.entity_id),
  );
  const notified = new Set(
    (await sql<{ id: string }>("select payload->>'bookingId' as id from notification_outbox where kind = 'booking.created'")).map((r) => r.id),
  );
  const cancelAudited = new Set(
    (await sql<{ entity_id: string }>("select entity_id from audit_log where action = 'booking.cancel'")).map((r) => r.entity_id),
  );
  for (const r of rows) {
    if (seeded.has(r.id)) continue;
    if (!audited.has(r.id)) problems.push(`SQL: booking ${r.id} has no booking.create audit entry`);
    if (!notified.has(r.id)) problems.push(`SQL: booking ${r.id} has no booking.created notification`);
    if (r.status === 'cancelled' && !cancelAudited.has(r.id)) problems.push(`SQL: cancelled booking ${r.id} has no booking.cancel audit entry`);
  }
  for (const id of audited) if (!byId.has(id)) problems.push(`SQL: audit entry for booking ${id}, which does not exist`);
  return confirmed.length;
}
