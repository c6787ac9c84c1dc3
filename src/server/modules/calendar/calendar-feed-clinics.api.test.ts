import { eq } from 'drizzle-orm';
import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { calendarFeedVersions } from '../../db/schema';
import type { Clinic, ClinicInput } from '../../../shared/clinics/clinics.schemas';
import { insertFacility } from '../../test/booking-fixtures';
import { buildTestApp, TEST_ORIGIN, type TestApp, type TestUser } from '../../test/test-app';

// Clinics in the league's calendar feed (issue 24, decision 015): read with ical.js, a parser independent of the
// `ics` library that writes the feed. Every change goes through the API, never behind the app's back, so the
// feed's cache must hear of it by itself.

let t: TestApp;
let admin: TestUser;
let parent: TestUser;
let facilityId: string;

const LEAGUE = '/api/calendar/league.ics';
const DAY = 86_400_000;
/** Whole minutes (iCalendar times have no fractions of a second). */
const inDays = (days: number, hours = 0) => new Date(Math.floor(Date.now() / 60_000) * 60_000 + days * DAY + hours * 3_600_000).toISOString();
const uidOf = (clinicId: string) => `clinic-${clinicId}@cgsl-practice-scheduler`;

const send = (who: TestUser | null, method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown, headers: Record<string, string> = {}) =>
  t.app.inject({
    method,
    url,
    ...(payload === undefined ? {} : { payload: payload as object }),
    headers: { origin: TEST_ORIGIN, ...headers, ...(who ? { cookie: who.cookie } : {}) },
  });

const clinicInput = (over: Partial<ClinicInput> = {}): ClinicInput => ({
  title: 'Pitching clinic',
  description: 'Bring a glove.',
  startsAt: inDays(12),
  endsAt: inDays(12, 2),
  facilityId,
  ageGroup: '10U',
  capacity: 3,
  published: true,
  ...over,
});

async function newClinic(over: Partial<ClinicInput> = {}): Promise<Clinic> {
  const res = await send(admin, 'POST', '/api/clinics', clinicInput(over));
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ clinic: Clinic }>().clinic;
}

interface ParsedEvent {
  start: string;
  end: string;
  status: string | null;
  sequence: number;
  summary: string;
  location: string | null;
  description: string | null;
}

async function leagueFeed(headers: Record<string, string> = {}) {
  const res = await send(null, 'GET', LEAGUE, undefined, headers);
  expect(res.statusCode, res.body).toBe(200);
  const events = new Map<string, ParsedEvent>();
  for (const vevent of new ICAL.Component(ICAL.parse(res.body)).getAllSubcomponents('vevent')) {
    const event = new ICAL.Event(vevent);
    events.set(event.uid, {
      start: event.startDate.toJSDate().toISOString(),
      end: event.endDate.toJSDate().toISOString(),
      status: (vevent.getFirstPropertyValue('status') as string | null) ?? null,
      sequence: event.sequence,
      summary: event.summary,
      location: event.location,
      description: event.description,
    });
  }
  return { etag: res.headers.etag as string, events };
}

const storedVersion = async () =>
  (await t.database.db.select().from(calendarFeedVersions).where(eq(calendarFeedVersions.feedKey, 'league')))[0]!;

beforeAll(async () => {
  t = await buildTestApp();
  admin = await t.signUp({ email: 'feed-clinic-admin@example.org', role: 'admin' });
  parent = await t.signUp({ email: 'feed-clinic-parent@example.org', name: 'Pat Parent' });
  facilityId = (await insertFacility(t.database.db, { name: 'Riverside Park', address: '12 River Rd' })).id;
  t.wroteBehindTheApp();
}, 60_000);
afterAll(() => t.close());

describe('clinics in the league feed', () => {
  it('a published clinic is an event with its place and the places left; an unpublished one is not in the feed', async () => {
    const clinic = await newClinic();
    const draft = await newClinic({ title: 'Draft clinic', published: false });
    const { events } = await leagueFeed();
    const event = events.get(uidOf(clinic.id));
    expect(event).toMatchObject({
      summary: 'Clinic: Pitching clinic',
      status: 'CONFIRMED',
      sequence: 0,
      start: new Date(clinic.startsAt).toISOString(),
      end: new Date(clinic.endsAt).toISOString(),
    });
    expect(event!.location).toBe('Riverside Park (12 River Rd)');
    expect(event!.description).toContain('3 of 3 places left');
    expect(events.has(uidOf(draft.id))).toBe(false);
  });

  it('a registration changes the places left and the feed version (a new ETag, a later Last-Modified, 200 to the old tag)', async () => {
    const clinic = await newClinic({ title: 'Hitting clinic', capacity: 2 });
    const before = await leagueFeed();
    const versionBefore = await storedVersion();
    expect(versionBefore.etag).toBe(before.etag);
    expect((await send(null, 'GET', LEAGUE, undefined, { 'if-none-match': before.etag })).statusCode).toBe(304);

    const reg = await send(parent, 'POST', `/api/clinics/${clinic.id}/registrations`, { participantName: 'Ava', participantAge: 9, emergencyContact: 'Pat 555-0100' });
    expect(reg.statusCode, reg.body).toBe(201);

    const after = await leagueFeed({ 'if-none-match': before.etag });
    expect(after.etag).not.toBe(before.etag);
    expect(after.events.get(uidOf(clinic.id))!.description).toContain('1 of 2 places left');
    const versionAfter = await storedVersion();
    expect(versionAfter.etag).toBe(after.etag);
    expect(versionAfter.changedAt.getTime()).toBeGreaterThan(versionBefore.changedAt.getTime());

    // The last place taken: the feed says it is full.
    const second = await send(parent, 'POST', `/api/clinics/${clinic.id}/registrations`, { participantName: 'Ben', participantAge: 9, emergencyContact: 'Pat 555-0100' });
    expect(second.statusCode, second.body).toBe(201);
    const full = await leagueFeed();
    expect(full.events.get(uidOf(clinic.id))!.description).toContain('Full');
    expect(full.etag).not.toBe(after.etag);

    // A cancelled registration frees the place again.
    const cancelled = await send(parent, 'POST', `/api/clinics/registrations/${second.json().registration.id}/cancel`);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect((await leagueFeed()).events.get(uidOf(clinic.id))!.description).toContain('1 of 2 places left');
  });

  it('an edit moves the event with a higher SEQUENCE; a cancelled clinic keeps its UID, turns CANCELLED with a higher SEQUENCE still', async () => {
    const clinic = await newClinic({ title: 'Fielding clinic' });
    const first = await leagueFeed();
    expect(first.events.get(uidOf(clinic.id))!.sequence).toBe(0);

    const moved = await send(admin, 'PUT', `/api/clinics/${clinic.id}`, clinicInput({ title: 'Fielding clinic', startsAt: inDays(14), endsAt: inDays(14, 2) }));
    expect(moved.statusCode, moved.body).toBe(200);
    const second = await leagueFeed();
    expect(second.etag).not.toBe(first.etag);
    const movedEvent = second.events.get(uidOf(clinic.id))!;
    expect(movedEvent.sequence).toBe(1);
    expect(movedEvent.start).toBe(new Date(moved.json().clinic.startsAt).toISOString());

    const cancel = await send(admin, 'POST', `/api/clinics/${clinic.id}/cancel`, { reason: 'Coach is ill' });
    expect(cancel.statusCode, cancel.body).toBe(200);
    const third = await leagueFeed();
    expect(third.etag).not.toBe(second.etag);
    const cancelledEvent = third.events.get(uidOf(clinic.id))!;
    expect(cancelledEvent).toMatchObject({ status: 'CANCELLED', sequence: 2, summary: 'Cancelled: Clinic: Fielding clinic' });
    // The public feed names no reason an admin typed.
    expect(cancelledEvent.description).not.toContain('ill');
    expect((await storedVersion()).etag).toBe(third.etag);
  });
});
