import { and, eq } from 'drizzle-orm';
import ICAL from 'ical.js';
import { Temporal } from 'temporal-polyfill';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, bookings, fields, seasons, slots } from '../../db/schema';
import { at, seedLeague, TZ, type League } from '../../test/booking-fixtures';
import { buildTestApp, TEST_ORIGIN, type TestApp, type TestUser } from '../../test/test-app';

// Feed output is read with ical.js, a parser independent of the `ics` library that writes it.

let t: TestApp;
let league: League;
let admin: TestUser;
let coachA: TestUser;
let coachB: TestUser;
let parentA: TestUser;

beforeAll(async () => {
  t = await buildTestApp();
  league = await seedLeague(t, { teams: 2, rules: { maxPerWeek: 10, maxPerDay: 3, maxUpcoming: 20 } });
  admin = await t.signUp({ email: 'feed-admin@example.org', role: 'admin', name: 'Adele Adminson' });
  coachA = await t.signUp({ email: 'feed-coach-a@example.org', role: 'coach', teamId: league.teamIds[0]!, name: 'Carla Coachworth' });
  coachB = await t.signUp({ email: 'feed-coach-b@example.org', role: 'coach', teamId: league.teamIds[1]!, name: 'Boris Benchley' });
  parentA = await t.signUp({ email: 'feed-parent-a@example.org', role: 'member', teamId: league.teamIds[0]!, name: 'Penny Parentson' });
}, 60_000);
afterAll(() => t.close());

const post = (user: TestUser | null, url: string, payload: unknown = {}) =>
  t.app.inject({ method: 'POST', url, payload: payload as object, headers: { origin: TEST_ORIGIN, ...(user ? { cookie: user.cookie } : {}) } });
const get = (user: TestUser | null, url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ url, headers: { ...headers, ...(user ? { cookie: user.cookie } : {}) } });

interface ParsedEvent {
  uid: string;
  start: string;
  end: string;
  status: string | null;
  sequence: number;
  summary: string;
}

/** A feed as a calendar app reads it. */
function parseFeed(text: string): { name: string | null; events: Map<string, ParsedEvent> } {
  const calendar = new ICAL.Component(ICAL.parse(text));
  expect(calendar.name).toBe('vcalendar');
  const events = new Map<string, ParsedEvent>();
  for (const vevent of calendar.getAllSubcomponents('vevent')) {
    const event = new ICAL.Event(vevent);
    expect(events.has(event.uid), `UID ${event.uid} appears twice`).toBe(false);
    events.set(event.uid, {
      uid: event.uid,
      start: event.startDate.toJSDate().toISOString(),
      end: event.endDate.toJSDate().toISOString(),
      status: (vevent.getFirstPropertyValue('status') as string | null) ?? null,
      sequence: event.sequence,
      summary: event.summary,
    });
  }
  return { name: calendar.getFirstPropertyValue('x-wr-calname') as string | null, events };
}

async function feed(url: string, headers: Record<string, string> = {}) {
  const res = await get(null, url, headers);
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['content-type']).toBe('text/calendar; charset=utf-8');
  return { res, ...parseFeed(res.body) };
}

const uidOf = (bookingId: string) => `booking-${bookingId}@cgsl-practice-scheduler`;
const pathOf = (url: string) => new URL(url).pathname;
const LEAGUE = '/api/calendar/league.ics';
const fieldFeedUrl = () => `/api/calendar/fields/${league.fieldIds[0]}.ics`;

async function teamFeedPath(user: TestUser): Promise<string> {
  const res = await get(user, '/api/me/calendar-feed');
  expect(res.statusCode, res.body).toBe(200);
  return pathOf(res.json().feed.url);
}

describe('instants across daylight saving time', () => {
  it('a 5 pm practice the week before and after each DST change in America/Chicago has the right UTC instant', async () => {
    const db = t.database.db;
    const year = Temporal.Now.plainDateISO(TZ).year + 1;
    const [season] = await db.insert(seasons).values({ name: `DST ${year}`, startsOn: `${year}-01-01`, endsOn: `${year}-12-31` }).returning({ id: seasons.id });
    // DST starts on the second Sunday of March and ends on the first Sunday of November.
    const sundayOnOrAfter = (d: Temporal.PlainDate) => d.add({ days: (7 - d.dayOfWeek) % 7 });
    const springForward = sundayOnOrAfter(Temporal.PlainDate.from({ year, month: 3, day: 8 }));
    const fallBack = sundayOnOrAfter(Temporal.PlainDate.from({ year, month: 11, day: 1 }));
    const days = [springForward.subtract({ days: 4 }), springForward.add({ days: 3 }), fallBack.subtract({ days: 4 }), fallBack.add({ days: 3 })];
    // 5 pm CST is 23:00 UTC; 5 pm CDT is 22:00 UTC (written out, not computed by the code under test).
    const utcHours = [23, 22, 22, 23];
    const ids: string[] = [];
    for (const day of days) {
      const startsAt = at(day, '17:00');
      const [slot] = await db.insert(slots).values({ seasonId: season!.id, fieldId: league.fieldIds[0]!, startsAt, endsAt: new Date(startsAt.getTime() + 90 * 60_000) }).returning({ id: slots.id });
      const [booking] = await db.insert(bookings).values({ slotId: slot!.id, teamId: league.teamIds[0]!, bookedBy: coachA.id }).returning({ id: bookings.id });
      ids.push(booking!.id);
    }
    t.wroteBehindTheApp();

    for (const url of [LEAGUE, fieldFeedUrl(), await teamFeedPath(coachA)]) {
      const { events } = await feed(url);
      ids.forEach((id, i) => {
        const event = events.get(uidOf(id));
        expect(event, `${url}: practice on ${days[i]!.toString()}`).toBeDefined();
        const d = days[i]!;
        expect(event!.start).toBe(new Date(Date.UTC(d.year, d.month - 1, d.day, utcHours[i], 0)).toISOString());
        expect(event!.end).toBe(new Date(Date.UTC(d.year, d.month - 1, d.day, utcHours[i], 90)).toISOString());
        const local = new Intl.DateTimeFormat('en-US', { timeZone: TZ, hour: 'numeric', minute: '2-digit', hour12: false }).format(new Date(event!.start));
        expect(local).toBe('17:00');
      });
    }
  });
});

describe('cancelled and moved practices', () => {
  it('a cancelled booking keeps its UID and turns CANCELLED with a higher SEQUENCE, in every feed it was in', async () => {
    const booked = await post(coachA, '/api/bookings', { slotId: league.slotIds[0]![0]! });
    expect(booked.statusCode, booked.body).toBe(201);
    const id = booked.json().booking.id as string;
    const teamUrl = await teamFeedPath(coachA);

    const before = new Map<string, ParsedEvent>();
    for (const url of [LEAGUE, fieldFeedUrl(), teamUrl]) {
      const event = (await feed(url)).events.get(uidOf(id));
      expect(event, url).toMatchObject({ status: 'CONFIRMED' });
      before.set(url, event!);
    }

    expect((await post(coachA, `/api/bookings/${id}/cancel`, { reason: 'Rain expected' })).statusCode).toBe(200);

    for (const url of [LEAGUE, fieldFeedUrl(), teamUrl]) {
      const event = (await feed(url)).events.get(uidOf(id));
      expect(event, `${url} still holds the cancelled practice`).toBeDefined();
      expect(event!.status).toBe('CANCELLED');
      expect(event!.sequence).toBeGreaterThan(before.get(url)!.sequence);
      expect(event!.start).toBe(before.get(url)!.start);
    }
  });

  it('a moved booking keeps its UID and shows the new time with a higher SEQUENCE', async () => {
    const booked = await post(coachA, '/api/bookings', { slotId: league.slotIds[1]![0]! });
    expect(booked.statusCode, booked.body).toBe(201);
    const id = booked.json().booking.id as string;
    const first = (await feed(LEAGUE)).events.get(uidOf(id))!;
    const [target] = await t.database.db.select({ startsAt: slots.startsAt, endsAt: slots.endsAt }).from(slots).where(eq(slots.id, league.slotIds[2]![1]!));

    const moved = await post(admin, `/api/admin/bookings/${id}/move`, { slotId: league.slotIds[2]![1]!, reason: 'Swap with a game' });
    expect(moved.statusCode, moved.body).toBe(200);

    for (const url of [LEAGUE, fieldFeedUrl(), await teamFeedPath(coachA)]) {
      const { events } = await feed(url);
      const event = events.get(uidOf(id));
      expect(event, url).toBeDefined();
      expect(event!.status).toBe('CONFIRMED');
      expect(event!.start).toBe(target!.startsAt.toISOString());
      expect(event!.end).toBe(target!.endsAt.toISOString());
      expect(event!.start).not.toBe(first.start);
      expect(event!.sequence).toBeGreaterThan(first.sequence);
    }
  });

  it('a block shows in the league and field feeds, and a lifted one turns CANCELLED with the same UID', async () => {
    const day = Temporal.Now.plainDateISO(TZ).add({ days: 60 });
    const created = await post(admin, '/api/blocks', {
      scope: 'field',
      fieldId: league.fieldIds[0],
      startsAt: at(day, '06:00').toISOString(),
      endsAt: at(day, '07:00').toISOString(),
      category: 'maintenance',
      reason: 'Reseeding the infield',
    });
    expect(created.statusCode, created.body).toBe(201);
    const uid = `block-${created.json().block.id}@cgsl-practice-scheduler`;
    for (const url of [LEAGUE, fieldFeedUrl()]) {
      expect((await feed(url)).events.get(uid), url).toMatchObject({ status: 'CONFIRMED', sequence: 0 });
    }
    expect((await t.app.inject({ method: 'DELETE', url: `/api/blocks/${created.json().block.id}`, headers: { origin: TEST_ORIGIN, cookie: admin.cookie } })).statusCode).toBe(200);
    for (const url of [LEAGUE, fieldFeedUrl()]) {
      expect((await feed(url)).events.get(uid), url).toMatchObject({ status: 'CANCELLED', sequence: 1 });
    }
  });
});

describe("a team's secret feed link", () => {
  it('is shown to its coach, stays the same until regenerated, and holds only that team', async () => {
    const first = await get(coachA, '/api/me/calendar-feed');
    expect(first.statusCode).toBe(200);
    const { url, webcalUrl, teamId } = first.json().feed;
    expect(teamId).toBe(league.teamIds[0]);
    expect(url).toMatch(/^http:\/\/localhost:3000\/api\/calendar\/teams\/[A-Za-z0-9_-]{43}\.ics$/);
    expect(webcalUrl).toBe(url.replace('http:', 'webcal:'));
    expect((await get(coachA, '/api/me/calendar-feed')).json().feed.url).toBe(url);
    // The admin sees the same link through the team.
    expect((await get(admin, `/api/teams/${league.teamIds[0]}/calendar-feed`)).json().feed.url).toBe(url);

    const theirs = await post(coachB, '/api/bookings', { slotId: league.slotIds[3]![0]! });
    expect(theirs.statusCode, theirs.body).toBe(201);
    const { events, name } = await feed(pathOf(url));
    expect(name).toContain(first.json().feed.teamName);
    expect(events.has(uidOf(theirs.json().booking.id))).toBe(false);
    expect((await feed(LEAGUE)).events.has(uidOf(theirs.json().booking.id))).toBe(true);
  });

  it('a regenerated link makes the old URL answer 404 and the new one work; the change is audit-logged', async () => {
    const old = pathOf((await get(coachA, '/api/me/calendar-feed')).json().feed.url);
    await feed(old);
    const regenerated = await post(coachA, '/api/me/calendar-feed/regenerate');
    expect(regenerated.statusCode, regenerated.body).toBe(200);
    const fresh = pathOf(regenerated.json().feed.url);
    expect(fresh).not.toBe(old);

    const gone = await get(null, old);
    expect(gone.statusCode).toBe(404);
    expect(gone.json().error.message).toContain('Ask your coach for the current link');
    await feed(fresh);
    expect(pathOf((await get(coachA, '/api/me/calendar-feed')).json().feed.url)).toBe(fresh);

    const entries = await t.database.db.select().from(auditLog).where(and(eq(auditLog.action, 'team.calendar_feed.regenerate'), eq(auditLog.entityId, league.teamIds[0]!)));
    expect(entries.length).toBeGreaterThanOrEqual(1);
    expect(entries[0]!.actorId).toBe(coachA.id);
    const token = fresh.split('/').pop()!.replace('.ics', '');
    expect(JSON.stringify(entries)).not.toContain(token);

    // An admin regenerates through the team; the coach's link changes with it.
    const byAdmin = await post(admin, `/api/teams/${league.teamIds[0]}/calendar-feed/regenerate`);
    expect(byAdmin.statusCode).toBe(200);
    expect((await get(null, fresh)).statusCode).toBe(404);
    await feed(pathOf(byAdmin.json().feed.url));
  });

  it("another team's coach, a parent and a visitor can neither read nor regenerate it", async () => {
    const before = (await get(coachA, '/api/me/calendar-feed')).json().feed.url;
    const teamA = league.teamIds[0]!;
    for (const user of [coachB, parentA]) {
      const read = await get(user, `/api/teams/${teamA}/calendar-feed`);
      expect(read.statusCode).toBe(403);
      expect(read.json().error.message).toContain("Only the team's coaches and league admins");
      expect(read.body).not.toContain(before.split('/').pop());
      expect((await post(user, `/api/teams/${teamA}/calendar-feed/regenerate`)).statusCode).toBe(403);
    }
    const parentOwn = await get(parentA, '/api/me/calendar-feed');
    expect(parentOwn.statusCode).toBe(403);
    expect((await post(parentA, '/api/me/calendar-feed/regenerate')).statusCode).toBe(403);
    expect((await get(null, `/api/teams/${teamA}/calendar-feed`)).statusCode).toBe(401);
    expect((await get(null, '/api/me/calendar-feed')).statusCode).toBe(401);
    // Coach B's own link is a different one.
    expect((await get(coachB, '/api/me/calendar-feed')).json().feed.url).not.toBe(before);
    // Nothing changed for team A.
    expect((await get(coachA, '/api/me/calendar-feed')).json().feed.url).toBe(before);
    await feed(pathOf(before));
  });

  it('a person without a team is told there is no team feed; made-up and malformed links are 404', async () => {
    const res = await get(admin, '/api/me/calendar-feed');
    expect(res.statusCode).toBe(404);
    expect(res.json().error.message).toContain('You are not on a team');
    expect((await get(null, `/api/calendar/teams/${'A'.repeat(43)}.ics`)).statusCode).toBe(404);
    expect((await get(null, '/api/calendar/teams/short.ics')).statusCode).toBe(404);
    expect((await get(null, '/api/calendar/fields/00000000-0000-4000-8000-000000000000.ics')).statusCode).toBe(404);
    expect((await get(null, '/api/calendar/fields/not-a-uuid.ics')).statusCode).toBe(400);
  });
});

describe('conditional requests', () => {
  /** A field of its own with one practice: its feed changes only when this test changes it. */
  async function quietField(): Promise<{ url: string; fieldId: string }> {
    const db = t.database.db;
    const [row] = await db.select({ facilityId: fields.facilityId }).from(fields).where(eq(fields.id, league.fieldIds[0]!));
    const [field] = await db.insert(fields).values({ facilityId: row!.facilityId, name: `Quiet field ${Date.now()}` }).returning({ id: fields.id });
    const startsAt = at(Temporal.Now.plainDateISO(TZ).add({ days: 20 }), '17:00');
    const [slot] = await db.insert(slots).values({ seasonId: league.seasonId, fieldId: field!.id, startsAt, endsAt: new Date(startsAt.getTime() + 3_600_000) }).returning({ id: slots.id });
    await db.insert(bookings).values({ slotId: slot!.id, teamId: league.teamIds[1]!, bookedBy: coachB.id });
    t.wroteBehindTheApp();
    return { url: `/api/calendar/fields/${field!.id}.ics`, fieldId: field!.id };
  }

  it('answers 304 to a current If-None-Match on every feed, and 200 to a stale one', async () => {
    for (const url of [LEAGUE, fieldFeedUrl(), await teamFeedPath(coachA)]) {
      const first = await feed(url);
      const etag = first.res.headers.etag as string;
      expect(etag).toMatch(/^"[\w-]+"$/);
      const byTag = await get(null, url, { 'if-none-match': etag });
      expect(byTag.statusCode, url).toBe(304);
      expect(byTag.body).toBe('');
      expect(byTag.headers.etag).toBe(etag);
      expect((await get(null, url, { 'if-none-match': `"other", W/${etag}` })).statusCode).toBe(304);
      expect((await get(null, url, { 'if-none-match': '"stale"' })).statusCode).toBe(200);
      // Last-Modified, when sent, is never later than the answer.
      const lastModified = first.res.headers['last-modified'];
      if (lastModified) expect(Date.parse(lastModified)).toBeLessThanOrEqual(Date.now());
    }
  });

  it('answers 304 to If-Modified-Since at or after Last-Modified, 200 before it; If-None-Match decides when both come', async () => {
    const { url } = await quietField();
    const first = await feed(url);
    const lastModified = first.res.headers['last-modified'] as string;
    expect(lastModified).toBeDefined();
    expect(new Date(lastModified).toUTCString()).toBe(lastModified);
    expect(Date.parse(lastModified)).toBeLessThanOrEqual(Date.now());
    const notModified = await get(null, url, { 'if-modified-since': lastModified });
    expect(notModified.statusCode).toBe(304);
    expect(notModified.headers['last-modified']).toBe(lastModified);
    expect((await get(null, url, { 'if-modified-since': new Date(Date.now() + 60_000).toUTCString() })).statusCode).toBe(304);
    expect((await get(null, url, { 'if-modified-since': new Date(Date.parse(lastModified) - 1000).toUTCString() })).statusCode).toBe(200);
    expect((await get(null, url, { 'if-modified-since': 'not a date' })).statusCode).toBe(200);
    expect((await get(null, url, { 'if-none-match': '"stale"', 'if-modified-since': lastModified })).statusCode).toBe(200);
  });

  it('after a change in the same second, the old tag and the old date both get the new feed', async () => {
    const { url, fieldId } = await quietField();
    const first = await feed(url);
    const db = t.database.db;
    const startsAt = at(Temporal.Now.plainDateISO(TZ).add({ days: 21 }), '17:00');
    const [slot] = await db.insert(slots).values({ seasonId: league.seasonId, fieldId, startsAt, endsAt: new Date(startsAt.getTime() + 3_600_000) }).returning({ id: slots.id });
    const [added] = await db.insert(bookings).values({ slotId: slot!.id, teamId: league.teamIds[1]!, bookedBy: coachB.id }).returning({ id: bookings.id });
    // Written behind the app: the server's cached feeds hear of it as they would of a manual SQL fix.
    t.wroteBehindTheApp();

    const byTag = await get(null, url, { 'if-none-match': first.res.headers.etag as string });
    expect(byTag.statusCode).toBe(200);
    expect(parseFeed(byTag.body).events.has(uidOf(added!.id))).toBe(true);
    const byDate = await get(null, url, { 'if-modified-since': first.res.headers['last-modified'] as string });
    expect(byDate.statusCode).toBe(200);
    expect(byDate.headers.etag).not.toBe(first.res.headers.etag);
    // The new version's time is at least a second later (sent once the clock has reached it).
    const newer = byDate.headers['last-modified'];
    if (newer) expect(Date.parse(newer)).toBeGreaterThan(Date.parse(first.res.headers['last-modified'] as string));
  });
});

describe('privacy', () => {
  it("no feed shows a person's name or email, even with bookings made and cancelled by named people", async () => {
    const people = [admin, coachA, coachB, parentA];
    const names = ['Adele Adminson', 'Carla Coachworth', 'Boris Benchley', 'Penny Parentson'];
    const booked = await post(coachB, '/api/bookings', { slotId: league.slotIds[5]![0]! });
    expect(booked.statusCode, booked.body).toBe(201);
    expect((await post(admin, `/api/admin/bookings/${booked.json().booking.id}/cancel`, { reason: 'Tournament' })).statusCode).toBe(200);
    const urls = [LEAGUE, fieldFeedUrl(), await teamFeedPath(coachA), await teamFeedPath(coachB)];
    for (const url of urls) {
      const { res, events } = await feed(url);
      expect(events.size, url).toBeGreaterThan(0);
      for (const p of people) expect(res.body, url).not.toContain(p.email);
      for (const n of names) expect(res.body.toLowerCase(), url).not.toContain(n.toLowerCase().split(' ')[1]);
      // The only @ in a feed is in the event UIDs.
      expect(res.body.replace(/@cgsl-practice-scheduler/g, '')).not.toContain('@');
    }
  });
});

describe('feeds held in memory (polling calendar apps)', () => {
  it('a feed is served from memory until a change: a row written behind the app is unseen, a booking through the app is seen at once', async () => {
    const before = await feed(LEAGUE);
    const db = t.database.db;
    const startsAt = at(Temporal.Now.plainDateISO(TZ).add({ days: 23 }), '17:00');
    const [slot] = await db.insert(slots).values({ seasonId: league.seasonId, fieldId: league.fieldIds[0]!, startsAt, endsAt: new Date(startsAt.getTime() + 3_600_000) }).returning({ id: slots.id });
    const [hidden] = await db.insert(bookings).values({ slotId: slot!.id, teamId: league.teamIds[0]!, bookedBy: coachA.id }).returning({ id: bookings.id });
    const held = await feed(LEAGUE);
    expect(held.res.headers.etag, 'the same feed, from memory').toBe(before.res.headers.etag);
    expect(held.events.has(uidOf(hidden!.id))).toBe(false);

    const booked = await post(coachB, '/api/bookings', { slotId: league.slotIds[6]![2]! });
    expect(booked.statusCode, booked.body).toBe(201);
    const after = await feed(LEAGUE);
    expect(after.res.headers.etag).not.toBe(before.res.headers.etag);
    expect(after.events.has(uidOf(booked.json().booking.id))).toBe(true);
    // Read again from the database: the row written behind the app is there too now.
    expect(after.events.has(uidOf(hidden!.id))).toBe(true);
  });

  it('goes out compressed to a client that accepts it, the same text once unpacked', async () => {
    const { brotliDecompressSync, gunzipSync } = await import('node:zlib');
    const plain = await feed(LEAGUE);
    const br = await get(null, LEAGUE, { 'accept-encoding': 'br, gzip' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.res.body);
    const gz = await get(null, LEAGUE, { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(plain.res.body);
    expect(br.headers.etag).toBe(plain.res.headers.etag);
  });
});
