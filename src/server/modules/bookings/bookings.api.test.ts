import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, bookings, notificationOutbox } from '../../db/schema';
import { seedLeague, type League } from '../../test/booking-fixtures';
import { buildTestApp, TEST_ORIGIN, type TestApp, type TestUser } from '../../test/test-app';

let t: TestApp;
let league: League;
let admin: TestUser;
let coachA: TestUser;
let coachB: TestUser;

beforeAll(async () => {
  t = await buildTestApp();
  league = await seedLeague(t, { teams: 2, rules: { maxPerWeek: 10, maxUpcoming: 20 } });
  admin = await t.signUp({ email: 'bk-admin@example.org', role: 'admin' });
  coachA = await t.signUp({ email: 'bk-a@example.org', role: 'coach', teamId: league.teamIds[0]! });
  coachB = await t.signUp({ email: 'bk-b@example.org', role: 'coach', teamId: league.teamIds[1]! });
}, 60_000);
afterAll(() => t.close());

const post = (user: TestUser | null, url: string, payload: unknown = {}, userAgent?: string) =>
  t.app.inject({
    method: 'POST',
    url,
    payload: payload as object,
    headers: { origin: TEST_ORIGIN, ...(user ? { cookie: user.cookie } : {}), ...(userAgent ? { 'user-agent': userAgent } : {}) },
  });
/** A User-Agent of its own for one request: the audit entry records it, so an entry with it was written by that request. */
const agent = () => `audit-probe/${randomUUID()}`;
const auditOf = (userAgent: string) => t.database.db.select().from(auditLog).where(eq(auditLog.userAgent, userAgent));
const get = (user: TestUser | null, url: string) => t.app.inject({ url, headers: user ? { cookie: user.cookie } : {} });

describe('booking a slot', () => {
  it('a coach books an open slot; it shows booked with the team, in My Reservations, and in the audit log', async () => {
    const slotId = league.slotIds[0]![0]!;
    const res = await post(coachA, '/api/bookings', { slotId });
    expect(res.statusCode).toBe(201);
    const booking = res.json().booking;
    expect(booking).toMatchObject({ slotId, teamId: league.teamIds[0], status: 'confirmed', bookedByEmail: coachA.email, override: false });
    const mine = (await get(coachA, '/api/bookings/mine')).json().bookings as Array<{ id: string }>;
    expect(mine.map((b) => b.id)).toContain(booking.id);
    expect((await get(coachB, '/api/bookings/mine')).json().bookings).toEqual([]);
    const audit = await t.database.db.select().from(auditLog).where(and(eq(auditLog.action, 'booking.create'), eq(auditLog.entityId, booking.id)));
    expect(audit).toHaveLength(1);

    const again = await post(coachB, '/api/bookings', { slotId });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe('Someone just booked this slot. Pick another time.');
  });

  it('visitors, members without a team, and members with a team are told why they cannot book', async () => {
    const slotId = league.slotIds[1]![0]!;
    expect((await post(null, '/api/bookings', { slotId })).statusCode).toBe(401);
    const loner = await t.signUp({ email: 'loner@example.org' });
    const noTeam = await post(loner, '/api/bookings', { slotId });
    expect(noTeam.statusCode).toBe(403);
    expect(noTeam.json().error.message).toContain('not on a team yet');
    const parent = await t.signUp({ email: 'parent@example.org', teamId: league.teamIds[0]! });
    const member = await post(parent, '/api/bookings', { slotId });
    expect(member.statusCode).toBe(403);
    expect(member.json().error.message).toContain('Only coaches can book');
  });

  it('a coach cannot book for another team: the team always comes from the session', async () => {
    const res = await post(coachA, '/api/bookings', { slotId: league.slotIds[1]![1]!, teamId: league.teamIds[1] });
    expect(res.statusCode).toBe(201);
    expect(res.json().booking.teamId).toBe(league.teamIds[0]);
    expect((await post(coachA, `/api/bookings/${res.json().booking.id}/cancel`)).statusCode).toBe(200);
  });

  it('the booking context explains the same rule before the click', async () => {
    const ctx = (await get(coachA, `/api/bookings/context?seasonId=${league.seasonId}`)).json();
    expect(ctx).toMatchObject({ timeZone: 'America/Chicago', season: { id: league.seasonId }, rules: { maxPerWeek: 10 }, team: { id: league.teamIds[0] }, cannotBook: null });
    expect(ctx.teamBookings).toHaveLength(1);
    expect((await get(null, '/api/bookings/context')).json().cannotBook).toEqual({ code: 'SIGN_IN', message: 'Log in to book a practice.', key: 'bookings.signInToBook', params: {} });
    // In the language the request asks for (issue 30): a Spanish visitor's first screen reads it before the web's errors catalogue loads.
    const spanish = await t.app.inject({ url: '/api/bookings/context', headers: { 'accept-language': 'es-MX,es;q=0.9,en;q=0.5' } });
    expect(spanish.json().cannotBook).toMatchObject({ code: 'SIGN_IN', key: 'bookings.signInToBook', message: expect.stringMatching(/^Inicia sesión/) });
  });

  it('the day limit refuses a second practice the same day with a clear 422', async () => {
    const res = await post(coachA, '/api/bookings', { slotId: league.slotIds[0]![2]! });
    expect(res.statusCode).toBe(422);
    expect(res.json().error).toMatchObject({ code: 'RULE_VIOLATION', details: { rule: 'DAY_LIMIT' }, message: expect.stringMatching(/already has 1 practice on .* \(limit 1\)\.$/) });
  });
});

describe('cancelling', () => {
  it('a coach cancels their own booking; another team cannot see or cancel it; the slot reopens', async () => {
    const booked = await post(coachB, '/api/bookings', { slotId: league.slotIds[2]![1]! });
    const id = booked.json().booking.id as string;
    const strangerUa = agent();
    const stranger = await post(coachA, `/api/bookings/${id}/cancel`, {}, strangerUa);
    expect(stranger.statusCode).toBe(404);
    expect(await auditOf(strangerUa)).toEqual([]);
    expect((await get(coachA, `/api/bookings/${id}/ics`)).statusCode).toBe(404);
    const ics = await get(coachB, `/api/bookings/${id}/ics`);
    expect(ics.headers['content-type']).toContain('text/calendar');
    expect(ics.body).toContain('BEGIN:VEVENT');
    expect(ics.body).toContain('Field 1');

    const parent = await t.signUp({ email: 'parent-cancel@example.org', teamId: league.teamIds[1]! });
    const byMember = await post(parent, `/api/bookings/${id}/cancel`);
    expect(byMember.statusCode).toBe(403);
    expect(byMember.json().error.message).toContain('Only coaches can cancel practices');
    const ua = agent();
    const ok = await post(coachB, `/api/bookings/${id}/cancel`, {}, ua);
    expect(ok.json().booking).toMatchObject({ status: 'cancelled', cancelReason: 'Cancelled by the coach' });
    // booking.cancel (not the admin's action): one entry by this request, naming the booking and the coach.
    const audit = await auditOf(ua);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      action: 'booking.cancel',
      entityType: 'booking',
      entityId: id,
      actorId: coachB.id,
      actorEmail: coachB.email,
      before: { status: 'confirmed' },
      after: { status: 'cancelled', reason: 'Cancelled by the coach' },
    });
    // Both the booking and the coach's own cancellation queued an email for the team (product.md: Notifications).
    const queued = await t.database.db.select().from(notificationOutbox).where(eq(notificationOutbox.teamId, league.teamIds[1]!));
    const forThis = queued.filter((n) => (n.payload as { bookingId?: string }).bookingId === id);
    expect(forThis.map((n) => n.kind).sort()).toEqual(['booking.cancelled', 'booking.created']);
    expect(forThis.find((n) => n.kind === 'booking.cancelled')!.payload).toMatchObject({ reason: 'Cancelled by the coach', byAdmin: false, fieldName: 'Field 1' });
    expect(forThis.find((n) => n.kind === 'booking.created')!.recipientUserId).toBe(coachB.id);
    expect((await post(coachB, `/api/bookings/${id}/cancel`)).statusCode).toBe(409);
    const rebook = await post(coachA, '/api/bookings', { slotId: league.slotIds[2]![1]! });
    expect(rebook.statusCode).toBe(201);
  });
});

describe('admin', () => {
  it('override bumps an existing booking (with reason), refuses without bump, and records notifications', async () => {
    const slotId = league.slotIds[3]![0]!;
    const first = await post(coachA, '/api/bookings', { slotId });
    expect(first.statusCode).toBe(201);
    const refused = await post(admin, '/api/admin/bookings/override', { slotId, teamId: league.teamIds[1], reason: 'Make-up practice' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toContain('bump');
    const noReason = await post(admin, '/api/admin/bookings/override', { slotId, teamId: league.teamIds[1], reason: '' });
    expect(noReason.statusCode).toBe(400);

    const bumped = await post(admin, '/api/admin/bookings/override', { slotId, teamId: league.teamIds[1], reason: 'Make-up practice', bump: true });
    expect(bumped.statusCode).toBe(201);
    expect(bumped.json().booking).toMatchObject({ teamId: league.teamIds[1], override: true, overrideReason: 'Make-up practice', status: 'confirmed' });
    expect(bumped.json().bumped).toMatchObject({ id: first.json().booking.id, status: 'cancelled', cancelReason: 'Bumped by a league admin: Make-up practice' });
    const outbox = await t.database.db.select().from(notificationOutbox).where(eq(notificationOutbox.kind, 'booking.bumped'));
    expect(outbox).toHaveLength(1);
    const actions = (await t.database.db.select().from(auditLog)).map((a) => a.action);
    expect(actions).toEqual(expect.arrayContaining(['booking.override', 'booking.bump']));
  });

  it('moves a booking atomically to an open slot, and refuses a booked one', async () => {
    const b = (await post(coachB, '/api/bookings', { slotId: league.slotIds[4]![0]! })).json().booking;
    const taken = await post(admin, `/api/admin/bookings/${b.id}/move`, { slotId: league.slotIds[3]![0]! });
    expect(taken.statusCode).toBe(409);
    const ua = agent();
    const moved = await post(admin, `/api/admin/bookings/${b.id}/move`, { slotId: league.slotIds[4]![2]!, reason: 'Lights out on the early slot' }, ua);
    expect(moved.json().booking).toMatchObject({ id: b.id, slotId: league.slotIds[4]![2], status: 'confirmed' });
    // booking.move: one entry by this request, naming the booking and the admin, with both slots.
    const audit = await auditOf(ua);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      action: 'booking.move',
      entityType: 'booking',
      entityId: b.id,
      actorId: admin.id,
      actorEmail: admin.email,
      before: { slotId: league.slotIds[4]![0] },
      after: { slotId: league.slotIds[4]![2] },
    });
    expect(audit[0]!.summary).toContain('Lights out on the early slot');
    const slotsOfDay = (await t.database.db.select().from(bookings).where(eq(bookings.status, 'confirmed'))).map((r) => r.slotId);
    expect(slotsOfDay).not.toContain(league.slotIds[4]![0]);
  });

  it('searches, exports CSV, and cancels with a reason', async () => {
    const list = (await get(admin, `/api/admin/bookings?seasonId=${league.seasonId}&status=confirmed`)).json().bookings as Array<{ id: string; teamId: string }>;
    expect(list.length).toBeGreaterThanOrEqual(3);
    // One booking by its id (the audit log's link): exactly that one.
    const one = (await get(admin, `/api/admin/bookings?bookingId=${list[1]!.id}`)).json().bookings as Array<{ id: string }>;
    expect(one.map((b) => b.id)).toEqual([list[1]!.id]);
    const csv = await get(admin, `/api/admin/bookings.csv?seasonId=${league.seasonId}`);
    expect(csv.headers['content-type']).toContain('text/csv');
    const lines = csv.body.trim().split('\n');
    expect(lines[0]).toBe('date_time_local,ends_local,team,facility,field,status,booked_by,override,override_reason,cancel_reason,booking_id');
    expect(lines.length).toBeGreaterThan(3);
    const ua = agent();
    const cancelled = await post(admin, `/api/admin/bookings/${list[0]!.id}/cancel`, { reason: 'Field double-booked with a game' }, ua);
    expect(cancelled.json().booking).toMatchObject({ status: 'cancelled', cancelReason: 'Field double-booked with a game' });
    // booking.cancel.admin: one entry by this request, naming the booking and the admin, with the reason.
    const audit = await auditOf(ua);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      action: 'booking.cancel.admin',
      entityType: 'booking',
      entityId: list[0]!.id,
      actorId: admin.id,
      actorEmail: admin.email,
      before: { status: 'confirmed' },
      after: { status: 'cancelled', reason: 'Field double-booked with a game' },
    });
    expect((await get(coachA, '/api/admin/bookings')).statusCode).toBe(403);
  });

  it('edits the season rules (audited) and they apply at once', async () => {
    const rules = (await get(null, `/api/seasons/${league.seasonId}/booking-rules`)).json().rules;
    const paused = await t.app.inject({
      method: 'PUT',
      url: `/api/seasons/${league.seasonId}/booking-rules`,
      payload: { ...rules, bookingOpen: false, pausedMessage: 'the fields are being re-lined' },
      headers: { cookie: admin.cookie, origin: TEST_ORIGIN },
    });
    expect(paused.statusCode).toBe(200);
    const res = await post(coachA, '/api/bookings', { slotId: league.slotIds[6]![0]! });
    expect(res.statusCode).toBe(422);
    expect(res.json().error.message).toBe('Booking is paused: the fields are being re-lined');
    await t.app.inject({ method: 'PUT', url: `/api/seasons/${league.seasonId}/booking-rules`, payload: rules, headers: { cookie: admin.cookie, origin: TEST_ORIGIN } });
    expect((await t.database.db.select().from(auditLog).where(eq(auditLog.action, 'booking-rules.update'))).length).toBe(2);
  });
});
