import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { count, eq, inArray, isNull } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { openPglite, type DatabaseHandle } from '../../db/client';
import { bookings, mailMessages, notificationOutbox, slotWaits, slots } from '../../db/schema';
import { freePort } from '../../test/free-port';
import { seedOpeningLeague } from '../../test/opening-fixtures';
import { startServerProcess, type ServerProcess } from '../../test/server-process';
import { startTestSmtpServer, type ReceivedMail, type TestSmtpServer } from '../../test/smtp-test-server';
import { createTestDatabase } from '../../test/test-app';

/**
 * kill -9 of the real server while holds run out and their offers go out (issue 28, decision 034), twice: once in the
 * middle of the worker's pass over holds (every hold moved and every offer written, not committed), once in the middle
 * of an offer's SMTP send. After the restarts, each slot is held exactly once, for the next team in line; each offer
 * was written once, and each email arrived under one Message-ID (the one whose send was cut short, twice with it).
 * On PGlite (a data directory) by default, on PostgreSQL when TEST_DATABASE_URL is set.
 */
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cgsl-waitlist-crash-'));
const children: ServerProcess[] = [];
let smtp: TestSmtpServer | undefined;
let pg: (DatabaseHandle & { url?: string }) | undefined;

afterAll(async () => {
  for (const c of children) if (c.child.exitCode === null) c.child.kill('SIGKILL');
  await Promise.all(children.map((c) => c.exited));
  await smtp?.close();
  await pg?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

async function withDatabase<T>(work: (db: DatabaseHandle['db']) => Promise<T>): Promise<T> {
  if (pg) return work(pg.db);
  const handle = await openPglite({ dataDir: path.join(dataDir, 'pglite') });
  try {
    await handle.migrate();
    return await work(handle.db);
  } finally {
    await handle.close();
  }
}

async function waitFor(what: string, check: () => Promise<boolean> | boolean, ms = 30_000): Promise<void> {
  for (const until = Date.now() + ms; !(await check()); ) {
    if (Date.now() > until) throw new Error(`gave up waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

const keyOf = (m: ReceivedMail) => `${m.to.join(',')} ${m.subject}`;
const SLOTS = 6;

describe(`waitlist holds survive a crash (${process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`, () => {
  it('kill -9 in the pass over holds, then in an offer’s send: no hold lost or doubled, no second offer with a new Message-ID', async () => {
    smtp = await startTestSmtpServer();
    if (process.env.TEST_DATABASE_URL) pg = await createTestDatabase();
    const port = await freePort();
    // Six slots whose holds for the Wrens ran out a minute ago; the Owls (one coach) wait next on each.
    const seeded = await withDatabase(async (db) => {
      const l = await seedOpeningLeague(db, { tag: 'waitcrash', teams: ['Wrens', 'Owls'], days: 2 });
      const [wrens, owls] = l.teams;
      const slotIds = l.slotIds.flat().slice(0, SLOTS);
      const waits: Array<{ slotId: string; first: string; second: string }> = [];
      const past = new Date(Date.now() - 60_000);
      for (const [i, slotId] of slotIds.entries()) {
        const [first] = await db.insert(slotWaits).values({ slotId, teamId: wrens!.id, state: 'offered', offeredAt: past, holdUntil: past, createdAt: new Date(Date.now() - 3_600_000 + i) }).returning({ id: slotWaits.id });
        const [second] = await db.insert(slotWaits).values({ slotId, teamId: owls!.id, createdAt: new Date(Date.now() - 1_800_000 + i) }).returning({ id: slotWaits.id });
        await db.update(slots).set({ heldForTeamId: wrens!.id, heldUntil: past, holdWaitId: first!.id }).where(eq(slots.id, slotId));
        waits.push({ slotId, first: first!.id, second: second!.id });
      }
      return { slotIds, waits, owls: owls!.id };
    });

    const env = {
      PORT: String(port),
      PUBLIC_URL: `http://localhost:${port}`,
      DATA_DIR: dataDir,
      DATABASE_URL: pg?.url ?? '',
      AUTH_SECRET: 'waitlist-crash-secret-waitlist-crash-secret',
      SMTP_URL: smtp.url(),
      MAIL_CLAIM_TIMEOUT_SECONDS: '6',
    };
    const holds = () =>
      withDatabase(async (db) => ({
        slots: await db.select({ id: slots.id, team: slots.heldForTeamId, wait: slots.holdWaitId }).from(slots).where(inArray(slots.id, seeded.slotIds)),
        states: await db.select({ id: slotWaits.id, state: slotWaits.state }).from(slotWaits).where(inArray(slotWaits.slotId, seeded.slotIds)),
        offers: (await db.select({ n: count() }).from(notificationOutbox).where(eq(notificationOutbox.kind, 'wait.offered')))[0]!.n,
      }));

    // 1. Killed in the middle of the pass: nothing of it is left; the holds still wait to be moved.
    const first = startServerProcess({ ...env, WAITLIST_SETTLE_PAUSE_MS: '120000' });
    children.push(first);
    await first.running();
    await waitFor('the first server to be in the middle of its pass over holds', () => first.output().includes('waitlist holds: pausing'));
    first.child.kill('SIGKILL');
    await first.exited;
    const untouched = await holds();
    expect(untouched.offers).toBe(0);
    expect(new Set(untouched.states.filter((w) => seeded.waits.some((x) => x.first === w.id)).map((w) => w.state))).toEqual(new Set(['offered']));

    // 2. Killed while the first offer's email hangs in the SMTP send.
    smtp.stallNext();
    const second = startServerProcess(env);
    children.push(second);
    await second.running();
    await smtp.waitFor((r) => r.some((m) => m.stalled), 'the first offer to reach the SMTP server and hang');
    second.child.kill('SIGKILL');
    await second.exited;
    const cut = smtp.received.find((m) => m.stalled)!;

    // 3. The last server finishes the sending.
    const third = startServerProcess(env);
    children.push(third);
    await third.running();
    await smtp.waitFor(() => new Set(smtp!.accepted().filter((m) => m.subject.startsWith('It freed up')).map(keyOf)).size === SLOTS, 'an offer per slot after the restart', 30_000);
    third.child.kill('SIGTERM');
    expect(await third.exited).toBe(0);

    // Each slot held once, for the Owls; the Wrens' holds ran out; one offer written per slot.
    const after = await holds();
    expect(after.offers).toBe(SLOTS);
    for (const w of seeded.waits) {
      expect(after.slots.find((s) => s.id === w.slotId)).toEqual({ id: w.slotId, team: seeded.owls, wait: w.second });
      expect(after.states.find((s) => s.id === w.first)!.state).toBe('expired');
      expect(after.states.find((s) => s.id === w.second)!.state).toBe('offered');
    }
    // Every offer email under one Message-ID; the only second copy is the send the crash cut short.
    const byMessage = new Map<string, ReceivedMail[]>();
    for (const m of smtp.received) byMessage.set(keyOf(m), [...(byMessage.get(keyOf(m)) ?? []), m]);
    expect(byMessage.size).toBe(SLOTS);
    for (const [key, copies] of byMessage) {
      expect(new Set(copies.map((c) => c.messageId)).size, key).toBe(1);
      expect(copies.length, key).toBe(key === keyOf(cut) ? 2 : 1);
    }
    const state = await withDatabase(async (db) => ({
      unsent: (await db.select({ n: count() }).from(notificationOutbox).where(isNull(notificationOutbox.sentAt)))[0]!.n,
      mails: (await db.select({ n: count() }).from(mailMessages).where(inArray(mailMessages.status, ['pending', 'sending', 'failed'])))[0]!.n,
      booked: (await db.select({ n: count() }).from(bookings).where(inArray(bookings.slotId, seeded.slotIds)))[0]!.n,
    }));
    expect(state).toEqual({ unsent: 0, mails: 0, booked: 0 });
  }, 120_000);
});
