import type { AddressInfo } from 'node:net';
import type { PGlite } from '@electric-sql/pglite';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, bookings, notificationOutbox, slots } from '../../src/server/db/schema';
import { seedLeague, TZ, type League } from '../../src/server/test/booking-fixtures';
import { buildTestApp, TEST_ORIGIN, type TestApp, type TestUser } from '../../src/server/test/test-app';
import { keepAliveAgent, refusalOf, request, type Answer } from '../http';
import { sessionCookie } from '../sessions';
import { createFloor, type Floor } from './floor';
import { floorOnPgliteClient, floorPostgres, type FloorDatabase } from './floor-database';

/**
 * The bench's floor (bench/floor) is only a fair floor if it does what the app does: it books what the app books
 * and refuses what the app refuses, with the same status and rule, on the same database. Each refusal below is
 * asked of both (neither writes on a refusal); each booking is made by one and seen by the other.
 */
const SECRET = 'test-secret-test-secret-test-secret-42';

let t: TestApp;
let league: League;
let db: FloorDatabase;
let floor: Floor;
let base: string;
const agent = keepAliveAgent();
let coachA: TestUser;
let coachB: TestUser;
let member: TestUser;

beforeAll(async () => {
  t = await buildTestApp({ LEAGUE_TIMEZONE: TZ });
  league = await seedLeague(t, { teams: 2, rules: { maxPerDay: 1, maxPerWeek: 10, maxUpcoming: 20 } });
  coachA = await t.signUp({ email: 'floor-a@example.org', role: 'coach', teamId: league.teamIds[0]! });
  coachB = await t.signUp({ email: 'floor-b@example.org', role: 'coach', teamId: league.teamIds[1]! });
  member = await t.signUp({ email: 'floor-member@example.org', role: 'member', teamId: league.teamIds[0]! });
  db = t.database.url ? floorPostgres(t.database.url, 2) : floorOnPgliteClient((t.database.db as unknown as { $client: PGlite }).$client);
  floor = createFloor({ db, authSecret: SECRET, timeZone: TZ });
  await new Promise<void>((resolve) => floor.server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(floor.server.address() as AddressInfo).port}`;
}, 60_000);

afterAll(async () => {
  agent.destroy();
  floor?.close();
  await new Promise((resolve) => floor?.server.close(resolve));
  await db?.close();
  await t?.close();
});

const atFloor = (user: TestUser | null, slotId: string) => request(agent, base, 'POST', '/api/bookings', { ...(user ? { cookie: user.cookie } : {}), body: { slotId } });
const atApp = async (user: TestUser | null, slotId: string) => {
  const res = await t.app.inject({ method: 'POST', url: '/api/bookings', payload: { slotId }, headers: { origin: TEST_ORIGIN, ...(user ? { cookie: user.cookie } : {}) } });
  return { status: res.statusCode, body: res.body };
};
/** Status and rule (or error code) of an answer, as the bench counts refusals. */
const verdict = (a: Pick<Answer, 'status' | 'body'>) => ({ status: a.status, rule: a.status === 201 ? null : refusalOf(a as Answer) });
const confirmedOn = async (slotId: string) =>
  t.database.db.select({ id: bookings.id, teamId: bookings.teamId }).from(bookings).where(and(eq(bookings.slotId, slotId), eq(bookings.status, 'confirmed')));

describe('the floor books and refuses like the app', () => {
  it('books an open slot with its audit entry and its notification, as the app writes them', async () => {
    const slotId = league.slotIds[0]![0]!;
    const answer = await atFloor(coachA, slotId);
    expect(answer.status).toBe(201);
    const booking = (JSON.parse(answer.body) as { booking: Record<string, unknown> }).booking;
    expect(booking).toMatchObject({ slotId, teamId: league.teamIds[0], status: 'confirmed', fieldName: 'Field 1', bookedByEmail: coachA.email });
    expect(await confirmedOn(slotId)).toEqual([{ id: booking.id, teamId: league.teamIds[0] }]);

    // The app's own booking of another slot, to hold the floor's rows against.
    const appAnswer = await atApp(coachB, league.slotIds[1]![0]!);
    expect(appAnswer.status).toBe(201);
    const appBooking = (JSON.parse(appAnswer.body) as { booking: { id: string } }).booking;
    const audit = async (id: unknown) =>
      (await t.database.db.select().from(auditLog).where(and(eq(auditLog.action, 'booking.create'), eq(auditLog.entityId, String(id))))).map((r) => ({
        actorId: r.actorId,
        actorEmail: r.actorEmail,
        keys: Object.keys(r.after as object).sort(),
      }));
    expect(await audit(booking.id)).toEqual([{ actorId: coachA.id, actorEmail: coachA.email, keys: ['bookingId', 'slotId', 'teamId'] }]);
    expect((await audit(appBooking.id)).map((r) => r.keys)).toEqual([['bookingId', 'slotId', 'teamId']]);
    const outbox = async (id: unknown) =>
      (await t.database.db.select().from(notificationOutbox)).filter((r) => (r.payload as { bookingId?: unknown }).bookingId === id).map((r) => ({ kind: r.kind, keys: Object.keys(r.payload as object).sort() }));
    const floorRows = await outbox(booking.id);
    expect(floorRows).toHaveLength(1);
    expect(floorRows).toEqual(await outbox(appBooking.id));
  });

  it('refuses a taken slot with 409 SLOT_TAKEN, whichever of the two booked it, as the app does', async () => {
    const byFloor = league.slotIds[0]![0]!;
    const byApp = league.slotIds[1]![0]!;
    expect(verdict(await atFloor(coachB, byFloor))).toEqual({ status: 409, rule: 'SLOT_TAKEN' });
    expect(verdict(await atApp(coachB, byFloor))).toEqual({ status: 409, rule: 'SLOT_TAKEN' });
    expect(verdict(await atFloor(coachA, byApp))).toEqual({ status: 409, rule: 'SLOT_TAKEN' });
    expect(await confirmedOn(byFloor)).toHaveLength(1);
  });

  it('refuses a limit, a blocked slot, a member, a visitor and a forged cookie as the app does, writing nothing', async () => {
    const blocked = league.slotIds[3]![0]!;
    await t.database.db.update(slots).set({ status: 'blocked', blockReason: 'Field maintenance' }).where(eq(slots.id, blocked));
    t.wroteBehindTheApp();
    // Coach A's own session token, signed with another secret.
    const signed = decodeURIComponent(/better-auth\.session_token=([^;]+)/.exec(coachA.cookie)![1]!);
    const forged = { ...coachA, cookie: sessionCookie(signed.slice(0, signed.lastIndexOf('.')), 'not-the-league-secret') };
    const cases: Array<[string, TestUser | null, string]> = [
      ['a second practice on the same day (DAY_LIMIT)', coachA, league.slotIds[0]![1]!],
      ['a blocked slot', coachA, blocked],
      ['a member of a team', member, league.slotIds[2]![0]!],
      ['a visitor', null, league.slotIds[2]![0]!],
      ['a cookie with a wrong signature', forged, league.slotIds[2]![0]!],
    ];
    for (const [what, who, slotId] of cases) {
      const app = verdict(await atApp(who, slotId));
      expect(app.status, what).toBeGreaterThanOrEqual(400);
      expect(verdict(await atFloor(who, slotId)), what).toEqual(app);
    }
    for (const slotId of [league.slotIds[0]![1]!, blocked, league.slotIds[2]![0]!]) expect(await confirmedOn(slotId)).toEqual([]);
  });
});
