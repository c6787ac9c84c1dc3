import { and, eq } from 'drizzle-orm';
import { createEmailVerificationToken } from 'better-auth/api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authUser, mailMessages } from '../../db/schema';
import { buildTestApp, cookieHeader, TEST_ORIGIN, type TestApp } from '../../test/test-app';

const SECRET = 'test-secret-test-secret-test-secret-42';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ TRUST_PROXY: 'true' });
});
afterAll(() => t.close());

let lastIp = 0;
const post = (url: string, payload: unknown, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url, payload: payload as object, headers: { origin: TEST_ORIGIN, 'x-forwarded-for': `10.70.0.${++lastIp}`, ...headers } });

const verifyMails = (address: string) =>
  t.database.db
    .select({ subject: mailMessages.subject, text: mailMessages.textBody, html: mailMessages.htmlBody, toUserId: mailMessages.toUserId })
    .from(mailMessages)
    .where(and(eq(mailMessages.toAddress, address), eq(mailMessages.kind, 'email.verify')));

const isVerified = async (email: string) => (await t.database.db.select({ v: authUser.emailVerified }).from(authUser).where(eq(authUser.email, email)))[0]?.v;

/** The link in a verification email, as a path the test app can be asked for. */
function linkIn(text: string): string {
  const match = /Confirm my email address: (\S+)/.exec(text);
  expect(match, text).not.toBeNull();
  const url = new URL(match![1]!);
  expect(url.origin).toBe(TEST_ORIGIN);
  return url.pathname + url.search;
}

describe('email verification', () => {
  it('sign-up queues one verification email, and signing in does not wait for it', async () => {
    const res = await post('/api/auth/sign-up/email', { name: 'Vera Verify', email: 'vera@example.org', password: 'long-enough-1' });
    expect(res.statusCode).toBe(200);
    const mails = await verifyMails('vera@example.org');
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ subject: 'Confirm your email address for CGSL Softball League', toUserId: res.json().user.id });
    expect(mails[0]!.text).toContain('Hello Vera Verify');
    expect(linkIn(mails[0]!.text)).toMatch(/^\/api\/auth\/verify-email\?token=[\w.-]+&callbackURL=%2Fprofile%3Ffrom%3Dverify-email$/);

    // Not verified, and yet the app is usable at once and a later sign-in works.
    expect(await isVerified('vera@example.org')).toBe(false);
    const cookie = cookieHeader(res.headers['set-cookie']);
    expect((await t.app.inject({ url: '/api/me', headers: { cookie } })).statusCode).toBe(200);
    expect((await post('/api/auth/sign-in/email', { email: 'vera@example.org', password: 'long-enough-1' })).statusCode).toBe(200);
  });

  it('the link marks the email verified and lands on our profile page', async () => {
    const user = await t.signUp({ email: 'lands@example.org' });
    const [mail] = await verifyMails(user.email);
    const res = await t.app.inject({ url: linkIn(mail!.text) });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/profile?from=verify-email');
    expect(await isVerified(user.email)).toBe(true);
    const session = await t.app.inject({ url: '/api/auth/get-session', headers: { cookie: user.cookie } });
    expect(session.json().user.emailVerified).toBe(true);

    // Opening it again is harmless and lands on the same page.
    const again = await t.app.inject({ url: linkIn(mail!.text) });
    expect(again.headers.location).toBe('/profile?from=verify-email');
  });

  it('an expired or broken link lands on the profile with the reason, and verifies nothing', async () => {
    const user = await t.signUp({ email: 'stale@example.org' });
    const expired = await createEmailVerificationToken(SECRET, user.email, undefined, -60, { userId: user.id });
    const res = await t.app.inject({ url: `/api/auth/verify-email?token=${expired}&callbackURL=${encodeURIComponent('/profile?from=verify-email')}` });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/profile?from=verify-email&error=TOKEN_EXPIRED');

    const broken = await t.app.inject({ url: `/api/auth/verify-email?token=abc.def&callbackURL=${encodeURIComponent('/profile?from=verify-email')}` });
    expect(broken.headers.location).toBe('/profile?from=verify-email&error=INVALID_TOKEN');
    expect(await isVerified(user.email)).toBe(false);
  });

  it('"Resend verification email" queues a new one for the signed-in person, and says when there is nothing to do', async () => {
    const user = await t.signUp({ email: 'resend@example.org' });
    expect(await verifyMails(user.email)).toHaveLength(1);
    const res = await post('/api/auth/send-verification-email', { email: user.email }, { cookie: user.cookie });
    expect(res.statusCode, res.body).toBe(200);
    const mails = await verifyMails(user.email);
    expect(mails).toHaveLength(2);
    // Whatever callback the request named, the link lands on our page.
    expect(linkIn(mails[1]!.text)).toContain('callbackURL=%2Fprofile%3Ffrom%3Dverify-email');

    await t.app.inject({ url: linkIn(mails[1]!.text) });
    const done = await post('/api/auth/send-verification-email', { email: user.email }, { cookie: user.cookie });
    expect(done.statusCode).toBe(409);
    expect(done.json().error).toEqual({ code: 'CONFLICT', message: 'Your email address is already confirmed. There is nothing more to do.', key: 'auth.emailAlreadyVerified', params: {} });

    const other = await post('/api/auth/send-verification-email', { email: 'someone-else@example.org' }, { cookie: user.cookie });
    expect(other.statusCode).toBe(400);
    expect(other.json().error.code).toBe('VALIDATION_FAILED');
    expect(await verifyMails('someone-else@example.org')).toHaveLength(0);
  });
});
