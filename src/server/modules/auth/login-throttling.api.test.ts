import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, authSession, authVerification } from '../../db/schema';
import { buildTestApp, TEST_ORIGIN, type TestApp } from '../../test/test-app';
import { issueSetupLink } from '../setup/setup.service';

/**
 * Who the client is, and how many guesses it gets. With TRUST_PROXY unset the address of the connection is the
 * client's, whatever X-Forwarded-For says; with a proxy trusted, the forwarded address is. Either way one account
 * takes at most LOGIN_ACCOUNT_LIMIT wrong passwords per window, from however many addresses.
 */

let direct: TestApp;
let proxied: TestApp;
beforeAll(async () => {
  [direct, proxied] = await Promise.all([buildTestApp(), buildTestApp({ TRUST_PROXY: '1' })]);
}, 60_000);
afterAll(() => Promise.all([direct.close(), proxied.close()]));

const signIn = (t: TestApp, email: string, password: string, forwardedFor: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/auth/sign-in/email',
    payload: { email, password },
    headers: { origin: TEST_ORIGIN, 'x-forwarded-for': forwardedFor },
  });

/** 40 wrong passwords, each claiming a new address: the statuses in order. */
async function guess(t: TestApp, email: string, prefix: string): Promise<number[]> {
  const statuses: number[] = [];
  for (let i = 1; i <= 40; i++) statuses.push((await signIn(t, email, `wrong-password-${i}`, `${prefix}.${i}`)).statusCode);
  return statuses;
}

/** "5 x 401, 35 x 429": the statuses as runs. */
const runs = (statuses: number[]) => {
  const out: string[] = [];
  for (const s of statuses) {
    const last = out.at(-1);
    const [count, status] = last ? last.split(' x ') : [];
    if (status === String(s)) out[out.length - 1] = `${Number(count) + 1} x ${s}`;
    else out.push(`1 x ${s}`);
  }
  return out.join(', ');
};

describe('proxy trust is configuration (TRUST_PROXY)', () => {
  it('off by default: a client that invents a new X-Forwarded-For for every guess is still one address', async () => {
    await direct.signUp({ email: 'victim@example.org' });
    const statuses = await guess(direct, 'victim@example.org', '198.51.100');
    expect(runs(statuses)).toBe('5 x 401, 35 x 429');
  });

  it('off by default: the session and the audit log record the connection address, not the claimed one', async () => {
    const res = await direct.app.inject({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      payload: { name: 'Ada', email: 'ada@example.org', password: 'long-enough-1' },
      headers: { origin: TEST_ORIGIN, 'x-forwarded-for': '203.0.113.77' },
    });
    expect(res.statusCode).toBe(200);
    const [session] = await direct.database.db.select({ ip: authSession.ipAddress }).from(authSession).where(eq(authSession.userId, res.json().user.id));
    expect(session?.ip).toBe('127.0.0.1');

    const link = await issueSetupLink(direct.database.db, direct.config.publicUrl);
    const token = new URL(link!).searchParams.get('token')!;
    const setup = await direct.app.inject({
      method: 'POST',
      url: '/api/setup',
      payload: { token, name: 'Lee League', email: 'lee@example.org', password: 'long-enough-1' },
      headers: { origin: TEST_ORIGIN, 'x-forwarded-for': '203.0.113.78' },
    });
    expect(setup.statusCode).toBe(201);
    const [entry] = await direct.database.db.select({ ip: auditLog.ip }).from(auditLog).where(eq(auditLog.actorEmail, 'lee@example.org'));
    expect(entry?.ip).toBe('127.0.0.1');
  });

  it('off by default: the setup link cannot be guessed past its limit by rotating X-Forwarded-For', async () => {
    const statuses: number[] = [];
    for (let i = 1; i <= 12; i++) {
      const res = await direct.app.inject({
        method: 'POST',
        url: '/api/setup',
        payload: { token: `guess-${i}`, name: 'Eve', email: 'eve@example.org', password: 'long-enough-1' },
        headers: { origin: TEST_ORIGIN, 'x-forwarded-for': `192.0.2.${i}` },
      });
      statuses.push(res.statusCode);
    }
    expect(statuses.at(-1)).toBe(429);
  });

  it('TRUST_PROXY=1: the address the proxy forwards is the client (and a different one is not limited)', async () => {
    await proxied.signUp({ email: 'shared@example.org' });
    await proxied.signUp({ email: 'other@example.org' });
    const one = await Promise.all([1, 2, 3, 4, 5, 6].map(() => signIn(proxied, 'other@example.org', 'wrong-password', '10.40.0.1')));
    expect(one.map((r) => r.statusCode).sort()).toEqual([401, 401, 401, 401, 401, 429]);
    // The client's own X-Forwarded-For entry (left of the proxy's) does not count: the proxy's last hop does.
    const spoofed = await signIn(proxied, 'shared@example.org', 'wrong-password', '6.6.6.6, 10.40.0.1');
    expect(spoofed.statusCode).toBe(429);
    const elsewhere = await signIn(proxied, 'shared@example.org', 'wrong-password', '10.40.0.2');
    expect(elsewhere.statusCode).toBe(401);
  });
});

describe('per-account login throttling', () => {
  it('after 10 wrong passwords to one account from 40 addresses, it waits; the message and Retry-After say how long', async () => {
    await proxied.signUp({ email: 'target@example.org', password: 'the-right-password' });
    const statuses = await guess(proxied, 'Target@Example.org', '10.41.0');
    expect(runs(statuses)).toBe('10 x 401, 30 x 429');

    const refused = await signIn(proxied, 'target@example.org', 'the-right-password', '10.41.1.1');
    expect(refused.statusCode).toBe(429);
    const retryAfter = Number(refused.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(14 * 60);
    expect(retryAfter).toBeLessThanOrEqual(15 * 60);
    expect(refused.json()).toEqual({
      error: {
        code: 'RATE_LIMITED',
        message: expect.stringMatching(/^Too many failed sign-ins for this account\. Wait 15 minutes and try again/),
        details: { retryAfterSeconds: retryAfter },
        key: 'auth.tooManyForAccount',
        params: { minutes: 15 },
      },
    });
    expect(refused.headers['set-cookie']).toBeUndefined();
  });

  it('another account signs in as usual, from the same addresses', async () => {
    const user = await proxied.signUp({ email: 'bystander@example.org' });
    const res = await signIn(proxied, user.email, user.password, '10.41.0.3');
    expect(res.statusCode).toBe(200);
  });

  it('the wait ends when the oldest failures leave the window, and a right password then clears the count', async () => {
    const user = await proxied.signUp({ email: 'ages@example.org' });
    for (let i = 0; i < 10; i++) expect((await signIn(proxied, user.email, 'wrong-password', `10.42.0.${i}`)).statusCode).toBe(401);
    expect((await signIn(proxied, user.email, user.password, '10.42.1.1')).statusCode).toBe(429);
    // Fifteen minutes later (the rows are aged instead of waiting): the account may try again.
    await ageFailures(proxied, 16);
    expect((await signIn(proxied, user.email, user.password, '10.42.1.2')).statusCode).toBe(200);
    // The success forgot the earlier failures: nine more wrong ones still answer 401.
    for (let i = 0; i < 9; i++) expect((await signIn(proxied, user.email, 'wrong-password', `10.42.2.${i}`)).statusCode).toBe(401);
  });

  it('the limit is configuration (LOGIN_ACCOUNT_LIMIT)', async () => {
    const t = await buildTestApp({ TRUST_PROXY: 'true', LOGIN_ACCOUNT_LIMIT: '3', LOGIN_ACCOUNT_WINDOW_MINUTES: '5' });
    try {
      await t.signUp({ email: 'three@example.org' });
      const statuses: number[] = [];
      for (let i = 0; i < 5; i++) statuses.push((await signIn(t, 'three@example.org', 'wrong-password', `10.43.0.${i}`)).statusCode);
      expect(statuses).toEqual([401, 401, 401, 429, 429]);
      const last = await signIn(t, 'three@example.org', 'wrong-password', '10.43.1.1');
      expect(last.json().error.message).toContain('Wait 5 minutes');
    } finally {
      await t.close();
    }
  });
});

/** Moves every stored sign-in failure `minutes` into the past. */
async function ageFailures(t: TestApp, minutes: number): Promise<void> {
  await t.database.db
    .update(authVerification)
    .set({ expiresAt: sql`${authVerification.expiresAt} - make_interval(mins => ${minutes})` })
    .where(eq(authVerification.value, 'sign-in attempt'));
}
