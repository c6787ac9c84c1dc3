/**
 * The OIDC settings that change behaviour: the claim that marks an admin (OIDC_ADMIN_CLAIM, here `roles=cgsl-admin`),
 * a provider that was down when the server started, and password sign-up switched off beside the provider.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authUser } from '../../db/schema';
import { OIDC_START_PATH } from '../../../shared/auth/sign-in.schemas';
import { signInAtProvider, startOidcTestProvider, type OidcTestProvider, type TestAccount } from '../../test/oidc-test-provider';
import { buildTestApp, cookieHeader, TEST_ORIGIN, type TestApp } from '../../test/test-app';

let provider: OidcTestProvider;
let t: TestApp;

beforeAll(async () => {
  provider = await startOidcTestProvider({ appOrigin: TEST_ORIGIN, extraClaims: ['roles'] });
  // Down while the server starts: better-auth cannot read the provider's discovery document then.
  await provider.stop();
  t = await buildTestApp(provider.env({ OIDC_ADMIN_CLAIM: 'roles=cgsl-admin', OIDC_SCOPES: 'openid,email,profile' }));
  await t.auth.$context;
}, 60_000);
afterAll(async () => {
  await t?.close();
  await provider?.close();
});

async function signIn(account: TestAccount) {
  provider.setAccount(account);
  const started = await t.app.inject({ url: OIDC_START_PATH });
  expect(started.statusCode).toBe(302);
  const back = new URL(await signInAtProvider(String(started.headers.location), account.email!));
  const res = await t.app.inject({ url: `${back.pathname}${back.search}`, headers: { cookie: cookieHeader(started.headers['set-cookie']) } });
  const cookie = cookieHeader(res.headers['set-cookie']);
  expect(cookie, String(res.headers.location)).toContain('session_token');
  return cookie;
}

const overview = (cookie: string) => t.app.inject({ url: '/api/admin/overview', headers: { cookie } });

describe('a provider that was down when the server started', () => {
  it('is offered again once it answers, without a restart', async () => {
    const down = await t.app.inject({ url: OIDC_START_PATH });
    expect(down.headers.location).toBe('/login?error=oidc_unavailable');
    await provider.start();
    const cookie = await signIn({ sub: 'late-1', email: 'late@example.org', email_verified: true, name: 'Late Starter' });
    expect((await t.app.inject({ url: '/api/me', headers: { cookie } })).json().profile.email).toBe('late@example.org');
  });
});

describe('OIDC_ADMIN_CLAIM names the claim', () => {
  it('roles=cgsl-admin: a person whose roles hold it is an admin; the web app is told the rule with the claims', async () => {
    await provider.start();
    const cookie = await signIn({
      sub: 'roles-1',
      email: 'roles.admin@example.org',
      email_verified: true,
      name: 'Rolf',
      extra: { roles: ['viewer', 'cgsl-admin'] },
    });
    expect((await overview(cookie)).statusCode).toBe(200);
    const answer = (await t.app.inject({ url: '/api/me/claims', headers: { cookie } })).json();
    expect(answer).toMatchObject({ adminClaim: 'roles=cgsl-admin', claims: { roles: ['viewer', 'cgsl-admin'] } });
  });

  it('the default admin claim does not count when the league names another, and is not kept', async () => {
    await provider.start();
    const cookie = await signIn({
      sub: 'roles-2',
      email: 'not.admin@example.org',
      email_verified: true,
      name: 'Nora',
      admin: true,
      extra: { roles: ['viewer'] },
    });
    expect((await overview(cookie)).statusCode).toBe(403);
    const [row] = await t.database.db.select({ claims: authUser.claims }).from(authUser).where(eq(authUser.email, 'not.admin@example.org'));
    expect(row!.claims).toMatchObject({ roles: ['viewer'] });
    expect(row!.claims).not.toHaveProperty('admin');
  });
});

describe('password sign-up switched off beside the provider', () => {
  it('a visitor’s password sign-up is refused pointing at the provider; the provider still creates accounts', async () => {
    await provider.start();
    const admin = await t.signUp({ email: 'switch.admin@example.org', role: 'admin' });
    const off = await t.app.inject({
      method: 'PUT',
      url: '/api/league/password-sign-up',
      payload: { passwordSignUp: false },
      headers: { cookie: admin.cookie, origin: TEST_ORIGIN },
    });
    expect(off.statusCode, off.body).toBe(200);
    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      payload: { name: 'Walk In', email: 'walk.in@example.org', password: 'a-long-password' },
      headers: { origin: TEST_ORIGIN },
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toEqual({
      code: 'FORBIDDEN',
      message:
        'Creating an account with a password is switched off for this league. Use "Log in with Test League ID" instead, or ask a league admin for an invitation.',
      key: 'auth.passwordSignUpOffProvider',
      params: { provider: 'Test League ID' },
    });
    expect((await t.app.inject({ url: '/api/sign-in-options' })).json()).toEqual({ oidc: { providerName: 'Test League ID' }, passwordSignUp: false });
    const cookie = await signIn({ sub: 'walk-in-1', email: 'walk.in@example.org', email_verified: true, name: 'Walk In' });
    expect((await t.app.inject({ url: '/api/me', headers: { cookie } })).json().profile.role).toBe('member');
  });
});
