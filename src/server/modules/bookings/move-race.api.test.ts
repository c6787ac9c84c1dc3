import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, bookings, notificationOutbox, teams } from '../../db/schema';
import { seedLeague, type League } from '../../test/booking-fixtures';
import { buildTestApp, TEST_ORIGIN, type TestApp, type TestUser } from '../../test/test-app';

let t: TestApp;
let league: League;
let admin: TestUser;
let coach: TestUser;

beforeAll(async () => {
  t = await buildTestApp();
  league = await seedLeague(t, { teams: 1, rules: { maxPerWeek: 10, maxPerDay: 3, maxUpcoming: 20 } });
  admin = await t.signUp({ email: 'move-admin@example.org', role: 'admin' });
  coach = await t.signUp({ email: 'move-coach@example.org', role: 'coach', teamId: league.teamIds[0]! });
}, 60_000);
afterAll(() => t.close());

const post = (user: TestUser, url: string, payload: unknown = {}) => t.app.inject({ method: 'POST', url, payload: payload as object, headers: { origin: TEST_ORIGIN, cookie: user.cookie } });

describe('moving a booking while it changes', () => {
  it('a cancel that lands while a move waits for the team lock wins: the move is refused, nothing is moved or notified', async () => {
    const booking = (await post(coach, '/api/bookings', { slotId: league.slotIds[3]![0]! })).json().booking;
    const target = league.slotIds[3]![1]!;
    let moveResponse: Awaited<ReturnType<typeof post>> | undefined;
    // Hold the team's lock (as a cancel in progress would), cancel inside it, and let the move queue behind it.
    await t.database.db.transaction(async (tx) => {
      await tx.select({ id: teams.id }).from(teams).where(eq(teams.id, league.teamIds[0]!)).for('update');
      const pending = post(admin, `/api/admin/bookings/${booking.id}/move`, { slotId: target, reason: 'Lights out' }).then((r) => (moveResponse = r));
      await new Promise((resolve) => setTimeout(resolve, 300));
      await tx.update(bookings).set({ status: 'cancelled', cancelReason: 'Cancelled by the coach' }).where(eq(bookings.id, booking.id));
      void pending;
    });
    await expect.poll(() => moveResponse?.statusCode, { timeout: 10_000 }).toBe(409);
    expect(moveResponse!.json().error.message).toContain('Only a confirmed booking can be moved');

    const [row] = await t.database.db.select().from(bookings).where(eq(bookings.id, booking.id));
    expect(row).toMatchObject({ status: 'cancelled', slotId: league.slotIds[3]![0]! });
    expect(await t.database.db.$count(notificationOutbox, eq(notificationOutbox.kind, 'booking.moved'))).toBe(0);
    expect(await t.database.db.$count(auditLog, eq(auditLog.action, 'booking.move'))).toBe(0);
  });

  it('two moves of one booking at once never lose track of it: each move that succeeds starts where the last one ended', async () => {
    const booking = (await post(coach, '/api/bookings', { slotId: league.slotIds[4]![0]! })).json().booking;
    const [a, b] = [league.slotIds[4]![1]!, league.slotIds[4]![2]!];
    const results = await Promise.all([a, b].map((slotId) => post(admin, `/api/admin/bookings/${booking.id}/move`, { slotId })));
    // Concurrent (PostgreSQL): one wins, the other was planned from a stale slot and is refused.
    // Serialized (PGlite runs one transaction at a time): the second may legitimately move it on again.
    const codes = results.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 200).length).toBeGreaterThanOrEqual(1);
    for (const r of results.filter((x) => x.statusCode !== 200)) {
      expect(r.statusCode).toBe(409);
      expect(r.json().error.message).toMatch(/just moved by someone else|already in that slot/);
    }
    const moves = await t.database.db.select().from(auditLog).where(eq(auditLog.entityId, booking.id));
    const chain = moves.filter((m) => m.action === 'booking.move').map((m) => [(m.before as { slotId: string }).slotId, (m.after as { slotId: string }).slotId] as const);
    expect(chain).toHaveLength(codes.filter((c) => c === 200).length);
    // Follow the moves from where the booking started: every recorded move must link up.
    let at = league.slotIds[4]![0]!;
    for (let i = 0; i < chain.length; i++) {
      const next = chain.find(([from]) => from === at);
      expect(next, `a move starting from ${at}`).toBeDefined();
      at = next![1];
    }
    const [row] = await t.database.db.select().from(bookings).where(eq(bookings.id, booking.id));
    expect(row!.slotId).toBe(at);
  });
});
