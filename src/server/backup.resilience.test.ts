import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import postgres from 'postgres';
import { afterAll, describe, expect, it } from 'vitest';
import { withDatabase } from './test/database-url';
import { openSql, snapshotTables, type Sql } from './test/database-snapshot';
import { freePort } from './test/free-port';
import { call, seededRandom, signIn } from './test/http-session';
import { startServerProcess, type ServerProcess } from './test/server-process';

/**
 * `npm run backup` while the real server serves requests, `npm run restore` into a fresh data directory (PGlite) or
 * an empty database (PostgreSQL, when TEST_DATABASE_URL is set), then every table compared: row count and a
 * checksum of its rows in primary-key order, original (stopped right after the backup) against the restored copy.
 * A second backup taken while coaches book and cancel is checked for consistency: every booking in it comes with
 * its audit entry and notification, as one transaction wrote them. The restored server starts and a demo coach
 * signs in.
 */
const ROOT = path.resolve(import.meta.dirname, '../..');
const pgUrl = process.env.TEST_DATABASE_URL;
const engines = pgUrl ? (['pglite', 'postgres'] as const) : (['pglite'] as const);
const PASSWORD_IN_URL = 'never-printed-pw';
const AUTH_SECRET = 'backup-test-secret-backup-test-secret-0123456';
const COACHES = ['coach@demo.cgsl.test', 'cardinals.coach@demo.cgsl.test', 'orioles.coach@demo.cgsl.test'];
const DEMO_PASSWORD = 'practice-demo';

const dirs: string[] = [];
const databases: string[] = [];
const servers: ServerProcess[] = [];

afterAll(async () => {
  for (const s of servers) if (s.child.exitCode === null && s.child.signalCode === null) s.child.kill('SIGKILL');
  await Promise.all(servers.map((s) => s.exited));
  for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
  if (pgUrl && databases.length) {
    const admin = postgres(pgUrl, { max: 1, onnotice: () => {} });
    for (const name of databases) await admin.unsafe(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  }
});

function runScript(script: 'backup' | 'restore', args: string[], env: Record<string, string>): Promise<{ code: number; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', `scripts/${script}.ts`, ...args], { cwd: ROOT, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (d: Buffer) => (output += d.toString()));
    child.stderr.on('data', (d: Buffer) => (output += d.toString()));
    child.on('close', (code) => resolve({ code: code ?? 1, output }));
  });
}

async function emptyDatabase(name: string): Promise<string> {
  const admin = postgres(pgUrl!, { max: 1, onnotice: () => {} });
  await admin.unsafe(`CREATE DATABASE ${name}`);
  await admin.end();
  databases.push(name);
  const url = new URL(withDatabase(pgUrl!, name));
  // A password in the URL (trust authentication ignores it) that no message may show.
  url.password = PASSWORD_IN_URL;
  return url.toString();
}

/** Runs `work` over and over until `until` settles; returns how many times it ran and the statuses it saw. */
async function loadUntil<T>(until: Promise<T>, workers: number, work: (i: number) => Promise<number>): Promise<{ result: T; statuses: Record<string, number> }> {
  let done = false;
  const statuses: Record<string, number> = {};
  const loops = Array.from({ length: workers }, async (_, i) => {
    while (!done) {
      const status = await work(i);
      statuses[status] = (statuses[status] ?? 0) + 1;
    }
  });
  try {
    return { result: await until, statuses };
  } finally {
    done = true;
    await Promise.all(loops);
  }
}

/** Waits until the mail worker has nothing left to write (no new .eml file for 2.5 s: longer than its 2 s poll). */
async function mailSettled(dataDir: string): Promise<void> {
  const outbox = path.join(dataDir, 'outbox');
  const count = () => (fs.existsSync(outbox) ? fs.readdirSync(outbox).length : 0);
  let last = -1;
  let since = Date.now();
  for (;;) {
    const n = count();
    if (n !== last) {
      last = n;
      since = Date.now();
    } else if (Date.now() - since > 2500) return;
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** A copy is consistent when every booking in it comes with what its transaction wrote alongside. */
async function consistencyProblems(sql: Sql, demoBookings: Set<string>): Promise<string[]> {
  const problems: string[] = [];
  const bookings = await sql<{ id: string; status: string }>('select id, status from bookings');
  const ids = new Set(bookings.map((b) => b.id));
  const audit = await sql<{ action: string; entity_id: string }>("select action, entity_id from audit_log where entity_type = 'booking'");
  const created = new Set(audit.filter((a) => a.action === 'booking.create').map((a) => a.entity_id));
  const cancelled = new Set(audit.filter((a) => a.action.startsWith('booking.cancel')).map((a) => a.entity_id));
  const notified = new Set((await sql<{ id: string }>("select payload->>'bookingId' as id from notification_outbox where kind = 'booking.created'")).map((r) => r.id));
  for (const b of bookings) {
    if (demoBookings.has(b.id)) continue;
    if (!created.has(b.id)) problems.push(`booking ${b.id} without its booking.create audit entry`);
    if (!notified.has(b.id)) problems.push(`booking ${b.id} without its booking.created notification`);
    if (b.status === 'cancelled' && !cancelled.has(b.id)) problems.push(`cancelled booking ${b.id} without its cancel audit entry`);
  }
  for (const id of created) if (!ids.has(id)) problems.push(`audit entry for booking ${id}, which is not in the copy`);
  for (const id of notified) if (!ids.has(id)) problems.push(`notification for booking ${id}, which is not in the copy`);
  const doubled = await sql<{ slot_id: string }>("select slot_id from bookings where status = 'confirmed' group by slot_id having count(*) > 1");
  for (const d of doubled) problems.push(`slot ${d.slot_id} with two confirmed bookings`);
  return problems;
}

describe('backup and restore', () => {
  for (const engine of engines) {
    it(`${engine}: a backup taken while the server serves restores into a fresh ${engine === 'pglite' ? 'data directory' : 'database'} with every table equal`, async () => {
      const work = fs.mkdtempSync(path.join(os.tmpdir(), `cgsl-backup-${engine}-`));
      dirs.push(work);
      const dataDir = path.join(work, 'data');
      for (const out of ['under-writes', 'compared']) fs.mkdirSync(path.join(work, out));
      const stamp = `${process.pid}_${Date.now()}`;
      const sourceUrl = engine === 'postgres' ? await emptyDatabase(`cgsl_backup_${stamp}_src`) : '';
      const targetEnv = async (name: string) =>
        engine === 'postgres' ? { DATABASE_URL: await emptyDatabase(`cgsl_backup_${stamp}_${name}`), DATA_DIR: path.join(work, name) } : { DATABASE_URL: '', DATA_DIR: path.join(work, name) };
      const sourceEnv = { DATABASE_URL: sourceUrl, DATA_DIR: dataDir };

      // The original: the demo league and some bookings and a cancel, made through the API.
      const port = await freePort();
      const base = `http://127.0.0.1:${port}`;
      const serverEnv = { PORT: String(port), PUBLIC_URL: base, NODE_ENV: 'test', AUTH_SECRET, LOG_LEVEL: 'error' };
      const server = startServerProcess({ ...serverEnv, ...sourceEnv, DEMO: '1' });
      servers.push(server);
      await server.running(90_000);
      const cookies = await Promise.all(COACHES.map((email) => signIn(base, email, DEMO_PASSWORD)));
      const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
      const slots = (await call<{ slots: Array<{ id: string; status: string; startsAt: string }> }>(base, 'GET', `/api/slots?from=${day(2)}&to=${day(19)}`)).body.slots;
      const open = slots.filter((s) => s.status === 'open' && Date.parse(s.startsAt) > Date.now() + 26 * 3_600_000);
      const random = seededRandom(42);
      const book = async (cookie: string) => {
        const res = await call<{ booking?: { id: string } }>(base, 'POST', '/api/bookings', { cookie, body: { slotId: open[Math.floor(random() * open.length)]!.id } });
        return res;
      };
      let made = 0;
      for (const cookie of cookies) {
        let mineMade = 0;
        for (let i = 0; i < 6 && mineMade < 2; i++) if ((await book(cookie)).status === 201) mineMade++;
        made += mineMade;
      }
      const mine = (await call<{ bookings: Array<{ id: string; status: string; startsAt: string }> }>(base, 'GET', '/api/bookings/mine', { cookie: cookies[1]! })).body.bookings;
      const cancellable = mine.find((b) => b.status === 'confirmed' && Date.parse(b.startsAt) > Date.now() + 25 * 3_600_000);
      if (cancellable) expect((await call(base, 'POST', `/api/bookings/${cancellable.id}/cancel`, { cookie: cookies[1]!, body: {} })).status).toBe(200);
      expect(made).toBeGreaterThan(0);
      await mailSettled(dataDir);

      // A backup while coaches book and cancel: consistent (checked after its restore below).
      const underWrites = await loadUntil(runScript('backup', ['--out', path.join(work, 'under-writes')], sourceEnv), COACHES.length, async (i) => {
        // Book, then cancel it again, so the teams stay under their limits and the writes go on.
        const res = await book(cookies[i]!);
        if (res.status === 201) return (await call(base, 'POST', `/api/bookings/${res.body.booking!.id}/cancel`, { cookie: cookies[i]!, body: {} })).status;
        return res.status;
      });
      expect(underWrites.result.code, underWrites.result.output).toBe(0);
      await mailSettled(dataDir);

      // The backup compared table by table: the server answers reads all along, and writes nothing after it.
      const reads = [`/api/slots?from=${day(1)}&to=${day(7)}`, '/api/health', '/api/bookings/mine', '/api/bookings/context'];
      const whileReading = await loadUntil(runScript('backup', ['--out', path.join(work, 'compared')], sourceEnv), 4, async (i) => (await call(base, 'GET', reads[i]!, { cookie: cookies[i % 3]! })).status);
      const backup = whileReading.result;
      expect(backup.code, backup.output).toBe(0);
      expect(whileReading.statuses).toEqual({ 200: expect.any(Number) });
      server.child.kill('SIGTERM');
      expect(await server.exited).toBe(0);

      const files = (name: string) => fs.readdirSync(path.join(work, name)).map((f) => path.join(work, name, f));
      const [comparedFile] = files('compared');
      const [underWritesFile] = files('under-writes');
      expect(backup.output).toContain(`Backup written: ${comparedFile}`);
      expect(backup.output).toContain(engine === 'pglite' ? 'written by the running server' : 'one consistent snapshot');
      for (const out of [backup.output, underWrites.result.output]) expect(out).not.toContain(PASSWORD_IN_URL);

      // Restore: refused over the original (not empty), done into a fresh target.
      const refused = await runScript('restore', [comparedFile!], sourceEnv);
      expect(refused.code).toBe(1);
      expect(refused.output).toMatch(/not empty/);
      const restoredEnv = await targetEnv('restored');
      const restore = await runScript('restore', [comparedFile!], restoredEnv);
      expect(restore.code, restore.output).toBe(0);
      expect(restore.output).not.toContain(PASSWORD_IN_URL);

      const openDb = (env: { DATABASE_URL: string; DATA_DIR: string }) => openSql(env.DATABASE_URL ? { url: env.DATABASE_URL } : { pgliteDir: path.join(env.DATA_DIR, 'pglite') });
      const original = await openDb(sourceEnv);
      const originalTables = await snapshotTables(original.sql);
      const demoBookings = new Set(
        (await original.sql<{ id: string }>("select b.id from bookings b where not exists (select 1 from audit_log a where a.entity_id = b.id::text and a.action = 'booking.create')")).map((r) => r.id),
      );
      await original.close();
      const restored = await openDb(restoredEnv);
      const restoredTables = await snapshotTables(restored.sql);
      await restored.close();
      expect([...restoredTables.keys()]).toEqual([...originalTables.keys()]);
      for (const [table, snapshot] of originalTables) expect(restoredTables.get(table), table).toEqual(snapshot);
      expect(originalTables.get('public.bookings')!.rows).toBeGreaterThan(made);

      const consistentEnv = await targetEnv('consistent');
      const second = await runScript('restore', [underWritesFile!], consistentEnv);
      expect(second.code, second.output).toBe(0);
      const consistent = await openDb(consistentEnv);
      const problems = await consistencyProblems(consistent.sql, demoBookings);
      const copied = (await consistent.sql<{ n: number }>('select count(*)::int as n from bookings'))[0]!.n;
      await consistent.close();
      expect(problems, problems.join(' | ')).toEqual([]);

      // The restored copy runs: the server starts on it and a demo coach signs in and sees the team's bookings.
      const restoredServer = startServerProcess({ ...serverEnv, ...restoredEnv });
      servers.push(restoredServer);
      await restoredServer.running(90_000);
      const cookie = await signIn(base, COACHES[0]!, DEMO_PASSWORD);
      expect((await call(base, 'GET', '/api/bookings/mine', { cookie })).status).toBe(200);
      restoredServer.child.kill('SIGTERM');
      expect(await restoredServer.exited).toBe(0);

      const rows = [...originalTables.values()].reduce((n, t) => n + t.rows, 0);
      console.log(
        `backup and restore on ${engine}: ${originalTables.size} tables (${rows} rows) equal after restore: ${[...originalTables].map(([t, s]) => `${t.replace(/^public\./, '')} ${s.rows}`).join(', ')}; ` +
          `reads served during the backup ${JSON.stringify(whileReading.statuses)}; writes during the second backup ${JSON.stringify(underWrites.statuses)}, ` +
          `its copy holds ${copied} bookings, consistent`,
      );
    }, 240_000);
  }
});
