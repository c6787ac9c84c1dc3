import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, authAccount, mailMessages } from '../../db/schema';
import { buildTestApp, cookieHeader, TEST_ORIGIN, type TestApp, type TestUser } from '../../test/test-app';

/**
 * Security events of an account reach the audit log (issue 24): a password changed or reset, every other device
 * signed out, sign-ins locked after too many failures (the provider link is in oidc.api.test.ts). Each entry names
 * the person and holds no secret: no password, no hash, no token, no link.
 */
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ LOGIN_RATE_LIMIT: '50', TRUST_PROXY: 'true', LOGIN_ACCOUNT_LIMIT: '3' });
});
afterAll(() => t.close());

let lastIp = 0;
const nextIp = () => `10.61.${Math.floor(++lastIp / 250)}.${lastIp % 250}`;
const post = (url: string, payload: unknown, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url, payload: payload as object, headers: { origin: TEST_ORIGIN, 'x-forwarded-for': nextIp(), 'user-agent': 'SecurityAuditTest/1', ...headers } });
const signIn = (email: string, password: string) => post('/api/auth/sign-in/email', { email, password });

/** The person's entries with this action, oldest first. */
const entries = (userId: string, action: string) =>
  t.database.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entityType, 'user'), eq(auditLog.entityId, userId), eq(auditLog.action, action)))
    .orderBy(asc(auditLog.at));

/** Whatever the entry holds, as text: none of these may appear in it. */
async function expectNoSecret(entry: object, user: TestUser, secrets: string[]) {
  const text = JSON.stringify(entry);
  const [credential] = await t.database.db.select({ hash: authAccount.password }).from(authAccount).where(eq(authAccount.userId, user.id));
  const sessionToken = decodeURIComponent(user.cookie.split('session_token=')[1]!.split(';')[0]!).split('.')[0]!;
  for (const secret of [...secrets, user.password, credential?.hash ?? '', sessionToken].filter(Boolean)) expect(text).not.toContain(secret);
  expect(text).not.toMatch(/\$argon2/);
  expect(text).not.toMatch(/token=/);
}

describe('security events in the audit log', () => {
  it('a password change, by the person, naming them; with "sign out other devices" it says so', async () => {
    const user = await t.signUp({ email: 'audit.changer@example.org' });
    const res = await post('/api/auth/change-password', { currentPassword: user.password, newPassword: 'changed-password-1' }, { cookie: user.cookie });
    expect(res.statusCode, res.body).toBe(200);
    const res2 = await post('/api/auth/change-password', { currentPassword: 'changed-password-1', newPassword: 'changed-password-2', revokeOtherSessions: true }, { cookie: user.cookie });
    expect(res2.statusCode, res2.body).toBe(200);

    const logged = await entries(user.id, 'user.password.change');
    expect(logged).toHaveLength(2);
    expect(logged[0]).toMatchObject({
      actorId: user.id,
      actorEmail: user.email,
      userAgent: 'SecurityAuditTest/1',
      summary: 'audit.changer@example.org changed their password',
      after: { otherDevicesSignedOut: false },
    });
    expect(logged[0]!.ip).toMatch(/^10\.61\./);
    expect(logged[1]).toMatchObject({ summary: 'audit.changer@example.org changed their password and signed out of every other device', after: { otherDevicesSignedOut: true } });
    for (const entry of logged) await expectNoSecret(entry, user, ['changed-password-1', 'changed-password-2']);
  });

  it('a wrong current password changes nothing and logs nothing', async () => {
    const user = await t.signUp({ email: 'audit.wrong@example.org' });
    const res = await post('/api/auth/change-password', { currentPassword: 'not-the-password', newPassword: 'changed-password-3' }, { cookie: user.cookie });
    expect(res.statusCode).toBe(400);
    expect(await entries(user.id, 'user.password.change')).toEqual([]);
  });

  it('a password reset with the emailed link, by the person; the link and token are nowhere in the entry', async () => {
    const user = await t.signUp({ email: 'audit.resetter@example.org' });
    expect((await post('/api/auth/request-password-reset', { email: user.email })).statusCode).toBe(200);
    const [mail] = await t.database.db
      .select({ text: mailMessages.textBody })
      .from(mailMessages)
      .where(and(eq(mailMessages.toAddress, user.email), eq(mailMessages.kind, 'password.reset')));
    const link = /https?:\/\/\S+\/reset-password\?token=([\w-]+)/.exec(mail!.text)!;
    const token = decodeURIComponent(link[1]!);

    const reset = await post('/api/auth/reset-password', { token, newPassword: 'reset-password-1' });
    expect(reset.statusCode, reset.body).toBe(200);
    const logged = await entries(user.id, 'user.password.reset');
    expect(logged).toHaveLength(1);
    expect(logged[0]).toMatchObject({ actorId: user.id, actorEmail: user.email, summary: 'audit.resetter@example.org chose a new password with a reset link; every session ended' });
    await expectNoSecret(logged[0]!, user, [token, link[0], 'reset-password-1']);

    // The spent link changes nothing the second time, and logs nothing.
    expect((await post('/api/auth/reset-password', { token, newPassword: 'reset-password-2' })).statusCode).toBe(400);
    expect(await entries(user.id, 'user.password.reset')).toHaveLength(1);
  });

  it('"sign out of every other device", by the person', async () => {
    const user = await t.signUp({ email: 'audit.devices@example.org' });
    const phone = cookieHeader((await signIn(user.email, user.password)).headers['set-cookie']);
    const res = await post('/api/auth/revoke-other-sessions', {}, { cookie: user.cookie });
    expect(res.statusCode, res.body).toBe(200);
    const logged = await entries(user.id, 'user.sessions.revoke_others');
    expect(logged).toHaveLength(1);
    expect(logged[0]).toMatchObject({ actorId: user.id, actorEmail: user.email, summary: 'audit.devices@example.org signed out of every other device' });
    await expectNoSecret(logged[0]!, user, [decodeURIComponent(phone.split('session_token=')[1]!).split('.')[0]!]);
  });

  it('sign-ins locked for an account: logged once, when the failure that fills the window happens, without the guesses', async () => {
    const user = await t.signUp({ email: 'audit.target@example.org' });
    const statuses: number[] = [];
    for (let i = 1; i <= 6; i++) statuses.push((await signIn('Audit.Target@example.org', `guess-number-${i}`)).statusCode);
    expect(statuses).toEqual([401, 401, 401, 429, 429, 429]);

    const logged = await entries(user.id, 'user.sign_in.locked');
    expect(logged).toHaveLength(1);
    expect(logged[0]).toMatchObject({
      actorId: null,
      actorEmail: null,
      userAgent: 'SecurityAuditTest/1',
      summary: 'Sign-ins to audit.target@example.org refused for up to 15 minutes after 3 failed attempts',
      after: { failures: 3, lockedForMinutes: 15 },
    });
    await expectNoSecret(logged[0]!, user, ['guess-number']);

    // The same guesses at an address nobody has lock nothing that the log could name.
    const before = await t.database.db.select({ id: auditLog.id }).from(auditLog).where(eq(auditLog.action, 'user.sign_in.locked'));
    for (let i = 1; i <= 4; i++) await signIn('nobody.here@example.org', `guess-number-${i}`);
    const after = await t.database.db.select({ id: auditLog.id }).from(auditLog).where(eq(auditLog.action, 'user.sign_in.locked'));
    expect(after).toHaveLength(before.length);
  });

  it('the audit log screen lists them under the person, with their words', async () => {
    const admin = await t.signUp({ email: 'audit.reader@example.org', role: 'admin' });
    const user = await t.signUp({ email: 'audit.listed@example.org' });
    expect((await post('/api/auth/revoke-other-sessions', {}, { cookie: user.cookie })).statusCode).toBe(200);
    const page = await t.app.inject({ url: `/api/admin/audit-log?entityType=user&entityId=${user.id}`, headers: { cookie: admin.cookie } });
    expect(page.statusCode, page.body).toBe(200);
    expect(page.json().entries).toEqual([
      expect.objectContaining({ action: 'user.sessions.revoke_others', actorEmail: user.email, entityLabel: user.email, summary: 'audit.listed@example.org signed out of every other device' }),
    ]);
  });
});
