import { and, eq } from 'drizzle-orm';
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, divisionRules, divisions, fieldDivisions, openingRoundDivisions, openingRounds } from '../../db/schema';
import { seedLeague, type League } from '../../test/booking-fixtures';
import { buildTestApp, TEST_ORIGIN, type TestApp, type TestUser } from '../../test/test-app';

/**
 * The league's divisions (issue 29, decision 035): added, renamed, ordered and deleted by admins (audit-logged); each
 * with its own booking rules per season. On PGlite, and on PostgreSQL when TEST_DATABASE_URL is set.
 */
let t: TestApp;
let league: League;
let admin: TestUser;
let coach: TestUser;

beforeAll(async () => {
  t = await buildTestApp();
  league = await seedLeague(t, { teams: 1 });
  admin = await t.signUp({ email: 'divisions-admin@example.org', role: 'admin' });
  coach = await t.signUp({ email: 'divisions-coach@example.org', role: 'coach', teamId: league.teamIds[0]! });
}, 60_000);
afterAll(() => t.close());

const call = (who: TestUser | null, method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, payload?: unknown) =>
  t.app.inject({ method, url, headers: { origin: TEST_ORIGIN, ...(who ? { cookie: who.cookie } : {}) }, ...(payload !== undefined ? { payload: payload as object } : {}) });

async function added(name: string): Promise<string> {
  const res = await call(admin, 'POST', '/api/admin/divisions', { name });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().division.id as string;
}
const publicNames = async () => ((await call(null, 'GET', '/api/divisions')).json().divisions as Array<{ name: string }>).map((d) => d.name);

describe('divisions', () => {
  it('adds divisions last in order, refuses a taken name in any case, renames and reorders them, audit-logged', async () => {
    const eight = await added(' 8U-a ');
    const ten = await added('10U-a');
    expect((await publicNames()).slice(-2)).toEqual(['8U-a', '10U-a']);

    const taken = await call(admin, 'POST', '/api/admin/divisions', { name: '8u-A' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().error.message).toBe('A division named "8u-A" already exists. Choose a different name.');
    const empty = await call(admin, 'POST', '/api/admin/divisions', { name: '  ' });
    expect(empty.statusCode).toBe(400);
    expect(JSON.stringify(empty.json().error)).toContain('Enter the division name, like');

    const renamed = await call(admin, 'PATCH', `/api/admin/divisions/${eight}`, { name: '8U-b' });
    expect(renamed.json().division).toMatchObject({ id: eight, name: '8U-b' });

    const all = (await call(admin, 'GET', '/api/admin/divisions')).json().divisions as Array<{ id: string }>;
    const order = [...all.map((d) => d.id).filter((id) => id !== ten && id !== eight), ten, eight];
    const reordered = await call(admin, 'PUT', '/api/admin/divisions/order', { ids: order });
    expect(reordered.statusCode, reordered.body).toBe(200);
    expect((await publicNames()).slice(-2)).toEqual(['10U-a', '8U-b']);
    // A list that misses one (another admin added it meanwhile) is refused.
    const stale = await call(admin, 'PUT', '/api/admin/divisions/order', { ids: order.slice(1) });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().error.message).toContain('The divisions changed while you were ordering them');

    const actions = await t.database.db.select({ action: auditLog.action, summary: auditLog.summary }).from(auditLog).where(eq(auditLog.entityType, 'division'));
    expect(actions.map((a) => a.summary)).toEqual(expect.arrayContaining(['Created division 8U-a', 'Renamed division 8U-a to 8U-b', expect.stringMatching(/^Put the divisions in order: .*10U-a, 8U-b$/)]));
  });

  it('refuses to delete a division a team is in or a field is limited to, saying what to do; deletes it after', async () => {
    const id = await added('14U-c');
    const team = await call(admin, 'POST', '/api/teams', { name: 'Condors', divisionId: id });
    expect(team.statusCode).toBe(201);
    const inUse = await call(admin, 'DELETE', `/api/admin/divisions/${id}`);
    expect(inUse.statusCode).toBe(409);
    expect(inUse.json().error.message).toBe('1 team is in 14U-c. Put it in another division first, then delete it.');
    const listed = ((await call(admin, 'GET', '/api/admin/divisions')).json().divisions as Array<{ id: string; teamCount: number }>).find((d) => d.id === id);
    expect(listed?.teamCount).toBe(1);

    expect((await call(admin, 'PATCH', `/api/teams/${team.json().team.id}`, { divisionId: null })).statusCode).toBe(200);
    await t.database.db.insert(fieldDivisions).values({ fieldId: league.fieldIds[0]!, divisionId: id });
    const limited = await call(admin, 'DELETE', `/api/admin/divisions/${id}`);
    expect(limited.statusCode).toBe(409);
    expect(limited.json().error.message).toBe('Field 1 is limited to 14U-c. Change its divisions on Manage facilities first, then delete it.');
    await t.database.db.delete(fieldDivisions).where(eq(fieldDivisions.divisionId, id));
    // Its own rules and an opening round's time for it go with it.
    await t.database.db.insert(divisionRules).values({ seasonId: league.seasonId, divisionId: id, maxPerWeek: 3 });
    const [round] = await t.database.db
      .insert(openingRounds)
      .values({ seasonId: league.seasonId, coversFrom: '2040-01-01', coversTo: '2040-01-02', opensAt: new Date('2039-12-01T00:00:00Z'), closesAt: new Date('2039-12-02T00:00:00Z'), drawAt: new Date('2039-12-03T00:00:00Z'), maxPreferences: 5, firstComeAfter: true, weighting: 'none', seed: 's', seedHash: 'h', cancelledAt: new Date() })
      .returning({ id: openingRounds.id });
    await t.database.db.insert(openingRoundDivisions).values({ roundId: round!.id, divisionId: id, opensAt: new Date('2039-12-01T12:00:00Z') });

    const deleted = await call(admin, 'DELETE', `/api/admin/divisions/${id}`);
    expect(deleted.statusCode).toBe(204);
    expect(await t.database.db.select().from(divisions).where(eq(divisions.id, id))).toEqual([]);
    expect(await t.database.db.select().from(auditLog).where(and(eq(auditLog.entityId, id), eq(auditLog.action, 'division.delete')))).toHaveLength(1);
  });

  it("keeps a division's own rules per season, null for the season's, refuses bad ones in words, and clears them", async () => {
    const id = await added('12U-d');
    const url = `/api/admin/seasons/${league.seasonId}/division-rules/${id}`;
    const bad = await call(admin, 'PUT', url, { windowOpensAt: null, windowClosesAt: null, maxPerWeek: 99, maxPerDay: null, maxUpcoming: null, minLeadHours: null, maxAheadDays: null });
    expect(bad.statusCode).toBe(400);
    expect(JSON.stringify(bad.json().error)).toContain('The weekly limit is at most 14');

    const opens = '2030-03-02T14:00:00.000Z';
    const saved = await call(admin, 'PUT', url, { windowOpensAt: opens, windowClosesAt: null, maxPerWeek: 3, maxPerDay: null, maxUpcoming: null, minLeadHours: null, maxAheadDays: null });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().rules).toMatchObject({ divisionId: id, divisionName: '12U-d', windowOpensAt: opens, maxPerWeek: 3, maxPerDay: null });
    const listed = (await call(admin, 'GET', `/api/admin/seasons/${league.seasonId}/division-rules`)).json().rules as Array<{ divisionId: string; maxPerWeek: number | null }>;
    expect(listed.find((r) => r.divisionId === id)?.maxPerWeek).toBe(3);
    const [entry] = await t.database.db.select().from(auditLog).where(and(eq(auditLog.entityId, league.seasonId), eq(auditLog.action, 'division-rules.update')));
    expect(entry?.summary).toContain('Edited the 12U-d booking rules');

    // A coach of the division books under them: Book a Field's context merges them and names them.
    const before = (await call(coach, 'GET', '/api/bookings/context')).json();
    expect(before.rules.maxPerWeek).toBe(2);
    expect((await call(admin, 'PATCH', `/api/teams/${league.teamIds[0]!}`, { divisionId: id })).statusCode).toBe(200);
    const context = (await call(coach, 'GET', '/api/bookings/context')).json();
    expect(context.team).toMatchObject({ divisionId: id, divisionName: '12U-d' });
    expect(context.rules).toMatchObject({ maxPerWeek: 3, windowOpensAt: opens, maxPerDay: 1 });
    expect(context.divisionRules).toEqual(['windowOpensAt', 'maxPerWeek']);

    const cleared = await call(admin, 'PUT', url, { windowOpensAt: null, windowClosesAt: null, maxPerWeek: null, maxPerDay: null, maxUpcoming: null, minLeadHours: null, maxAheadDays: null });
    expect(cleared.json().rules).toMatchObject({ windowOpensAt: null, maxPerWeek: null });
    const after = (await call(coach, 'GET', '/api/bookings/context')).json();
    expect(after.rules.maxPerWeek).toBe(2);
    expect(after.divisionRules).toEqual([]);
  });

  it('limits a field to divisions through the facility manager, in the league order, and back to every team', async () => {
    const a = await added('Field-A');
    const b = await added('Field-B');
    const put = (divisionIds?: string[]) =>
      call(admin, 'PUT', `/api/fields/${league.fieldIds[0]!}`, { facilityId: facilityOfField, name: 'Field 1', surface: 'grass', lights: true, color: '#123456', ...(divisionIds ? { divisionIds } : {}) });
    const facilityOfField = ((await call(admin, 'GET', '/api/facilities?includeInactive=true')).json().facilities as Array<{ id: string; fields: Array<{ id: string }> }>).find((f) =>
      f.fields.some((x) => x.id === league.fieldIds[0]),
    )!.id;
    const limited = await put([b, a]);
    expect(limited.statusCode, limited.body).toBe(200);
    expect(limited.json().field.divisionIds).toEqual([a, b]);
    const listed = (await call(null, 'GET', '/api/facilities')).json().facilities as Array<{ fields: Array<{ id: string; divisionIds: string[] }> }>;
    expect(listed.flatMap((f) => f.fields).find((x) => x.id === league.fieldIds[0])?.divisionIds).toEqual([a, b]);
    // Left out: unchanged (an edit of the name alone keeps the limit); empty: every team again.
    expect((await put()).json().field.divisionIds).toEqual([a, b]);
    const unknown = await put(['00000000-0000-4000-8000-000000000000']);
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error.message).toBe('One of those divisions does not exist any more. Reload the page and choose again.');
    expect((await put([])).json().field.divisionIds).toEqual([]);
  });

  it.runIf(Boolean(process.env.TEST_DATABASE_URL))('a division deleted while a team is being put in it: the edit waits, then says the division is gone (no 500)', async () => {
    const id = await added('Doomed');
    const team = (await call(admin, 'POST', '/api/teams', { name: 'Racers', divisionId: null })).json().team.id as string;
    const holder = postgres(t.database.url!, { max: 1, onnotice: () => {} });
    try {
      let edit: Promise<{ statusCode: number; body: string }> | undefined;
      await holder.begin(async (tx) => {
        // What deleteDivision does, held open: every division row locked, this one deleted.
        await tx`select id from divisions for update`;
        await tx`delete from divisions where id = ${id}`;
        edit = t.app.inject({ method: 'PATCH', url: `/api/teams/${team}`, headers: { origin: TEST_ORIGIN, cookie: admin.cookie }, payload: { divisionId: id } });
        // The edit's read of the division waits on the delete's lock.
        for (;;) {
          const [row] = await tx`select count(*)::int as n from pg_stat_activity where wait_event_type = 'Lock' and datname = current_database()`;
          if (row!.n > 0) break;
          await new Promise((r) => setImmediate(r));
        }
      });
      const res = await edit!;
      expect(res.statusCode, res.body).toBe(400);
      expect(JSON.parse(res.body).error.message).toBe('That division does not exist any more. Choose one from the list.');
    } finally {
      await holder.end();
    }
  });

  it('lets only admins change divisions', async () => {
    expect((await call(coach, 'POST', '/api/admin/divisions', { name: 'X' })).statusCode).toBe(403);
    expect((await call(null, 'GET', '/api/admin/divisions')).statusCode).toBe(401);
  });
});
