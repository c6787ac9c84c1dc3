import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { facilities, fields } from '../../db/schema';
import { nextMonday, seedLeague, type League } from '../../test/booking-fixtures';
import { buildTestApp, TEST_ORIGIN, type TestApp, type TestUser } from '../../test/test-app';

let t: TestApp;
let league: League;
let admin: TestUser;
let coach: TestUser;
let facilityId: string;

const send = (user: TestUser, method: 'POST' | 'PUT', url: string, payload: unknown) =>
  t.app.inject({ method, url, payload: payload as object, headers: { cookie: user.cookie, origin: TEST_ORIGIN } });
const fieldBody = (active: boolean) => ({ facilityId, name: 'Field 1', surface: 'grass', lights: true, color: '#123456', active });
const weekSlotIds = async () => {
  const from = nextMonday().toString();
  const to = nextMonday().add({ days: 6 }).toString();
  const res = await t.app.inject({ url: `/api/slots?from=${from}&to=${to}&seasonId=${league.seasonId}` });
  return (res.json().slots as Array<{ id: string }>).map((s) => s.id);
};

beforeAll(async () => {
  t = await buildTestApp();
  league = await seedLeague(t, { teams: 2 });
  admin = await t.signUp({ email: 'deact-admin@example.org', role: 'admin' });
  coach = await t.signUp({ email: 'deact-coach@example.org', role: 'coach', teamId: league.teamIds[0]! });
  const [field] = await t.database.db.select({ facilityId: fields.facilityId }).from(fields).where(eq(fields.id, league.fieldIds[0]!));
  facilityId = field!.facilityId;
}, 60_000);
afterAll(() => t.close());

describe('deactivating a field or facility', () => {
  it('waits while teams hold upcoming bookings there, naming how many and what to do', async () => {
    const booked = await send(coach, 'POST', '/api/bookings', { slotId: league.slotIds[0]![0]! });
    expect(booked.statusCode).toBe(201);

    const field = await send(admin, 'PUT', `/api/fields/${league.fieldIds[0]}`, fieldBody(false));
    expect(field.statusCode).toBe(409);
    expect(field.json().error).toMatchObject({ code: 'CONFLICT', message: expect.stringContaining('"Field 1" has 1 upcoming booking. Block the field'), details: { upcomingBookings: 1 } });
    const facility = await send(admin, 'PUT', `/api/facilities/${facilityId}`, { name: 'Park', active: false });
    expect(facility.statusCode).toBe(409);
    expect(facility.json().error.message).toContain('Block the facility');
    // Nothing changed: both are still active and the slot still booked.
    expect((await t.database.db.select({ active: fields.active }).from(fields).where(eq(fields.id, league.fieldIds[0]!)))[0]!.active).toBe(true);
    expect((await t.database.db.select({ active: facilities.active }).from(facilities).where(eq(facilities.id, facilityId)))[0]!.active).toBe(true);

    expect((await send(coach, 'POST', `/api/bookings/${booked.json().booking.id}/cancel`, {})).statusCode).toBe(200);
  });

  it('closes the field: its slots leave the slot views and cannot be booked or overridden; reactivating brings them back', async () => {
    const before = await weekSlotIds();
    expect(before).toHaveLength(21);

    const off = await send(admin, 'PUT', `/api/fields/${league.fieldIds[0]}`, fieldBody(false));
    expect(off.statusCode).toBe(200);
    expect(await weekSlotIds()).toEqual([]);

    const slotId = league.slotIds[1]![0]!;
    const book = await send(coach, 'POST', '/api/bookings', { slotId });
    expect(book.statusCode).toBe(409);
    expect(book.json().error).toMatchObject({ message: 'Field 1 is closed (deactivated by a league admin), so its slots cannot be booked. Pick a slot on another field.', details: { rule: 'FIELD_CLOSED' } });
    const override = await send(admin, 'POST', '/api/admin/bookings/override', { slotId, teamId: league.teamIds[1], reason: 'Makeup practice' });
    expect(override.statusCode).toBe(409);
    expect(override.json().error.details).toEqual({ rule: 'FIELD_CLOSED' });

    expect((await send(admin, 'PUT', `/api/fields/${league.fieldIds[0]}`, fieldBody(true))).statusCode).toBe(200);
    expect(await weekSlotIds()).toEqual(before);
    expect((await send(coach, 'POST', '/api/bookings', { slotId })).statusCode).toBe(201);
  });

  it('a deactivated facility closes all of its fields', async () => {
    const booking = (await t.app.inject({ url: '/api/bookings/mine', headers: { cookie: coach.cookie } })).json().bookings.find((b: { status: string }) => b.status === 'confirmed');
    await send(coach, 'POST', `/api/bookings/${booking.id}/cancel`, {});
    expect((await send(admin, 'PUT', `/api/facilities/${facilityId}`, { name: 'Park', active: false })).statusCode).toBe(200);
    expect(await weekSlotIds()).toEqual([]);
    const book = await send(coach, 'POST', '/api/bookings', { slotId: league.slotIds[2]![0]! });
    expect(book.json().error.details).toEqual({ rule: 'FIELD_CLOSED' });
  });
});

describe('the slots a live event names, fetched by id', () => {
  it('answers them as the week view shows them, leaves out closed and unknown ones, and validates the ids', async () => {
    await send(admin, 'PUT', `/api/facilities/${facilityId}`, { name: 'Park', active: true });
    const [a, b] = [league.slotIds[5]![0]!, league.slotIds[5]![1]!];
    await send(coach, 'POST', '/api/bookings', { slotId: b });
    const unknown = '00000000-0000-4000-8000-000000000000';
    const res = await t.app.inject({ url: `/api/slots/by-id?ids=${a},${b},${unknown},${a}` });
    expect(res.statusCode).toBe(200);
    const found = res.json().slots as Array<{ id: string; status: string; teamName: string | null }>;
    expect(found.map((s) => [s.id, s.status])).toEqual([
      [a, 'open'],
      [b, 'booked'],
    ]);

    const mine = (await t.app.inject({ url: '/api/bookings/mine', headers: { cookie: coach.cookie } })).json().bookings as Array<{ id: string; slotId: string; status: string }>;
    await send(coach, 'POST', `/api/bookings/${mine.find((m) => m.slotId === b && m.status === 'confirmed')!.id}/cancel`, {});
    expect((await send(admin, 'PUT', `/api/fields/${league.fieldIds[0]}`, fieldBody(false))).statusCode).toBe(200);
    expect((await t.app.inject({ url: `/api/slots/by-id?ids=${a},${b}` })).json().slots).toEqual([]);
    expect((await send(admin, 'PUT', `/api/fields/${league.fieldIds[0]}`, fieldBody(true))).statusCode).toBe(200);
    const bad = await t.app.inject({ url: '/api/slots/by-id?ids=not-a-slot' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.code).toBe('VALIDATION_FAILED');
    const tooMany = Array.from({ length: 101 }, (_, i) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`).join(',');
    expect((await t.app.inject({ url: `/api/slots/by-id?ids=${tooMany}` })).json().error.message).toContain('at most 100');
  });
});
