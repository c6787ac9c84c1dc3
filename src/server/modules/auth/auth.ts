import { hash, verify } from '@node-rs/argon2';
import { betterAuth } from 'better-auth';
import { APIError } from 'better-auth/api';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '../../../shared/constants';
import { RESET_LINK_TTL_SECONDS, VERIFY_EMAIL_LANDING, VERIFY_LINK_TTL_SECONDS } from '../../../shared/auth/auth.schemas';
import { ACCOUNT_DISABLED, ACCOUNT_DISABLED_MESSAGE } from './auth-errors';
import { recordAuthFailure } from './auth-failures';
import { passwordResetMail, verifyEmailMail } from './auth-mail';
import { createProfileForAuthUser, findProfileFlags, mailLocaleOf, touchLastSignIn } from '../users/users.service';
import { DEFAULT_LOCALE, type Locale } from '../../../shared/i18n/locales';
import { requestLocale } from '../../i18n/words';
import { authDatabase, findUserWithAccounts } from './auth.repository';
import { recordSecurityEvent, securityAuditContext } from './security-audit';
import { OIDC_PROVIDER_ID } from '../../../shared/auth/sign-in.schemas';
import { hashVerificationIdentifier, recordResetLink, resetLinksPlugin } from './reset-links';
import type { LeagueSettingsService } from '../league/league.service';
import type { Live } from '../live/live.service';
import { enqueueMail } from '../mail/mail.service';
import { displayNameProblem } from '../../../shared/users/users.schemas';
import { createOidcSupport } from './oidc';
import { signInPolicyPlugin } from './sign-in-policy';

/** OWASP's argon2id baseline: 19 MiB memory, 2 iterations, 1 lane. */
// algorithm 2 is Argon2id (the package's const enum cannot be imported under verbatimModuleSyntax).
const ARGON2_OPTIONS = { algorithm: 2, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

export interface AuthDeps {
  league: LeagueSettingsService;
  live: Live;
  /** Where the identity provider's trouble is logged (never a token or the client secret); silent when not given. */
  warn?: (message: string, detail?: Record<string, unknown>) => void;
}

export function createAuth(config: Config, db: Database, secret: string, { league, live, warn = () => {} }: AuthDeps) {
  const leagueName = async () => (await league.get()).name;
  // A security email's language: the person's choice on their profile, else the language of the request that asked
  // for it (a sign-up or "Forgot password?" in a Spanish browser), else English.
  const mailLocale = async (userId: string, request: Request | undefined): Promise<Locale> =>
    (await mailLocaleOf(db, { id: userId })) ?? (request ? requestLocale(request.headers.get('accept-language') ?? undefined) : DEFAULT_LOCALE);
  // What better-auth changes itself (sign-out, a revoked or expired session, a password reset or change ending
  // sessions, an account edit) reaches every app server's signed-in people in memory (actor-cache.ts). Its
  // database hooks run after the change commits and before its endpoint answers.
  const changed = async (userId: string | null | undefined) => {
    if (userId) await live.publish({ people: [userId] });
  };
  // A provider account added to a person who already had a way in (their password) is a link: audit-logged
  // (security-audit.ts). A person whose first sign-in is with the provider has that one account only.
  const auditProviderLink = async (userId: string, headers: Headers | undefined, providerName: string) => {
    const person = await findUserWithAccounts(db, userId);
    if (!person || person.accounts < 2) return;
    const who = { userId, email: person.email };
    const ctx = securityAuditContext(who, { ip: headers?.get('x-forwarded-for') ?? null, userAgent: headers?.get('user-agent') ?? null });
    await recordSecurityEvent(db, ctx, { kind: 'provider.link', ...who, providerName });
  };
  // The league's own identity provider (OIDC_*), when configured: docs/decisions/024.
  const oidc = config.oidc ? createOidcSupport(config.oidc, { db, changed, warn }) : null;
  return betterAuth({
    appName: 'Practice Scheduler',
    baseURL: config.publicUrl,
    basePath: '/api/auth',
    secret,
    // With PUBLIC_URL set, only its origin and TRUSTED_ORIGINS. Unset (a laptop at the clubhouse, opened as
    // http://127.0.0.1:3000 or by its LAN address), also the origin the request was sent to: auth.routes.ts builds
    // that URL from Fastify's protocol and host, which honour X-Forwarded-* only under TRUST_PROXY.
    trustedOrigins: config.publicUrlExplicit
      ? config.trustedOrigins
      : (request) => [...config.trustedOrigins, ...(request ? [new URL(request.url).origin] : [])],
    telemetry: { enabled: false },
    database: authDatabase(db),
    // Reset tokens are stored as SHA-256 digests, like the setup and invitation tokens: a copy of the database
    // holds no working link.
    verification: { storeIdentifier: { hash: async (identifier) => hashVerificationIdentifier(identifier) } },
    plugins: [
      resetLinksPlugin(db),
      signInPolicyPlugin({ league, providerName: config.oidc?.providerName ?? null }),
      ...(oidc?.plugins ?? []),
    ],
    // Where a failed sign-in with the provider lands (better-auth adds ?error=<code>): the login page says it in words.
    // The error behind a 500 is kept for the route, which answers a database outage in words (auth-failures.ts).
    onAPIError: { errorURL: '/login', onError: recordAuthFailure },
    emailAndPassword: {
      enabled: true,
      autoSignIn: true,
      minPasswordLength: PASSWORD_MIN_LENGTH,
      maxPasswordLength: PASSWORD_MAX_LENGTH,
      password: {
        hash: (password) => hash(password, ARGON2_OPTIONS),
        verify: ({ hash: stored, password }) => verify(stored, password),
      },
      resetPasswordTokenExpiresIn: RESET_LINK_TTL_SECONDS,
      // A new password ends every session, the attacker's included; the person logs in again with it.
      revokeSessionsOnPasswordReset: true,
      // better-auth's `url` is its own redirect endpoint; the mail links straight to our page, which checks the
      // link first (POST /reset-link-status) and then posts the new password with the token.
      sendResetPassword: async ({ user, token }, request) => {
        const url = `${config.publicUrl}/reset-password?token=${encodeURIComponent(token)}`;
        const mail = passwordResetMail(await leagueName(), { email: user.email, url }, await mailLocale(user.id, request));
        await db.transaction(async (tx) => {
          await recordResetLink(tx, token, new Date(Date.now() + RESET_LINK_TTL_SECONDS * 1000));
          await enqueueMail(tx, config.publicUrl, { ...mail, to: user.email, toUserId: user.id });
        });
      },
    },
    // Sent at sign-up and on request; signing in does not wait for it (the app is usable at once).
    emailVerification: {
      sendOnSignUp: true,
      sendOnSignIn: false,
      autoSignInAfterVerification: false,
      expiresIn: VERIFY_LINK_TTL_SECONDS,
      sendVerificationEmail: async ({ user, token }, request) => {
        // better-auth checks the token, marks the address verified and sends the person to our landing page
        // (with ?error=… when the link is expired or broken), whatever callbackURL the request carried.
        const url = `${config.publicUrl}/api/auth/verify-email?token=${encodeURIComponent(token)}&callbackURL=${encodeURIComponent(VERIFY_EMAIL_LANDING)}`;
        const mail = verifyEmailMail(await leagueName(), { name: user.name, email: user.email, url }, await mailLocale(user.id, request));
        await enqueueMail(db, config.publicUrl, { ...mail, to: user.email, toUserId: user.id });
      },
    },
    // An absolute lifetime: a session ends SESSION_MAX_AGE_DAYS after sign-in, active or not (never extended).
    // Every sign-in creates a new session (a new token), whatever session cookie the browser already had.
    session: { expiresIn: Math.floor(config.sessionMaxAgeMs / 1000), disableSessionRefresh: true },
    rateLimit: {
      enabled: true,
      storage: 'database',
      window: 60,
      max: 100,
      customRules: {
        '/sign-in/email': { window: 60, max: config.loginRateLimit },
        '/sign-up/email': { window: 60, max: config.signupRateLimit },
        // Each of these takes a password or sends mail: limited per address like sign-in.
        '/request-password-reset': { window: 60, max: config.loginRateLimit },
        '/reset-password': { window: 60, max: config.loginRateLimit },
        '/change-password': { window: 60, max: config.loginRateLimit },
        '/send-verification-email': { window: 60, max: config.loginRateLimit },
      },
    },
    advanced: {
      useSecureCookies: config.publicUrl.startsWith('https://'),
      // The client's address is Fastify's `req.ip` (TRUST_PROXY decides whom it believes): auth.routes.ts drops
      // whatever forwarding headers the client sent and puts `req.ip` alone in X-Forwarded-For, the one header
      // read here, so the per-address limits and the sessions' ipAddress use exactly Fastify's address.
      ipAddress: { ipAddressHeaders: ['x-forwarded-for'] },
      trustedProxyHeaders: false,
      // better-auth turns its origin and callbackURL checks off by itself when NODE_ENV is "test"; ours are on
      // always, so the tests exercise what production runs (open redirects, unparseable callback URLs).
      disableOriginCheck: false,
      disableCSRFCheck: false,
    },
    databaseHooks: {
      user: {
        create: {
          // The name's limits (1-100 characters) hold for sign-up as for every other way a name comes in.
          before: async (user) => {
            refuseBadName(user.name);
          },
          after: async (user) => {
            await createProfileForAuthUser(db, { id: user.id, email: user.email, displayName: user.name });
          },
        },
        update: {
          before: async (user) => {
            if (user.name !== undefined) refuseBadName(user.name);
          },
          after: async (user) => changed(user?.id),
        },
        delete: { after: async (user) => changed(user?.id) },
      },
      account: {
        // After every sign-in with the provider: its ID token's claims become the person's, its tokens are dropped.
        create: {
          after: async (account, context) => {
            await oidc?.accountWritten(account);
            if (config.oidc && account.providerId === OIDC_PROVIDER_ID) await auditProviderLink(account.userId, context?.request?.headers, config.oidc.providerName);
          },
        },
        update: { after: async (account) => (account ? oidc?.accountWritten(account) : undefined) },
      },
      session: {
        create: {
          before: async (session) => {
            const flags = await findProfileFlags(db, session.userId);
            if (flags?.disabled) {
              throw new APIError('FORBIDDEN', {
                code: ACCOUNT_DISABLED,
                message: ACCOUNT_DISABLED_MESSAGE,
              });
            }
          },
          after: async (session) => {
            await touchLastSignIn(db, session.userId);
          },
        },
        update: { after: async (session) => changed(session?.userId) },
        delete: { after: async (session) => changed(session?.userId) },
      },
    },
  });
}

export type Auth = ReturnType<typeof createAuth>;

function refuseBadName(name: unknown): void {
  const problem = displayNameProblem(name);
  if (problem) throw new APIError('BAD_REQUEST', { code: 'VALIDATION_FAILED', message: problem });
}
