import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../../app';
import { openPostgres } from '../../db/client';
import { seasons } from '../../db/schema';
import { nextMonday, seedLeague, type League } from '../../test/booking-fixtures';
import { buildTestApp, TEST_ORIGIN, type TestApp, type TestUser } from '../../test/test-app';

/**
 * The cached reads (the week view, the slots a live event names, the booking context) after every kind of
 * change: a fresh read from the server that cached them equals the answer of a server with nothing cached.
 */

const SECRET = 'test-secret-test-secret-test-secret-42';

let t: TestApp;
let admin: TestUser;
/** A second app on the same database whose caches are emptied before every read: the uncached answer. */
let reference: App;

const monday = nextMonday();
const weekFrom = monday.toString();
const weekTo = monday.add({ days: 6 }).toString();
const nextFrom = monday.add({ days: 7 }).toString();
const nextTo = monday.add({ days: 13 }).toString();

/** Its own league for each test: a season with a week of slots on a field, a second field, two teams, a coach. */
interface Scenario {
  league: League;
  coach: TestUser;
  otherSeasonId: string;
  secondFieldId: string;
  facilityId: string;
}

async function scenario(): Promise<Scenario> {
  await t.database.db.update(seasons).set({ active: false });
  const league = await seedLeague(t, { teams: 2, rules: { maxPerWeek: 14, maxPerDay: 5, maxUpcoming: 50 } });
  const coach = await t.signUp({ email: `cache-coach-${randomUUID()}@example.org`, role: 'coach', teamId: league.teamIds[0]! });
  const [other] = await t.database.db.insert(seasons).values({ name: `Other ${randomUUID()}`, startsOn: '2030-01-01', endsOn: '2030-06-30', active: false }).returning();
  // The fixture wrote straight into the tables: nothing cached may stand for what was there before.
  t.wroteBehindTheApp();
  const { facilities } = await ok<{ facilities: Array<{ id: string; fields: Array<{ id: string }> }> }>(write(t.app, 'GET', '/api/facilities'));
  const facilityId = facilities.find((f) => f.fields.some((x) => x.id === league.fieldIds[0]))!.id;
  const created = await ok<{ field: { id: string } }>(write(t.app, 'POST', '/api/fields', { facilityId, name: 'Field 2', surface: 'turf', lights: false, color: '#0f766e' }), 201);
  return { league, coach, otherSeasonId: other!.id, secondFieldId: created.field.id, facilityId };
}

beforeAll(async () => {
  t = await buildTestApp();
  admin = await t.signUp({ email: 'cache-admin@example.org', role: 'admin' });
  reference = await buildApp({ config: t.config, database: t.database, authSecret: SECRET });
  await reference.app.ready();
}, 60_000);

afterAll(async () => {
  await reference?.app.close();
  await t?.close();
});

async function write(app: App['app'], method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, payload?: object, cookie = admin.cookie) {
  return app.inject({ method, url, headers: { cookie, origin: TEST_ORIGIN }, ...(payload ? { payload } : {}) });
}

/** What Book a Field shows a coach: two weeks, one field's week, the slots a live event named, and the context. */
async function views(app: App['app'], { league, coach }: Scenario) {
  const ids = [league.slotIds[0]![0]!, league.slotIds[1]![0]!, league.slotIds[3]![2]!].join(',');
  const get = async (url: string) => {
    const res = await app.inject({ url, headers: { cookie: coach.cookie } });
    expect(res.statusCode, url).toBe(200);
    return res.json<Record<string, unknown>>();
  };
  const { now: _now, ...context } = await get('/api/bookings/context');
  return {
    week: await get(`/api/slots?from=${weekFrom}&to=${weekTo}`),
    nextWeek: await get(`/api/slots?from=${nextFrom}&to=${nextTo}`),
    fieldWeek: await get(`/api/slots?from=${weekFrom}&to=${weekTo}&fieldId=${league.fieldIds[0]}`),
    byId: await get(`/api/slots/by-id?ids=${ids}`),
    context,
  };
}

async function uncached(sc: Scenario) {
  reference.context.cache.clear();
  return views(reference.app, sc);
}

type Change = { name: string; run: (app: App['app']) => Promise<void> };

async function ok<T = unknown>(res: Promise<{ statusCode: number; body: string }>, status = 200): Promise<T> {
  const r = await res;
  expect(r.statusCode, r.body).toBe(status);
  return JSON.parse(r.body || 'null') as T;
}

/** One of every kind of change that a cached read depends on, each through the app as an admin or coach would. */
function changes({ league, coach, otherSeasonId, secondFieldId, facilityId }: Scenario): Change[] {
  let bookingId = '';
  let blockId = '';
  const slot = (d: number, k: number) => league.slotIds[d]![k]!;
  return [
    { name: 'book', run: async (app) => void (bookingId = (await ok<{ booking: { id: string } }>(write(app, 'POST', '/api/bookings', { slotId: slot(0, 0) }, coach.cookie), 201)).booking.id) },
    { name: 'cancel', run: async (app) => void (await ok(write(app, 'POST', `/api/bookings/${bookingId}/cancel`, {}, coach.cookie))) },
    { name: 'book again', run: async (app) => void (bookingId = (await ok<{ booking: { id: string } }>(write(app, 'POST', '/api/bookings', { slotId: slot(0, 0) }, coach.cookie), 201)).booking.id) },
    { name: 'move', run: async (app) => void (await ok(write(app, 'POST', `/api/admin/bookings/${bookingId}/move`, { slotId: slot(1, 0), reason: 'Lights out on the first' }))) },
    { name: 'override', run: async (app) => void (await ok(write(app, 'POST', '/api/admin/bookings/override', { slotId: slot(3, 2), teamId: league.teamIds[1], reason: 'Tournament prep', bump: false }), 201)) },
    {
      name: 'block',
      run: async (app) => void (blockId = (await ok<{ block: { id: string } }>(write(app, 'POST', '/api/blocks', { scope: 'slot', slotId: slot(2, 0), category: 'weather', reason: 'Field flooded' }), 201)).block.id),
    },
    { name: 'unblock', run: async (app) => void (await ok(write(app, 'DELETE', `/api/blocks/${blockId}`), 200)) },
    {
      name: 'generate',
      run: async (app) => {
        const res = await write(app, 'POST', '/api/slots/generate', {
          seasonId: league.seasonId,
          fieldIds: [secondFieldId],
          daysOfWeek: [1, 2, 3],
          firstStart: '18:00',
          lastEnd: '20:00',
          lengthMinutes: 60,
          gapMinutes: 0,
          startDate: weekFrom,
          endDate: weekTo,
          skipDates: [],
        });
        expect(res.body).toContain('"type":"done"');
      },
    },
    { name: 'slot notes', run: async (app) => void (await ok(editSlot(app, slot(4, 0), 0, 'Bring the pitching machine'))) },
    { name: 'slot time (into next week)', run: async (app) => void (await ok(editSlot(app, slot(4, 1), 7, null))) },
    { name: 'slot delete', run: async (app) => void (await ok(write(app, 'DELETE', `/api/slots/${slot(5, 2)}`), 204)) },
    {
      name: 'field change',
      run: async (app) => void (await ok(write(app, 'PUT', `/api/fields/${league.fieldIds[0]}`, { facilityId, name: 'Diamond One', surface: 'dirt', lights: true, color: '#7c2d12' }))),
    },
    {
      name: 'field closed',
      run: async (app) => void (await ok(write(app, 'PUT', `/api/fields/${secondFieldId}`, { facilityId, name: 'Field 2', surface: 'turf', lights: false, color: '#0f766e', active: false }))),
    },
    { name: 'facility change', run: async (app) => void (await ok(write(app, 'PUT', `/api/facilities/${facilityId}`, { name: `Renamed Park ${randomUUID().slice(0, 4)}`, address: '9 Elm St' }))) },
    {
      name: 'rules change',
      run: async (app) => {
        const { rules } = await ok<{ rules: object }>(write(app, 'GET', `/api/seasons/${league.seasonId}/booking-rules`));
        await ok(write(app, 'PUT', `/api/seasons/${league.seasonId}/booking-rules`, { ...rules, maxPerWeek: 9, cancelCutoffHours: 6 }));
      },
    },
    {
      name: 'season change',
      run: async (app) => {
        const { seasons: list } = await ok<{ seasons: Array<{ id: string; startsOn: string; endsOn: string }> }>(write(app, 'GET', '/api/seasons'));
        const season = list.find((s) => s.id === league.seasonId)!;
        await ok(write(app, 'PUT', `/api/seasons/${league.seasonId}`, { name: `Renamed season ${randomUUID().slice(0, 4)}`, startsOn: season.startsOn, endsOn: season.endsOn }));
      },
    },
    { name: 'another season active', run: async (app) => void (await ok(write(app, 'POST', `/api/seasons/${otherSeasonId}/activate`))) },
    { name: 'season active again', run: async (app) => void (await ok(write(app, 'POST', `/api/seasons/${league.seasonId}/activate`))) },
    { name: 'team renamed', run: async (app) => void (await ok(write(app, 'PATCH', `/api/teams/${league.teamIds[1]}`, { name: `Renamed team ${randomUUID().slice(0, 4)}` }))) },
  ];
}

async function editSlot(app: App['app'], id: string, days: number, notes: string | null) {
  const { slots: [slot] } = await ok<{ slots: Array<{ startsAt: string; endsAt: string }> }>(app.inject({ url: `/api/slots/by-id?ids=${id}` }));
  const shift = (iso: string) => new Date(Date.parse(iso) + days * 86_400_000).toISOString();
  return write(app, 'PUT', `/api/slots/${id}`, { startsAt: shift(slot!.startsAt), endsAt: shift(slot!.endsAt), notes });
}

/**
 * Runs every change on `writer` and, after each, compares `reader`'s answers (warmed before the change) with
 * the uncached ones. `settle` waits until the reader has heard the change (another server: its bus).
 */
async function checkEveryChange(writer: App['app'], reader: App['app'], settle: () => Promise<void>) {
  const sc = await scenario();
  for (const change of changes(sc)) {
    const before = await views(reader, sc);
    await change.run(writer);
    await settle();
    const after = await views(reader, sc);
    const expected = await uncached(sc);
    expect(after, `after "${change.name}", the cached answers equal the uncached ones`).toEqual(expected);
    // Each change shows somewhere in these reads, so a stale cache could not pass for a fresh one.
    expect(after, `"${change.name}" changed what the reads show`).not.toEqual(before);
  }
}

describe('cached reads stay right after every kind of change', () => {
  it('on one server', async () => {
    await checkEveryChange(t.app, t.app, async () => {});
  });

  it.runIf(Boolean(process.env.TEST_DATABASE_URL))('across two app servers on one PostgreSQL', async () => {
    const handle = openPostgres(t.database.url!, { max: 3 });
    const second = await buildApp({ config: t.config, database: handle, authSecret: SECRET });
    try {
      await second.app.ready();
      // The second server has heard everything the first published once it hears a marker sent after it:
      // NOTIFY delivers in commit order.
      const settle = async () => {
        const marker = randomUUID();
        const heard = new Promise<void>((resolve) => {
          const stop = second.context.live.subscribe((event) => {
            if (event.type === 'people' && event.userIds.includes(marker)) {
              stop();
              resolve();
            }
          });
        });
        await t.context.live.publish({ people: [marker] });
        await heard;
      };
      // Changes on the first server, read on the second; then the other way round.
      await checkEveryChange(t.app, second.app, settle);
    } finally {
      await second.app.close();
      await handle.close();
    }
  });
});

describe('ready answers over HTTP', () => {
  it('send 304 for the current version, the new body after a change, and compress when asked', async () => {
    const { league } = await scenario();
    const url = `/api/slots?from=${weekFrom}&to=${weekTo}`;
    const first = await t.app.inject({ url });
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^"[\w-]+"$/);
    expect(first.headers['cache-control']).toBe('no-cache');
    const again = await t.app.inject({ url, headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');

    const br = await t.app.inject({ url, headers: { 'accept-encoding': 'gzip, br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toContain('accept-encoding');
    const { brotliDecompressSync, gunzipSync } = await import('node:zlib');
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString())).toEqual(first.json());
    const gz = await t.app.inject({ url, headers: { 'accept-encoding': 'gzip' } });
    expect(JSON.parse(gunzipSync(gz.rawPayload).toString())).toEqual(first.json());

    const slot = league.slotIds[6]![0]!;
    await ok(editSlot(t.app, slot, 0, 'New note'));
    const changed = await t.app.inject({ url, headers: { 'if-none-match': etag } });
    expect(changed.statusCode).toBe(200);
    expect(changed.headers.etag).not.toBe(etag);
    expect(changed.json<{ slots: Array<{ id: string; notes: string }> }>().slots.find((s) => s.id === slot)?.notes).toBe('New note');
  });
});
