import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, bookingRules, bookings, facilities, fields, notificationOutbox, openingRounds, slots, teams } from '../../db/schema';
import { checkBooking, DEFAULT_BOOKING_RULES, type BookingRules } from '../../../shared/bookings/booking-rules';
import { at, insertFacility, insertField, nextMonday, seedLeague, TZ, type League } from '../../test/booking-fixtures';
import { buildTestApp, TEST_ORIGIN, type TestApp, type TestUser } from '../../test/test-app';
import { auditStatement } from '../audit/audit.service';
import { notification, notificationsStatement } from '../notifications/notifications.service';
import { practiceOf } from './bookings.service';

/**
 * A coach's press and a coach's cancel are each one database call (`cgsl_book`, `cgsl_cancel`, docs/decisions/031)
 * that answers which rule refused; the words are made in TypeScript. Every refusal a press or a cancel can meet,
 * through the API, with the status, code, rule and words the booking path gave before the calls (the same file passes
 * on the tree before them), and the rows a booking and a cancel write compared with the rows the old path's builders
 * write for the same change.
 */
let t: TestApp;
let league: League;
let spareFieldId: string;
let coachA: TestUser;
let coachB: TestUser;
let coachC: TestUser;
let teamNames: string[];

const OPEN_RULES: BookingRules = { ...DEFAULT_BOOKING_RULES, maxPerWeek: 10, maxPerDay: 5, maxUpcoming: 20 };

beforeAll(async () => {
  t = await buildTestApp();
  league = await seedLeague(t, { teams: 3, rules: OPEN_RULES });
  // The instants slotAt is given (now + 60 h…) can fall on the seeded evenings of field 0, depending on the day and
  // hour the suite runs: its slots go on a field of their own, in a park of their own, also called Field 1.
  const park = await insertFacility(t.database.db, { name: `Spare park ${Date.now()}` });
  spareFieldId = (await insertField(t.database.db, { facilityId: park.id, name: 'Field 1', surface: 'grass', lights: true, color: '#654321' })).id;
  coachA = await t.signUp({ email: 'words-a@example.org', role: 'coach', teamId: league.teamIds[0]! });
  coachB = await t.signUp({ email: 'words-b@example.org', role: 'coach', teamId: league.teamIds[1]! });
  coachC = await t.signUp({ email: 'words-c@example.org', role: 'coach', teamId: league.teamIds[2]! });
  const rows = await t.database.db.select({ id: teams.id, name: teams.name }).from(teams);
  teamNames = league.teamIds.map((id) => rows.find((r) => r.id === id)!.name);
}, 60_000);
afterAll(() => t.close());

const press = (coach: TestUser, slotId: string, userAgent?: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/bookings',
    payload: { slotId },
    headers: { origin: TEST_ORIGIN, cookie: coach.cookie, ...(userAgent ? { 'user-agent': userAgent } : {}) },
  });

/** What a refused press answered: status, error code, rule and words. */
async function refusal(coach: TestUser, slotId: string) {
  const res = await press(coach, slotId);
  const error = res.json<{ error?: { code: string; message: string; details?: { rule?: string } } }>().error;
  return { status: res.statusCode, code: error?.code, rule: error?.details?.rule, message: error?.message };
}

/** The season's rules, straight in the row (as an admin's change leaves them). */
async function setRules(rules: Partial<BookingRules>) {
  const values = { ...OPEN_RULES, ...rules };
  await t.database.db
    .update(bookingRules)
    .set({ ...values, windowOpensAt: values.windowOpensAt ? new Date(values.windowOpensAt) : null, windowClosesAt: values.windowClosesAt ? new Date(values.windowClosesAt) : null })
    .where(eq(bookingRules.seasonId, league.seasonId));
}

/** A slot of its own at an instant (past, soon, or weeks away), on the spare park's Field 1 unless told. */
async function slotAt(startsAt: Date, fieldId = spareFieldId): Promise<string> {
  const [row] = await t.database.db
    .insert(slots)
    .values({ seasonId: league.seasonId, fieldId, startsAt, endsAt: new Date(startsAt.getTime() + 80 * 60_000) })
    .returning({ id: slots.id });
  return row!.id;
}

/** The words checkBooking gives a team's limits on the team's confirmed bookings now: what the old path answered. */
async function limitWords(teamIndex: number, slotId: string, rules: Partial<BookingRules>): Promise<string> {
  const db = t.database.db;
  const [slot] = await db.select().from(slots).where(eq(slots.id, slotId));
  const held = await db
    .select({ startsAt: slots.startsAt })
    .from(bookings)
    .innerJoin(slots, eq(slots.id, bookings.slotId))
    .where(and(eq(bookings.teamId, league.teamIds[teamIndex]!), eq(bookings.status, 'confirmed')));
  const today = new Date();
  const result = checkBooking({
    rules: { ...OPEN_RULES, ...rules },
    season: { startsOn: '2000-01-01', endsOn: '2100-01-01' },
    slot: { startsAt: slot!.startsAt, endsAt: slot!.endsAt, status: 'open' },
    teamBookings: held.map((h) => h.startsAt),
    teamName: teamNames[teamIndex]!,
    now: today,
    timeZone: TZ,
  });
  return result.ok ? 'allowed' : result.message;
}

/** A row without what only the database picks (its id, when it was written). */
function withoutIdentity<T extends { id: string }>(r: T) {
  const { id: _, ...rest } = r;
  return Object.fromEntries(Object.entries(rest).filter(([k]) => k !== 'createdAt' && k !== 'at'));
}

describe('every rule refuses a press in the words it did before the booking became one call', () => {
  it('a slot taken, blocked with and without a reason', async () => {
    expect((await press(coachB, league.slotIds[0]![0]!)).statusCode).toBe(201);
    expect(await refusal(coachA, league.slotIds[0]![0]!)).toEqual({ status: 409, code: 'CONFLICT', rule: 'SLOT_TAKEN', message: 'Someone just booked this slot. Pick another time.' });
    await t.database.db.update(slots).set({ status: 'blocked', blockReason: 'Weather: Field flooded' }).where(eq(slots.id, league.slotIds[0]![1]!));
    expect(await refusal(coachA, league.slotIds[0]![1]!)).toEqual({ status: 409, code: 'CONFLICT', rule: 'SLOT_BLOCKED', message: 'This slot is blocked: Weather: Field flooded.' });
    await t.database.db.update(slots).set({ status: 'blocked', blockReason: null }).where(eq(slots.id, league.slotIds[0]![2]!));
    expect(await refusal(coachA, league.slotIds[0]![2]!)).toEqual({ status: 409, code: 'CONFLICT', rule: 'SLOT_BLOCKED', message: 'This slot is blocked.' });
  });

  it('a practice already started, too soon, too far ahead', async () => {
    const now = Date.now();
    expect(await refusal(coachA, await slotAt(new Date(now - 2 * 3_600_000)))).toEqual({
      status: 422,
      code: 'RULE_VIOLATION',
      rule: 'SLOT_PAST',
      message: 'This practice time has already started or passed.',
    });
    expect(await refusal(coachA, await slotAt(new Date(now + 3 * 3_600_000)))).toEqual({
      status: 422,
      code: 'RULE_VIOLATION',
      rule: 'TOO_SOON',
      message: 'Practices must be booked at least 12 hours ahead.',
    });
    expect(await refusal(coachA, await slotAt(new Date(now + 30 * 86_400_000)))).toEqual({ status: 422, code: 'RULE_VIOLATION', rule: 'TOO_FAR_AHEAD', message: 'You can book up to 21 days ahead.' });
  });

  it('booking paused, with and without the league’s message; the window not open yet, and closed', async () => {
    const slotId = league.slotIds[1]![0]!;
    await setRules({ bookingOpen: false, pausedMessage: null });
    expect(await refusal(coachA, slotId)).toEqual({ status: 422, code: 'RULE_VIOLATION', rule: 'BOOKING_PAUSED', message: 'Booking is paused: the league has paused booking for now.' });
    await setRules({ bookingOpen: false, pausedMessage: '  Fields are being re-lined ' });
    expect(await refusal(coachA, slotId)).toEqual({ status: 422, code: 'RULE_VIOLATION', rule: 'BOOKING_PAUSED', message: 'Booking is paused: Fields are being re-lined' });
    await setRules({ windowOpensAt: '2099-03-02T00:00:00.000Z' });
    expect(await refusal(coachA, slotId)).toEqual({ status: 422, code: 'RULE_VIOLATION', rule: 'WINDOW_NOT_OPEN', message: 'Booking opens Sun Mar 1, 6:00 pm.' });
    await setRules({ windowClosesAt: '2020-01-01T00:00:00.000Z' });
    expect(await refusal(coachA, slotId)).toEqual({ status: 422, code: 'RULE_VIOLATION', rule: 'WINDOW_CLOSED', message: 'Booking for this season closed Tue Dec 31, 6:00 pm.' });
    await setRules({});
    expect((await press(coachA, slotId)).statusCode).toBe(201);
  });

  it("the team's day, week and upcoming limits, in words naming the team, the day and the counts", async () => {
    expect((await press(coachC, league.slotIds[2]![0]!)).statusCode).toBe(201);
    const day = { maxPerDay: 1 };
    await setRules(day);
    const dayWords = await refusal(coachC, league.slotIds[2]![1]!);
    expect(dayWords).toEqual({ status: 422, code: 'RULE_VIOLATION', rule: 'DAY_LIMIT', message: await limitWords(2, league.slotIds[2]![1]!, day) });
    expect(dayWords.message).toMatch(new RegExp(`^${teamNames[2]} already has 1 practice on [A-Z][a-z]{2}, [A-Z][a-z]{2} \\d{1,2} \\(limit 1\\)\\.$`));

    const week = { maxPerWeek: 1 };
    await setRules(week);
    const weekWords = await refusal(coachC, league.slotIds[3]![0]!);
    expect(weekWords).toEqual({ status: 422, code: 'RULE_VIOLATION', rule: 'WEEK_LIMIT', message: await limitWords(2, league.slotIds[3]![0]!, week) });
    expect(weekWords.message).toMatch(new RegExp(`^${teamNames[2]} already has 1 practice in the week of Mon, [A-Z][a-z]{2} \\d{1,2} \\(limit 1\\)\\.$`));

    await setRules({ maxPerWeek: 10 });
    expect((await press(coachC, league.slotIds[3]![0]!)).statusCode).toBe(201);
    const upcoming = { maxUpcoming: 2 };
    await setRules(upcoming);
    expect(await refusal(coachC, league.slotIds[4]![0]!)).toEqual({
      status: 422,
      code: 'RULE_VIOLATION',
      rule: 'UPCOMING_LIMIT',
      message: `${teamNames[2]} already has 2 upcoming practices (limit 2).`,
    });
    expect(await limitWords(2, league.slotIds[4]![0]!, upcoming)).toBe(`${teamNames[2]} already has 2 upcoming practices (limit 2).`);
    await setRules({});
  });

  it('a slot an opening round holds, before and after its draw; once the league opens the rest, it books', async () => {
    const slotId = league.slotIds[5]![0]!;
    const day = nextMonday().add({ days: 5 }).toString();
    const [round] = await t.database.db
      .insert(openingRounds)
      .values({
        seasonId: league.seasonId,
        coversFrom: day,
        coversTo: day,
        opensAt: new Date('2099-03-01T22:00:00Z'),
        closesAt: new Date('2099-03-01T23:00:00Z'),
        drawAt: new Date('2099-03-02T00:00:00Z'),
        maxPreferences: 10,
        firstComeAfter: false,
        weighting: 'none',
        seed: 'a'.repeat(64),
        seedHash: 'b'.repeat(64),
      })
      .returning({ id: openingRounds.id });
    expect(await refusal(coachA, slotId)).toEqual({
      status: 422,
      code: 'RULE_VIOLATION',
      rule: 'OPENING_ROUND',
      message: 'This slot is in the opening round: the draw is on Sun Mar 1, 6:00 pm. Rank it in your preferences instead.',
    });
    await t.database.db.update(openingRounds).set({ drawnAt: new Date(), result: {}, inputs: {} }).where(eq(openingRounds.id, round!.id));
    expect(await refusal(coachA, slotId)).toEqual({
      status: 422,
      code: 'RULE_VIOLATION',
      rule: 'OPENING_ROUND',
      message: 'This slot was in the opening round; the league has not opened the rest for booking yet.',
    });
    await t.database.db.update(openingRounds).set({ firstComeAfter: true }).where(eq(openingRounds.id, round!.id));
    expect((await press(coachA, slotId)).statusCode).toBe(201);
  });

  it('a closed field, an inactive team, a slot deleted or never there', async () => {
    const [facility] = await t.database.db.select({ id: fields.facilityId }).from(fields).where(eq(fields.id, league.fieldIds[0]!));
    const [closed] = await t.database.db.insert(fields).values({ facilityId: facility!.id, name: 'Field 2', active: false }).returning({ id: fields.id });
    const onClosed = await slotAt(at(nextMonday().add({ days: 1 }), '17:00'), closed!.id);
    expect(await refusal(coachA, onClosed)).toEqual({
      status: 409,
      code: 'CONFLICT',
      rule: 'FIELD_CLOSED',
      message: 'Field 2 is closed (deactivated by a league admin), so its slots cannot be booked. Pick a slot on another field.',
    });
    await t.database.db.update(fields).set({ active: true }).where(eq(fields.id, closed!.id));
    await t.database.db.update(facilities).set({ active: false }).where(eq(facilities.id, facility!.id));
    expect(await refusal(coachA, onClosed)).toMatchObject({ status: 409, rule: 'FIELD_CLOSED', message: expect.stringMatching(/^Field 2 is closed/) });
    await t.database.db.update(facilities).set({ active: true }).where(eq(facilities.id, facility!.id));

    await t.database.db.update(teams).set({ active: false }).where(eq(teams.id, league.teamIds[1]!));
    expect(await refusal(coachB, league.slotIds[6]![0]!)).toEqual({
      status: 403,
      code: 'FORBIDDEN',
      rule: undefined,
      message: 'Your team is not active, so it cannot book. Contact a league admin.',
    });
    await t.database.db.update(teams).set({ active: true }).where(eq(teams.id, league.teamIds[1]!));

    await t.database.db.update(slots).set({ deletedAt: new Date() }).where(eq(slots.id, league.slotIds[6]![1]!));
    const gone = { status: 404, code: 'NOT_FOUND', rule: undefined, message: 'That slot does not exist any more. Reload the page.' };
    expect(await refusal(coachA, league.slotIds[6]![1]!)).toEqual(gone);
    expect(await refusal(coachA, randomUUID())).toEqual(gone);
  });
});

describe('a booking writes what it wrote before', () => {
  it('the booking, its notification and its audit entry: the rows the old path built for the same booking', async () => {
    const db = t.database.db;
    const slotId = league.slotIds[6]![2]!;
    const userAgent = `rows-probe/${randomUUID()}`;
    const res = await press(coachA, slotId, userAgent);
    expect(res.statusCode).toBe(201);
    const answer = res.json().booking as { id: string; createdAt: string };
    // The answer is what a read of the booking gives.
    const mine = (await t.app.inject({ url: '/api/bookings/mine', headers: { cookie: coachA.cookie } })).json().bookings as Array<{ id: string }>;
    expect(answer).toEqual(mine.find((b) => b.id === answer.id));

    const [row] = await db.select().from(bookings).where(eq(bookings.id, answer.id));
    expect(row).toMatchObject({ slotId, teamId: league.teamIds[0], bookedBy: coachA.id, status: 'confirmed', override: false, overrideReason: null, cancelledAt: null, sequence: 0 });
    expect(row!.createdAt.toISOString()).toBe(answer.createdAt);

    const [slot] = await db.select().from(slots).where(eq(slots.id, slotId));
    const practice = practiceOf({ id: answer.id, teamName: teamNames[0]!, fieldName: 'Field 1', startsAt: slot!.startsAt.toISOString(), endsAt: slot!.endsAt.toISOString() });
    const ctx = { actorId: coachA.id, actorEmail: coachA.email, ip: '127.0.0.1', userAgent };
    const outboxOf = () => db.select().from(notificationOutbox).where(sql`${notificationOutbox.payload}->>'bookingId' = ${answer.id}`);
    const auditOf = () => db.select().from(auditLog).where(eq(auditLog.userAgent, userAgent));
    const [written, audited] = [await outboxOf(), await auditOf()];
    expect(written).toHaveLength(1);
    expect(audited).toHaveLength(1);

    // The old path's builders, on the same facts, in a transaction that is rolled back.
    const rollback = new Error('rollback');
    let built: { outbox: typeof written; audit: typeof audited } | undefined;
    await db
      .transaction(async (tx) => {
        await tx.execute(notificationsStatement(tx, [notification('booking.created', { teamId: league.teamIds[0]!, userId: coachA.id }, { ...practice, override: false, reason: null })]));
        await tx.execute(
          auditStatement(tx, ctx, {
            action: 'booking.create',
            entityType: 'booking',
            entityId: answer.id,
            summary: `${teamNames[0]} booked Field 1 at ${practice.startsAt}`,
            after: { bookingId: answer.id, slotId, teamId: league.teamIds[0] },
          }),
        );
        const outbox = await tx.select().from(notificationOutbox).where(sql`${notificationOutbox.payload}->>'bookingId' = ${answer.id}`);
        const audit = await tx.select().from(auditLog).where(eq(auditLog.userAgent, userAgent));
        built = { outbox: outbox.filter((r) => r.id !== written[0]!.id), audit: audit.filter((r) => r.id !== audited[0]!.id) };
        throw rollback;
      })
      .catch((err: unknown) => {
        if (err !== rollback) throw err;
      });
    expect(built!.outbox.map(withoutIdentity)).toEqual(written.map(withoutIdentity));
    expect(built!.audit.map(withoutIdentity)).toEqual(audited.map(withoutIdentity));
    expect(written[0]).toMatchObject({ kind: 'booking.created', recipientUserId: coachA.id, teamId: league.teamIds[0], sentAt: null, dedupeKey: null });
    expect(audited[0]).toMatchObject({ action: 'booking.create', actorId: coachA.id, actorEmail: coachA.email, ip: '127.0.0.1', before: null });
  });
});

describe('a coach cancels in one call, in the words and with the rows of before', () => {
  const cancel = (coach: TestUser, bookingId: string, body: object = {}, userAgent?: string) =>
    t.app.inject({
      method: 'POST',
      url: `/api/bookings/${bookingId}/cancel`,
      payload: body,
      headers: { origin: TEST_ORIGIN, cookie: coach.cookie, ...(userAgent ? { 'user-agent': userAgent } : {}) },
    });
  const words = async (res: Awaited<ReturnType<typeof cancel>>) => {
    const error = res.json<{ error?: { code: string; message: string; details?: { rule?: string } } }>().error;
    return { status: res.statusCode, code: error?.code, rule: error?.details?.rule, message: error?.message };
  };

  it("another team's booking and one that is not there are not found; a member is told why; cancelled twice; past the cutoff", async () => {
    const booked = await press(coachB, await slotAt(new Date(Date.now() + 40 * 3_600_000)));
    expect(booked.statusCode).toBe(201);
    const id = booked.json<{ booking: { id: string } }>().booking.id;
    const notFound = { status: 404, code: 'NOT_FOUND', rule: undefined, message: "That booking does not exist, or it is not your team's. Reload My Reservations." };
    expect(await words(await cancel(coachA, id))).toEqual(notFound);
    expect(await words(await cancel(coachA, randomUUID()))).toEqual(notFound);
    const parent = await t.signUp({ email: 'words-parent@example.org', teamId: league.teamIds[1]! });
    expect(await words(await cancel(parent, id))).toEqual({
      status: 403,
      code: 'FORBIDDEN',
      rule: 'NOT_COACH',
      message: `Only coaches can cancel practices. Ask a league admin to make you a coach of ${teamNames[1]}.`,
    });
    const loner = await t.signUp({ email: 'words-loner@example.org', role: 'coach' });
    expect(await words(await cancel(loner, id))).toEqual(notFound);

    expect((await cancel(coachB, id)).statusCode).toBe(200);
    expect(await words(await cancel(coachB, id))).toEqual({ status: 409, code: 'CONFLICT', rule: undefined, message: 'This booking is already cancelled.' });

    const soon = await press(coachB, await slotAt(new Date(Date.now() + 20 * 3_600_000)));
    expect(soon.statusCode).toBe(201);
    expect(await words(await cancel(coachB, soon.json<{ booking: { id: string } }>().booking.id))).toEqual({
      status: 422,
      code: 'RULE_VIOLATION',
      rule: 'CANCEL_CUTOFF',
      message: 'Cancellations close 24 hours before the start; contact an admin.',
    });
  });

  it('the cancelled booking, its notification and its audit entry: the rows the old path built for the same cancel', async () => {
    const db = t.database.db;
    const slotId = await slotAt(new Date(Date.now() + 60 * 3_600_000));
    const booked = await press(coachA, slotId);
    expect(booked.statusCode).toBe(201);
    const id = booked.json<{ booking: { id: string } }>().booking.id;
    const userAgent = `cancel-probe/${randomUUID()}`;
    const res = await cancel(coachA, id, { reason: '  Rained out ' }, userAgent);
    expect(res.statusCode).toBe(200);
    const answer = res.json<{ booking: { id: string; cancelledAt: string } }>().booking;
    const mine = (await t.app.inject({ url: '/api/bookings/mine', headers: { cookie: coachA.cookie } })).json<{ bookings: Array<{ id: string }> }>().bookings;
    expect(answer).toEqual(mine.find((b) => b.id === id));
    expect(answer).toMatchObject({ status: 'cancelled', cancelReason: 'Rained out', bookedByEmail: coachA.email });

    const [row] = await db.select().from(bookings).where(eq(bookings.id, id));
    expect(row).toMatchObject({ status: 'cancelled', cancelledBy: coachA.id, cancelReason: 'Rained out', sequence: 1 });
    expect(row!.cancelledAt!.toISOString()).toBe(answer.cancelledAt);

    const [slot] = await db.select().from(slots).where(eq(slots.id, slotId));
    const practice = practiceOf({ id, teamName: teamNames[0]!, fieldName: 'Field 1', startsAt: slot!.startsAt.toISOString(), endsAt: slot!.endsAt.toISOString() });
    const ctx = { actorId: coachA.id, actorEmail: coachA.email, ip: '127.0.0.1', userAgent };
    const cancelled = sql`${notificationOutbox.payload}->>'bookingId' = ${id} and ${notificationOutbox.kind} = 'booking.cancelled'`;
    const written = await db.select().from(notificationOutbox).where(cancelled);
    const audited = await db.select().from(auditLog).where(eq(auditLog.userAgent, userAgent));
    expect(written).toHaveLength(1);
    expect(audited).toHaveLength(1);

    const rollback = new Error('rollback');
    let built: { outbox: typeof written; audit: typeof audited } | undefined;
    await db
      .transaction(async (tx) => {
        await tx.execute(
          notificationsStatement(tx, [notification('booking.cancelled', { teamId: league.teamIds[0]!, userId: null }, { ...practice, reason: 'Rained out', byAdmin: false, blocked: false })]),
        );
        await tx.execute(
          auditStatement(tx, ctx, {
            action: 'booking.cancel',
            entityType: 'booking',
            entityId: id,
            summary: `Cancelled ${teamNames[0]}'s practice on Field 1 at ${practice.startsAt}: Rained out`,
            before: { status: 'confirmed' },
            after: { status: 'cancelled', reason: 'Rained out' },
          }),
        );
        const outbox = await tx.select().from(notificationOutbox).where(cancelled);
        const audit = await tx.select().from(auditLog).where(eq(auditLog.userAgent, userAgent));
        built = { outbox: outbox.filter((r) => r.id !== written[0]!.id), audit: audit.filter((r) => r.id !== audited[0]!.id) };
        throw rollback;
      })
      .catch((err: unknown) => {
        if (err !== rollback) throw err;
      });
    expect(built!.outbox.map(withoutIdentity)).toEqual(written.map(withoutIdentity));
    expect(built!.audit.map(withoutIdentity)).toEqual(audited.map(withoutIdentity));
  });
});
