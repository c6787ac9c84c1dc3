import { eq } from 'drizzle-orm';
import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { blocks, fields, slots } from '../../db/schema';
import { at, insertField, nextMonday, seedLeague, type League } from '../../test/booking-fixtures';
import { buildTestApp, TEST_ORIGIN, type TestApp, type TestUser } from '../../test/test-app';

// Rain-outs (issue 28) in the calendar feeds: a real rain-out and reopen through the API, read back with ical.js (a
// parser independent of the `ics` library that writes the feeds). On PGlite, and on PostgreSQL with TEST_DATABASE_URL.

let t: TestApp;
let league: League;
let admin: TestUser;
let coachA: TestUser;
let coachB: TestUser;
let coachC: TestUser;
let facilityId: string;
let field2: string;
/** Field 2's 17:00 slot of each league day from next Monday. */
const field2Slots: string[] = [];
const monday = nextMonday();

beforeAll(async () => {
  t = await buildTestApp();
  league = await seedLeague(t, { teams: 3, rules: { maxPerWeek: 10, maxPerDay: 3, maxUpcoming: 20 } });
  admin = await t.signUp({ email: 'rain-feed-admin@example.org', role: 'admin' });
  coachA = await t.signUp({ email: 'rain-feed-coach-a@example.org', role: 'coach', teamId: league.teamIds[0]! });
  coachB = await t.signUp({ email: 'rain-feed-coach-b@example.org', role: 'coach', teamId: league.teamIds[1]! });
  coachC = await t.signUp({ email: 'rain-feed-coach-c@example.org', role: 'coach', teamId: league.teamIds[2]! });
  const db = t.database.db;
  facilityId = (await db.select({ f: fields.facilityId }).from(fields).where(eq(fields.id, league.fieldIds[0]!)))[0]!.f;
  field2 = (await insertField(db, { facilityId, name: 'Field 2' })).id;
  for (let d = 0; d < 7; d++) {
    const startsAt = at(monday.add({ days: d }), '17:00');
    const [row] = await db.insert(slots).values({ seasonId: league.seasonId, fieldId: field2, startsAt, endsAt: new Date(startsAt.getTime() + 80 * 60_000) }).returning({ id: slots.id });
    field2Slots.push(row!.id);
  }
  t.wroteBehindTheApp();
}, 60_000);
afterAll(() => t.close());

const post = (user: TestUser, url: string, payload: unknown = {}) =>
  t.app.inject({ method: 'POST', url, payload: payload as object, headers: { origin: TEST_ORIGIN, cookie: user.cookie } });
const get = (user: TestUser | null, url: string, headers: Record<string, string> = {}) => t.app.inject({ url, headers: { ...headers, ...(user ? { cookie: user.cookie } : {}) } });

interface ParsedEvent {
  uid: string;
  status: string | null;
  sequence: number;
  summary: string;
  description: string;
  categories: string[];
}

function parseFeed(text: string): Map<string, ParsedEvent> {
  const calendar = new ICAL.Component(ICAL.parse(text));
  const events = new Map<string, ParsedEvent>();
  for (const vevent of calendar.getAllSubcomponents('vevent')) {
    const event = new ICAL.Event(vevent);
    expect(events.has(event.uid), `UID ${event.uid} appears twice`).toBe(false);
    events.set(event.uid, {
      uid: event.uid,
      status: (vevent.getFirstPropertyValue('status') as string | null) ?? null,
      sequence: event.sequence,
      summary: event.summary,
      description: event.description,
      categories: vevent.getAllProperties('categories').flatMap((p) => p.getValues() as string[]),
    });
  }
  return events;
}

async function feed(url: string): Promise<{ etag: string; events: Map<string, ParsedEvent> }> {
  const res = await get(null, url);
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['content-type']).toBe('text/calendar; charset=utf-8');
  return { etag: res.headers.etag as string, events: parseFeed(res.body) };
}

const LEAGUE = '/api/calendar/league.ics';
const fieldFeed = (fieldId: string) => `/api/calendar/fields/${fieldId}.ics`;
const bookingUid = (id: string) => `booking-${id}@cgsl-practice-scheduler`;
const blockUid = (id: string) => `block-${id}@cgsl-practice-scheduler`;

async function teamFeed(coach: TestUser): Promise<string> {
  const res = await get(coach, '/api/me/calendar-feed');
  expect(res.statusCode, res.body).toBe(200);
  return new URL(res.json().feed.url).pathname;
}

async function book(coach: TestUser, slotId: string): Promise<string> {
  const res = await post(coach, '/api/bookings', { slotId });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().booking.id as string;
}

/** A rain-out of league day d (0 = next Monday), 16:00 to 22:00: the whole facility, or the fields given. */
async function rainOut(d: number, fieldIds: string[], reason: string): Promise<string> {
  const day = monday.add({ days: d });
  const res = await post(admin, '/api/rain-outs', { facilityId, fieldIds, startsAt: at(day, '16:00').toISOString(), endsAt: at(day, '22:00').toISOString(), reason });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().closure.id as string;
}

const blocksOf = async (closureId: string) =>
  (await t.database.db.select({ id: blocks.id, fieldId: blocks.fieldId }).from(blocks).where(eq(blocks.closureId, closureId))).map((b) => ({ ...b, uid: blockUid(b.id) }));

describe('a rain-out of the whole facility, then its reopening', () => {
  it('reads as a closure in the league, field and team feeds, cancels and restores the practices there, and changes every ETag', async () => {
    const a = await book(coachA, league.slotIds[0]![0]!);
    const b = await book(coachB, field2Slots[0]!);
    const teamA = await teamFeed(coachA);
    const teamB = await teamFeed(coachB);
    const teamC = await teamFeed(coachC);
    const urls = [LEAGUE, fieldFeed(league.fieldIds[0]!), fieldFeed(field2), teamA, teamB, teamC];
    const before = new Map<string, Awaited<ReturnType<typeof feed>>>();
    for (const url of urls) before.set(url, await feed(url));
    const sequenceBefore = before.get(LEAGUE)!.events.get(bookingUid(a))!.sequence;
    expect(before.get(LEAGUE)!.events.get(bookingUid(a))!.status).toBe('CONFIRMED');

    const closureId = await rainOut(0, [], 'Wet fields');
    const [block, ...more] = await blocksOf(closureId);
    expect(more, 'a whole-facility rain-out is one facility block').toEqual([]);

    const closed = new Map<string, Awaited<ReturnType<typeof feed>>>();
    for (const url of urls) {
      const now = await feed(url);
      closed.set(url, now);
      // Team C had nothing under the rain-out: its feed is the same file.
      if (url === teamC) {
        expect(now.etag, url).toBe(before.get(url)!.etag);
        expect(now.events.has(block!.uid)).toBe(false);
        continue;
      }
      expect(now.etag, `${url}: a new ETag after the rain-out`).not.toBe(before.get(url)!.etag);
      // A conditional GET with the old tag gets the new feed.
      expect((await get(null, url, { 'if-none-match': before.get(url)!.etag })).statusCode, url).toBe(200);
      const event = now.events.get(block!.uid);
      expect(event, `${url} holds the closure`).toBeDefined();
      expect(event!.summary).toMatch(/^Closed: Wet fields – all of Park /);
      expect(event!.description).toContain('practices here at this time are cancelled');
      expect(event!.description).toContain('make-up credit');
      expect(event).toMatchObject({ status: 'CONFIRMED', sequence: 0 });
      expect(event!.categories).toContain('Rain-out');
    }
    // The cancelled practices keep their UIDs, turn CANCELLED with a higher SEQUENCE, in each feed they were in.
    for (const [url, id] of [[LEAGUE, a], [LEAGUE, b], [fieldFeed(league.fieldIds[0]!), a], [fieldFeed(field2), b], [teamA, a], [teamB, b]] as const) {
      const event = closed.get(url)!.events.get(bookingUid(id));
      expect(event, url).toMatchObject({ status: 'CANCELLED' });
      expect(event!.sequence).toBeGreaterThan(sequenceBefore);
    }
    // Only the team feed tells the reason.
    expect(closed.get(teamA)!.events.get(bookingUid(a))!.description).toContain('Wet fields');
    expect(closed.get(LEAGUE)!.events.get(bookingUid(a))!.description).not.toContain('Wet fields');
    // A team's feed holds only its own practices.
    expect(closed.get(teamA)!.events.has(bookingUid(b))).toBe(false);

    const reopened = await post(admin, `/api/rain-outs/${closureId}/reopen`);
    expect(reopened.statusCode, reopened.body).toBe(200);
    expect(reopened.json()).toMatchObject({ practicesRestored: 2, practicesNotRestored: 0 });

    for (const url of urls) {
      const now = await feed(url);
      if (url === teamC) {
        expect(now.etag, url).toBe(before.get(url)!.etag);
        continue;
      }
      expect(now.etag, `${url}: a new ETag after the reopening`).not.toBe(closed.get(url)!.etag);
      expect((await get(null, url, { 'if-none-match': closed.get(url)!.etag })).statusCode, url).toBe(200);
      const event = now.events.get(block!.uid);
      expect(event, `${url} still holds the closure, reopened`).toBeDefined();
      expect(event!.summary).toMatch(/^Reopened: all of Park .+ \(was closed: Wet fields\)$/);
      expect(event!.description).toContain('reopened');
      expect(event).toMatchObject({ status: 'CANCELLED', sequence: 1 });
    }
    // The restored practices are CONFIRMED again, with a SEQUENCE higher than the cancelled one's.
    for (const [url, id] of [[LEAGUE, a], [LEAGUE, b], [fieldFeed(league.fieldIds[0]!), a], [fieldFeed(field2), b], [teamA, a], [teamB, b]] as const) {
      const event = (await feed(url)).events.get(bookingUid(id));
      expect(event, url).toMatchObject({ status: 'CONFIRMED' });
      expect(event!.sequence).toBeGreaterThan(closed.get(url)!.events.get(bookingUid(id))!.sequence);
    }
  });
});

describe('a rain-out of some fields', () => {
  it("shows in the feeds of the fields it closed and of the teams whose practices it cancelled, not in others'", async () => {
    const a = await book(coachA, league.slotIds[1]![0]!);
    const b = await book(coachB, field2Slots[1]!);
    const closureId = await rainOut(1, [field2], 'Lightning');
    const [block, ...more] = await blocksOf(closureId);
    expect(more).toEqual([]);
    expect(block!.fieldId).toBe(field2);

    const all = await feed(LEAGUE);
    expect(all.events.get(block!.uid)!.summary).toBe('Closed: Lightning – Field 2');
    expect(all.events.get(bookingUid(a))!.status).toBe('CONFIRMED');
    expect(all.events.get(bookingUid(b))!.status).toBe('CANCELLED');
    expect((await feed(fieldFeed(field2))).events.has(block!.uid)).toBe(true);
    expect((await feed(fieldFeed(league.fieldIds[0]!))).events.has(block!.uid)).toBe(false);
    // Team B's practice was under it; team A's (on Field 1) was not, nor team C's (none).
    expect((await feed(await teamFeed(coachB))).events.get(block!.uid)).toMatchObject({ status: 'CONFIRMED', summary: 'Closed: Lightning – Field 2' });
    expect((await feed(await teamFeed(coachA))).events.has(block!.uid)).toBe(false);
    expect((await feed(await teamFeed(coachC))).events.has(block!.uid)).toBe(false);
  });
});
