/**
 * "Log in with …" against a real OpenID Connect provider started here (oidc-provider 9, src/server/test/
 * oidc-test-provider.ts): the flow and what it creates, linking, the admin claim, a provider that is down,
 * tampered state, nonce and ID tokens, and no secret reaching the client. Issue 16, docs/decisions/024.
 */
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { auditLog, authAccount, authUser, notificationOutbox, users } from '../../db/schema';
import { OIDC_START_PATH, oidcErrorMessage } from '../../../shared/auth/sign-in.schemas';
import { startOidcTestProvider, signInAtProvider, CookieJar, type OidcTestProvider, type TestAccount } from '../../test/oidc-test-provider';
import { buildTestApp, cookieHeader, TEST_ORIGIN, TEST_PASSWORD, type TestApp } from '../../test/test-app';

let provider: OidcTestProvider;
let t: TestApp;

beforeAll(async () => {
  provider = await startOidcTestProvider({ appOrigin: TEST_ORIGIN });
  t = await buildTestApp(provider.env());
}, 60_000);
afterAll(async () => {
  await t?.close();
  await provider?.close();
});
afterEach(async () => {
  provider.failing = false;
  provider.tamper = 'none';
  await provider.start();
});

let people = 0;
/** A person at the provider with a fresh subject and address. */
function person(fields: Partial<TestAccount> = {}): TestAccount {
  people += 1;
  const account: TestAccount = {
    sub: `sub-${people}-${Date.now()}`,
    email: `person${people}@example.org`,
    email_verified: true,
    name: `Person ${people}`,
    ...fields,
  };
  provider.setAccount(account);
  return account;
}

interface Started {
  authorizationUrl: string;
  /** The cookie the app set (its signed state), as the browser sends it back. */
  cookie: string;
}

async function start(redirect = '/'): Promise<Started> {
  const res = await t.app.inject({ url: `${OIDC_START_PATH}?redirect=${encodeURIComponent(redirect)}` });
  expect(res.statusCode, res.body).toBe(302);
  return { authorizationUrl: String(res.headers.location), cookie: cookieHeader(res.headers['set-cookie']) };
}

/** The app's answer to the provider's redirect back (path and query of the callback URL), with this browser's cookie. */
async function callback(callbackUrl: string, cookie: string) {
  const url = new URL(callbackUrl);
  expect(url.origin).toBe(TEST_ORIGIN);
  return t.app.inject({ url: `${url.pathname}${url.search}`, headers: cookie ? { cookie } : {} });
}

/** A whole sign-in: start, the provider's login page, the callback. */
async function signIn(account: TestAccount, options: { redirect?: string; authorizationUrl?: (url: string) => string } = {}) {
  const started = await start(options.redirect);
  const back = await signInAtProvider(options.authorizationUrl ? options.authorizationUrl(started.authorizationUrl) : started.authorizationUrl, account.email!);
  const res = await callback(back, started.cookie);
  const location = String(res.headers.location ?? '');
  const session = cookieHeader(res.headers['set-cookie']);
  return { res, location, started, back, cookie: session.includes('session_token') ? session : null };
}

const me = (cookie: string) => t.app.inject({ url: '/api/me', headers: { cookie } });
const overview = (cookie: string) => t.app.inject({ url: '/api/admin/overview', headers: { cookie } });
const errorOf = (location: string) => new URL(location, TEST_ORIGIN).searchParams.get('error');

describe('starting "Log in with …"', () => {
  it('the sign-in options name the provider, never its secret', async () => {
    const res = await t.app.inject({ url: '/api/sign-in-options' });
    expect(res.json()).toEqual({ oidc: { providerName: 'Test League ID' }, passwordSignUp: true });
    expect(res.body).not.toContain(provider.clientSecret);
  });

  it('sends the browser to the provider: authorization code with PKCE (S256), state and nonce, to the registered callback', async () => {
    const { authorizationUrl, cookie } = await start('/slots');
    const url = new URL(authorizationUrl);
    expect(url.origin).toBe(provider.issuer);
    const q = url.searchParams;
    expect(q.get('response_type')).toBe('code');
    expect(q.get('client_id')).toBe(provider.clientId);
    expect(q.get('redirect_uri')).toBe(`${TEST_ORIGIN}/api/auth/callback/oidc`);
    expect(q.get('code_challenge_method')).toBe('S256');
    expect(q.get('code_challenge')).toMatch(/^[\w-]{43}$/);
    expect(q.get('state')!.length).toBeGreaterThanOrEqual(32);
    expect(q.get('nonce')!.length).toBeGreaterThanOrEqual(32);
    expect(q.get('scope')!.split(' ')).toEqual(expect.arrayContaining(['openid', 'email', 'profile']));
    expect(authorizationUrl).not.toContain(provider.clientSecret);
    // The state is bound to this browser by a cookie only the server can read.
    expect(cookie).toMatch(/state=/);
    expect(q.get('state')).not.toBe(cookie.split('=')[1]);
  });

  it('keeps only paths on this site as the place to land', async () => {
    for (const redirect of ['https://evil.example/', '//evil.example/x', '/\\evil.example']) {
      const { authorizationUrl, cookie } = await start(redirect);
      const back = await signInAtProvider(authorizationUrl, person().email!);
      const res = await callback(back, cookie);
      expect(res.statusCode).toBe(302);
      expect(res.headers.location, redirect).toBe('/');
    }
  });
});

describe('the first sign-in', () => {
  it('creates the account and a member profile, lands where the person was going, and keeps no provider token', async () => {
    const alice = person({ name: 'Alice Provider' });
    const { res, location, cookie } = await signIn(alice, { redirect: '/slots' });
    expect(res.statusCode).toBe(302);
    expect(location).toBe('/slots');
    expect(cookie).not.toBeNull();
    const profile = (await me(cookie!)).json().profile;
    expect(profile).toMatchObject({ email: alice.email, displayName: 'Alice Provider', role: 'member', teamId: null });

    const [user] = await t.database.db.select().from(authUser).where(eq(authUser.id, profile.id));
    expect(user!.emailVerified).toBe(true);
    const accounts = await t.database.db.select().from(authAccount).where(eq(authAccount.userId, profile.id));
    expect(accounts).toHaveLength(1);
    expect(accounts[0]).toMatchObject({ providerId: 'oidc', accountId: alice.sub, accessToken: null, refreshToken: null, idToken: null, password: null });
    expect((await overview(cookie!)).statusCode).toBe(403);
  });

  it('stores the useful claims of the ID token, which /api/me/claims shows with the rule that reads them', async () => {
    const bob = person({ admin: false });
    const { cookie } = await signIn(bob);
    const answer = (await t.app.inject({ url: '/api/me/claims', headers: { cookie: cookie! } })).json();
    expect(answer.adminClaim).toBe('admin');
    expect(answer.claims).toMatchObject({
      iss: provider.issuer,
      sub: bob.sub,
      aud: provider.clientId,
      email: bob.email,
      email_verified: true,
      name: bob.name,
      admin: false,
    });
    expect(typeof answer.claims.exp).toBe('number');
    expect(typeof answer.claims.iat).toBe('number');
    // Nothing that only served the sign-in (its nonce, the token hashes).
    expect(Object.keys(answer.claims).sort()).toEqual(
      ['admin', 'aud', 'auth_time', 'email', 'email_verified', 'exp', 'iat', 'iss', 'name', 'sub'].filter((k) => k in answer.claims).sort(),
    );
    expect(answer.claims).not.toHaveProperty('nonce');
    expect(answer.claims).not.toHaveProperty('at_hash');
  });

  it('a second sign-in finds the same account by the provider’s subject, even with a new address there', async () => {
    const carol = person();
    const first = await signIn(carol);
    const id = (await me(first.cookie!)).json().profile.id;
    provider.setAccount({ ...carol, email: `renamed.${carol.email}` });
    const second = await signIn({ ...carol, email: `renamed.${carol.email}` });
    expect((await me(second.cookie!)).json().profile.id).toBe(id);
  });

  it('replaces the session the browser had: the one from before ends', async () => {
    const before = await t.signUp({ email: 'switching.browser@example.org' });
    expect((await me(before.cookie)).statusCode).toBe(200);
    const started = await start();
    const back = await signInAtProvider(started.authorizationUrl, person().email!);
    const res = await callback(back, `${before.cookie}; ${started.cookie}`);
    const cookie = cookieHeader(res.headers['set-cookie']);
    expect(cookie).toContain('session_token');
    expect((await me(before.cookie)).statusCode).toBe(401);
    expect((await me(cookie)).statusCode).toBe(200);
  });

  it('a person without a name at the provider gets one from the email address', async () => {
    const nameless = person({ name: undefined });
    const { cookie } = await signIn(nameless);
    expect((await me(cookie!)).json().profile.displayName).toBe(nameless.email!.split('@')[0]);
  });
});

describe('the admin claim (spec §6)', () => {
  it('grants admin on the server; removed at the provider, the next sign-in stops it, for every session of the person', async () => {
    const dana = person({ admin: true });
    const first = await signIn(dana);
    expect((await overview(first.cookie!)).statusCode).toBe(200);
    expect((await t.app.inject({ url: '/api/me/claims', headers: { cookie: first.cookie! } })).json().claims.admin).toBe(true);

    provider.setAccount({ ...dana, admin: undefined });
    const second = await signIn(dana);
    expect((await overview(second.cookie!)).statusCode).toBe(403);
    // The session from before was judged by the old claims; the new sign-in's claims replace them for it too.
    expect((await overview(first.cookie!)).statusCode).toBe(403);
    expect((await t.app.inject({ url: '/api/me/claims', headers: { cookie: second.cookie! } })).json().claims).not.toHaveProperty('admin');
  });

  it('without the claim, or with admin: false, a person is no admin; the profile role still makes one', async () => {
    const erin = person({ admin: false });
    const { cookie } = await signIn(erin);
    expect((await overview(cookie!)).statusCode).toBe(403);
    const id = (await me(cookie!)).json().profile.id;
    await t.database.db.update(users).set({ role: 'admin' }).where(eq(users.id, id));
    t.wroteBehindTheApp();
    expect((await overview(cookie!)).statusCode).toBe(200);
  });

  it('a password sign-in keeps the claims of the last provider sign-in: still admin until the provider says otherwise', async () => {
    const frank = person({ admin: true });
    const { cookie } = await signIn(frank);
    const id = (await me(cookie!)).json().profile.id;
    expect((await overview(cookie!)).statusCode).toBe(200);
    // Frank also sets a password (better-auth's server-only setPassword, for a signed-in person without one).
    await t.auth.api.setPassword({ body: { newPassword: TEST_PASSWORD }, headers: new Headers({ cookie: cookie! }) });

    const passwordSignIn = () =>
      t.app.inject({ method: 'POST', url: '/api/auth/sign-in/email', payload: { email: frank.email, password: TEST_PASSWORD }, headers: { origin: TEST_ORIGIN } });
    const res = await passwordSignIn();
    expect(res.statusCode, res.body).toBe(200);
    const byPassword = cookieHeader(res.headers['set-cookie']);
    expect((await overview(byPassword)).statusCode).toBe(200);
    expect((await overview(cookie!)).statusCode).toBe(200);
    const [row] = await t.database.db.select({ claims: authUser.claims }).from(authUser).where(eq(authUser.id, id));
    expect(row!.claims).toMatchObject({ admin: true, sub: frank.sub });

    // The provider takes the claim away: the next sign-in with it ends the admin, the password sessions' too.
    provider.setAccount({ ...frank, admin: undefined });
    const again = await signIn(frank);
    expect((await overview(again.cookie!)).statusCode).toBe(403);
    expect((await overview(byPassword)).statusCode).toBe(403);
    const later = cookieHeader((await passwordSignIn()).headers['set-cookie']);
    expect((await overview(later)).statusCode).toBe(403);
  });

  it('a claim admin is one of the league admins every contact message is mailed to (a disabled one is not)', async () => {
    const gwen = person({ admin: true });
    const gwenId = (await me((await signIn(gwen)).cookie!)).json().profile.id;
    const hal = person({ admin: true });
    const halId = (await me((await signIn(hal)).cookie!)).json().profile.id;
    await t.database.db.update(users).set({ disabled: true }).where(eq(users.id, halId));
    t.wroteBehindTheApp();
    const roleAdmin = await t.signUp({ email: `role.admin.${Date.now()}@example.org`, role: 'admin' });
    const member = person({ admin: false });
    const memberId = (await me((await signIn(member)).cookie!)).json().profile.id;

    const subject = `Claim admins hear this ${Date.now()}`;
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/contact',
      payload: { name: 'Vera Visitor', email: 'vera@example.org', subject, message: 'Is Field 2 open on Saturday?' },
      remoteAddress: '203.0.113.240',
      headers: { origin: TEST_ORIGIN },
    });
    expect(res.statusCode, res.body).toBe(201);
    const queued = (await t.database.db.select().from(notificationOutbox).where(eq(notificationOutbox.kind, 'contact.received'))).filter(
      (n) => (n.payload as { subject?: string }).subject === subject,
    );
    const to = queued.map((n) => n.recipientUserId);
    expect(to).toEqual(expect.arrayContaining([gwenId, roleAdmin.id]));
    expect(to).not.toContain(halId);
    expect(to).not.toContain(memberId);
    expect(new Set(to).size).toBe(to.length);
  });
});

describe('an existing account with the same email', () => {
  async function passwordAccount(email: string, verified: boolean) {
    const user = await t.signUp({ email, name: 'Has Password' });
    await t.database.db.update(authUser).set({ emailVerified: verified }).where(eq(authUser.id, user.id));
    t.wroteBehindTheApp();
    return user;
  }

  it('is joined when the provider says the address is verified and the account here has confirmed it', async () => {
    const existing = await passwordAccount('gina@example.org', true);
    const gina = person({ email: 'Gina@Example.org', email_verified: true });
    const { cookie, location } = await signIn(gina);
    expect(location).toBe('/');
    expect((await me(cookie!)).json().profile.id).toBe(existing.id);
    const kinds = await t.database.db.select({ providerId: authAccount.providerId }).from(authAccount).where(eq(authAccount.userId, existing.id));
    expect(kinds.map((k) => k.providerId).sort()).toEqual(['credential', 'oidc']);

    // The user manager shows both ways in.
    const admin = await t.signUp({ email: 'um-admin@example.org', role: 'admin' });
    const page = (await t.app.inject({ url: '/api/admin/users?q=gina', headers: { cookie: admin.cookie } })).json();
    expect(page.users[0]).toMatchObject({ email: 'gina@example.org', signInMethods: ['password', 'provider'] });
    const onlyProvider = (await t.app.inject({ url: `/api/admin/users?q=${encodeURIComponent(person().email!)}`, headers: { cookie: admin.cookie } })).json();
    expect(onlyProvider.users).toEqual([]);
  });

  it('the link is audit-logged about the person, once, with no token or password in it; a first sign-in is no link', async () => {
    const existing = await passwordAccount('linda@example.org', true);
    const linda = person({ email: 'linda@example.org', email_verified: true });
    const { cookie } = await signIn(linda);
    expect((await me(cookie!)).json().profile.id).toBe(existing.id);
    await signIn(linda); // signing in again with the provider links nothing new

    const links = await t.database.db.select().from(auditLog).where(eq(auditLog.action, 'user.provider.link'));
    const about = links.filter((e) => e.entityId === existing.id);
    expect(about).toHaveLength(1);
    expect(about[0]).toMatchObject({
      actorId: existing.id,
      actorEmail: 'linda@example.org',
      entityType: 'user',
      summary: 'Test League ID was linked to linda@example.org: they can now log in with it as well as with their password',
      after: { provider: 'Test League ID' },
    });
    const text = JSON.stringify(about[0]);
    for (const secret of [TEST_PASSWORD, provider.clientSecret, linda.sub, 'eyJ', '$argon2']) expect(text).not.toContain(secret);

    const fresh = person();
    const first = await signIn(fresh);
    const freshId = (await me(first.cookie!)).json().profile.id;
    expect(links.concat(await t.database.db.select().from(auditLog).where(eq(auditLog.action, 'user.provider.link'))).filter((e) => e.entityId === freshId)).toEqual([]);
  });

  it('is never taken over by an address the provider has not verified: refused in words, the account untouched', async () => {
    const existing = await passwordAccount('hank@example.org', true);
    const impostor = person({ email: 'hank@example.org', email_verified: false });
    const { res, location, cookie } = await signIn(impostor);
    expect(res.statusCode).toBe(302);
    expect(cookie).toBeNull();
    expect(errorOf(location)).toBe('account_not_linked');
    expect(new URL(location, TEST_ORIGIN).pathname).toBe('/login');
    expect(oidcErrorMessage('account_not_linked', 'Test League ID')).toContain('already exists');
    const kinds = await t.database.db.select({ providerId: authAccount.providerId }).from(authAccount).where(eq(authAccount.userId, existing.id));
    expect(kinds.map((k) => k.providerId)).toEqual(['credential']);
    // The password still works, and is still the account's.
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      payload: { email: 'hank@example.org', password: TEST_PASSWORD },
      headers: { origin: TEST_ORIGIN },
    });
    expect(login.statusCode).toBe(200);
  });

  it('is not joined while the account here has not confirmed its address (someone may have signed up with it)', async () => {
    const existing = await passwordAccount('ivy@example.org', false);
    const ivy = person({ email: 'ivy@example.org', email_verified: true });
    const { location, cookie } = await signIn(ivy);
    expect(cookie).toBeNull();
    expect(errorOf(location)).toBe('account_not_linked');
    const kinds = await t.database.db.select({ providerId: authAccount.providerId }).from(authAccount).where(eq(authAccount.userId, existing.id));
    expect(kinds.map((k) => k.providerId)).toEqual(['credential']);
  });

  it('a disabled account stays out, with a message', async () => {
    const jack = person();
    const first = await signIn(jack);
    const id = (await me(first.cookie!)).json().profile.id;
    await t.database.db.update(users).set({ disabled: true }).where(eq(users.id, id));
    t.wroteBehindTheApp();
    const again = await signIn(jack);
    expect(again.cookie).toBeNull();
    expect(errorOf(again.location)).toBe('ACCOUNT_DISABLED');
  });
});

describe('a provider that is down', () => {
  it('answering errors: "Log in with" comes back to the login page with a message, and password login still works', async () => {
    const user = await t.signUp({ email: 'still.password@example.org' });
    provider.failing = true;
    const res = await t.app.inject({ url: `${OIDC_START_PATH}?redirect=/slots` });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/login?redirect=%2Fslots&error=oidc_unavailable');
    expect(oidcErrorMessage('oidc_unavailable', 'Test League ID')).toBe(
      'Test League ID is not answering right now, so you cannot log in with it. Try again in a few minutes, or log in with your email and password.',
    );
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      payload: { email: user.email, password: TEST_PASSWORD },
      headers: { origin: TEST_ORIGIN },
    });
    expect(login.statusCode).toBe(200);
  });

  it('not listening at all: the same message, and password login still works', async () => {
    const user = await t.signUp({ email: 'still.password2@example.org' });
    await provider.stop();
    const res = await t.app.inject({ url: OIDC_START_PATH });
    expect(res.headers.location).toBe('/login?error=oidc_unavailable');
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      payload: { email: user.email, password: TEST_PASSWORD },
      headers: { origin: TEST_ORIGIN },
    });
    expect(login.statusCode).toBe(200);
  });

  it('failing between the login page and the token exchange: back to the login page with a message, nobody signed in', async () => {
    const kate = person();
    const started = await start('/slots');
    const back = await signInAtProvider(started.authorizationUrl, kate.email!);
    provider.failing = true;
    const res = await callback(back, started.cookie);
    expect(res.statusCode).toBe(302);
    expect(cookieHeader(res.headers['set-cookie'])).not.toContain('session_token');
    expect(new URL(String(res.headers.location), TEST_ORIGIN).pathname).toBe('/login');
    expect(errorOf(String(res.headers.location))).toBe('invalid_code');
    expect(new URL(String(res.headers.location), TEST_ORIGIN).searchParams.get('redirect')).toBe('/slots');
    expect(oidcErrorMessage('invalid_code', 'Test League ID')).toContain('did not finish the sign-in');
  });
});

describe('tampering', () => {
  it('a changed state is refused', async () => {
    const started = await start();
    const back = new URL(await signInAtProvider(started.authorizationUrl, person().email!));
    back.searchParams.set('state', `${back.searchParams.get('state')}x`);
    const res = await callback(back.toString(), started.cookie);
    expect(cookieHeader(res.headers['set-cookie'])).not.toContain('session_token');
    expect(errorOf(String(res.headers.location))).toBe('state_mismatch');
  });

  it('a callback opened in another browser (without the state cookie) is refused: nobody is signed in as someone else', async () => {
    const started = await start();
    const back = await signInAtProvider(started.authorizationUrl, person().email!);
    const res = await callback(back, '');
    expect(cookieHeader(res.headers['set-cookie'])).not.toContain('session_token');
    expect(errorOf(String(res.headers.location))).toBe('state_mismatch');
  });

  it('a callback used twice is refused the second time', async () => {
    const started = await start();
    const back = await signInAtProvider(started.authorizationUrl, person().email!);
    expect(cookieHeader((await callback(back, started.cookie)).headers['set-cookie'])).toContain('session_token');
    const again = await callback(back, started.cookie);
    expect(cookieHeader(again.headers['set-cookie'])).not.toContain('session_token');
    expect(String(again.headers.location)).toMatch(/^\/login\?error=state_/);
  });

  it('a nonce changed on the way to the provider is refused (the ID token does not carry the one of this sign-in)', async () => {
    const changed = await signIn(person(), { authorizationUrl: (url) => url.replace(/nonce=[^&]+/, 'nonce=chosen-by-someone-else-0123456789abcdef') });
    expect(changed.cookie).toBeNull();
    expect(errorOf(changed.location)).toBe('unable_to_get_user_info');
    const removed = await signIn(person(), { authorizationUrl: (url) => url.replace(/&?nonce=[^&]+/, '') });
    expect(removed.cookie).toBeNull();
    expect(errorOf(removed.location)).toBe('unable_to_get_user_info');
  });

  for (const tamper of ['nonce', 'signature', 'audience', 'issuer', 'expired', 'missing'] as const) {
    it(`an ID token ${tamper === 'missing' ? 'left out of the answer' : `with a wrong ${tamper}`} is refused, and creates nobody`, async () => {
      const someone = person();
      provider.tamper = tamper;
      const { cookie, location } = await signIn(someone);
      expect(cookie).toBeNull();
      expect(errorOf(location)).toBe('unable_to_get_user_info');
      expect(await t.database.db.select().from(authUser).where(eq(authUser.email, someone.email!))).toEqual([]);
    });
  }

  it('an ID token posted by a page to better-auth’s sign-in is refused (only the redirect flow signs in)', async () => {
    const leo = person();
    const started = await start();
    const back = await signInAtProvider(started.authorizationUrl, leo.email!);
    await callback(back, started.cookie);
    const idToken = provider.issued.at(-1)!.idToken!;
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/social',
      payload: { provider: 'oidc', idToken: { token: idToken } },
      headers: { origin: TEST_ORIGIN },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().error.message).toContain('Log in with Test League ID');
    expect(cookieHeader(res.headers['set-cookie'])).not.toContain('session_token');
  });
});

describe('secrets', () => {
  it('the client secret and the provider’s tokens reach neither the browser, nor the logs, nor the database', async () => {
    const logged: string[] = [];
    const spies = (['log', 'info', 'warn', 'error', 'debug'] as const).map((level) =>
      vi.spyOn(console, level).mockImplementation((...args: unknown[]) => {
        logged.push(args.map((a) => (a instanceof Error ? `${a.message} ${a.stack}` : typeof a === 'string' ? a : JSON.stringify(a))).join(' '));
      }),
    );
    const seen: string[] = [];
    try {
      const mia = person({ admin: true });
      const before = provider.issued.length;
      const jar = new CookieJar();
      const started = await start();
      seen.push(started.authorizationUrl, started.cookie);
      const back = await signInAtProvider(started.authorizationUrl, mia.email!, undefined, jar);
      seen.push(back);
      const res = await callback(back, started.cookie);
      seen.push(JSON.stringify(res.headers), res.body);
      const cookie = cookieHeader(res.headers['set-cookie']);
      for (const url of ['/api/me', '/api/me/claims', '/api/sign-in-options', '/api/auth/get-session', '/api/auth/list-accounts']) {
        const answer = await t.app.inject({ url, headers: { cookie } });
        seen.push(JSON.stringify(answer.headers), answer.body);
      }
      // A failed one too: its error goes to the logs.
      provider.tamper = 'signature';
      const failed = await signIn(person());
      seen.push(failed.location, JSON.stringify(failed.res.headers));

      const tokens = provider.issued
        .slice(before)
        .flatMap((i) => [i.accessToken, i.idToken, i.refreshToken])
        .filter((v): v is string => Boolean(v));
      expect(tokens.length).toBeGreaterThanOrEqual(2);
      const stored = JSON.stringify(await t.database.db.select().from(authAccount));
      for (const secret of [provider.clientSecret, ...tokens]) {
        expect(seen.join('\n')).not.toContain(secret);
        expect(logged.join('\n')).not.toContain(secret);
        expect(stored).not.toContain(secret);
      }
    } finally {
      for (const spy of spies) spy.mockRestore();
    }
  });
});

describe('the audit trail', () => {
  it('has nothing to say about a sign-in (only admin actions are audited)', async () => {
    const before = (await t.database.db.select().from(auditLog)).length;
    await signIn(person());
    expect((await t.database.db.select().from(auditLog)).length).toBe(before);
  });
});
