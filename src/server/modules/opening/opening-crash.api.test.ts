import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { and, count, eq, inArray } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { openPglite, type DatabaseHandle } from '../../db/client';
import { auditLog, bookings, notificationOutbox, openingRounds } from '../../db/schema';
import type { DrawResult } from '../../../shared/opening/draw';
import { DEFAULT_LEAGUE_TIMEZONE } from '../../../shared/constants';
import { freePort } from '../../test/free-port';
import { expectedDraw, insertRound, seedOpeningLeague } from '../../test/opening-fixtures';
import { startServerProcess, type ServerProcess } from '../../test/server-process';
import { createTestDatabase } from '../../test/test-app';

/**
 * kill -9 of the real server in the middle of a draw, then a restart: the draw is all or nothing, and the next run
 * (the worker on the restarted server) draws again from the same seed and gives the same result. "In the middle":
 * the first server runs with OPENING_DRAW_PAUSE_MS, so its apply waits, every booking, audit entry and email
 * written but not committed, and says so on stderr; the test kills it then. On PGlite (a data directory) by
 * default, on PostgreSQL when TEST_DATABASE_URL is set.
 */
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cgsl-opening-crash-'));
const children: ServerProcess[] = [];
let pg: (DatabaseHandle & { url?: string }) | undefined;

afterAll(async () => {
  for (const c of children) if (c.child.exitCode === null) c.child.kill('SIGKILL');
  await Promise.all(children.map((c) => c.exited));
  await pg?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

/** Opens the test's database: the PostgreSQL one, or the PGlite data directory the servers use (never while one runs). */
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

describe(`the draw survives a crash (${process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`, () => {
  it('kill -9 during the apply leaves nothing; the restarted server draws again and gets the same result', async () => {
    if (process.env.TEST_DATABASE_URL) pg = await createTestDatabase();
    const port = await freePort();
    const hour = 3_600_000;
    // Twelve teams, each ranking five of 21 evening slots; the draw time has just passed.
    const { l, round } = await withDatabase(async (db) => {
      const l = await seedOpeningLeague(db, { tag: 'crash', teams: Array.from({ length: 12 }, (_, i) => `Team ${i + 1}`), rules: { minLeadHours: 0, maxPerDay: 1, maxPerWeek: 3, maxUpcoming: 10 } });
      const all = l.slotIds.flat();
      const lists = l.teams.map((_, i) => [0, 1, 2, 3, 4].map((k) => all[(i * 2 + k * 5) % all.length]!));
      const round = await insertRound(db, l, lists, { opensAt: new Date(Date.now() - 2 * hour), closesAt: new Date(Date.now() - hour), drawAt: new Date(Date.now() - 60_000) });
      return { l, round };
    });
    const env = {
      PORT: String(port),
      PUBLIC_URL: `http://localhost:${port}`,
      DATA_DIR: dataDir,
      DATABASE_URL: pg?.url ?? '',
      AUTH_SECRET: 'opening-crash-secret-opening-crash-secret',
    };

    const first = startServerProcess({ ...env, OPENING_DRAW_PAUSE_MS: '120000' });
    children.push(first);
    await first.running();
    await waitFor('the first server to be in the middle of the draw', () => first.output().includes('opening draw: pausing'));
    first.child.kill('SIGKILL');
    await first.exited;

    // Nothing of the draw is left: no booking, no audit entry, no email, the round still waiting with its seed secret.
    const coveredSlots = l.slotIds.flat();
    const after = await withDatabase(async (db) => ({
      bookings: (await db.select({ n: count() }).from(bookings).where(inArray(bookings.slotId, coveredSlots)))[0]!.n,
      audit: (await db.select({ n: count() }).from(auditLog).where(inArray(auditLog.action, ['opening.draw', 'booking.create'])))[0]!.n,
      emails: (await db.select({ n: count() }).from(notificationOutbox).where(eq(notificationOutbox.kind, 'opening.drawn')))[0]!.n,
      round: (await db.select({ drawnAt: openingRounds.drawnAt, result: openingRounds.result }).from(openingRounds).where(eq(openingRounds.id, round.id)))[0],
    }));
    expect(after).toEqual({ bookings: 0, audit: 0, emails: 0, round: { drawnAt: null, result: null } });

    const second = startServerProcess(env);
    children.push(second);
    await second.running();
    const base = `http://127.0.0.1:${port}`;
    let published: { round: { status: string; seed: string | null }; result: DrawResult | null } | undefined;
    await waitFor('the restarted server to draw the round', async () => {
      published = (await (await fetch(`${base}/api/openings/${round.id}`)).json()) as typeof published;
      return published?.round.status === 'drawn';
    });
    expect(second.output()).not.toContain('opening draw: pausing');
    expect(published!.round.seed).toBe(round.seed);
    second.child.kill('SIGTERM');
    expect(await second.exited).toBe(0);

    // The same seed, judged at the same draw time: the result the test computes itself from what it wrote.
    const state = await withDatabase(async (db) => ({
      expected: await expectedDraw(db, l, round.id, DEFAULT_LEAGUE_TIMEZONE),
      booked: await db.select({ teamId: bookings.teamId, slotId: bookings.slotId }).from(bookings).where(and(inArray(bookings.slotId, coveredSlots), eq(bookings.status, 'confirmed'))),
      draws: (await db.select({ n: count() }).from(auditLog).where(and(eq(auditLog.action, 'opening.draw'), eq(auditLog.entityId, round.id))))[0]!.n,
      emails: (await db.select({ n: count() }).from(notificationOutbox).where(eq(notificationOutbox.kind, 'opening.drawn')))[0]!.n,
    }));
    expect(published!.result).toEqual(state.expected);
    expect(state.expected.picks.length).toBeGreaterThan(0);
    expect(state.booked.map((b) => `${b.teamId} ${b.slotId}`).sort()).toEqual(state.expected.picks.map((p) => `${p.teamId} ${p.slotId}`).sort());
    expect(state.draws).toBe(1);
    expect(state.emails).toBe(12);
  }, 90_000);
});
