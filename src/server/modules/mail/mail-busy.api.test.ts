import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedLeague, type League } from '../../test/booking-fixtures';
import { buildTestApp, TEST_ORIGIN, type TestApp, type TestUser } from '../../test/test-app';
import type { MailEnvelope, MailTransport } from './mail-transport';
import { createMailWorker } from './mail-worker';

/** Mail waits while the server is busy answering people, and never longer than its limit. */
let t: TestApp;
let league: League;
let coach: TestUser;

beforeAll(async () => {
  t = await buildTestApp();
  league = await seedLeague(t, { teams: 1, rules: { maxPerWeek: 3, maxUpcoming: 3 } });
  coach = await t.signUp({ email: 'busy-coach@example.org', role: 'coach', teamId: league.teamIds[0]! });
}, 60_000);
afterAll(() => t.close());

const silent = { info: () => {}, warn: () => {}, error: () => {} };

function capture(): MailTransport & { sent: MailEnvelope[] } {
  const sent: MailEnvelope[] = [];
  return { kind: 'file', sent, send: async (mail) => void sent.push(mail), close: () => {} };
}

async function book(day: number): Promise<void> {
  const res = await t.app.inject({ method: 'POST', url: '/api/bookings', payload: { slotId: league.slotIds[day]![0]! }, headers: { origin: TEST_ORIGIN, cookie: coach.cookie } });
  expect(res.statusCode, res.body).toBe(201);
}

/** Resolves once `check` holds, looking again after each turn of the event loop's timers. */
async function until(check: () => boolean): Promise<void> {
  while (!check()) await new Promise((r) => setTimeout(r, 1));
}

describe('the mail worker under load', () => {
  it('waits while the server is busy, then sends', async () => {
    let busy = true;
    let asked = 0;
    const transport = capture();
    const worker = createMailWorker(
      { db: t.database.db, league: t.context.league, transport, publicUrl: t.config.publicUrl, log: silent, busy: () => (asked++, busy) },
      { busyCheckMs: 5, maxDeferMs: 60_000 },
    );
    await book(1);
    const pass = worker.runOnce();
    // It has looked several times and found the server busy: nothing may have gone out meanwhile.
    await until(() => asked >= 5);
    expect(transport.sent).toEqual([]);
    busy = false;
    const result = await pass;
    expect(result.sent).toBeGreaterThanOrEqual(1);
    expect(transport.sent.map((m) => m.to)).toContain('busy-coach@example.org');
  });

  it('sends after its longest wait even if the server stays busy', async () => {
    const transport = capture();
    const worker = createMailWorker(
      { db: t.database.db, league: t.context.league, transport, publicUrl: t.config.publicUrl, log: silent, busy: () => true },
      { busyCheckMs: 5, maxDeferMs: 40 },
    );
    await book(2);
    const result = await worker.runOnce();
    expect(result.sent).toBeGreaterThanOrEqual(1);
    expect(transport.sent.map((m) => m.to)).toContain('busy-coach@example.org');
  });

  it('runs the work due at its time (the opening round draw) at once, while the mail itself waits for a quiet moment', async () => {
    let busy = true;
    let asked = 0;
    const due: Date[] = [];
    const transport = capture();
    const worker = createMailWorker(
      {
        db: t.database.db,
        league: t.context.league,
        transport,
        publicUrl: t.config.publicUrl,
        log: silent,
        busy: () => (asked++, busy),
        dueWork: async (now) => void due.push(now),
      },
      { busyCheckMs: 5, maxDeferMs: 60_000 },
    );
    await book(3);
    const pass = worker.runOnce();
    // The server stays busy: the due work has run, the mail has not gone out.
    await until(() => asked >= 5);
    expect(due).toHaveLength(1);
    expect(transport.sent).toEqual([]);
    busy = false;
    await pass;
    expect(transport.sent.map((m) => m.to)).toContain('busy-coach@example.org');
  });
});
