import { createPrivateKey, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto';
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import Provider from 'oidc-provider';

/**
 * A real OpenID Connect provider (oidc-provider 9) on 127.0.0.1 for the tests of "Log in with …" (issue 16):
 * one confidential client (authorization code with PKCE, its redirect URI the app's better-auth callback), an
 * account store the tests fill, and its own small login page (email and password) that a browser or a test can
 * fill in; consent is given with the login. Switches make it misbehave on purpose: answer 503 to everything
 * (`failing`), stop listening (`stop`), or hand out a tampered ID token (`tamper`).
 */

export interface TestAccount {
  /** The provider's subject for this person (stable: the app keys the account on it). */
  sub: string;
  email?: string | undefined;
  email_verified?: boolean | undefined;
  name?: string | undefined;
  /** The spec's admin claim; left out of the ID token when undefined. */
  admin?: boolean | undefined;
  /** Any other claims for the ID token (roles, groups, …); their names must be in `extraClaims`. */
  extra?: Record<string, unknown> | undefined;
  /** What the login page wants (default `provider-password`). */
  password?: string | undefined;
}

/** What the token endpoint's ID token becomes when `tamper` is set (the response is otherwise the provider's). */
export type Tamper = 'none' | 'signature' | 'audience' | 'issuer' | 'nonce' | 'expired' | 'missing';

export interface IssuedTokens {
  accessToken: string | undefined;
  idToken: string | undefined;
  refreshToken: string | undefined;
}

export interface OidcTestProvider {
  issuer: string;
  port: number;
  clientId: string;
  clientSecret: string;
  /** The OIDC_* settings of an app that signs in here. */
  env(extra?: Record<string, string>): Record<string, string>;
  /** Adds or replaces an account (looked up by email on the login page). */
  setAccount(account: TestAccount): void;
  /** Answer 503 to every request (the provider is up but broken). */
  failing: boolean;
  tamper: Tamper;
  /** Every token response it gave, as it gave it (before any tampering): the leak checks look for these. */
  issued: IssuedTokens[];
  /** Stops listening: connections are refused (the provider is down). `start` listens again on the same port. */
  stop(): Promise<void>;
  start(): Promise<void>;
  close(): Promise<void>;
}

export interface OidcTestProviderOptions {
  /** Where the app lives (PUBLIC_URL): the client's redirect URI is its better-auth callback there. */
  appOrigin: string;
  port?: number | undefined;
  clientId?: string | undefined;
  clientSecret?: string | undefined;
  /** Claim names besides sub, email, email_verified, name and admin that accounts may carry (`extra`). */
  extraClaims?: string[] | undefined;
  /**
   * The browser journeys' controls: POST /__test__/accounts takes an account as JSON (each journey makes its own
   * people), POST /__test__/failing `{ failing: true | false }` makes every other request answer 503 or not.
   */
  manageable?: boolean | undefined;
}

export const TEST_PROVIDER_PASSWORD = 'provider-password';
/** The callback better-auth's generic OAuth plugin serves for our provider id (`oidc`). */
export const CALLBACK_PATH = '/api/auth/callback/oidc';

function base64url(input: Buffer | string): string {
  return Buffer.from(input).toString('base64url');
}

/** Signs a JWT with RS256. */
function signJwt(header: Record<string, unknown>, payload: Record<string, unknown>, key: KeyObject): string {
  const input = `${base64url(JSON.stringify(header))}.${base64url(JSON.stringify(payload))}`;
  return `${input}.${base64url(sign('sha256', Buffer.from(input), key))}`;
}

function decodePart(part: string | undefined): Record<string, unknown> {
  return JSON.parse(Buffer.from(part ?? '', 'base64url').toString('utf8')) as Record<string, unknown>;
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

function loginPage(uid: string, error: string | null, email = ''): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Test League ID: sign in</title></head>
<body><main>
<h1>Test League ID</h1>
<p>Sign in to continue to the practice scheduler.</p>
${error ? `<p role="alert">${escapeHtml(error)}</p>` : ''}
<form method="post" action="/interaction/${escapeHtml(uid)}">
<p><label for="email">Email</label><br><input id="email" name="email" type="email" autocomplete="username" value="${escapeHtml(email)}" required></p>
<p><label for="password">Password</label><br><input id="password" name="password" type="password" autocomplete="current-password" required></p>
<p><button type="submit">Sign in</button></p>
</form>
</main></body></html>`;
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

export async function startOidcTestProvider(options: OidcTestProviderOptions): Promise<OidcTestProvider> {
  const clientId = options.clientId ?? 'cgsl-practice-scheduler';
  const clientSecret = options.clientSecret ?? `secret-${randomBytes(16).toString('hex')}`;
  const accounts = new Map<string, TestAccount>();
  const byEmail = (email: string) => [...accounts.values()].find((a) => a.email?.toLowerCase() === email.trim().toLowerCase());

  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const kid = `test-${randomBytes(4).toString('hex')}`;
  const jwk = { ...(privateKey.export({ format: 'jwk' }) as Record<string, unknown>), kid, alg: 'RS256', use: 'sig' };
  const signingKey = createPrivateKey({ key: jwk as never, format: 'jwk' });
  // Same kid, another key: a token signed with it has a signature the published key does not verify.
  const strangerKey = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey;

  const sockets = new Set<Socket>();
  let handler: (req: IncomingMessage, res: ServerResponse) => void = (_req, res) => res.end();
  const server = http.createServer((req, res) => handler(req, res));
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  const listen = (port: number) =>
    new Promise<number>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => {
        server.off('error', reject);
        resolve((server.address() as AddressInfo).port);
      });
    });
  const port = await listen(options.port ?? 0);
  const issuer = `http://127.0.0.1:${port}`;

  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: [`${options.appOrigin}${CALLBACK_PATH}`],
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_post',
      },
    ],
    jwks: { keys: [jwk] },
    cookies: { keys: [randomBytes(32).toString('hex')] },
    pkce: { required: () => true },
    ttl: { AccessToken: 3600, AuthorizationCode: 60, IdToken: 3600, Interaction: 600, Grant: 3600, Session: 3600 },
    features: { devInteractions: { enabled: false } },
    interactions: { url: (_ctx: unknown, interaction: { uid: string }) => `/interaction/${interaction.uid}` },
    // The admin claim and the extras travel with the openid scope; everything goes into the ID token, as Google,
    // Keycloak and Entra do for these claims (oidc-provider would otherwise keep them for the userinfo endpoint).
    claims: { openid: ['sub', 'admin', ...(options.extraClaims ?? [])], email: ['email', 'email_verified'], profile: ['name'] },
    conformIdTokenClaims: false,
    findAccount: (_ctx: unknown, sub: string) => {
      const account = accounts.get(sub);
      if (!account) return undefined;
      return {
        accountId: sub,
        claims: () => ({
          sub,
          ...(account.email !== undefined ? { email: account.email } : {}),
          ...(account.email_verified !== undefined ? { email_verified: account.email_verified } : {}),
          ...(account.name !== undefined ? { name: account.name } : {}),
          ...(account.admin !== undefined ? { admin: account.admin } : {}),
          ...account.extra,
        }),
      };
    },
  });

  const state = { failing: false, tamper: 'none' as Tamper, issued: [] as IssuedTokens[] };

  provider.use(async (ctx, next) => {
    await next();
    if (ctx.path !== '/token' || ctx.method !== 'POST' || ctx.status !== 200) return;
    const body = ctx.body as Record<string, unknown>;
    state.issued.push({
      accessToken: body.access_token as string | undefined,
      idToken: body.id_token as string | undefined,
      refreshToken: body.refresh_token as string | undefined,
    });
    if (state.tamper === 'none' || typeof body.id_token !== 'string') return;
    if (state.tamper === 'missing') {
      const { id_token: _dropped, ...rest } = body;
      ctx.body = rest;
      return;
    }
    const [head, payload] = body.id_token.split('.');
    const claims = decodePart(payload);
    const now = Math.floor(Date.now() / 1000);
    const changed: Record<Exclude<Tamper, 'none' | 'missing' | 'signature'>, Record<string, unknown>> = {
      audience: { aud: 'another-client' },
      issuer: { iss: 'http://127.0.0.1:1/someone-else' },
      nonce: { nonce: 'not-the-nonce-of-this-sign-in' },
      expired: { iat: now - 7200, exp: now - 3600 },
    };
    const tampered =
      state.tamper === 'signature'
        ? signJwt(decodePart(head), claims, strangerKey)
        : signJwt(decodePart(head), { ...claims, ...changed[state.tamper] }, signingKey);
    ctx.body = { ...body, id_token: tampered };
  });

  const callback = provider.callback();

  async function interaction(req: IncomingMessage, res: ServerResponse, uid: string): Promise<void> {
    const details = await provider.interactionDetails(req, res);
    if (details.uid !== uid) throw new Error('interaction mismatch');
    const html = (status: number, body: string) => {
      res.writeHead(status, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
      res.end(body);
    };
    if (req.method !== 'POST') return html(200, loginPage(uid, null));
    const form = new URLSearchParams(await readBody(req));
    const email = form.get('email') ?? '';
    const account = byEmail(email);
    if (!account || (account.password ?? TEST_PROVIDER_PASSWORD) !== form.get('password')) {
      return html(200, loginPage(uid, 'That email and password do not match an account here.', email));
    }
    const grant = new provider.Grant({ accountId: account.sub, clientId: String(details.params.client_id) });
    grant.addOIDCScope(typeof details.params.scope === 'string' ? details.params.scope : 'openid');
    const grantId = await grant.save();
    await provider.interactionFinished(req, res, { login: { accountId: account.sub }, consent: { grantId } }, { mergeWithLastSubmission: false });
  }

  /** The journeys' own controls (`manageable`): add an account, make the provider fail or recover. */
  function manage(req: IncomingMessage, res: ServerResponse, path: string): boolean {
    if (!options.manageable || req.method !== 'POST' || !path.startsWith('/__test__/')) return false;
    readBody(req)
      .then((text) => {
        const body = JSON.parse(text) as Record<string, unknown>;
        if (path === '/__test__/accounts') {
          if (typeof body.sub !== 'string') throw new Error('an account needs a sub');
          accounts.set(body.sub, body as unknown as TestAccount);
        } else if (path === '/__test__/failing') {
          state.failing = body.failing === true;
        } else {
          throw new Error(`no such control: ${path}`);
        }
        res.writeHead(204);
        res.end();
      })
      .catch((err: unknown) => {
        res.writeHead(400, { 'content-type': 'text/plain' });
        res.end(String(err));
      });
    return true;
  }

  handler = (req, res) => {
    const path = new URL(req.url ?? '/', issuer).pathname;
    if (manage(req, res, path)) return;
    if (state.failing) {
      res.writeHead(503, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ error: 'temporarily_unavailable', error_description: 'the test provider is switched to failing' }));
      return;
    }
    const match = /^\/interaction\/([\w-]+)$/.exec(path);
    if (match) {
      interaction(req, res, match[1]!).catch((err: unknown) => {
        res.writeHead(400, { 'content-type': 'text/plain; charset=utf-8' });
        res.end(`This sign-in cannot go on: ${err instanceof Error ? err.message : String(err)}`);
      });
      return;
    }
    callback(req, res);
  };

  const stop = () =>
    new Promise<void>((resolve) => {
      if (!server.listening) return resolve();
      server.close(() => resolve());
      for (const socket of sockets) socket.destroy();
    });

  return {
    issuer,
    port,
    clientId,
    clientSecret,
    env: (extra = {}) => ({ OIDC_ISSUER: issuer, OIDC_CLIENT_ID: clientId, OIDC_CLIENT_SECRET: clientSecret, OIDC_PROVIDER_NAME: 'Test League ID', ...extra }),
    setAccount: (account) => accounts.set(account.sub, account),
    get failing() {
      return state.failing;
    },
    set failing(value: boolean) {
      state.failing = value;
    },
    get tamper() {
      return state.tamper;
    },
    set tamper(value: Tamper) {
      state.tamper = value;
    },
    issued: state.issued,
    stop,
    start: async () => {
      if (!server.listening) await listen(port);
    },
    close: stop,
  };
}

/** A cookie jar for one simulated browser at the provider (names only: the test provider sets no clashing paths). */
export class CookieJar {
  private readonly cookies = new Map<string, string>();

  take(setCookie: string[]): void {
    for (const line of setCookie) {
      const [pair] = line.split(';');
      const eq = pair?.indexOf('=') ?? -1;
      if (!pair || eq < 1) continue;
      const name = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1).trim();
      if (/max-age=0|expires=thu, 01 jan 1970/i.test(line) || value === '') this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }

  header(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }
}

/**
 * Plays the browser at the provider: opens the authorization URL, signs in on the provider's page with the email
 * and password, and follows the provider's redirects until they point back at the app. Returns that URL (the
 * app's callback with `code`, `state` and `iss`, or with `error`).
 */
export async function signInAtProvider(authorizationUrl: string, email: string, password = TEST_PROVIDER_PASSWORD, jar = new CookieJar()): Promise<string> {
  const providerOrigin = new URL(authorizationUrl).origin;
  let url = authorizationUrl;
  let posted = false;
  for (let hop = 0; hop < 10; hop++) {
    const res = await fetch(url, { redirect: 'manual', headers: { cookie: jar.header() } });
    jar.take(res.headers.getSetCookie());
    if (res.status >= 300 && res.status < 400) {
      const next = new URL(res.headers.get('location') ?? '', url).toString();
      if (new URL(next).origin !== providerOrigin) return next;
      url = next;
      continue;
    }
    const page = await res.text();
    if (res.status !== 200 || posted || !page.includes('name="password"')) throw new Error(`the provider answered ${res.status}: ${page.slice(0, 300)}`);
    posted = true;
    const submitted = await fetch(url, {
      method: 'POST',
      redirect: 'manual',
      headers: { cookie: jar.header(), 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ email, password }).toString(),
    });
    jar.take(submitted.headers.getSetCookie());
    if (submitted.status < 300 || submitted.status >= 400)
      throw new Error(`signing in at the provider failed (${submitted.status}): ${(await submitted.text()).slice(0, 300)}`);
    url = new URL(submitted.headers.get('location') ?? '', url).toString();
  }
  throw new Error('the provider kept redirecting');
}
