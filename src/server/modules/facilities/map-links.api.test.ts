import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { facilities, fields } from '../../db/schema';
import { seedLeague, type League } from '../../test/booking-fixtures';
import { buildTestApp, TEST_ORIGIN, type TestApp, type TestUser } from '../../test/test-app';

/** Issue 10: a facility's map link is an http(s) web address, and a bad one saved earlier never breaks a calendar file. */
let t: TestApp;
let league: League;
let admin: TestUser;
let coach: TestUser;

beforeAll(async () => {
  t = await buildTestApp();
  league = await seedLeague(t, { teams: 1 });
  admin = await t.signUp({ email: 'map-admin@example.org', role: 'admin' });
  coach = await t.signUp({ email: 'map-coach@example.org', role: 'coach', teamId: league.teamIds[0]! });
}, 60_000);
afterAll(() => t.close());

const send = (method: 'POST' | 'PUT', url: string, payload: unknown) =>
  t.app.inject({ method, url, payload: payload as object, headers: { cookie: admin.cookie, origin: TEST_ORIGIN } });

describe('map links', () => {
  it('refuses anything but an http(s) web address, with words', async () => {
    for (const mapUrl of ['javascript:alert(1)', 'mailto:fields@league.org', 'maps.example.org/riverside', 'ftp://maps.example.org/x', 'https://user:secret@maps.example.org/', 'https://ex_ample.org/']) {
      const res = await send('POST', '/api/facilities', { name: `Park ${mapUrl}`, mapUrl });
      expect(res.statusCode, mapUrl).toBe(400);
      expect(JSON.stringify(res.json().error), mapUrl).toContain('Enter a full web link starting with https://');
    }
    const tooLong = await send('POST', '/api/facilities', { name: 'Long link park', mapUrl: `https://maps.example.org/${'a'.repeat(600)}` });
    expect(tooLong.statusCode).toBe(400);
  });

  it('keeps a pasted link with spaces as a working address (percent-encoded), and an empty one as none', async () => {
    const res = await send('POST', '/api/facilities', { name: 'Spaced Park', mapUrl: ' https://maps.example.org/search?q=Spaced Park ' });
    expect(res.statusCode).toBe(201);
    expect(res.json().facility.mapUrl).toBe('https://maps.example.org/search?q=Spaced%20Park');
    const cleared = await send('PUT', `/api/facilities/${res.json().facility.id}`, { name: 'Spaced Park', mapUrl: '' });
    expect(cleared.json().facility.mapUrl).toBeNull();
  });

  it("a booking's .ics still downloads when its facility holds a link the calendar library refuses, without that link", async () => {
    const booked = await t.app.inject({ method: 'POST', url: '/api/bookings', payload: { slotId: league.slotIds[0]![0]! }, headers: { cookie: coach.cookie, origin: TEST_ORIGIN } });
    expect(booked.statusCode).toBe(201);
    const [field] = await t.database.db.select({ facilityId: fields.facilityId }).from(fields).where(eq(fields.id, league.fieldIds[0]!));
    // Saved before links were checked.
    await t.database.db.update(facilities).set({ mapUrl: 'https://maps.example.org/a b' }).where(eq(facilities.id, field!.facilityId));
    const ics = await t.app.inject({ url: `/api/bookings/${booked.json().booking.id}/ics`, headers: { cookie: coach.cookie } });
    expect(ics.statusCode).toBe(200);
    expect(ics.body).toContain('BEGIN:VEVENT');
    expect(ics.body).not.toContain('URL:');

    await t.database.db.update(facilities).set({ mapUrl: 'https://maps.example.org/riverside' }).where(eq(facilities.id, field!.facilityId));
    const good = await t.app.inject({ url: `/api/bookings/${booked.json().booking.id}/ics`, headers: { cookie: coach.cookie } });
    expect(good.body).toContain('URL:https://maps.example.org/riverside');
  });
});
