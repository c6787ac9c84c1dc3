import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sqlState } from '../../db/client';
import { auditLog, seasons } from '../../db/schema';
import { buildTestApp, TEST_ORIGIN, type TestApp, type TestUser } from '../../test/test-app';

let t: TestApp;
let admin: TestUser;
beforeAll(async () => {
  t = await buildTestApp();
  admin = await t.signUp({ email: 'season-admin@example.org', role: 'admin' });
});
afterAll(() => t.close());

const send = (method: 'POST' | 'PUT', url: string, payload: unknown = {}) =>
  t.app.inject({ method, url, payload: payload as object, headers: { cookie: admin.cookie, origin: TEST_ORIGIN } });

describe('seasons', () => {
  it('creates, lists, edits and activates seasons with one active at a time', async () => {
    const fall = await send('POST', '/api/seasons', { name: 'Fall 2026', startsOn: '2026-08-15', endsOn: '2026-11-30' });
    expect(fall.statusCode).toBe(201);
    const spring = await send('POST', '/api/seasons', { name: 'Spring 2027', startsOn: '2027-02-15', endsOn: '2027-06-15' });
    const fallId = fall.json().season.id as string;
    const springId = spring.json().season.id as string;

    expect((await send('POST', `/api/seasons/${fallId}/activate`)).json().season.active).toBe(true);
    expect((await send('POST', `/api/seasons/${springId}/activate`)).statusCode).toBe(200);

    const list = (await t.app.inject({ url: '/api/seasons' })).json().seasons as Array<{ id: string; active: boolean }>;
    expect(list.filter((s) => s.active).map((s) => s.id)).toEqual([springId]);

    const edited = await send('PUT', `/api/seasons/${fallId}`, { name: 'Fall 2026 (short)', startsOn: '2026-09-01', endsOn: '2026-11-15' });
    expect(edited.json().season).toMatchObject({ name: 'Fall 2026 (short)', startsOn: '2026-09-01', active: false });
  });

  it('refuses a duplicate name with a field error, and an end before the start', async () => {
    await send('POST', '/api/seasons', { name: 'Summer 2027', startsOn: '2027-06-16', endsOn: '2027-08-01' });
    const dup = await send('POST', '/api/seasons', { name: 'Summer 2027', startsOn: '2027-06-16', endsOn: '2027-08-01' });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().error).toMatchObject({ code: 'CONFLICT', message: expect.stringContaining('already exists'), details: { fields: { name: expect.any(String) } } });

    const backwards = await send('POST', '/api/seasons', { name: 'Backwards', startsOn: '2027-06-16', endsOn: '2027-06-01' });
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json().error.message).toContain('end on or after');

    const badDate = await send('POST', '/api/seasons', { name: 'Bad', startsOn: 'next week', endsOn: '2027-06-01' });
    expect(badDate.statusCode).toBe(400);
    expect(badDate.json().error.details).toEqual(expect.arrayContaining([expect.objectContaining({ path: 'startsOn' })]));
  });

  it('refuses a season longer than 366 days, and dates outside 2000-2100 (issue 10)', async () => {
    const century = await send('POST', '/api/seasons', { name: 'Forever', startsOn: '2026-01-01', endsOn: '2099-12-31' });
    expect(century.statusCode).toBe(400);
    expect(century.json().error.message).toContain('at most 366 days');
    const oneTooMany = await send('POST', '/api/seasons', { name: 'Leap and a day', startsOn: '2028-01-01', endsOn: '2029-01-01' });
    expect(oneTooMany.statusCode).toBe(400);
    const leapYear = await send('POST', '/api/seasons', { name: 'All of 2028', startsOn: '2028-01-01', endsOn: '2028-12-31' });
    expect(leapYear.statusCode).toBe(201);
    const edited = await send('PUT', `/api/seasons/${leapYear.json().season.id}`, { name: 'All of 2028', startsOn: '2028-01-01', endsOn: '2030-12-31' });
    expect(edited.statusCode).toBe(400);
    for (const [startsOn, endsOn] of [['9999-12-01', '9999-12-31'], ['1999-12-01', '2000-01-31'], ['2100-12-01', '2101-01-31']]) {
      const far = await send('POST', '/api/seasons', { name: `Far ${startsOn}`, startsOn, endsOn });
      expect(far.statusCode, `${startsOn} to ${endsOn}`).toBe(400);
      expect(JSON.stringify(far.json().error)).toContain('Use a date from 2000 to 2100');
    }
  });

  it('answers 404 with a helpful message for a season that does not exist', async () => {
    const res = await send('POST', '/api/seasons/6b1f9a5e-8a4f-4c1e-9d7e-000000000000/activate');
    expect(res.statusCode).toBe(404);
    expect(res.json().error.message).toContain('Reload');
  });

  it('the database allows at most one active season, whatever the application does', async () => {
    await t.database.db.update(seasons).set({ active: false });
    await t.database.db.insert(seasons).values({ name: 'Direct A', startsOn: '2030-01-01', endsOn: '2030-02-01', active: true });
    const second = t.database.db.insert(seasons).values({ name: 'Direct B', startsOn: '2030-03-01', endsOn: '2030-04-01', active: true });
    const err = await second.then(() => null, (e: unknown) => e);
    expect(sqlState(err)).toBe('23505');
  });

  it('writes an audit entry for each change, and the audit log refuses UPDATE and DELETE', async () => {
    const created = await send('POST', '/api/seasons', { name: 'Audited', startsOn: '2028-01-01', endsOn: '2028-02-01' });
    const id = created.json().season.id as string;
    await send('PUT', `/api/seasons/${id}`, { name: 'Audited 2', startsOn: '2028-01-01', endsOn: '2028-02-01' });
    await send('POST', `/api/seasons/${id}/activate`);
    const rows = await t.database.db.select().from(auditLog).where(eq(auditLog.entityId, id));
    expect(rows.map((r) => r.action).sort()).toEqual(['season.activate', 'season.create', 'season.update']);
    const update = rows.find((r) => r.action === 'season.update');
    expect(update).toMatchObject({ actorId: admin.id, actorEmail: admin.email, before: expect.objectContaining({ name: 'Audited' }), after: expect.objectContaining({ name: 'Audited 2' }) });

    const upd = await t.database.db.update(auditLog).set({ summary: 'tampered' }).then(() => null, (e: unknown) => e);
    expect(upd).toBeInstanceOf(Error);
    const del = await t.database.db.delete(auditLog).then(() => null, (e: unknown) => e);
    expect(del).toBeInstanceOf(Error);
    const trunc = await t.database.db.execute(sql`truncate audit_log`).then(() => null, (e: unknown) => e);
    expect(trunc).toBeInstanceOf(Error);
    expect((await t.database.db.select().from(auditLog).where(eq(auditLog.summary, 'tampered'))).length).toBe(0);
  });

  it('a failed change leaves no audit entry and no half-written season', async () => {
    const before = (await t.database.db.select().from(auditLog)).length;
    const dup = await send('POST', '/api/seasons', { name: 'Audited 2', startsOn: '2028-01-01', endsOn: '2028-02-01' });
    expect(dup.statusCode).toBe(409);
    expect((await t.database.db.select().from(auditLog)).length).toBe(before);
  });
});
