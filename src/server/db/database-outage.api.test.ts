import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import postgres from 'postgres';
import { eq, sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/postgres-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../app';
import type { LiveEvent } from '../context';
import { createFileTransport } from '../modules/mail/mail-transport';
import { createMailWorker } from '../modules/mail/mail-worker';
import { at, nextMonday, seedLeague, type League } from '../test/booking-fixtures';
import { startFaultProxy, type FaultProxy } from '../test/pg-fault-proxy';
import { buildTestApp, TEST_ORIGIN, type TestApp, type TestUser } from '../test/test-app';
import { openPostgres, type DatabaseHandle } from './client';
import { DATABASE_DOWN_MESSAGE, databaseFailure, QUERY_TIMEOUT } from './database-failure';
import { withDeadline } from './postgres-deadline';
import { notificationOutbox } from './schema';

/**
 * The app on a real PostgreSQL reached through a relay the test can break (test/pg-fault-proxy.ts): refused,
 * cut, or silent. The restart of a real PostgreSQL, under load and with two servers, is db-outage.resilience.test.ts.
 */
const pgUrl = process.env.TEST_DATABASE_URL;
const QUERY_MS = 800;

async function until<T>(what: string, ms: number, probe: () => Promise<T | undefined>): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const got = await probe();
    if (got !== undefined) return got;
    if (Date.now() > end) throw new Error(`${what}: not within ${ms} ms`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

describe.runIf(Boolean(pgUrl))('when PostgreSQL does not answer', () => {
  let t: TestApp;
  let league: League;
  let coach: TestUser;
  let proxy: FaultProxy;
  let handle: DatabaseHandle;
  let second: App;
  const heard: LiveEvent[] = [];

  beforeAll(async () => {
    t = await buildTestApp();
    league = await seedLeague(t, { teams: 1, rules: { maxPerWeek: 20, maxPerDay: 3, maxUpcoming: 30 } });
    coach = await t.signUp({ email: 'outage@example.org', role: 'coach', teamId: league.teamIds[0]! });
    const direct = new URL(t.database.url!);
    proxy = await startFaultProxy({ host: direct.hostname, port: Number(direct.port || 5432) });
    const viaProxy = new URL(t.database.url!);
    viaProxy.host = `127.0.0.1:${proxy.port}`;
    handle = openPostgres(viaProxy.toString(), { max: 3, connectTimeoutMs: 1000, queryTimeoutMs: QUERY_MS });
    second = await buildApp({ config: t.config, database: handle, authSecret: 'test-secret-test-secret-test-secret-42' });
    await second.app.ready();
    second.context.live.subscribe((e) => heard.push(e));
  }, 60_000);

  afterAll(async () => {
    await second?.app.close();
    await handle?.close();
    await proxy?.close();
    await t?.close();
  });

  const inject = (app: App, method: 'GET' | 'POST', url: string, payload?: object) =>
    app.app.inject({ method, url, ...(payload ? { payload } : {}), headers: { cookie: coach.cookie, origin: TEST_ORIGIN } });
  const book = (app: App, slotId: string) => inject(app, 'POST', '/api/bookings', { slotId });
  const slotRead = (app: App, slotId: string) => inject(app, 'GET', `/api/slots/by-id?ids=${slotId}`);

  it('refused: every route answers 503 in words with Retry-After, quickly; /api/ready too; a booking succeeds moments after', async () => {
    expect((await slotRead(second, league.slotIds[0]![0]!)).statusCode).toBe(200);
    await proxy.refuse();
    // Until this server hears its LISTEN connection break, it may answer a read from memory (the database has
    // not changed); from then on it keeps nothing and asks the database.
    await until('the break is heard', 2_000, async () => (second.context.live.hearsEverything() ? undefined : true));
    for (const [method, url, payload] of [
      ['GET', `/api/slots/by-id?ids=${league.slotIds[0]![0]!}`],
      ['GET', '/api/ready'],
      ['GET', '/api/bookings/mine'],
      ['POST', '/api/bookings', { slotId: league.slotIds[0]![1]! }],
    ] as const) {
      const started = performance.now();
      const res = await inject(second, method, url, payload);
      const took = performance.now() - started;
      expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(503);
      expect(res.headers['retry-after']).toBe('15');
      expect(res.json()).toEqual({ error: { code: 'UNAVAILABLE', message: DATABASE_DOWN_MESSAGE, details: { reason: 'database', outcome: 'none' }, key: 'server.databaseDown', params: {} } });
      expect(took, `${method} ${url}`).toBeLessThan(2_000);
    }
    await proxy.heal();
    const healed = performance.now();
    const booked = await until('a booking after the database is back', 2_000, async () => {
      const res = await book(second, league.slotIds[0]![1]!);
      return res.statusCode === 201 ? res : undefined;
    });
    expect(booked.statusCode).toBe(201);
    expect(performance.now() - healed).toBeLessThan(2_000);
    expect((await inject(second, 'GET', '/api/ready')).statusCode).toBe(200);
  });

  it('silent (no byte comes back): answered 503 within the query time limit, not held', async () => {
    // Connections open before the silence, and new ones made during it, both go quiet.
    expect((await slotRead(second, league.slotIds[1]![0]!)).statusCode).toBe(200);
    proxy.blackhole();
    second.context.cache.clear();
    const started = performance.now();
    const [read, write] = await Promise.all([slotRead(second, league.slotIds[1]![0]!), book(second, league.slotIds[1]![1]!)]);
    const took = performance.now() - started;
    expect(read.statusCode, read.body).toBe(503);
    expect(read.json().error.details).toEqual({ reason: 'database', outcome: 'none' });
    expect(write.statusCode, write.body).toBe(503);
    expect(took).toBeLessThan(QUERY_MS * 2 + 1_000);
    await proxy.heal();
    await until('a read after the silence ends', 3_000, async () => ((await slotRead(second, league.slotIds[1]![0]!)).statusCode === 200 ? true : undefined));
  });

  it('the live bus: LISTEN comes back by itself after its connection is cut, caches keep nothing meanwhile, and another server’s booking is seen', async () => {
    const slotId = league.slotIds[2]![0]!;
    await until('listening', 3_000, async () => (second.context.live.hearsEverything() ? true : undefined));
    // Cached on the second server as open.
    expect((await slotRead(second, slotId)).json().slots[0].status).toBe('open');
    expect(second.context.live.hearsEverything()).toBe(true);
    heard.length = 0;
    await proxy.refuse();
    await until('the break is heard', 2_000, async () => (heard.some((e) => e.type === 'resync') ? true : undefined));
    expect(second.context.live.hearsEverything()).toBe(false);
    // Booked on the first server (not behind the relay) while the second one cannot listen.
    expect((await book(t, slotId)).statusCode).toBe(201);
    await proxy.heal();
    // The second server reads the booking, not its cached "open", as soon as it reads at all.
    const seen = await until('the booking seen on the second server', 2_000, async () => {
      const res = await slotRead(second, slotId);
      return res.statusCode === 200 ? res.json<{ slots: Array<{ status: string }> }>().slots[0]!.status : undefined;
    });
    expect(seen).toBe('booked');
    await until('listening again', 2_000, async () => (second.context.live.hearsEverything() ? true : undefined));
    // And it hears the next change by NOTIFY again.
    heard.length = 0;
    const next = league.slotIds[2]![1]!;
    expect((await book(t, next)).statusCode).toBe(201);
    await until('the next booking heard', 2_000, async () => (heard.some((e) => e.type === 'slots' && e.slotIds.includes(next)) ? true : undefined));
  });

  it('the signed-in people and the league settings: changed on another server while this one could not listen, read afresh once it listens again', async () => {
    const admin = await t.signUp({ email: 'outage-admin@example.org', role: 'admin' });
    const member = await t.signUp({ email: 'outage-member@example.org', role: 'coach', teamId: league.teamIds[0]! });
    const asPerson = (app: App, person: TestUser, method: 'GET' | 'PUT' | 'PATCH', url: string, payload?: object) =>
      app.app.inject({ method, url, ...(payload ? { payload } : {}), headers: { cookie: person.cookie, origin: TEST_ORIGIN } });
    await until('listening', 3_000, async () => (second.context.live.hearsEverything() ? true : undefined));
    // Both cached on the second server: the league as it is, the member as signed in and enabled.
    const before = (await asPerson(second, member, 'GET', '/api/league')).json<{ name: string; shortName: string; timeZone: string; contactEmail: string | null }>();
    expect((await asPerson(second, member, 'GET', '/api/me')).statusCode).toBe(200);
    heard.length = 0;
    await proxy.refuse();
    await until('the break is heard', 2_000, async () => (heard.some((e) => e.type === 'resync') ? true : undefined));
    // Changed on the first server; their NOTIFY cannot reach the second one.
    const renamed = { ...before, name: `${before.name} (renamed in the outage)` };
    expect((await asPerson(t, admin, 'PUT', '/api/league', renamed)).statusCode).toBe(200);
    expect((await asPerson(t, admin, 'PATCH', `/api/admin/users/${member.id}`, { disabled: true })).statusCode).toBe(200);
    await proxy.heal();
    await until('listening again', 3_000, async () => (second.context.live.hearsEverything() ? true : undefined));
    // Listening again, the second server trusts its caches again: they must not hold what it had before the break.
    expect((await asPerson(second, member, 'GET', '/api/league')).json<{ name: string }>().name).toBe(renamed.name);
    expect((await asPerson(second, member, 'GET', '/api/me')).statusCode).toBe(401);
  });

  it('the mail worker: a reminder check that failed while the database was down runs again at the next pass, not an hour later', async () => {
    const booked = await book(t, league.slotIds[3]![0]!);
    expect(booked.statusCode).toBe(201);
    const bookingId = booked.json<{ booking: { id: string } }>().booking.id;
    // The evening before the practice, in league time; the worker looks for reminders once an hour.
    const evening = at(nextMonday().add({ days: 2 }), '19:00');
    let clock = evening;
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'outage-mail-'));
    const silent = { info: () => {}, warn: () => {}, error: () => {} };
    // Its league settings come through the first server (not behind the relay), so a pass gets as far as the reminder check.
    const worker = createMailWorker(
      { db: handle.db, league: t.context.league, transport: createFileTransport(dir, silent), publicUrl: t.config.publicUrl, log: silent },
      { reminderEveryMs: 3_600_000, now: () => clock },
    );
    const reminded = async () =>
      (await t.database.db.select({ id: notificationOutbox.id }).from(notificationOutbox).where(eq(notificationOutbox.dedupeKey, `reminder:${bookingId}`))).length;
    try {
      await proxy.refuse();
      await expect(worker.runOnce()).rejects.toThrow();
      expect(await reminded()).toBe(0);
      await proxy.heal();
      clock = new Date(evening.getTime() + 60_000);
      await until('a pass with the database back', 3_000, async () => worker.runOnce().then(() => true, () => undefined));
      expect(await reminded()).toBe(1);
    } finally {
      await worker.stop();
      await fs.rm(dir, { recursive: true, force: true });
    }
  });
});

describe.runIf(Boolean(pgUrl))('the query time limit (postgres-deadline.ts)', () => {
  let client: postgres.Sql;
  let limited: ReturnType<typeof drizzle>;
  beforeAll(async () => {
    client = postgres(pgUrl!, { max: 1, onnotice: () => {} });
    limited = drizzle(withDeadline(client, 300));
    await client.unsafe('create temporary table if not exists deadline_probe (n int)');
  });
  afterAll(() => client.end());

  it('a statement that runs too long is cancelled on the server; its outcome is unknown', async () => {
    const started = performance.now();
    const err = await limited.execute(sql`select pg_sleep(5)`).catch((e: unknown) => e);
    expect(performance.now() - started).toBeLessThan(1_500);
    expect(databaseFailure(err)).toEqual({ outcome: 'unknown' });
    // The connection is free again: the server cancelled the sleep.
    const [row] = await client.unsafe<Array<{ one: number }>>('select 1 as one');
    expect(row!.one).toBe(1);
  });

  it('a statement still waiting for a connection never runs; it wrote nothing', async () => {
    // A transaction holds the only connection, so the insert waits in the driver's queue (not pipelined behind).
    const busy = client.begin(async (tx) => {
      await tx.unsafe('select pg_sleep(0.8)');
    });
    const err = await limited.execute(sql`insert into deadline_probe values (42)`).catch((e: unknown) => e);
    expect((err as { cause?: { code?: string } }).cause?.code ?? (err as { code?: string }).code).toBe(QUERY_TIMEOUT);
    expect(databaseFailure(err)).toEqual({ outcome: 'none' });
    await busy;
    const rows = await client.unsafe<Array<{ n: number }>>('select n from deadline_probe where n = 42');
    expect(rows).toEqual([]);
  });

  it('a transaction whose statement runs too long rolls back: nothing written', async () => {
    const err = await limited
      .transaction(async (tx) => {
        await tx.execute(sql`insert into deadline_probe values (7)`);
        await tx.execute(sql`select pg_sleep(5)`);
      })
      .catch((e: unknown) => e);
    expect(databaseFailure(err)).toEqual({ outcome: 'none' });
    expect(await client.unsafe('select n from deadline_probe where n = 7')).toHaveLength(0);
  });
});

/**
 * postgres-js counts a statement's rows on the connection and reset the count only on CommandComplete: a statement
 * cut between its DataRows (an error, a cancel, pg_terminate_backend) left it standing, and the next statement on
 * that connection put its first row after that many holes. `const [row] = await …` was then undefined: the signed-in
 * person's session read answered "no such session", a 401 during an outage (db-outage.resilience.test.ts, seed
 * 1833613865). Fixed in patches/postgres+3.4.9.patch.
 */
describe.runIf(Boolean(pgUrl))('a statement cut between its rows (patches/postgres+3.4.9.patch)', () => {
  let client: postgres.Sql;
  let admin: postgres.Sql;
  const lookup = () =>
    client.unsafe('select token from (values ($1::text)) as s(token) where token = $1', ['tok'], { prepare: true }).values();
  // Many wide rows, so that several buffers of them reach the client before the statement ends.
  const rowsThen = (end: string) => `select repeat('x', 1000) as pad from generate_series(1, 100) union all select ${end}`;

  beforeAll(() => {
    client = postgres(pgUrl!, { max: 1, onnotice: () => {}, backoff: () => 0.01, connection: { application_name: 'rows_cut_probe' } });
    admin = postgres(pgUrl!, { max: 1, onnotice: () => {} });
  });
  afterAll(async () => {
    await client.end();
    await admin.end();
  });

  it('an error after some rows: the next statement on the connection answers its own rows from index 0', async () => {
    await expect(client.unsafe(rowsThen(`(1 / (select 0))::text`))).rejects.toThrow(/division by zero/);
    const rows = await lookup();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toEqual(['tok']);
  });

  it('the connection terminated after some rows (pg_terminate_backend): the reconnected connection answers from index 0', async () => {
    const cut = client.unsafe(rowsThen(`pg_sleep(5)::text`)).catch((e: unknown) => e);
    await until('the statement sleeps after its rows', 3_000, async () => {
      const [row] = await admin`select count(*)::int as n from pg_stat_activity where application_name = 'rows_cut_probe' and wait_event = 'PgSleep'`;
      return row!.n > 0 ? true : undefined;
    });
    await admin`select pg_terminate_backend(pid) from pg_stat_activity where application_name = 'rows_cut_probe'`;
    expect(String(await cut)).toMatch(/terminating connection|CONNECTION_CLOSED/);
    const rows = await lookup();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toEqual(['tok']);
  });
});
