import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { and, count, eq, inArray } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../db/client';
import { auditLog, bookings, mailMessages, openingRounds } from '../../db/schema';
import type { DrawResult } from '../../../shared/opening/draw';
import { DEFAULT_LEAGUE_TIMEZONE } from '../../../shared/constants';
import { freePort } from '../../test/free-port';
import { expectedDraw, insertRound, seedOpeningLeague } from '../../test/opening-fixtures';
import { startServerProcess, type ServerProcess } from '../../test/server-process';
import { createTestDatabase } from '../../test/test-app';

/**
 * Two app server processes on one PostgreSQL, both running their mail worker, and a round whose draw time comes
 * while both are up: the round is drawn exactly once. Each server's apply waits a few seconds inside its transaction
 * (OPENING_DRAW_PAUSE_MS), longer than a worker's poll, so the other server's worker looks for due rounds while the
 * draw holds the round's lock (and passes it by: SKIP LOCKED) and again after it committed (and finds it drawn).
 */
const children: ServerProcess[] = [];
const dataDirs: string[] = [];
let pg: (DatabaseHandle & { url?: string }) | undefined;

afterAll(async () => {
  for (const c of children) if (c.child.exitCode === null) c.child.kill('SIGKILL');
  await Promise.all(children.map((c) => c.exited));
  await pg?.close();
  for (const dir of dataDirs) fs.rmSync(dir, { recursive: true, force: true });
});

async function waitFor(what: string, check: () => Promise<boolean>, ms = 30_000): Promise<void> {
  for (const until = Date.now() + ms; !(await check()); ) {
    if (Date.now() > until) throw new Error(`gave up waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe.runIf(Boolean(process.env.TEST_DATABASE_URL))('two app servers on one PostgreSQL', () => {
  it('draw a round at its draw time exactly once between them', async () => {
    pg = await createTestDatabase();
    const db = pg.db;
    const hour = 3_600_000;
    const l = await seedOpeningLeague(db, { tag: 'pair', teams: Array.from({ length: 20 }, (_, i) => `Team ${i + 1}`), days: 14, rules: { minLeadHours: 0, maxPerDay: 1, maxPerWeek: 3, maxUpcoming: 10 } });
    const all = l.slotIds.flat();
    const lists = l.teams.map((_, i) => Array.from({ length: 6 }, (_, k) => all[(i * 3 + k * 7) % all.length]!));
    const round = await insertRound(db, l, lists, { opensAt: new Date(Date.now() - 2 * hour), closesAt: new Date(Date.now() - hour), drawAt: new Date(Date.now() + hour) });

    const ports = [await freePort(), await freePort()];
    const servers = ports.map((port) => {
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cgsl-opening-pair-'));
      dataDirs.push(dataDir);
      return startServerProcess({
        PORT: String(port),
        PUBLIC_URL: 'http://localhost:3000',
        DATABASE_URL: pg!.url!,
        DATA_DIR: dataDir,
        AUTH_SECRET: 'opening-pair-secret-opening-pair-secret-1',
        OPENING_DRAW_PAUSE_MS: '5000',
      });
    });
    children.push(...servers);
    await Promise.all(servers.map((s) => s.running()));
    // Both servers are up and polling: the draw time comes in two seconds.
    await db.update(openingRounds).set({ drawAt: new Date(Date.now() + 2_000) }).where(eq(openingRounds.id, round.id));

    const drawn = async () => (await db.select({ drawnAt: openingRounds.drawnAt }).from(openingRounds).where(eq(openingRounds.id, round.id)))[0]!.drawnAt !== null;
    await waitFor('the round to be drawn', drawn);
    // Settled: every email of the draw sent, which takes more passes of the workers after the commit.
    const unsent = async () =>
      (await db.select({ n: count() }).from(mailMessages).where(and(eq(mailMessages.kind, 'opening.drawn'), inArray(mailMessages.status, ['pending', 'sending']))))[0]!.n;
    const sent = async () => (await db.select({ n: count() }).from(mailMessages).where(and(eq(mailMessages.kind, 'opening.drawn'), eq(mailMessages.status, 'sent'))))[0]!.n;
    await waitFor('every email of the draw to be sent', async () => (await sent()) === 20 && (await unsent()) === 0);

    const pauses = servers.map((s) => s.output().split('opening draw: pausing').length - 1);
    expect(pauses.reduce((a, b) => a + b, 0), `pauses per server: ${pauses.join(', ')}`).toBe(1);
    const draws = await db.select({ n: count() }).from(auditLog).where(and(eq(auditLog.action, 'opening.draw'), eq(auditLog.entityId, round.id)));
    expect(draws).toEqual([{ n: 1 }]);
    const [stored] = await db.select({ result: openingRounds.result }).from(openingRounds).where(eq(openingRounds.id, round.id));
    const result = stored!.result as DrawResult;
    expect(result).toEqual(await expectedDraw(db, l, round.id, DEFAULT_LEAGUE_TIMEZONE));
    const booked = await db.select({ teamId: bookings.teamId, slotId: bookings.slotId }).from(bookings).where(and(inArray(bookings.slotId, all), eq(bookings.status, 'confirmed')));
    expect(booked.map((b) => `${b.teamId} ${b.slotId}`).sort()).toEqual(result.picks.map((p) => `${p.teamId} ${p.slotId}`).sort());
    const created = await db.select({ n: count() }).from(auditLog).where(eq(auditLog.action, 'booking.create'));
    expect(created).toEqual([{ n: result.picks.length }]);

    for (const s of servers) s.child.kill('SIGTERM');
    expect(await Promise.all(servers.map((s) => s.exited))).toEqual([0, 0]);
  }, 90_000);
});
