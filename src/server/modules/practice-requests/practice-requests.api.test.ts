import { count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, blocks as blocksTable, bookings, notificationOutbox, practiceRequests, slots } from '../../db/schema';
import { insertFacility, insertField, nextMonday, seedLeague, type League } from '../../test/booking-fixtures';
import { buildTestApp, TEST_ORIGIN, type TestApp, type TestUser } from '../../test/test-app';

let t: TestApp;
let league: League;
let admin: TestUser;
let coachA: TestUser;
let coachB: TestUser;
let parentA: TestUser;
const monday = nextMonday();
/** "YYYY-MM-DD" of the d-th day from next Monday. */
const day = (d: number) => monday.add({ days: d }).toString();

beforeAll(async () => {
  t = await buildTestApp();
  // One practice a week: the approvals below book past it.
  league = await seedLeague(t, { teams: 5, rules: { maxPerWeek: 1, maxPerDay: 1, maxUpcoming: 10 } });
  admin = await t.signUp({ email: 'pr-admin@example.org', role: 'admin' });
  coachA = await t.signUp({ email: 'pr-a@example.org', role: 'coach', teamId: league.teamIds[0]!, name: 'Coach Alpha' });
  coachB = await t.signUp({ email: 'pr-b@example.org', role: 'coach', teamId: league.teamIds[1]! });
  parentA = await t.signUp({ email: 'pr-parent@example.org', role: 'member', teamId: league.teamIds[0]! });
}, 60_000);
afterAll(() => t.close());

const post = (user: TestUser | null, url: string, payload: unknown = {}) =>
  t.app.inject({ method: 'POST', url, payload: payload as object, headers: { origin: TEST_ORIGIN, ...(user ? { cookie: user.cookie } : {}) } });
const get = (user: TestUser | null, url: string) => t.app.inject({ url, headers: user ? { cookie: user.cookie } : {} });

const request = (over: Record<string, unknown> = {}) => ({
  preferredDates: [day(2)],
  windowStart: '16:00',
  windowEnd: '21:00',
  durationMinutes: 60,
  notes: 'Pitching work',
  ...over,
});
const fileAs = async (user: TestUser, over: Record<string, unknown> = {}) => {
  const res = await post(user, '/api/practice-requests', request(over));
  expect(res.statusCode, res.body).toBe(201);
  return res.json().request as { id: string; status: string };
};
const statusOf = async (id: string) =>
  (await t.database.db.select({ status: practiceRequests.status }).from(practiceRequests).where(eq(practiceRequests.id, id)))[0]?.status;
/** Rows in the tables an approval writes: a failed one must leave every count as it was. */
const footprint = async () => {
  const db = t.database.db;
  const n = async (table: typeof slots | typeof bookings | typeof auditLog | typeof notificationOutbox) => (await db.select({ n: count() }).from(table))[0]!.n;
  return { slots: await n(slots), bookings: await n(bookings), audit: await n(auditLog), outbox: await n(notificationOutbox) };
};

describe('who may ask for a practice', () => {
  it('visitors are asked to log in; parents and people without a team are told how to become a coach', async () => {
    expect((await post(null, '/api/practice-requests', request())).statusCode).toBe(401);
    const member = await post(parentA, '/api/practice-requests', request());
    expect(member.statusCode).toBe(403);
    expect(member.json().error.message).toContain('Only coaches can ask for practices');
    const loner = await t.signUp({ email: 'pr-loner@example.org', role: 'coach' });
    const noTeam = await post(loner, '/api/practice-requests', request());
    expect(noTeam.statusCode).toBe(403);
    expect(noTeam.json().error.message).toContain('not on a team yet');
    expect((await get(parentA, '/api/practice-requests/mine')).statusCode).toBe(403);
  });

  it('the queue and the decisions are for admins only', async () => {
    expect((await get(coachA, '/api/admin/practice-requests')).statusCode).toBe(403);
    expect((await get(null, '/api/admin/practice-requests')).statusCode).toBe(401);
    const mine = await fileAs(coachB, { preferredDates: [day(6)] });
    expect((await post(coachB, `/api/admin/practice-requests/${mine.id}/decline`, { reason: 'Self-service' })).statusCode).toBe(403);
    expect((await post(coachB, `/api/admin/practice-requests/${mine.id}/approve`, { slotId: league.slotIds[6]![0] })).statusCode).toBe(403);
    expect(await statusOf(mine.id)).toBe('pending');
    expect((await post(coachB, `/api/practice-requests/${mine.id}/withdraw`)).statusCode).toBe(200);
  });
});

describe('filing a request', () => {
  it('refuses dates in the past, the same date twice, and a window the practice does not fit, with words per field', async () => {
    const past = await post(coachA, '/api/practice-requests', request({ preferredDates: [monday.subtract({ days: 10 }).toString()] }));
    expect(past.statusCode).toBe(400);
    expect(past.json().error.message).toContain('in the past');
    const twice = await post(coachA, '/api/practice-requests', request({ preferredDates: [day(2), day(2)] }));
    expect(twice.statusCode).toBe(400);
    const tooShort = await post(coachA, '/api/practice-requests', request({ windowStart: '17:00', windowEnd: '17:45', durationMinutes: 60 }));
    expect(tooShort.statusCode).toBe(400);
    expect(tooShort.body).toContain('does not fit');
    const fourDates = await post(coachA, '/api/practice-requests', request({ preferredDates: [day(1), day(2), day(3), day(4)] }));
    expect(fourDates.statusCode).toBe(400);
    const oddDuration = await post(coachA, '/api/practice-requests', request({ durationMinutes: 50 }));
    expect(oddDuration.statusCode).toBe(400);
  });

  it('a field preference brings its facility; a field of another facility is refused', async () => {
    const filed = await fileAs(coachA, { fieldId: league.fieldIds[0] });
    const mine = (await get(coachA, '/api/practice-requests/mine')).json().requests as Array<{
      id: string;
      facilityId: string | null;
      fieldName: string | null;
    }>;
    expect(mine.find((r) => r.id === filed.id)).toMatchObject({ fieldName: 'Field 1' });
    expect(mine.find((r) => r.id === filed.id)!.facilityId).toBeTruthy();
    const other = await insertFacility(t.database.db, { name: 'Other Park' });
    const wrong = await post(coachA, '/api/practice-requests', request({ facilityId: other.id, fieldId: league.fieldIds[0] }));
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.message).toContain('Field 1 is not at the chosen facility');
    expect((await post(coachA, `/api/practice-requests/${filed.id}/withdraw`)).statusCode).toBe(200);
  });

  it('a team has at most 3 pending requests; a 4th is refused in words until one is withdrawn', async () => {
    const coach = await t.signUp({ email: 'pr-cap@example.org', role: 'coach', teamId: league.teamIds[2]! });
    const filed = [await fileAs(coach), await fileAs(coach, { preferredDates: [day(3)] }), await fileAs(coach, { preferredDates: [day(4), day(5)] })];
    const fourth = await post(coach, '/api/practice-requests', request());
    expect(fourth.statusCode).toBe(409);
    expect(fourth.json().error.message).toMatch(/^Team 3 \d+ already has 3 pending requests\. Withdraw one or wait for the league's answer\.$/);
    expect((await post(coach, `/api/practice-requests/${filed[0]!.id}/withdraw`)).json().request.status).toBe('withdrawn');
    expect((await post(coach, '/api/practice-requests', request())).statusCode).toBe(201);
  });

  it('6 parallel submissions of one team leave exactly 3 pending', async () => {
    const teamId = league.teamIds[3]!;
    const coach = await t.signUp({ email: 'pr-race@example.org', role: 'coach', teamId });
    const answers = await Promise.all(Array.from({ length: 6 }, (_, i) => post(coach, '/api/practice-requests', request({ notes: `press ${i}` }))));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 201, 201, 409, 409, 409]);
    const [row] = await t.database.db
      .select({ n: count() })
      .from(practiceRequests)
      .where(sql`${practiceRequests.teamId} = ${teamId} and ${practiceRequests.status} = 'pending'`);
    expect(row!.n).toBe(3);
  });
});

describe('withdrawing', () => {
  it("a coach withdraws their own pending request once; another team's coach neither sees nor withdraws it", async () => {
    const filed = await fileAs(coachA, { preferredDates: [day(5)] });
    expect(((await get(coachB, '/api/practice-requests/mine')).json().requests as Array<{ id: string }>).map((r) => r.id)).not.toContain(filed.id);
    const theirs = await post(coachB, `/api/practice-requests/${filed.id}/withdraw`);
    expect(theirs.statusCode).toBe(404);
    expect(await statusOf(filed.id)).toBe('pending');
    expect((await post(coachA, `/api/practice-requests/${filed.id}/withdraw`)).json().request.status).toBe('withdrawn');
    const again = await post(coachA, `/api/practice-requests/${filed.id}/withdraw`);
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toContain('already withdrawn');
  });
});

describe('the admin queue', () => {
  it('lists pending requests oldest first with what each date collides with: open candidates, booked slots, blocked slots and blocks', async () => {
    const coach = await t.signUp({ email: 'pr-queue@example.org', role: 'coach', teamId: league.teamIds[4]! });
    // Thursday (day 3): 17:00 booked by team B, 18:30 blocked, 20:00 open; a field block over the evening.
    expect((await post(coachB, '/api/bookings', { slotId: league.slotIds[3]![0] })).statusCode).toBe(201);
    expect((await post(admin, '/api/blocks', { scope: 'slot', slotId: league.slotIds[3]![1], category: 'maintenance', reason: 'Mowing' })).statusCode).toBe(
      201,
    );
    const field2 = await insertField(t.database.db, {
      facilityId: (
        await t.database.db
          .select({ f: sql<string>`facility_id` })
          .from(sql`fields`)
          .where(sql`id = ${league.fieldIds[0]!}`)
      )[0]!.f,
      name: 'Field 2',
    });
    t.wroteBehindTheApp();
    const blockRes = await post(admin, '/api/blocks', {
      scope: 'field',
      fieldId: field2.id,
      startsAt: `${day(3)}T19:00:00-05:00`,
      endsAt: `${day(3)}T23:00:00-05:00`,
      category: 'event',
      reason: 'Fireworks',
    });
    expect(blockRes.statusCode).toBe(201);
    const filed = await fileAs(coach, { preferredDates: [day(3), day(4)], windowStart: '17:00', windowEnd: '22:00', durationMinutes: 60 });

    const queue = (await get(admin, '/api/admin/practice-requests')).json().requests as Array<{
      id: string;
      requestedByEmail: string;
      collisions: Array<{
        date: string;
        slots: Array<{ id: string; status: string; teamName: string | null; blockReason: string | null; fits: boolean }>;
        blocks: Array<{ reason: string }>;
      }>;
    }>;
    const createdOrder = queue.map((r) => r.id);
    expect(createdOrder.at(-1)).toBe(filed.id);
    const mine = queue.find((r) => r.id === filed.id)!;
    expect(mine.requestedByEmail).toBe('pr-queue@example.org');
    const thursday = mine.collisions[0]!;
    expect(thursday.date).toBe(day(3));
    const byId = new Map(thursday.slots.map((s) => [s.id, s]));
    expect(byId.get(league.slotIds[3]![0]!)).toMatchObject({ status: 'booked', fits: false });
    expect(byId.get(league.slotIds[3]![0]!)!.teamName).toMatch(/^Team 2/);
    expect(byId.get(league.slotIds[3]![1]!)).toMatchObject({ status: 'blocked', blockReason: 'Mowing', fits: false });
    expect(byId.get(league.slotIds[3]![2]!)).toMatchObject({ status: 'open', fits: true });
    expect(thursday.slots[0]!.fits).toBe(true);
    expect(thursday.blocks.map((b) => b.reason)).toEqual(['Fireworks']);
    expect(mine.collisions[1]!.date).toBe(day(4));
    expect(mine.collisions[1]!.slots.filter((s) => s.fits)).toHaveLength(3);
    await t.database.db.update(blocksTable).set({ liftedAt: new Date() }).where(eq(blocksTable.id, blockRes.json().block.id));
    expect((await post(coach, `/api/practice-requests/${filed.id}/withdraw`)).statusCode).toBe(200);
  });
});

describe('approving', () => {
  it('books an open slot for the team outside the weekly limit, in one transaction with the audit entry and the notification', async () => {
    // Team A uses its one practice of the week; booking another itself is refused by the rules.
    expect((await post(coachA, '/api/bookings', { slotId: league.slotIds[0]![0] })).statusCode).toBe(201);
    expect((await post(coachA, '/api/bookings', { slotId: league.slotIds[1]![0] })).statusCode).toBe(422);
    const filed = await fileAs(coachA, { preferredDates: [day(1)] });

    const res = await post(admin, `/api/admin/practice-requests/${filed.id}/approve`, { slotId: league.slotIds[1]![0], response: 'Enjoy the extra time' });
    expect(res.statusCode, res.body).toBe(200);
    const approved = res.json().request;
    expect(approved).toMatchObject({ status: 'approved', response: 'Enjoy the extra time', booking: { status: 'confirmed', fieldName: 'Field 1' } });
    const [booking] = await t.database.db.select().from(bookings).where(eq(bookings.id, approved.booking.id));
    expect(booking).toMatchObject({ slotId: league.slotIds[1]![0], teamId: league.teamIds[0], status: 'confirmed', override: true });
    expect(
      await t.database.db
        .select()
        .from(auditLog)
        .where(sql`${auditLog.action} = 'practice-request.approve' and ${auditLog.entityId} = ${filed.id}`),
    ).toHaveLength(1);
    const outbox = await t.database.db.select().from(notificationOutbox).where(eq(notificationOutbox.kind, 'practice-request.approved'));
    expect(outbox.map((o) => o.payload)).toContainEqual(
      expect.objectContaining({ requestId: filed.id, bookingId: approved.booking.id, response: 'Enjoy the extra time' }),
    );
    expect(outbox.find((o) => (o.payload as { requestId: string }).requestId === filed.id)).toMatchObject({
      teamId: league.teamIds[0],
      recipientUserId: coachA.id,
    });

    // The coach sees it approved with the practice, and the practice is on My Reservations.
    const mine = (await get(coachA, '/api/practice-requests/mine')).json().requests as Array<{ id: string; status: string; booking: { id: string } | null }>;
    expect(mine.find((r) => r.id === filed.id)).toMatchObject({ status: 'approved', booking: { id: approved.booking.id } });
    expect(((await get(coachA, '/api/bookings/mine')).json().bookings as Array<{ id: string }>).map((b) => b.id)).toContain(approved.booking.id);
    // Decided once: a second decision is refused.
    expect((await post(admin, `/api/admin/practice-requests/${filed.id}/decline`, { reason: 'Changed my mind' })).statusCode).toBe(409);
    expect((await post(coachA, `/api/practice-requests/${filed.id}/withdraw`)).statusCode).toBe(409);
  });

  it('creates a slot for the request and books it', async () => {
    const filed = await fileAs(coachA, { preferredDates: [day(2)], windowStart: '10:00', windowEnd: '12:00', durationMinutes: 90 });
    const res = await post(admin, `/api/admin/practice-requests/${filed.id}/approve`, {
      newSlot: { fieldId: league.fieldIds[0], date: day(2), startTime: '10:00', durationMinutes: 90 },
    });
    expect(res.statusCode, res.body).toBe(200);
    const { booking } = res.json().request;
    expect(booking.endsAt).toBe(new Date(Date.parse(booking.startsAt) + 90 * 60_000).toISOString());
    const slotsOfDay = (await get(null, `/api/slots?from=${day(2)}&to=${day(2)}&fieldId=${league.fieldIds[0]}`)).json().slots as Array<{
      startsAt: string;
      status: string;
      teamId: string | null;
    }>;
    expect(slotsOfDay.find((s) => s.startsAt === booking.startsAt)).toMatchObject({ status: 'booked', teamId: league.teamIds[0] });
    expect(
      await t.database.db
        .select()
        .from(auditLog)
        .where(sql`${auditLog.action} = 'slot.create'`),
    ).toHaveLength(1);
  });

  it('an approved request whose practice is cancelled later stays approved and says when the practice was cancelled, to the coach and the admins', async () => {
    const filed = await fileAs(coachA, { preferredDates: [day(4)], windowStart: '07:00', windowEnd: '09:00', durationMinutes: 60 });
    const approved = await post(admin, `/api/admin/practice-requests/${filed.id}/approve`, {
      newSlot: { fieldId: league.fieldIds[0], date: day(4), startTime: '07:00', durationMinutes: 60 },
    });
    expect(approved.statusCode, approved.body).toBe(200);
    const bookingId = approved.json().request.booking.id as string;
    expect(approved.json().request.booking).toMatchObject({ status: 'confirmed', cancelledAt: null });

    const cancelled = await post(admin, `/api/admin/bookings/${bookingId}/cancel`, { reason: 'Field flooded' });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const [row] = await t.database.db.select({ cancelledAt: bookings.cancelledAt }).from(bookings).where(eq(bookings.id, bookingId));
    const expected = { id: filed.id, status: 'approved', booking: { id: bookingId, status: 'cancelled', cancelledAt: row!.cancelledAt!.toISOString() } };

    const mine = (await get(coachA, '/api/practice-requests/mine')).json().requests as Array<{ id: string }>;
    expect(mine.find((r) => r.id === filed.id)).toMatchObject(expected);
    const decided = (await get(admin, '/api/admin/practice-requests?status=approved')).json().requests as Array<{ id: string }>;
    expect(decided.find((r) => r.id === filed.id)).toMatchObject(expected);
    expect(await statusOf(filed.id)).toBe('approved');
  });

  it('a booking that fails (slot taken, or a new slot overlapping) writes nothing and leaves the request pending', async () => {
    const filed = await fileAs(coachA, { preferredDates: [day(3)] });
    const before = await footprint();

    const taken = await post(admin, `/api/admin/practice-requests/${filed.id}/approve`, { slotId: league.slotIds[3]![0] });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().error.message).toMatch(/already booked by Team 2/);
    const blocked = await post(admin, `/api/admin/practice-requests/${filed.id}/approve`, { slotId: league.slotIds[3]![1] });
    expect(blocked.statusCode).toBe(409);
    expect(blocked.json().error.message).toContain('blocked (Mowing)');
    const overlap = await post(admin, `/api/admin/practice-requests/${filed.id}/approve`, {
      newSlot: { fieldId: league.fieldIds[0], date: day(3), startTime: '17:30', durationMinutes: 60 },
    });
    expect(overlap.statusCode).toBe(409);
    expect(overlap.json().error.message).toContain('overlaps another slot on Field 1');

    expect(await statusOf(filed.id)).toBe('pending');
    expect(await footprint()).toEqual(before);
    const [row] = await t.database.db.select().from(practiceRequests).where(eq(practiceRequests.id, filed.id));
    expect(row).toMatchObject({ bookingId: null, decidedAt: null, decidedBy: null });
    expect((await post(admin, `/api/admin/practice-requests/${filed.id}/decline`, { reason: 'Thursday is full' })).statusCode).toBe(200);
  });
});

describe('declining', () => {
  it('needs a reason; the coach sees it and is notified', async () => {
    const filed = await fileAs(coachA, { preferredDates: [day(4), day(5)] });
    expect((await post(admin, `/api/admin/practice-requests/${filed.id}/decline`, { reason: '  ' })).statusCode).toBe(400);
    const res = await post(admin, `/api/admin/practice-requests/${filed.id}/decline`, { reason: 'The fields are reseeded that week' });
    expect(res.statusCode).toBe(200);
    expect(res.json().request).toMatchObject({ status: 'declined', response: 'The fields are reseeded that week', booking: null });
    const mine = (await get(coachA, '/api/practice-requests/mine')).json().requests as Array<{ id: string; status: string; response: string }>;
    expect(mine[0]).toMatchObject({ id: filed.id, status: 'declined', response: 'The fields are reseeded that week' });
    const outbox = await t.database.db.select().from(notificationOutbox).where(eq(notificationOutbox.kind, 'practice-request.declined'));
    expect(outbox.map((o) => o.payload)).toContainEqual({
      requestId: filed.id,
      teamName: expect.stringMatching(/^Team 1/),
      preferredDates: [day(4), day(5)],
      reason: 'The fields are reseeded that week',
    });
    expect(
      await t.database.db
        .select()
        .from(auditLog)
        .where(sql`${auditLog.action} = 'practice-request.decline' and ${auditLog.entityId} = ${filed.id}`),
    ).toHaveLength(1);
    const declined = (await get(admin, '/api/admin/practice-requests?status=declined')).json().requests as Array<{ id: string }>;
    expect(declined.map((r) => r.id)).toContain(filed.id);
  });
});
