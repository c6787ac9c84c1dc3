/** An admin switches password sign-up off (issue 16): visitors are refused in words, invitations keep working. */
import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, mailMessages } from '../../db/schema';
import { seedLeague, type League } from '../../test/booking-fixtures';
import { buildTestApp, cookieHeader, TEST_ORIGIN, type TestApp, type TestUser } from '../../test/test-app';

let t: TestApp;
let league: League;
let admin: TestUser;
let member: TestUser;

beforeAll(async () => {
  t = await buildTestApp();
  league = await seedLeague(t, { teams: 1 });
  admin = await t.signUp({ email: 'signup-admin@example.org', role: 'admin', name: 'Ada Admin' });
  member = await t.signUp({ email: 'signup-member@example.org' });
}, 60_000);
afterAll(() => t.close());

const headers = (cookie?: string) => ({ origin: TEST_ORIGIN, ...(cookie ? { cookie } : {}) });
const setSwitch = (passwordSignUp: boolean, cookie?: string) =>
  t.app.inject({ method: 'PUT', url: '/api/league/password-sign-up', payload: { passwordSignUp }, headers: headers(cookie) });
const signUp = (email: string) =>
  t.app.inject({ method: 'POST', url: '/api/auth/sign-up/email', payload: { name: 'Walk In', email, password: 'a-long-password' }, headers: headers() });
const options = async () => (await t.app.inject({ url: '/api/sign-in-options' })).json<{ oidc: unknown; passwordSignUp: boolean }>();
const switchEntries = () => t.database.db.select().from(auditLog).where(eq(auditLog.action, 'league.password_sign_up.change')).orderBy(desc(auditLog.at));

describe('the password sign-up switch', () => {
  it('is on by default, and only an admin may switch it', async () => {
    expect(await options()).toEqual({ oidc: null, passwordSignUp: true });
    expect((await setSwitch(false)).statusCode).toBe(401);
    expect((await setSwitch(false, member.cookie)).statusCode).toBe(403);
    expect((await options()).passwordSignUp).toBe(true);
  });

  it('off: a visitor’s sign-up is refused in words, with nothing created; the change is audit-logged once', async () => {
    const res = await setSwitch(false, admin.cookie);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ passwordSignUp: false });
    expect((await setSwitch(false, admin.cookie)).statusCode).toBe(200);
    const entries = await switchEntries();
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ actorEmail: admin.email, entityType: 'league', before: { passwordSignUp: true }, after: { passwordSignUp: false } });
    expect(entries[0]!.summary).toContain('Switched password sign-up off');

    expect(await options()).toEqual({ oidc: null, passwordSignUp: false });
    const refused = await signUp('walk.in@example.org');
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toEqual({
      code: 'FORBIDDEN',
      message: 'Creating an account with a password is switched off for this league: new accounts are by invitation. Ask a league admin to invite you.',
      key: 'auth.passwordSignUpOff',
      params: {},
    });
    expect(refused.headers['set-cookie']).toBeUndefined();
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      payload: { email: 'walk.in@example.org', password: 'a-long-password' },
      headers: headers(),
    });
    expect(login.statusCode).toBe(401);
  });

  it('off: an invitation still makes an account through its link', async () => {
    expect((await setSwitch(false, admin.cookie)).statusCode).toBe(200);
    const email = 'invited.while.off@example.org';
    const invited = await t.app.inject({
      method: 'POST',
      url: '/api/admin/invitations',
      payload: { email, role: 'coach', teamId: league.teamIds[0] },
      headers: headers(admin.cookie),
    });
    expect(invited.statusCode, invited.body).toBe(201);
    const [mail] = await t.database.db.select().from(mailMessages).where(eq(mailMessages.toAddress, email)).limit(1);
    const token = /\/invite\?token=([A-Za-z0-9_-]+)/.exec(mail!.textBody)![1]!;
    const accepted = await t.app.inject({
      method: 'POST',
      url: '/api/invitations/accept',
      payload: { token, name: 'Invited Coach', password: 'a-long-password' },
      headers: headers(),
    });
    expect(accepted.statusCode, accepted.body).toBe(201);
    const cookie = cookieHeader(accepted.headers['set-cookie']);
    expect((await t.app.inject({ url: '/api/me', headers: { cookie } })).json().profile).toMatchObject({ email, role: 'coach' });
  });

  it('on again: visitors can sign up with a password', async () => {
    const res = await setSwitch(true, admin.cookie);
    expect(res.json()).toEqual({ passwordSignUp: true });
    expect((await switchEntries())[0]).toMatchObject({ before: { passwordSignUp: false }, after: { passwordSignUp: true } });
    const created = await signUp('walk.in.later@example.org');
    expect(created.statusCode, created.body).toBe(200);
  });
});
