import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { openPostgres } from '../../db/client';
import { leagueSettings } from '../../db/schema';
import { buildTestApp, TEST_ORIGIN, type TestApp, type TestUser } from '../../test/test-app';

let t: TestApp;
let admin: TestUser;

beforeAll(async () => {
  t = await buildTestApp();
  admin = await t.signUp({ email: 'league-admin@example.org', role: 'admin' });
}, 60_000);
afterAll(() => t.close());

const settings = { name: 'Cedar Grove Softball League', shortName: 'CGSL', timeZone: 'America/Denver', contactEmail: 'board@cgsl.example.org' };
const put = (app: TestApp['app'], body: object) =>
  app.inject({ method: 'PUT', url: '/api/league', payload: body, headers: { cookie: admin.cookie, origin: TEST_ORIGIN } });

describe('league settings held in memory', () => {
  it('are read once: a row changed behind the server is not re-read on every request; an edit through the app refreshes them', async () => {
    const first = (await t.app.inject({ url: '/api/league' })).json();
    await t.database.db.update(leagueSettings).set({ name: 'Changed behind the server' }).where(eq(leagueSettings.id, 1));
    expect((await t.app.inject({ url: '/api/league' })).json()).toEqual(first);
    expect((await put(t.app, settings)).statusCode).toBe(200);
    expect((await t.app.inject({ url: '/api/league' })).json()).toMatchObject(settings);
    // The time zone every service uses comes from the same copy.
    expect((await t.app.inject({ url: '/api/bookings/context' })).json().timeZone).toBe('America/Denver');
  });

  it.runIf(Boolean(process.env.TEST_DATABASE_URL))('an edit on one app server reaches the copy held by another', async () => {
    const other = openPostgres(t.database.url!, { max: 2 });
    const second = await buildApp({ config: t.config, database: other, authSecret: 'test-secret-test-secret-test-secret-42' });
    try {
      await second.app.ready();
      expect((await second.app.inject({ url: '/api/league' })).json().timeZone).toBe('America/Denver');
      // Settled state, not a sleep: the second server has heard the change once its bus delivers the event.
      const heard = new Promise<void>((resolve) => {
        const stop = second.context.live.subscribe((event) => {
          if (event.type === 'league') {
            stop();
            resolve();
          }
        });
      });
      expect((await put(t.app, { ...settings, timeZone: 'America/New_York', name: 'CGSL East' })).statusCode).toBe(200);
      await heard;
      expect((await second.app.inject({ url: '/api/league' })).json()).toMatchObject({ timeZone: 'America/New_York', name: 'CGSL East' });
    } finally {
      await second.app.close();
      await other.close();
    }
  });
});

describe('the waitlist’s limits in the league settings (issue 28)', () => {
  it('start at the defaults, are saved by PUT /api/league, and are left as they are when a PUT leaves them out', async () => {
    const before = (await t.app.inject({ url: '/api/league' })).json();
    expect(before).toMatchObject({ maxWaits: 3, holdMinutes: 120 });

    const saved = await put(t.app, { ...settings, maxWaits: 5, holdMinutes: 90 });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ maxWaits: 5, holdMinutes: 90 });
    expect((await t.app.inject({ url: '/api/league' })).json()).toMatchObject({ maxWaits: 5, holdMinutes: 90 });
    const [row] = await t.database.db.select({ maxWaits: leagueSettings.maxWaits, holdMinutes: leagueSettings.holdMinutes }).from(leagueSettings);
    expect(row).toEqual({ maxWaits: 5, holdMinutes: 90 });

    // An older form (or a script) that knows nothing of them leaves them alone.
    const unchanged = await put(t.app, { ...settings, name: 'CGSL, renamed' });
    expect(unchanged.statusCode, unchanged.body).toBe(200);
    expect(unchanged.json()).toMatchObject({ name: 'CGSL, renamed', maxWaits: 5, holdMinutes: 90 });
  });

  it('refuses numbers out of range in words, and changes nothing', async () => {
    const refusals: Array<[object, string, string]> = [
      [{ maxWaits: 0 }, 'maxWaits', 'Enter a number of slots from 1 to 20'],
      [{ maxWaits: 21 }, 'maxWaits', 'Enter a number of slots from 1 to 20'],
      [{ maxWaits: 2.5 }, 'maxWaits', 'Enter a whole number of slots'],
      [{ holdMinutes: 9 }, 'holdMinutes', 'Enter a number of minutes from 10 to 1440 (24 hours)'],
      [{ holdMinutes: 1441 }, 'holdMinutes', 'Enter a number of minutes from 10 to 1440 (24 hours)'],
      [{ holdMinutes: '60' }, 'holdMinutes', 'Enter a number of minutes from 10 to 1440 (24 hours)'],
    ];
    const before = (await t.app.inject({ url: '/api/league' })).json();
    for (const [change, field, words] of refusals) {
      const res = await put(t.app, { ...settings, ...change });
      expect(res.statusCode, JSON.stringify(change)).toBe(400);
      expect(res.json().error, JSON.stringify(change)).toMatchObject({ code: 'VALIDATION_FAILED', message: `Please check "${field}": ${words}`, details: [{ path: field, message: words }] });
    }
    expect((await t.app.inject({ url: '/api/league' })).json()).toEqual(before);
  });
});
