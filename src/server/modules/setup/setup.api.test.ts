import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, authUser, users } from '../../db/schema';
import { adminExists } from '../users/users.service';
import { buildTestApp, cookieHeader, TEST_ORIGIN, type TestApp } from '../../test/test-app';
import { issueSetupLink } from './setup.service';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const setup = (payload: unknown) =>
  t.app.inject({ method: 'POST', url: '/api/setup', payload: payload as object, headers: { origin: TEST_ORIGIN } });

describe('first run: the one-time setup link', () => {
  it('creates the first admin once, then refuses the link and stops issuing new ones', async () => {
    expect((await t.app.inject({ url: '/api/setup' })).json()).toEqual({ needsSetup: true });
    const link = await issueSetupLink(t.database.db, t.config.publicUrl);
    expect(link).toMatch(/^http:\/\/localhost:3000\/setup\?token=[\w-]{40,}$/);
    const token = new URL(link!).searchParams.get('token')!;

    const wrong = await setup({ token: 'not-the-token', name: 'Eve', email: 'eve@example.org', password: 'long-enough-1' });
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json().error.message).toContain('setup link is not valid');

    const ok = await setup({ token, name: 'Lee League', email: 'lee@example.org', password: 'long-enough-1' });
    expect(ok.statusCode).toBe(201);
    const cookie = cookieHeader(ok.headers['set-cookie']);
    const me = await t.app.inject({ url: '/api/me', headers: { cookie } });
    expect(me.json().profile).toMatchObject({ email: 'lee@example.org', role: 'admin' });
    expect((await t.app.inject({ url: '/api/admin/overview', headers: { cookie } })).statusCode).toBe(200);

    const again = await setup({ token, name: 'Lee 2', email: 'lee2@example.org', password: 'long-enough-1' });
    expect(again.statusCode).toBe(409);
    expect(await issueSetupLink(t.database.db, t.config.publicUrl)).toBeNull();
    expect((await t.app.inject({ url: '/api/setup' })).json()).toEqual({ needsSetup: false });

    const audit = await t.database.db.select().from(auditLog);
    expect(audit.some((a) => a.action === 'user.role.change' && a.actorEmail === 'lee@example.org')).toBe(true);
  });

  it('validates the form with clear messages', async () => {
    const res = await setup({ token: 'x', name: '', email: 'not-an-email', password: 'short' });
    expect(res.statusCode).toBe(400);
    const paths = (res.json().error.details as Array<{ path: string }>).map((d) => d.path);
    expect(paths).toEqual(expect.arrayContaining(['name', 'email', 'password']));
  });
});

describe("an admin by the identity provider's claim closes the setup link too (spec §6, OIDC_ADMIN_CLAIM)", () => {
  it('counts a claim by the league rule, for an enabled person only', async () => {
    const other = await buildTestApp();
    try {
      const db = other.database.db;
      expect(await adminExists(db, 'roles=cgsl-admin')).toBe(false);
      const person = await other.signUp({ email: 'claim.admin@example.org' });
      await db.update(authUser).set({ claims: { roles: ['coach', 'cgsl-admin'], admin: 'true' } }).where(eq(authUser.id, person.id));
      other.wroteBehindTheApp();
      expect(await adminExists(db, 'roles=cgsl-admin')).toBe(true);
      expect(await adminExists(db, 'roles=other')).toBe(false);
      // A bare name needs JSON true: the text "true" is not a yes.
      expect(await adminExists(db, 'admin')).toBe(false);
      await db.update(authUser).set({ claims: { admin: true } }).where(eq(authUser.id, person.id));
      expect(await adminExists(db, 'admin')).toBe(true);
      expect(await issueSetupLink(db, other.config.publicUrl, 'admin')).toBeNull();
      await db.update(users).set({ disabled: true }).where(eq(users.id, person.id));
      expect(await adminExists(db, 'admin')).toBe(false);
    } finally {
      await other.close();
    }
  });
});
