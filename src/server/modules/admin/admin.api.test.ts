import { eq } from 'drizzle-orm';
import { Temporal } from 'temporal-polyfill';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { blocks, bookings, contactMessages, facilities, fields, practiceRequests, slots } from '../../db/schema';
import { TZ, seedLeague, type League, insertField } from '../../test/booking-fixtures';
import { buildTestApp, type TestApp, type TestUser } from '../../test/test-app';

let t: TestApp;
let league: League;
let admin: TestUser;

beforeAll(async () => {
  t = await buildTestApp();
  league = await seedLeague(t, { teams: 1 });
  admin = await t.signUp({ email: 'overview-admin@example.org', role: 'admin' });
}, 60_000);
afterAll(() => t.close());

const overview = async () => (await t.app.inject({ url: '/api/admin/overview', headers: { cookie: admin.cookie } })).json<Record<string, unknown>>();
const minutes = (n: number) => new Date(Date.now() + n * 60_000);

describe('admin landing counts (product.md: tiles with live counts)', () => {
  it("counts today's confirmed practices in the league zone and the slots still bookable this week", async () => {
    const db = t.database.db;
    const before = await overview();
    expect(before).toMatchObject({ bookingsToday: 0, activeSeason: expect.any(String) });
    const baseline = before.openSlotsThisWeek as number;

    const today = Temporal.Now.plainDateISO(TZ);
    const startOfToday = new Date(today.toZonedDateTime(TZ).epochMilliseconds);
    const startOfTomorrow = new Date(today.add({ days: 1 }).toZonedDateTime(TZ).epochMilliseconds);
    const endOfWeek = new Date(today.add({ days: 8 - today.dayOfWeek }).toZonedDateTime(TZ).epochMilliseconds);
    const field = league.fieldIds[0]!;
    const closedField = (await insertField(db, { facilityId: (await db.select().from(fields).where(eq(fields.id, field)))[0]!.facilityId, name: 'Closed', surface: 'grass', lights: false, color: '#000000' })).id;
    await db.update(fields).set({ active: false }).where(eq(fields.id, closedField));
    const slot = async (fieldId: string, startsAt: Date, extra: Partial<typeof slots.$inferInsert> = {}) =>
      (await db.insert(slots).values({ seasonId: league.seasonId, fieldId, startsAt, endsAt: new Date(startsAt.getTime() + 30_000), ...extra }).returning())[0]!.id;

    // Today: one confirmed practice counts; a cancelled one does not. Both are early today, so not bookable either.
    const early = await slot(field, new Date(startOfToday.getTime() + 60_000));
    const earlier = await slot(field, new Date(startOfToday.getTime()));
    await db.insert(bookings).values([
      { slotId: early, teamId: league.teamIds[0]!, status: 'confirmed' },
      { slotId: earlier, teamId: league.teamIds[0]!, status: 'cancelled' },
    ]);
    // From now on: open (counts, if this week is not ending this very minute), blocked, booked, on a closed field, past.
    const open = minutes(2);
    await slot(field, open);
    await slot(field, minutes(3), { status: 'blocked', blockReason: 'Rain' });
    const booked = await slot(field, minutes(4));
    await db.insert(bookings).values({ slotId: booked, teamId: league.teamIds[0]!, status: 'confirmed' });
    await slot(closedField, minutes(5));
    await slot(field, minutes(-120));
    await slot(field, minutes(6), { deletedAt: new Date() });

    const after = await overview();
    // The booking 4 minutes from now is today's too, unless today ends within those 4 minutes.
    expect(after.bookingsToday).toBe(1 + (minutes(4) < startOfTomorrow ? 1 : 0));
    expect(after.openSlotsThisWeek).toBe(baseline + (open < endOfWeek ? 1 : 0));
  });

  it('counts pending practice requests, new contact messages and the fields closed today by a field or facility block', async () => {
    const db = t.database.db;
    const before = await overview();
    expect(before).toMatchObject({ pendingRequests: 0, newContactMessages: 0, fieldsBlockedToday: 0 });
    const team = league.teamIds[0]!;
    const request = { teamId: team, preferredDates: ['2030-05-01'], windowStart: '17:00', windowEnd: '19:00', durationMinutes: 60 };
    await db.insert(practiceRequests).values([request, request, { ...request, status: 'declined' }, { ...request, status: 'withdrawn' }]);
    const note = { name: 'Dana', email: 'dana@example.org', subject: 'Hi', body: 'A question about Field 1.' };
    await db.insert(contactMessages).values([note, note, { ...note, status: 'read' }, { ...note, status: 'archived' }]);

    const today = Temporal.Now.plainDateISO(TZ);
    const noon = new Date(today.toZonedDateTime({ timeZone: TZ, plainTime: '12:00' }).epochMilliseconds);
    const hours = (n: number) => new Date(noon.getTime() + n * 3_600_000);
    const [park] = await db.insert(facilities).values({ name: 'Blocked Park' }).returning();
    const [a] = await db
      .insert(fields)
      .values([
        { facilityId: park!.id, name: 'BP 1' },
        { facilityId: park!.id, name: 'BP 2' },
        { facilityId: park!.id, name: 'BP 3', active: false },
      ])
      .returning();
    const [elsewhere] = await db.insert(facilities).values({ name: 'Open Park' }).returning();
    const [lone] = await db.insert(fields).values({ facilityId: elsewhere!.id, name: 'OP 1' }).returning();
    const closed = { category: 'weather' as const, reason: 'Rain' };
    await db.insert(blocks).values([
      // The whole park today: BP 1 and BP 2 count (BP 3 is not in use), and BP 1 once even with its own block too.
      { scope: 'facility', facilityId: park!.id, startsAt: hours(-1), endsAt: hours(1), ...closed },
      { scope: 'field', fieldId: a!.id, startsAt: hours(2), endsAt: hours(3), ...closed },
      // Lifted, tomorrow, or one slot only: not a closed field today.
      { scope: 'field', fieldId: lone!.id, startsAt: hours(-1), endsAt: hours(1), liftedAt: new Date(), ...closed },
      { scope: 'field', fieldId: lone!.id, startsAt: hours(30), endsAt: hours(32), ...closed },
    ]);
    const [slot] = await db.insert(slots).values({ seasonId: league.seasonId, fieldId: lone!.id, startsAt: hours(1), endsAt: hours(2) }).returning();
    await db.insert(blocks).values({ scope: 'slot', slotId: slot!.id, startsAt: hours(1), endsAt: hours(2), ...closed });

    expect(await overview()).toMatchObject({ pendingRequests: 2, newContactMessages: 2, fieldsBlockedToday: 2 });
  });

  it('is for admins only', async () => {
    expect((await t.app.inject({ url: '/api/admin/overview' })).statusCode).toBe(401);
  });
});
