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
