import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedLeague, type League } from '../../test/booking-fixtures';
import { buildTestApp, TEST_ORIGIN, type TestApp, type TestUser } from '../../test/test-app';

/**
 * A feed in the language its link names (decision 038): `?lang=es` gives Spanish titles, descriptions and calendar
 * name; no `lang`, or one the app does not speak, gives the English feed byte for byte. The links the API hands out
 * carry the person's language when it is not English.
 */
let t: TestApp;
let league: League;
let coach: TestUser;
let bookingId: string;

beforeAll(async () => {
  t = await buildTestApp();
  league = await seedLeague(t, { teams: 2 });
  coach = await t.signUp({ email: 'feed-lang-coach@example.org', role: 'coach', teamId: league.teamIds[0]! });
  const booked = await t.app.inject({ method: 'POST', url: '/api/bookings', payload: { slotId: league.slotIds[1]![0]! }, headers: { origin: TEST_ORIGIN, cookie: coach.cookie } });
  expect(booked.statusCode, booked.body).toBe(201);
  bookingId = booked.json().booking.id as string;
}, 60_000);
afterAll(() => t.close());

const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ url, headers });

function parse(text: string) {
  const calendar = new ICAL.Component(ICAL.parse(text));
  const event = calendar.getAllSubcomponents('vevent').map((v) => new ICAL.Event(v)).find((e) => e.uid === `booking-${bookingId}@cgsl-practice-scheduler`)!;
  return { name: calendar.getFirstPropertyValue('x-wr-calname') as string, summary: event.summary, description: event.description };
}

describe('a calendar feed in Spanish', () => {
  it('?lang=es words the league feed in Spanish; no lang, or another, is the English feed as it was', async () => {
    const english = await get('/api/calendar/league.ics');
    expect(english.statusCode).toBe(200);
    const en = parse(english.body);
    expect(en.name).toBe('CGSL practices');
    expect(en.summary).toMatch(/^Team 1 \d* ?practice – Field 1$/);
    expect(en.description).toBe('Practice booked with the CGSL Practice Scheduler.');

    const spanish = await get('/api/calendar/league.ics?lang=es');
    expect(spanish.statusCode).toBe(200);
    const es = parse(spanish.body);
    expect(es.name).toBe('Prácticas de CGSL');
    expect(es.summary).toMatch(/^Práctica de Team 1 \d* ?– Field 1$/);
    expect(es.description).toBe('Práctica reservada con CGSL Practice Scheduler.');
    // Its own version: a Spanish body never takes the English feed's ETag.
    expect(spanish.headers.etag).not.toBe(english.headers.etag);

    for (const other of ['?lang=fr', '?lang=', '?lang=es&lang=en', '?lang=EN']) {
      const res = await get(`/api/calendar/league.ics${other}`);
      expect(res.statusCode, other).toBe(200);
      expect(res.body, other).toBe(english.body);
      expect(res.headers.etag, other).toBe(english.headers.etag);
    }
  });

  it("words a field's feed and a team's feed too", async () => {
    const field = parse((await get(`/api/calendar/fields/${league.fieldIds[0]}.ics?lang=es`)).body);
    expect(field.summary).toMatch(/^Práctica de Team 1/);
    const link = await get('/api/me/calendar-feed', { cookie: coach.cookie });
    const url = new URL(link.json().feed.url as string);
    expect(url.search).toBe('');
    const team = parse((await get(`${url.pathname}?lang=es`)).body);
    expect(team.name).toMatch(/^Prácticas de Team 1 \d* ?\(CGSL\)$/);
    expect(team.summary).toMatch(/^Práctica de Team 1/);
  });

  it("hands out the team feed link in the person's language: their profile's, else their browser's", async () => {
    const byBrowser = await get('/api/me/calendar-feed', { cookie: coach.cookie, 'accept-language': 'es-MX,es;q=0.9' });
    expect(byBrowser.json().feed.url).toMatch(/\/api\/calendar\/teams\/[\w-]{43}\.ics\?lang=es$/);
    expect(byBrowser.json().feed.webcalUrl).toMatch(/^webcal:.*\.ics\?lang=es$/);

    const patched = await t.app.inject({ method: 'PATCH', url: '/api/me', payload: { locale: 'es' }, headers: { origin: TEST_ORIGIN, cookie: coach.cookie } });
    expect(patched.statusCode, patched.body).toBe(200);
    const byProfile = await get('/api/me/calendar-feed', { cookie: coach.cookie, 'accept-language': 'en-US' });
    expect(byProfile.json().feed.url).toMatch(/\.ics\?lang=es$/);
    // The link works, in Spanish.
    const team = parse((await get(new URL(byProfile.json().feed.url as string).pathname + '?lang=es')).body);
    expect(team.summary).toMatch(/^Práctica de/);
  });

  it("writes a practice's own calendar file in the person's language", async () => {
    const res = await get(`/api/bookings/${bookingId}/ics`, { cookie: coach.cookie });
    expect(res.statusCode, res.body).toBe(200);
    const event = new ICAL.Event(new ICAL.Component(ICAL.parse(res.body)).getFirstSubcomponent('vevent')!);
    expect(event.summary).toMatch(/^Práctica de Team 1/);
  });
});
