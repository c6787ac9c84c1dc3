import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatDay } from '../../shared/bookings/booking-rules';
import { formatWeekdayDay } from '../../shared/time/date-words';
import { localDate } from '../../shared/time/zoned';
import { seedLeague, TZ, type League } from '../test/booking-fixtures';
import { buildTestApp, TEST_ORIGIN, type TestApp, type TestUser } from '../test/test-app';

/**
 * Every error the server sends a person carries its key in the errors catalogue and the values it is worded with,
 * and a message in the language the request asks for (Accept-Language, which the web app sends; decision 038). A
 * request in English, or in no language the app speaks, reads as it always has.
 */
let t: TestApp;
let league: League;
let coach: TestUser;
let teamName: string;

beforeAll(async () => {
  t = await buildTestApp();
  league = await seedLeague(t, { teams: 1 });
  coach = await t.signUp({ email: 'error-language@example.org', role: 'coach', teamId: league.teamIds[0]! });
  teamName = (await t.app.inject({ url: '/api/bookings/context', headers: { cookie: coach.cookie } })).json<{ team: { name: string } }>().team.name;
}, 60_000);
afterAll(() => t.close());

const headers = (language: string | undefined) => ({ origin: TEST_ORIGIN, cookie: coach.cookie, ...(language ? { 'accept-language': language } : {}) });
const errorOf = (res: { json: <T>() => T }) => res.json<{ error: { code: string; message: string; key?: string; params?: Record<string, unknown>; details?: unknown } }>().error;

describe('an error in the request’s language, with its key and values', () => {
  it('a 404: "not found" in Spanish, in English as before', async () => {
    const dismiss = (language?: string) => t.app.inject({ method: 'POST', url: `/api/announcements/${randomUUID()}/dismiss`, headers: headers(language) });
    const es = await dismiss('es-MX,es;q=0.9,en;q=0.5');
    expect(es.statusCode).toBe(404);
    expect(errorOf(es)).toEqual({ code: 'NOT_FOUND', message: 'Ese aviso ya no existe. Vuelve a cargar la página.', key: 'announcements.gone', params: {} });
    for (const language of [undefined, 'en-US', 'fr-FR']) {
      expect(errorOf(await dismiss(language)), language).toEqual({
        code: 'NOT_FOUND',
        message: 'That announcement does not exist any more. Reload the page.',
        key: 'announcements.gone',
        params: {},
      });
    }
  });

  it('a booking refusal with values: the team, the count, the day in the language, the limit', async () => {
    const [first, second] = league.slotIds[0]!;
    const book = (slotId: string, language?: string) => t.app.inject({ method: 'POST', url: '/api/bookings', payload: { slotId }, headers: headers(language) });
    const booked = await book(first!);
    expect(booked.statusCode).toBe(201);
    const day = localDate(new Date(booked.json<{ booking: { startsAt: string } }>().booking.startsAt), TZ);

    const es = await book(second!, 'es');
    expect(es.statusCode).toBe(422);
    expect(errorOf(es)).toEqual({
      code: 'RULE_VIOLATION',
      message: `${teamName} ya tiene 1 práctica el ${formatWeekdayDay(day, 'es')} (límite: 1).`,
      key: 'refusal.dayLimit',
      params: { team: teamName, count: 1, day: formatWeekdayDay(day, 'es'), limit: 1 },
      details: { rule: 'DAY_LIMIT' },
    });

    const en = await book(second!);
    expect(errorOf(en)).toEqual({
      code: 'RULE_VIOLATION',
      message: `${teamName} already has 1 practice on ${formatDay(day)} (limit 1).`,
      key: 'refusal.dayLimit',
      params: { team: teamName, count: 1, day: formatDay(day), limit: 1 },
      details: { rule: 'DAY_LIMIT' },
    });
  });

  it('a validation error: the summary by key, its values in the language, each problem with its own key', async () => {
    const patchMe = (language?: string) => t.app.inject({ method: 'PATCH', url: '/api/me', payload: { displayName: '' }, headers: headers(language) });
    const es = await patchMe('es');
    expect(es.statusCode).toBe(400);
    expect(errorOf(es)).toEqual({
      code: 'VALIDATION_FAILED',
      message: 'Revisa "displayName": Escribe tu nombre',
      key: 'server.validationField',
      params: { field: 'displayName', message: 'Escribe tu nombre' },
      details: [{ path: 'displayName', message: 'Escribe tu nombre', key: 'name.enterYours', params: {} }],
    });
    expect(errorOf(await patchMe('en'))).toEqual({
      code: 'VALIDATION_FAILED',
      message: 'Please check "displayName": Enter your name',
      key: 'server.validationField',
      params: { field: 'displayName', message: 'Enter your name' },
      details: [{ path: 'displayName', message: 'Enter your name', key: 'name.enterYours', params: {} }],
    });
  });

  it('the error handler’s own words too: a route that does not exist', async () => {
    const es = await t.app.inject({ url: '/api/no-such-route', headers: { 'accept-language': 'es' } });
    expect(es.statusCode).toBe(404);
    expect(errorOf(es)).toEqual({ code: 'NOT_FOUND', message: 'No existe la ruta de API GET /api/no-such-route.', key: 'server.noApiRoute', params: { method: 'GET', path: '/api/no-such-route' } });
    const en = await t.app.inject({ url: '/api/no-such-route' });
    expect(errorOf(en).message).toBe('There is no API route GET /api/no-such-route.');
  });
});
