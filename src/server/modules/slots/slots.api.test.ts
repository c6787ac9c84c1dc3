import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf, sqlState } from '../../db/client';
import { auditLog, bookings, notificationOutbox, seasons, slots } from '../../db/schema';
import { buildTestApp, TEST_ORIGIN, type TestApp, type TestUser } from '../../test/test-app';
import { insertTeam } from '../../test/booking-fixtures';

let t: TestApp;
let admin: TestUser;
let seasonId: string;
let facilityId: string;
const fieldIds: string[] = [];
let teamId: string;

const send = (method: 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown, userAgent?: string) =>
  t.app.inject({
    method,
    url,
    ...(payload === undefined ? {} : { payload: payload as object }),
    headers: { cookie: admin.cookie, origin: TEST_ORIGIN, ...(userAgent ? { 'user-agent': userAgent } : {}) },
  });
/** The audit entries written by the request that sent this User-Agent. */
const auditOf = (userAgent: string) => t.database.db.select().from(auditLog).where(eq(auditLog.userAgent, userAgent));

function ndjson(body: string): Array<Record<string, unknown>> {
  return body
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l) as Record<string, unknown>);
}

beforeAll(async () => {
  t = await buildTestApp();
  admin = await t.signUp({ email: 'slots-admin@example.org', role: 'admin' });
  const [season] = await t.database.db.insert(seasons).values({ name: 'Spring 2027', startsOn: '2027-03-01', endsOn: '2027-07-03', active: true }).returning();
  seasonId = season!.id;
  const facility = await send('POST', '/api/facilities', { name: 'Riverside Park', address: '1 River Rd', mapUrl: 'https://maps.example.org/riverside' });
  expect(facility.statusCode).toBe(201);
  facilityId = facility.json().facility.id;
  for (let i = 1; i <= 20; i++) {
    const field = await send('POST', '/api/fields', { facilityId, name: `Field ${i}`, surface: 'grass', lights: i % 2 === 0, color: '#1e40af' });
    expect(field.statusCode).toBe(201);
    fieldIds.push(field.json().field.id);
  }
  teamId = (await insertTeam(t.database.db, { name: 'Blue Jays' })).id;
}, 60_000);
afterAll(() => t.close());

const generator = (overrides: Record<string, unknown> = {}) => ({
  seasonId,
  fieldIds,
  daysOfWeek: [1, 2, 3, 4, 5, 6, 7],
  firstStart: '17:00',
  lastEnd: '21:00',
  lengthMinutes: 60,
  gapMinutes: 0,
  startDate: '2027-03-01',
  endDate: '2027-07-03',
  skipDates: [],
  ...overrides,
});

describe('facilities and fields', () => {
  it('refuses duplicate names within their parent with a clear field error', async () => {
    const dupFacility = await send('POST', '/api/facilities', { name: 'Riverside Park' });
    expect(dupFacility.statusCode).toBe(409);
    expect(dupFacility.json().error).toMatchObject({ message: expect.stringContaining('already exists'), details: { fields: { name: expect.any(String) } } });
    const dupField = await send('POST', '/api/fields', { facilityId, name: 'Field 1', surface: 'turf', lights: true, color: '#000000' });
    expect(dupField.statusCode).toBe(409);
    expect(dupField.json().error.message).toContain('already has a field named "Field 1"');
    const other = await send('POST', '/api/facilities', { name: 'Hilltop' });
    const sameNameElsewhere = await send('POST', '/api/fields', { facilityId: other.json().facility.id, name: 'Field 1', surface: 'dirt', lights: false, color: '#ff0000' });
    expect(sameNameElsewhere.statusCode).toBe(201);
  });

  it('deactivates instead of deleting, hides inactive ones from visitors, and audits it', async () => {
    const created = await send('POST', '/api/facilities', { name: 'Old Lot' });
    const id = created.json().facility.id as string;
    const off = await send('PUT', `/api/facilities/${id}`, { name: 'Old Lot', active: false });
    expect(off.json().facility.active).toBe(false);
    const publicList = (await t.app.inject({ url: '/api/facilities' })).json().facilities as Array<{ id: string }>;
    expect(publicList.some((f) => f.id === id)).toBe(false);
    const adminList = (await t.app.inject({ url: '/api/facilities?includeInactive=true', headers: { cookie: admin.cookie } })).json().facilities as Array<{ id: string }>;
    expect(adminList.some((f) => f.id === id)).toBe(true);
    const audit = await t.database.db.select().from(auditLog).where(eq(auditLog.entityId, id));
    expect(audit.map((a) => a.action).sort()).toEqual(['facility.create', 'facility.deactivate']);
  });
});

describe('slots', () => {
  it('the database refuses an overlapping live slot inserted behind the application', async () => {
    const [a] = await t.database.db.insert(slots).values({ seasonId, fieldId: fieldIds[0]!, startsAt: new Date('2030-01-01T10:00:00Z'), endsAt: new Date('2030-01-01T11:00:00Z') }).returning();
    const clash = await t.database.db
      .insert(slots)
      .values({ seasonId, fieldId: fieldIds[0]!, startsAt: new Date('2030-01-01T10:30:00Z'), endsAt: new Date('2030-01-01T11:30:00Z') })
      .then(() => null, (e: unknown) => e);
    expect(sqlState(clash)).toBe('23P01');
    // Touching end to start is fine; another field is fine; a deleted slot no longer counts.
    await t.database.db.insert(slots).values({ seasonId, fieldId: fieldIds[0]!, startsAt: new Date('2030-01-01T11:00:00Z'), endsAt: new Date('2030-01-01T12:00:00Z') });
    await t.database.db.insert(slots).values({ seasonId, fieldId: fieldIds[1]!, startsAt: new Date('2030-01-01T10:30:00Z'), endsAt: new Date('2030-01-01T11:30:00Z') });
    await t.database.db.update(slots).set({ deletedAt: new Date() }).where(eq(slots.id, a!.id));
    await t.database.db.insert(slots).values({ seasonId, fieldId: fieldIds[0]!, startsAt: new Date('2030-01-01T10:00:00Z'), endsAt: new Date('2030-01-01T11:00:00Z') });
  });

  it('previews before writing, then bulk-creates 10,000 slots in one go with progress, then skips overlaps on a second run', async () => {
    const preview = await send('POST', '/api/slots/preview', generator());
    expect(preview.statusCode).toBe(200);
    expect(preview.json()).toMatchObject({ range: { from: '2027-03-01', to: '2027-07-03' }, total: 10_000, overlaps: [] });
    expect(preview.json().perField).toHaveLength(20);
    expect(await t.database.db.$count(slots, sql`${slots.startsAt} < '2029-01-01'`)).toBe(0);

    const res = await send('POST', '/api/slots/generate', generator());
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('application/x-ndjson');
    const lines = ndjson(res.body);
    expect(lines.filter((l) => l.type === 'progress').length).toBeGreaterThanOrEqual(10);
    expect(lines.at(-1)).toEqual({ type: 'done', created: 10_000, skippedOverlaps: 0, skipped: 0 });
    expect(await t.database.db.$count(slots, sql`${slots.startsAt} < '2029-01-01' and ${slots.deletedAt} is null`)).toBe(10_000);
    // The planner's statistics were refreshed after the bulk insert (PGlite has no autovacuum to do it).
    const stats = await t.database.db.execute(sql`select reltuples from pg_class where relname = 'slots'`);
    expect(Number(rowsOf<{ reltuples: number }>(stats)[0]!.reltuples)).toBeGreaterThanOrEqual(10_000);

    const overlapping = generator({ startDate: '2027-07-01', endDate: '2027-07-10', firstStart: '17:30', lastEnd: '21:30' });
    const again = await send('POST', '/api/slots/preview', overlapping);
    // 3 days left in the season (Jul 1-3) × 4 slots × 20 fields overlap; none can be created.
    expect(again.json()).toMatchObject({ range: { from: '2027-07-01', to: '2027-07-03' }, total: 0 });
    expect(again.json().overlaps).toHaveLength(240);
    const second = ndjson((await send('POST', '/api/slots/generate', overlapping)).body);
    expect(second.at(-1)).toEqual({ type: 'done', created: 0, skippedOverlaps: 240, skipped: 0 });

    const audit = await t.database.db.select().from(auditLog).where(eq(auditLog.action, 'slot.generate'));
    expect(audit).toHaveLength(2);
    expect(audit[0]!.summary).toContain('Generated 10000 slots');
  }, 120_000);

  it('rejects a generator request with clear messages', async () => {
    const res = await send('POST', '/api/slots/preview', generator({ fieldIds: [], lastEnd: '16:00' }));
    expect(res.statusCode).toBe(400);
    const paths = (res.json().error.details as Array<{ path: string }>).map((d) => d.path);
    expect(paths).toEqual(expect.arrayContaining(['fieldIds']));
  });

  it('lists a week by local days in the league time zone, with status and the booked team', async () => {
    const week = await t.app.inject({ url: `/api/slots?from=2027-03-08&to=2027-03-14&fieldId=${fieldIds[0]}` });
    expect(week.statusCode).toBe(200);
    const list = week.json().slots as Array<{ id: string; startsAt: string; status: string; teamName: string | null }>;
    expect(list).toHaveLength(7 * 4);
    // 17:00 Chicago on Mar 8 (CST, UTC-6) is 23:00Z; on Mar 14 (CDT, UTC-5) it is 22:00Z.
    expect(list[0]!.startsAt).toBe('2027-03-08T23:00:00.000Z');
    expect(list.at(-4)!.startsAt).toBe('2027-03-14T22:00:00.000Z');
    expect(new Set(list.map((s) => s.status))).toEqual(new Set(['open']));

    await t.database.db.insert(bookings).values({ slotId: list[0]!.id, teamId, status: 'confirmed' });
    const again = (await t.app.inject({ url: `/api/slots?from=2027-03-08&to=2027-03-08&fieldId=${fieldIds[0]}` })).json().slots;
    expect(again[0]).toMatchObject({ status: 'booked', teamName: 'Blue Jays', fieldName: 'Field 1', facilityName: 'Riverside Park' });

    const tooLong = await t.app.inject({ url: '/api/slots?from=2027-03-01&to=2027-06-01' });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().error.message).toContain('at most 62 days');
  });

  it('will not delete a slot with a confirmed booking; deletes an open one', async () => {
    const [booked] = (await t.app.inject({ url: `/api/slots?from=2027-03-08&to=2027-03-08&fieldId=${fieldIds[0]}` })).json().slots as Array<{ id: string; status: string }>;
    expect(booked!.status).toBe('booked');
    const refused = await send('DELETE', `/api/slots/${booked!.id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toContain('Cancel or move the booking first');

    const open = (await t.app.inject({ url: `/api/slots?from=2027-03-09&to=2027-03-09&fieldId=${fieldIds[0]}` })).json().slots[0];
    expect((await send('DELETE', `/api/slots/${open.id}`)).statusCode).toBe(204);
    const after = (await t.app.inject({ url: `/api/slots?from=2027-03-09&to=2027-03-09&fieldId=${fieldIds[0]}` })).json().slots;
    expect(after.map((s: { id: string }) => s.id)).not.toContain(open.id);
    expect((await t.database.db.select().from(auditLog).where(and(eq(auditLog.action, 'slot.delete'), eq(auditLog.entityId, open.id)))).length).toBe(1);
  });

  it('edits a slot, and refuses a time that overlaps its neighbour', async () => {
    const day = (await t.app.inject({ url: `/api/slots?from=2027-03-10&to=2027-03-10&fieldId=${fieldIds[1]}` })).json().slots as Array<{ id: string; startsAt: string; endsAt: string }>;
    const [first, second] = day;
    const ua = `audit-probe/${randomUUID()}`;
    const ok = await send('PUT', `/api/slots/${first!.id}`, { startsAt: first!.startsAt, endsAt: first!.endsAt, notes: 'Bring bases' }, ua);
    expect(ok.json().slot.notes).toBe('Bring bases');
    // slot.update: one entry by this request, naming the slot and the admin, with the slot before and after.
    const audit = await auditOf(ua);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      action: 'slot.update',
      entityType: 'slot',
      entityId: first!.id,
      actorId: admin.id,
      actorEmail: admin.email,
      before: { id: first!.id, notes: null },
      after: { id: first!.id, notes: 'Bring bases' },
    });

    const clashUa = `audit-probe/${randomUUID()}`;
    const clash = await send('PUT', `/api/slots/${first!.id}`, { startsAt: first!.startsAt, endsAt: new Date(Date.parse(second!.startsAt) + 30 * 60_000).toISOString() }, clashUa);
    expect(clash.statusCode).toBe(409);
    expect(clash.json().error.message).toContain('overlaps another slot');
    const outside = await send('PUT', `/api/slots/${first!.id}`, { startsAt: '2027-08-02T17:00:00-05:00', endsAt: '2027-08-02T18:00:00-05:00' });
    expect(outside.statusCode).toBe(400);
    expect(outside.json().error).toMatchObject({
      code: 'VALIDATION_FAILED',
      message: 'That day is outside the season "Spring 2027" (2027-03-01 to 2027-07-03). Choose a day inside it.',
      details: { fields: { startsAt: "Choose a day from 2027-03-01 to 2027-07-03 (the season's dates)" } },
    });
    // Refused: nothing changed, so nothing is audited.
    expect(await auditOf(clashUa)).toEqual([]);
  });
});

describe('blocks', () => {
  it('refuses to block over a confirmed booking unless told to cancel it; cancelling records the reason and a notification', async () => {
    const day = (await t.app.inject({ url: `/api/slots?from=2027-04-05&to=2027-04-05&fieldId=${fieldIds[2]}` })).json().slots as Array<{ id: string }>;
    const [booking] = await t.database.db.insert(bookings).values({ slotId: day[1]!.id, teamId, status: 'confirmed' }).returning();
    t.wroteBehindTheApp();
    const body = { scope: 'field', fieldId: fieldIds[2], startsAt: '2027-04-05T00:00:00-05:00', endsAt: '2027-04-06T00:00:00-05:00', category: 'weather', reason: 'Field flooded' };

    const aborted = await send('POST', '/api/blocks', { ...body, onBookings: 'abort' });
    expect(aborted.statusCode).toBe(409);
    expect(aborted.json().error).toMatchObject({ message: expect.stringContaining('1 confirmed booking is in this range'), details: { bookings: [{ teamName: 'Blue Jays', fieldName: 'Field 3' }] } });
    const unchanged = (await t.app.inject({ url: `/api/slots?from=2027-04-05&to=2027-04-05&fieldId=${fieldIds[2]}` })).json().slots as Array<{ status: string }>;
    expect(unchanged.map((s) => s.status)).toEqual(['open', 'booked', 'open', 'open']);

    const done = await send('POST', '/api/blocks', { ...body, onBookings: 'cancel' });
    expect(done.statusCode).toBe(201);
    expect(done.json()).toMatchObject({ slotsBlocked: 4, bookingsCancelled: 1, block: { category: 'weather', reason: 'Field flooded', targetName: 'Field 3' } });
    const [cancelled] = await t.database.db.select().from(bookings).where(eq(bookings.id, booking!.id));
    expect(cancelled).toMatchObject({ status: 'cancelled', cancelReason: 'Weather: Field flooded', cancelledBy: admin.id });
    const outbox = await t.database.db.select().from(notificationOutbox).where(eq(notificationOutbox.teamId, teamId));
    expect(outbox).toHaveLength(1);
    expect(outbox[0]!.payload).toMatchObject({ reason: 'Weather: Field flooded', teamName: 'Blue Jays' });

    const blocked = (await t.app.inject({ url: `/api/slots?from=2027-04-05&to=2027-04-05&fieldId=${fieldIds[2]}` })).json().slots as Array<{ status: string; blockReason: string }>;
    expect(blocked.map((s) => [s.status, s.blockReason])).toEqual(Array(4).fill(['blocked', 'Field flooded']));

    const lifted = await send('DELETE', `/api/blocks/${done.json().block.id}`);
    expect(lifted.json()).toEqual({ slotsReopened: 4 });
    const reopened = (await t.app.inject({ url: `/api/slots?from=2027-04-05&to=2027-04-05&fieldId=${fieldIds[2]}` })).json().slots as Array<{ status: string }>;
    expect(reopened.map((s) => s.status)).toEqual(['open', 'open', 'open', 'open']);
    const actions = (await t.database.db.select().from(auditLog).where(eq(auditLog.entityId, done.json().block.id))).map((a) => a.action).sort();
    expect(actions).toEqual(['slot.block', 'slot.unblock']);
  });

  it('blocks a whole facility and a single slot; lifting one block keeps slots another block still covers', async () => {
    const facilityBlock = await send('POST', '/api/blocks', { scope: 'facility', facilityId, startsAt: '2027-04-12T00:00:00-05:00', endsAt: '2027-04-13T00:00:00-05:00', category: 'event', reason: 'Tournament' });
    expect(facilityBlock.json().slotsBlocked).toBe(80);
    const one = (await t.app.inject({ url: `/api/slots?from=2027-04-12&to=2027-04-12&fieldId=${fieldIds[4]}` })).json().slots[0];
    const slotBlock = await send('POST', '/api/blocks', { scope: 'slot', slotId: one.id, category: 'maintenance', reason: 'Mowing' });
    expect(slotBlock.json()).toMatchObject({ slotsBlocked: 1, block: { scope: 'slot' } });

    const list = (await t.app.inject({ url: '/api/blocks', headers: { cookie: admin.cookie } })).json().blocks as Array<{ id: string; slotsBlocked: number }>;
    expect(list.map((b) => b.slotsBlocked).sort((a, b) => a - b)).toEqual([1, 79]);

    expect((await send('DELETE', `/api/blocks/${slotBlock.json().block.id}`)).json()).toEqual({ slotsReopened: 0 });
    const still = (await t.app.inject({ url: `/api/slots?from=2027-04-12&to=2027-04-12&fieldId=${fieldIds[4]}` })).json().slots[0];
    expect(still).toMatchObject({ status: 'blocked', blockReason: 'Tournament' });
    expect((await send('DELETE', `/api/blocks/${facilityBlock.json().block.id}`)).json()).toEqual({ slotsReopened: 80 });
    expect((await send('DELETE', `/api/blocks/${facilityBlock.json().block.id}`)).statusCode).toBe(404);
  });

  it('explains what is missing in a block request', async () => {
    const res = await send('POST', '/api/blocks', { scope: 'field', category: 'weather', reason: '' });
    expect(res.statusCode).toBe(400);
    const paths = (res.json().error.details as Array<{ path: string }>).map((d) => d.path);
    expect(paths).toEqual(expect.arrayContaining(['reason']));
  });
});

describe('league settings', () => {
  it('admins edit them (audited) and the time zone decides what a local day is', async () => {
    expect((await t.app.inject({ url: '/api/league' })).json()).toMatchObject({ shortName: 'CGSL', timeZone: 'America/Chicago' });
    const bad = await send('PUT', '/api/league', { name: 'X', shortName: 'X', timeZone: 'Mars/Base', contactEmail: '' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toContain('time zone');
    const ok = await send('PUT', '/api/league', { name: 'CGSL Softball', shortName: 'CGSL', timeZone: 'America/New_York', contactEmail: 'info@cgsl.example' });
    expect(ok.json()).toEqual({ name: 'CGSL Softball', shortName: 'CGSL', timeZone: 'America/New_York', contactEmail: 'info@cgsl.example', makeupDays: 14, maxWaits: 3, holdMinutes: 120, swapsEnabled: true });
    // 17:00 Chicago is 18:00 New York: still the same local day; the first slot of Mar 8 is unchanged.
    const day = (await t.app.inject({ url: `/api/slots?from=2027-03-08&to=2027-03-08&fieldId=${fieldIds[0]}` })).json().slots;
    expect(day[0].startsAt).toBe('2027-03-08T23:00:00.000Z');
    expect((await t.database.db.select().from(auditLog).where(eq(auditLog.action, 'league.update'))).length).toBe(1);
    await send('PUT', '/api/league', { name: 'CGSL Softball', shortName: 'CGSL', timeZone: 'Pacific/Kiritimati', contactEmail: '' });
    // UTC+14: the local day of Mar 9 now holds slots that are Mar 8 evening in Chicago.
    const shifted = (await t.app.inject({ url: `/api/slots?from=2027-03-09&to=2027-03-09&fieldId=${fieldIds[0]}` })).json().slots;
    expect(shifted[0].startsAt).toBe('2027-03-08T23:00:00.000Z');
  });
});
