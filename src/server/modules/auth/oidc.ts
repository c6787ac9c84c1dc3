import type { BetterAuthPlugin } from 'better-auth';
import { APIError, createAuthMiddleware } from 'better-auth/api';
import { genericOAuth, type GenericOAuthUserInfo } from 'better-auth/plugins/generic-oauth';
import type { OidcConfig } from '../../config';
import type { Database } from '../../db/client';
import { OIDC_PROVIDER_ID } from '../../../shared/auth/sign-in.schemas';
import { DISPLAY_NAME_MAX } from '../../../shared/users/users.schemas';
import { parseAdminClaim, type Claims } from '../../../shared/users/admin-rule';
import * as repo from './auth.repository';

/**
 * Sign-in with the league's OpenID Connect provider (issue 16, docs/decisions/024), through better-auth's
 * generic OAuth plugin. What it does for us, checked in its code (1.7): the authorization code flow with PKCE
 * (S256), a `state` kept in the database and bound to this browser by a signed cookie, and a `nonce` it sends and
 * then requires in the ID token; the ID token's signature (the provider's published keys), issuer, audience and
 * expiry are verified before anything is read from it (`requireIdTokenVerification`: without the provider's keys
 * the provider is not offered at all). What we add:
 * - an ID token is required (a provider that answers without one is refused), and the person is read from it;
 * - at every sign-in the useful claims of that ID token are stored in auth_user.claims, where the admin rule of
 *   spec §6 reads them, and the provider's tokens are not kept (the app never calls the provider for the person);
 * - an ID token handed to POST /sign-in/social by a client is refused: only the redirect flow, with its nonce, signs in;
 * - linking: better-auth joins a provider sign-in to an existing account with the same email only when the
 *   provider says `email_verified` and the existing account's address is verified too (the provider is not
 *   "trusted" here, so an unverified address never takes over an account).
 */

/** Claims of the ID token kept for /api/me/claims, the admin rule and the diagnostics, besides the admin claim. */
const KEPT_CLAIMS = ['iss', 'sub', 'aud', 'exp', 'iat', 'auth_time', 'email', 'email_verified', 'name'] as const;

/** How long the "Log in with …" link waits for the provider's discovery document before saying it is down. */
export const PROVIDER_CHECK_TIMEOUT_MS = 3000;

/** The payload of a JWT, or null when it is not one. Only for tokens better-auth has already verified. */
export function jwtPayload(token: string): Claims | null {
  const parts = token.split('.');
  if (parts.length !== 3 || !parts[1]) return null;
  try {
    const payload: unknown = JSON.parse(Buffer.from(parts[1], 'base64url').toString('utf8'));
    return payload && typeof payload === 'object' && !Array.isArray(payload) ? (payload as Claims) : null;
  } catch {
    return null;
  }
}

/** The claims we keep of an ID token: the standard few and the one the league's admin rule names. */
export function keptClaims(payload: Claims, adminClaim: string): Claims {
  const kept: Claims = {};
  for (const name of KEPT_CLAIMS) if (Object.hasOwn(payload, name)) kept[name] = payload[name];
  const { claim } = parseAdminClaim(adminClaim);
  if (claim && Object.hasOwn(payload, claim)) kept[claim] = payload[claim];
  return kept;
}

/** A display name from the provider's claims: name, given and family name, preferred username, or the email's local part. */
export function displayNameFrom(claims: Claims, email: string | undefined): string {
  const text = (key: string) => {
    const value = claims[key];
    return typeof value === 'string' ? value.trim() : '';
  };
  const candidates = [
    text('name'),
    [text('given_name'), text('family_name')].filter(Boolean).join(' '),
    text('preferred_username'),
    email?.split('@')[0]?.trim() ?? '',
  ];
  const name = candidates.find((c) => c.length > 0) ?? 'League member';
  return name.length > DISPLAY_NAME_MAX ? name.slice(0, DISPLAY_NAME_MAX).trim() : name;
}

const isVerified = (value: unknown) => value === true || value === 'true';

interface Discovery {
  issuer: string;
  userinfo_endpoint?: string;
}

type Warn = (message: string, detail?: Record<string, unknown>) => void;

/**
 * The provider's discovery document, fetched now, or null when the provider does not answer with one in time
 * (down, answering errors, not an OpenID provider). The "Log in with …" link asks this before sending anyone there.
 */
export async function discoverProvider(issuer: string, warn: Warn, timeoutMs = PROVIDER_CHECK_TIMEOUT_MS): Promise<Discovery | null> {
  const discoveryUrl = `${issuer}/.well-known/openid-configuration`;
  try {
    const res = await fetch(discoveryUrl, { signal: AbortSignal.timeout(timeoutMs), headers: { accept: 'application/json' } });
    if (!res.ok) {
      warn('the identity provider answered its discovery document with an error', { status: res.status, discoveryUrl });
      return null;
    }
    const doc = (await res.json()) as Partial<Discovery>;
    if (typeof doc.issuer !== 'string') {
      warn('the identity provider’s discovery document names no issuer', { discoveryUrl });
      return null;
    }
    if (doc.issuer.replace(/\/$/, '') !== issuer) {
      // better-auth checks ID tokens against the discovered issuer; a different one here is a wrong OIDC_ISSUER.
      warn('the identity provider calls itself by another issuer than OIDC_ISSUER', { configured: issuer, discovered: doc.issuer });
    }
    return { issuer: doc.issuer, ...(typeof doc.userinfo_endpoint === 'string' ? { userinfo_endpoint: doc.userinfo_endpoint } : {}) };
  } catch (err) {
    warn('the identity provider could not be reached', { discoveryUrl, reason: err instanceof Error ? err.message : String(err) });
    return null;
  }
}

export interface OidcSupport {
  /** better-auth plugins: the generic OAuth provider and our guard. */
  plugins: BetterAuthPlugin[];
  /** better-auth's account hooks call this after writing an account row (create and update). */
  accountWritten(account: { id: string; userId: string; providerId: string; idToken?: string | null | undefined }): Promise<void>;
}

export interface OidcDeps {
  db: Database;
  /** Tells every app server that this person's claims changed (drops them from the signed-in cache). */
  changed(userId: string): Promise<void>;
  /** Where a failure to reach the provider is said (never a token or the secret). */
  warn: Warn;
}

export function createOidcSupport(oidc: OidcConfig, deps: OidcDeps): OidcSupport {
  const discoveryUrl = `${oidc.issuer}/.well-known/openid-configuration`;
  let discovered: Discovery | null = null;

  /** The userinfo endpoint's answer for this access token when it is about the same person, else null. */
  async function userInfo(accessToken: string, sub: string): Promise<Claims | null> {
    discovered ??= await discoverProvider(oidc.issuer, deps.warn);
    const endpoint = discovered?.userinfo_endpoint;
    if (!endpoint) return null;
    try {
      const res = await fetch(endpoint, { headers: { authorization: `Bearer ${accessToken}`, accept: 'application/json' }, signal: AbortSignal.timeout(5000) });
      if (!res.ok) return null;
      const info = (await res.json()) as Claims;
      return info.sub === sub ? info : null;
    } catch {
      return null;
    }
  }

  /**
   * The person, from the ID token better-auth has just verified (it calls this only after the signature, issuer,
   * audience, expiry and nonce checks passed). A provider that leaves the email out of the ID token (Microsoft
   * Entra without the optional claim) is asked at its userinfo endpoint, for the same subject only.
   */
  async function personFromIdToken(tokens: { idToken?: string | undefined; accessToken?: string | undefined }): Promise<GenericOAuthUserInfo | null> {
    if (!tokens.idToken) return null;
    const claims = jwtPayload(tokens.idToken);
    if (!claims || typeof claims.sub !== 'string' || claims.sub === '') return null;
    let about = claims;
    if (typeof claims.email !== 'string' && tokens.accessToken) {
      const info = await userInfo(tokens.accessToken, claims.sub);
      if (info) about = { ...info, ...claims };
    }
    const email = typeof about.email === 'string' && about.email.trim() !== '' ? about.email.trim() : undefined;
    return {
      id: claims.sub,
      sub: claims.sub,
      email: email ?? null,
      emailVerified: isVerified(about.email_verified),
      name: displayNameFrom(about, email),
    };
  }

  const provider = genericOAuth({
    config: [
      {
        providerId: OIDC_PROVIDER_ID,
        name: oidc.providerName,
        discoveryUrl,
        requireIdTokenVerification: true,
        clientId: oidc.clientId,
        clientSecret: oidc.clientSecret,
        scopes: oidc.scopes,
        pkce: true,
        getUserInfo: personFromIdToken,
      },
    ],
  });

  const guard = {
    id: 'cgsl-oidc-guard',
    hooks: {
      before: [
        {
          // better-auth would also sign someone in from an ID token a client posts (its mobile flow), with the nonce
          // optional: a token copied from anywhere could be replayed until it expires. Only the redirect flow here.
          matcher: (ctx) => ctx.path === '/sign-in/social' && Boolean((ctx.body as { idToken?: unknown } | undefined)?.idToken),
          handler: createAuthMiddleware(async () => {
            throw new APIError('FORBIDDEN', {
              code: 'ID_TOKEN_SIGN_IN_REFUSED',
              message: `Signing in with an ID token sent by the page is not accepted. Use "Log in with ${oidc.providerName}" on the login page.`,
            });
          }),
        },
      ],
    },
  } satisfies BetterAuthPlugin;

  return {
    plugins: [provider, guard],
    accountWritten: async (account) => {
      if (account.providerId !== OIDC_PROVIDER_ID || !account.idToken) return;
      const payload = jwtPayload(account.idToken);
      // The claims of this sign-in replace the last ones: a claim removed at the provider is gone from here too.
      await repo.recordProviderSignIn(deps.db, {
        userId: account.userId,
        accountId: account.id,
        claims: payload ? keptClaims(payload, oidc.adminClaim) : null,
      });
      await deps.changed(account.userId);
    },
  };
}
