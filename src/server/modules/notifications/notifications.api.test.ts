import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notificationOutbox } from '../../db/schema';
import { seedLeague, type League } from '../../test/booking-fixtures';
import { buildTestApp, TEST_ORIGIN, type TestApp, type TestUser } from '../../test/test-app';

let t: TestApp;
let league: League;
let admin: TestUser;
let coach: TestUser;

beforeAll(async () => {
  t = await buildTestApp();
  league = await seedLeague(t, { teams: 2, rules: { maxPerWeek: 10, maxPerDay: 5, maxUpcoming: 20 } });
  admin = await t.signUp({ email: 'nt-admin@example.org', role: 'admin' });
  coach = await t.signUp({ email: 'nt-coach@example.org', role: 'coach', teamId: league.teamIds[0]! });
}, 60_000);
afterAll(() => t.close());

const post = (user: TestUser, url: string, payload: unknown) =>
  t.app.inject({ method: 'POST', url, payload: payload as object, headers: { origin: TEST_ORIGIN, cookie: user.cookie } });
const outboxOf = (teamId: string) =>
  t.database.db.select().from(notificationOutbox).where(eq(notificationOutbox.teamId, teamId)).orderBy(asc(notificationOutbox.createdAt));

const PRACTICE = ['bookingId', 'endsAt', 'fieldName', 'startsAt', 'teamName'];

describe('the notification outbox', () => {
  it('every booking change queues one typed payload per kind, whichever domain made it', async () => {
    const [first, second, third] = league.slotIds[1]!;
    const booked = (await post(coach, '/api/bookings', { slotId: first })).json().booking;
    expect((await post(coach, `/api/bookings/${booked.id}/cancel`, {})).statusCode).toBe(200);
    expect((await post(coach, '/api/bookings', { slotId: second })).statusCode).toBe(201);
    const blocked = await post(admin, '/api/blocks', { scope: 'slot', slotId: second, category: 'weather', reason: 'Lightning', onBookings: 'cancel' });
    expect(blocked.statusCode).toBe(201);
    const mine = (await post(coach, '/api/bookings', { slotId: third })).json().booking;
    expect((await post(admin, `/api/admin/bookings/${mine.id}/move`, { slotId: league.slotIds[2]![0], reason: 'Field swap' })).statusCode).toBe(200);
    expect((await post(admin, '/api/admin/bookings/override', { slotId: league.slotIds[2]![0], teamId: league.teamIds[1], reason: 'Tournament prep', bump: true })).statusCode).toBe(201);

    const rows = await outboxOf(league.teamIds[0]!);
    expect(rows.map((r) => r.kind)).toEqual(['booking.created', 'booking.cancelled', 'booking.created', 'booking.cancelled', 'booking.created', 'booking.moved', 'booking.bumped']);
    const keys = (r: (typeof rows)[number]) => Object.keys(r.payload as object).sort();
    // A coach's cancel and a block's cancel write the same shape (before: two builders, two payloads).
    expect(keys(rows[1]!)).toEqual([...PRACTICE, 'blocked', 'byAdmin', 'reason'].sort());
    expect(keys(rows[3]!)).toEqual(keys(rows[1]!));
    expect(rows[1]!.payload).toMatchObject({ reason: 'Cancelled by the coach', byAdmin: false, blocked: false, fieldName: 'Field 1' });
    expect(rows[3]!.payload).toMatchObject({ reason: 'Weather: Lightning', byAdmin: true, blocked: true, teamName: expect.stringMatching(/^Team 1/) });
    expect(keys(rows[0]!)).toEqual([...PRACTICE, 'override', 'reason'].sort());
    expect(keys(rows[5]!)).toEqual([...PRACTICE, 'fromFieldName', 'fromStartsAt', 'reason'].sort());
    expect(rows[5]!.payload).toMatchObject({ reason: 'Field swap', bookingId: mine.id });
    expect(keys(rows[6]!)).toEqual([...PRACTICE, 'reason'].sort());
    expect(rows[6]!.payload).toMatchObject({ reason: 'Bumped by a league admin: Tournament prep', bookingId: mine.id });
    // The override queued the winning team's "booked" notice, flagged as an override.
    const other = await outboxOf(league.teamIds[1]!);
    expect(other.map((r) => [r.kind, (r.payload as { override: boolean }).override])).toEqual([['booking.created', true]]);
  });
});
