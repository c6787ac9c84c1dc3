import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../db/schema';
import { buildTestApp, TEST_ORIGIN, type TestApp, type TestUser } from '../../test/test-app';

let t: TestApp;
let admin: TestUser;
let facilityId: string;

beforeAll(async () => {
  t = await buildTestApp();
  admin = await t.signUp({ email: 'facilities-admin@example.org', role: 'admin' });
  const facility = await send('POST', '/api/facilities', { name: 'Audit Park' }, 'setup');
  expect(facility.statusCode).toBe(201);
  facilityId = facility.json().facility.id;
});
afterAll(() => t.close());

/**
 * Each request carries its own User-Agent, which the audit entry records: an entry with that agent was
 * written by that request (and, since the entry is inserted in the change's transaction, only if it committed).
 */
function send(method: 'POST' | 'PUT', url: string, payload: unknown, agent: string) {
  return t.app.inject({ method, url, payload: payload as object, headers: { cookie: admin.cookie, origin: TEST_ORIGIN, 'user-agent': agent } });
}
const agent = () => `audit-probe/${randomUUID()}`;
const auditOf = (userAgent: string) => t.database.db.select().from(auditLog).where(eq(auditLog.userAgent, userAgent));

const field = (overrides: Record<string, unknown> = {}) => ({ facilityId, name: 'Diamond 1', surface: 'grass', lights: false, color: '#1e40af', ...overrides });

describe('field changes are audited by the request that makes them', () => {
  let fieldId: string;

  it('field.create: one entry naming the new field and the admin, with the field as "after"', async () => {
    const ua = agent();
    const res = await send('POST', '/api/fields', field(), ua);
    expect(res.statusCode).toBe(201);
    fieldId = res.json().field.id;
    const rows = await auditOf(ua);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      action: 'field.create',
      entityType: 'field',
      entityId: fieldId,
      actorId: admin.id,
      actorEmail: admin.email,
      before: null,
      after: { id: fieldId, name: 'Diamond 1', active: true },
    });
  });

  it('field.update: one entry with the field before and after the edit', async () => {
    const ua = agent();
    const res = await send('PUT', `/api/fields/${fieldId}`, field({ name: 'Diamond One', lights: true }), ua);
    expect(res.statusCode).toBe(200);
    const rows = await auditOf(ua);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      action: 'field.update',
      entityType: 'field',
      entityId: fieldId,
      actorId: admin.id,
      before: { name: 'Diamond 1', lights: false, active: true },
      after: { name: 'Diamond One', lights: true, active: true },
    });
  });

  it('field.deactivate and field.reactivate: one entry each, telling the two apart', async () => {
    const off = agent();
    const res = await send('PUT', `/api/fields/${fieldId}`, field({ name: 'Diamond One', lights: true, active: false }), off);
    expect(res.statusCode).toBe(200);
    expect(res.json().field.active).toBe(false);
    const offRows = await auditOf(off);
    expect(offRows).toHaveLength(1);
    expect(offRows[0]).toMatchObject({ action: 'field.deactivate', entityType: 'field', entityId: fieldId, actorId: admin.id, before: { active: true }, after: { active: false } });

    const on = agent();
    expect((await send('PUT', `/api/fields/${fieldId}`, field({ name: 'Diamond One', lights: true, active: true }), on)).statusCode).toBe(200);
    const onRows = await auditOf(on);
    expect(onRows).toHaveLength(1);
    expect(onRows[0]).toMatchObject({ action: 'field.reactivate', entityType: 'field', entityId: fieldId, actorId: admin.id, before: { active: false }, after: { active: true } });
  });

  it('a refused change writes no entry', async () => {
    expect((await send('POST', '/api/fields', field({ name: 'Diamond 2' }), agent())).statusCode).toBe(201);
    const ua = agent();
    const dup = await send('PUT', `/api/fields/${fieldId}`, field({ name: 'Diamond 2' }), ua);
    expect(dup.statusCode).toBe(409);
    expect(await auditOf(ua)).toEqual([]);
  });
});
