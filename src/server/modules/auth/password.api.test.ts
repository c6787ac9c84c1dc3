import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authVerification, mailMessages } from '../../db/schema';
import { buildTestApp, cookieHeader, TEST_ORIGIN, type TestApp, type TestUser } from '../../test/test-app';
import { hashVerificationIdentifier } from './reset-links';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ LOGIN_RATE_LIMIT: '5', TRUST_PROXY: 'true' });
});
afterAll(() => t.close());

// Each request its own address, so the per-address rate limits only count where a test means them to.
let lastIp = 0;
const nextIp = () => `10.60.${Math.floor(++lastIp / 250)}.${lastIp % 250}`;
const post = (url: string, payload: unknown, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url, payload: payload as object, headers: { origin: TEST_ORIGIN, 'x-forwarded-for': nextIp(), ...headers } });
const me = (cookie: string) => t.app.inject({ url: '/api/me', headers: { cookie } });
const signIn = (email: string, password: string) => post('/api/auth/sign-in/email', { email, password });

const resetMails = (address: string) =>
  t.database.db
    .select({ subject: mailMessages.subject, text: mailMessages.textBody, html: mailMessages.htmlBody, toUserId: mailMessages.toUserId, status: mailMessages.status })
    .from(mailMessages)
    .where(and(eq(mailMessages.toAddress, address), eq(mailMessages.kind, 'password.reset')));

/** Asks for a reset link and returns the token from the one email it queued. */
async function requestReset(user: TestUser): Promise<string> {
  const before = (await resetMails(user.email)).length;
  const res = await post('/api/auth/request-password-reset', { email: user.email });
  expect(res.statusCode, res.body).toBe(200);
  const mails = await resetMails(user.email);
  expect(mails).toHaveLength(before + 1);
  const url = /https?:\/\/\S+\/reset-password\?token=([\w-]+)/.exec(mails.at(-1)!.text);
  expect(url, mails.at(-1)!.text).not.toBeNull();
  return decodeURIComponent(url![1]!);
}

const linkStatus = async (token: string) => (await post('/api/auth/reset-link-status', { token })).json().status as string;

describe('forgot password', () => {
  it('queues exactly one reset email to the address, with a link to our /reset-password page', async () => {
    const user = await t.signUp({ email: 'forgetful@example.org' });
    const res = await post('/api/auth/request-password-reset', { email: 'Forgetful@Example.org' });
    expect(res.statusCode).toBe(200);

    const mails = await resetMails('forgetful@example.org');
    expect(mails).toHaveLength(1);
    const [mail] = mails;
    expect(mail).toMatchObject({ subject: 'Reset your CGSL Softball League password', toUserId: user.id, status: 'pending' });
    expect(mail!.text).toContain('CGSL Softball League');
    expect(mail!.text).toMatch(new RegExp(`Choose a new password: ${TEST_ORIGIN}/reset-password\\?token=[\\w-]{20,}\\n`));
    expect(mail!.text).toContain('expires in 1 hour');
    expect(mail!.html).toMatch(new RegExp(`href="${TEST_ORIGIN}/reset-password\\?token=[\\w-]{20,}"`));
    // The token is stored only as a digest: the database holds no working link.
    const token = /token=([\w-]+)/.exec(mail!.text)![1]!;
    const rows = await t.database.db.select({ identifier: authVerification.identifier }).from(authVerification);
    expect(rows.map((r) => r.identifier).join(' ')).not.toContain(token);
  });

  it('answers an unknown address exactly as a known one, and queues nothing', async () => {
    await t.signUp({ email: 'known@example.org' });
    const timed = async (email: string) => {
      const started = performance.now();
      const res = await post('/api/auth/request-password-reset', { email });
      return { res, ms: performance.now() - started };
    };
    const known = await timed('known@example.org');
    const unknown = await timed('nobody-here@example.org');
    expect(unknown.res.statusCode).toBe(known.res.statusCode);
    expect(unknown.res.json()).toEqual(known.res.json());
    // Both take the same padded time, so a known address is not given away by a slower answer either.
    expect(known.ms).toBeGreaterThanOrEqual(495);
    expect(unknown.ms).toBeGreaterThanOrEqual(495);
    expect(await resetMails('nobody-here@example.org')).toHaveLength(0);
    expect(await t.database.db.$count(mailMessages, eq(mailMessages.toAddress, 'nobody-here@example.org'))).toBe(0);
  });

  it('is rate-limited per address like sign-in', async () => {
    const ip = '10.99.0.1';
    const statuses: number[] = [];
    for (let i = 0; i < 7; i++) statuses.push((await post('/api/auth/request-password-reset', { email: 'spam@example.org' }, { 'x-forwarded-for': ip })).statusCode);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429, 429]);
    const limited = await post('/api/auth/request-password-reset', { email: 'spam@example.org' }, { 'x-forwarded-for': ip });
    expect(limited.json().error.code).toBe('RATE_LIMITED');
  });
});

describe('reset password', () => {
  it('the link works once: it sets the password, ends every session, and then says it was used', async () => {
    const user = await t.signUp({ email: 'once@example.org' });
    const token = await requestReset(user);
    expect(await linkStatus(token)).toBe('valid');

    const reset = await post('/api/auth/reset-password', { token, newPassword: 'brand-new-password' });
    expect(reset.statusCode, reset.body).toBe(200);
    expect((await signIn(user.email, 'brand-new-password')).statusCode).toBe(200);
    expect((await signIn(user.email, user.password)).statusCode).toBe(401);
    // revokeSessionsOnPasswordReset: the session from before the reset is over.
    expect((await me(user.cookie)).statusCode).toBe(401);

    const again = await post('/api/auth/reset-password', { token, newPassword: 'another-password-2' });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({
      error: { code: 'VALIDATION_FAILED', message: 'This link has already been used. Ask for a new one.', details: { link: 'used' }, key: 'auth.resetLinkUsed', params: {} },
    });
    expect(await linkStatus(token)).toBe('used');
    expect((await signIn(user.email, 'brand-new-password')).statusCode).toBe(200);
  });

  it('an expired link fails, says it expired, and leaves the password as it was', async () => {
    const user = await t.signUp({ email: 'late@example.org' });
    const token = await requestReset(user);
    // An hour passes: better-auth's row for the link (its value is the user id) is now past its expiry.
    await t.database.db
      .update(authVerification)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(authVerification.identifier, hashVerificationIdentifier(`reset-password:${token}`)));
    expect(await linkStatus(token)).toBe('expired');

    const res = await post('/api/auth/reset-password', { token, newPassword: 'too-late-password' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      error: { code: 'VALIDATION_FAILED', message: 'This link has expired. Ask for a new one.', details: { link: 'expired' }, key: 'auth.resetLinkExpired', params: {} },
    });
    expect((await signIn(user.email, user.password)).statusCode).toBe(200);
    expect((await signIn(user.email, 'too-late-password')).statusCode).toBe(401);
  });

  it('still says "expired" once better-auth has cleaned the expired link away', async () => {
    const user = await t.signUp({ email: 'cleaned@example.org' });
    const token = await requestReset(user);
    const linkRow = eq(authVerification.identifier, hashVerificationIdentifier(`reset-password:${token}`));
    const [link] = await t.database.db.select({ value: authVerification.value }).from(authVerification).where(linkRow);
    expect(link?.value).toBe(user.id);
    // Its row is gone (the cleanup), and the ledger's note of when the link expires is in the past.
    await t.database.db.delete(authVerification).where(linkRow);
    const ledger = eq(authVerification.identifier, hashVerificationIdentifier(`reset-password-ledger:${token}`));
    await t.database.db.update(authVerification).set({ value: JSON.stringify({ expiresAt: new Date(Date.now() - 1000).toISOString(), usedAt: null }) }).where(ledger);
    expect(await linkStatus(token)).toBe('expired');
    const res = await post('/api/auth/reset-password', { token, newPassword: 'too-late-password' });
    expect(res.json().error).toMatchObject({ message: 'This link has expired. Ask for a new one.', details: { link: 'expired' } });
  });

  it('a made-up token is "not valid", and a too-short new password is refused at its field', async () => {
    expect(await linkStatus('not-a-real-token')).toBe('invalid');
    const res = await post('/api/auth/reset-password', { token: 'not-a-real-token', newPassword: 'long-enough-pw' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toEqual({
      code: 'VALIDATION_FAILED',
      message: 'This link is not valid: it may be incomplete or too old. Ask for a new one.',
      details: { link: 'invalid' },
      key: 'auth.resetLinkInvalid',
      params: {},
    });

    const user = await t.signUp({ email: 'shorty@example.org' });
    const token = await requestReset(user);
    const short = await post('/api/auth/reset-password', { token, newPassword: 'abc' });
    expect(short.json().error).toMatchObject({ code: 'VALIDATION_FAILED', details: { fields: { newPassword: expect.stringContaining('too short') } } });
    // A refused password does not spend the link.
    expect(await linkStatus(token)).toBe('valid');
  });
});

describe('change password', () => {
  it('needs the current password, and says so at that field', async () => {
    const user = await t.signUp({ email: 'changer@example.org' });
    const wrong = await post('/api/auth/change-password', { currentPassword: 'not-my-password', newPassword: 'a-new-password-1' }, { cookie: user.cookie });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error).toMatchObject({ code: 'VALIDATION_FAILED', details: { fields: { currentPassword: 'That password is incorrect' } } });
    const anonymous = await post('/api/auth/change-password', { currentPassword: user.password, newPassword: 'a-new-password-1' });
    expect(anonymous.statusCode).toBe(401);

    const ok = await post('/api/auth/change-password', { currentPassword: user.password, newPassword: 'a-new-password-1' }, { cookie: user.cookie });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().token).toBeUndefined();
    expect((await signIn(user.email, 'a-new-password-1')).statusCode).toBe(200);
    expect((await signIn(user.email, user.password)).statusCode).toBe(401);
    // Without "sign out other devices" the session that changed it carries on.
    expect((await me(user.cookie)).statusCode).toBe(200);
  });

  it('with revokeOtherSessions, the other device is signed out and this one carries on with a new cookie', async () => {
    const user = await t.signUp({ email: 'changer2@example.org' });
    const phone = cookieHeader((await signIn(user.email, user.password)).headers['set-cookie']);
    const res = await post('/api/auth/change-password', { currentPassword: user.password, newPassword: 'a-new-password-2', revokeOtherSessions: true }, { cookie: user.cookie });
    expect(res.statusCode, res.body).toBe(200);
    const fresh = cookieHeader(res.headers['set-cookie']);
    expect(fresh).toContain('session_token=');
    expect((await me(phone)).statusCode).toBe(401);
    expect((await me(fresh)).statusCode).toBe(200);
  });
});

describe('sign out of every other device', () => {
  it('keeps the current session and ends the others', async () => {
    const user = await t.signUp({ email: 'devices@example.org' });
    const laptop = cookieHeader((await signIn(user.email, user.password)).headers['set-cookie']);
    const phone = cookieHeader((await signIn(user.email, user.password)).headers['set-cookie']);
    const other = await t.signUp({ email: 'bystander@example.org' });

    const res = await post('/api/auth/revoke-other-sessions', {}, { cookie: laptop });
    expect(res.statusCode, res.body).toBe(200);
    expect((await me(laptop)).statusCode).toBe(200);
    expect((await me(phone)).statusCode).toBe(401);
    expect((await me(user.cookie)).statusCode).toBe(401);
    // Someone else's session is not touched.
    expect((await me(other.cookie)).statusCode).toBe(200);
  });

  it('needs a session', async () => {
    const res = await post('/api/auth/revoke-other-sessions', {});
    expect(res.statusCode).toBe(401);
    expect(res.json().error.code).toBe('UNAUTHENTICATED');
  });
});

describe('session answers', () => {
  it('get-session tells the page whether the email is verified, without the session token', async () => {
    const user = await t.signUp({ email: 'reader@example.org' });
    const res = await t.app.inject({ url: '/api/auth/get-session', headers: { cookie: user.cookie } });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.user).toMatchObject({ id: user.id, email: user.email, emailVerified: false });
    expect(body.session.token).toBeUndefined();
    expect(res.body).not.toContain(user.cookie.split('=')[1]!.split('.')[0]!);
  });
});
