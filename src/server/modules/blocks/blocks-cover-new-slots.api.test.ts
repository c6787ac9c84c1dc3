import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seasons } from '../../db/schema';
import { buildTestApp, TEST_ORIGIN, type TestApp, type TestUser } from '../../test/test-app';
import { insertFacility, insertField } from '../../test/booking-fixtures';

let t: TestApp;
let admin: TestUser;
let seasonId: string;
let facilityId: string;
let fieldId: string;

const send = (method: 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) =>
  t.app.inject({ method, url, ...(payload === undefined ? {} : { payload: payload as object }), headers: { cookie: admin.cookie, origin: TEST_ORIGIN } });
type SlotView = { id: string; startsAt: string; endsAt: string; status: string; blockReason: string | null };
const day = async (date: string) => (await t.app.inject({ url: `/api/slots?from=${date}&to=${date}&fieldId=${fieldId}` })).json().slots as SlotView[];
const generate = (date: string) =>
  send('POST', '/api/slots/generate', { seasonId, fieldIds: [fieldId], daysOfWeek: [1, 2, 3, 4, 5, 6, 7], firstStart: '17:00', lastEnd: '20:00', lengthMinutes: 60, gapMinutes: 0, startDate: date, endDate: date, skipDates: [] });

beforeAll(async () => {
  t = await buildTestApp();
  admin = await t.signUp({ email: 'cover-admin@example.org', role: 'admin' });
  const [season] = await t.database.db.insert(seasons).values({ name: 'Fall 2027', startsOn: '2027-09-01', endsOn: '2027-11-30', active: true }).returning();
  seasonId = season!.id;
  facilityId = (await insertFacility(t.database.db, { name: 'Hilltop' })).id;
  fieldId = (await insertField(t.database.db, { facilityId, name: 'Diamond A', surface: 'dirt', lights: true, color: '#aa3300' })).id;
}, 60_000);
afterAll(() => t.close());

describe('blocks cover slots that appear or move later', () => {
  it('slots generated inside an active facility block are born blocked with its reason; outside it they are open', async () => {
    // League zone is America/Chicago (UTC-5 in September): the block covers 17:00-19:00 local on Sept 14.
    const block = await send('POST', '/api/blocks', { scope: 'facility', facilityId, startsAt: '2027-09-14T17:00:00-05:00', endsAt: '2027-09-14T19:00:00-05:00', category: 'event', reason: 'Fireworks setup' });
    expect(block.statusCode).toBe(201);
    expect(block.json().slotsBlocked).toBe(0);

    const done = (await generate('2027-09-14')).body.trim().split('\n').map((l) => JSON.parse(l) as { type: string; created?: number }).at(-1);
    expect(done).toMatchObject({ type: 'done', created: 3 });
    expect((await day('2027-09-14')).map((s) => [s.status, s.blockReason])).toEqual([
      ['blocked', 'Fireworks setup'],
      ['blocked', 'Fireworks setup'],
      ['open', null],
    ]);

    // Lifting the block reopens them like any other blocked slot.
    expect((await send('DELETE', `/api/blocks/${block.json().block.id}`)).json()).toEqual({ slotsReopened: 2 });
    expect((await day('2027-09-14')).map((s) => s.status)).toEqual(['open', 'open', 'open']);
  });

  it('editing a slot into a field block blocks it; editing it out again reopens it', async () => {
    await generate('2027-09-21');
    const block = await send('POST', '/api/blocks', { scope: 'field', fieldId, startsAt: '2027-09-22T06:00:00-05:00', endsAt: '2027-09-22T12:00:00-05:00', category: 'maintenance', reason: 'Laser grading' });
    expect(block.statusCode).toBe(201);
    const [slot] = await day('2027-09-21');

    const moved = await send('PUT', `/api/slots/${slot!.id}`, { startsAt: '2027-09-22T09:00:00-05:00', endsAt: '2027-09-22T10:00:00-05:00' });
    expect(moved.statusCode).toBe(200);
    expect(moved.json().slot).toMatchObject({ status: 'blocked', blockReason: 'Laser grading' });

    const back = await send('PUT', `/api/slots/${slot!.id}`, { startsAt: '2027-09-22T16:00:00-05:00', endsAt: '2027-09-22T16:45:00-05:00' });
    expect(back.json().slot).toMatchObject({ status: 'open', blockReason: null });
    expect((await t.app.inject({ url: '/api/blocks', headers: { cookie: admin.cookie } })).json().blocks[0].slotsBlocked).toBe(0);
  });

  it('a slot block stays with its slot when the slot is edited', async () => {
    await generate('2027-09-28');
    const [slot] = await day('2027-09-28');
    expect((await send('POST', '/api/blocks', { scope: 'slot', slotId: slot!.id, category: 'other', reason: 'Picture day' })).statusCode).toBe(201);
    const edited = await send('PUT', `/api/slots/${slot!.id}`, { startsAt: '2027-09-28T21:00:00-05:00', endsAt: '2027-09-28T22:00:00-05:00' });
    expect(edited.json().slot).toMatchObject({ status: 'blocked', blockReason: 'Picture day' });
  });
});
