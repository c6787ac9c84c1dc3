import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authUser } from '../db/schema';
import { buildTestApp, TEST_ORIGIN, type TestApp, type TestUser } from '../test/test-app';
import { listDeclaredRoutes } from './access';

let t: TestApp;
let coach: TestUser;
let member: TestUser;
let admin: TestUser;
beforeAll(async () => {
  t = await buildTestApp();
  coach = await t.signUp({ email: 'coach@example.org', role: 'coach' });
  member = await t.signUp({ email: 'member@example.org', role: 'member' });
  admin = await t.signUp({ email: 'admin@example.org', role: 'admin' });
});
afterAll(() => t.close());

const ADMIN_PROBE = { method: 'GET' as const, url: '/api/admin/overview' };

function concrete(url: string): string {
  return url.replace(/:id\b/g, '00000000-0000-4000-8000-000000000000');
}

describe('who may call what', () => {
  it('every /api route declares its access, and the admin routes exist', () => {
    const routes = listDeclaredRoutes(t.app);
    expect(routes.length).toBeGreaterThan(8);
    expect(routes.every((r) => ['public', 'user', 'admin'].includes(r.access))).toBe(true);
    const admin = routes.filter((r) => r.access === 'admin').map((r) => `${r.method} ${r.url}`);
    // Every admin action the product has; one made public by mistake fails here.
    expect(admin).toEqual(
      expect.arrayContaining([
        'POST /api/seasons',
        'PUT /api/seasons/:id',
        'POST /api/seasons/:id/activate',
        'GET /api/admin/overview',
        'PUT /api/league',
        'POST /api/facilities',
        'PUT /api/facilities/:id',
        'POST /api/fields',
        'PUT /api/fields/:id',
        'POST /api/slots/preview',
        'POST /api/slots/generate',
        'PUT /api/slots/:id',
        'DELETE /api/slots/:id',
        'GET /api/blocks',
        'POST /api/blocks',
        'DELETE /api/blocks/:id',
        'PUT /api/seasons/:id/booking-rules',
        'GET /api/admin/bookings',
        'GET /api/admin/bookings.csv',
        'POST /api/admin/bookings/:id/cancel',
        'POST /api/admin/bookings/:id/move',
        'POST /api/admin/bookings/override',
      ]),
    );
  });

  it('every admin endpoint answers 401 to a visitor and 403 to a coach and a member', async () => {
    const adminRoutes = listDeclaredRoutes(t.app).filter((r) => r.access === 'admin');
    for (const route of adminRoutes) {
      const request = (cookie?: string) =>
        t.app.inject({
          method: route.method as 'GET',
          url: concrete(route.url),
          headers: { origin: TEST_ORIGIN, ...(cookie ? { cookie } : {}) },
          ...(route.method === 'GET' ? {} : { payload: {} }),
        });
      const visitor = await request();
      expect(visitor.statusCode, `${route.method} ${route.url} as visitor`).toBe(401);
      expect(visitor.json().error.code).toBe('UNAUTHENTICATED');
      for (const user of [coach, member]) {
        const res = await request(user.cookie);
        expect(res.statusCode, `${route.method} ${route.url} as ${user.email}`).toBe(403);
        expect(res.json().error).toEqual({ code: 'FORBIDDEN', message: expect.stringContaining('admin'), key: 'notAdmin', params: {} });
      }
    }
  });

  it('lets an admin by profile role through', async () => {
    const res = await t.app.inject({ ...ADMIN_PROBE, headers: { cookie: admin.cookie } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ users: expect.any(Number), teams: 0 });
  });

  it('lets an admin by identity claim through, whatever the profile role (spec §6)', async () => {
    const claimed = await t.signUp({ email: 'claimed@example.org', role: 'member' });
    expect((await t.app.inject({ ...ADMIN_PROBE, headers: { cookie: claimed.cookie } })).statusCode).toBe(403);
    await t.database.db.update(authUser).set({ claims: { admin: true } }).where(eq(authUser.id, claimed.id));
    // Claims are set outside the app: the change is announced as the app's own changes are, so that the signed-in
    // person held in memory (auth/actor-cache.ts) is read again; unannounced, it would be after at most 30 s.
    await t.context.live.publish({ people: [claimed.id] });
    expect((await t.app.inject({ ...ADMIN_PROBE, headers: { cookie: claimed.cookie } })).statusCode).toBe(200);
    const claims = await t.app.inject({ url: '/api/me/claims', headers: { cookie: claimed.cookie } });
    expect(claims.json()).toEqual({ claims: { admin: true }, adminClaim: 'admin' });
  });

  it('user routes need a session', async () => {
    expect((await t.app.inject({ url: '/api/me' })).statusCode).toBe(401);
    expect((await t.app.inject({ url: '/api/me', headers: { cookie: 'better-auth.session_token=forged.value' } })).statusCode).toBe(401);
  });
});
