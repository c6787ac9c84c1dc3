import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import type { LeagueSettingsService } from '../league/league.service';
import type { Live } from '../live/live.service';
import { databaseFailure } from '../../db/database-failure';
import { AppError, keyedBody, type ErrorWords } from '../../errors';
import { requestLocale } from '../../i18n/words';
import { ownOrigin } from '../../plugins/request-origin';
import type { Auth } from './auth';
import { translateAuthError } from './auth-errors';
import { withAuthFailure } from './auth-failures';
import { createLoginThrottle, waitMinutes, type LoginAttempt } from './login-throttle';
import { resetLinkOwner } from './reset-links';
import * as repo from './auth.repository';
import { recordSecurityEvent, securityAuditContext, type SecurityEvent } from './security-audit';
import { endSession, isPastLifetime } from './sessions';
import { registerSignInRoutes } from './sign-in.routes';
import { OIDC_CALLBACK_PATH } from '../../../shared/auth/sign-in.schemas';

/**
 * Asking for a reset link takes at least this long, whatever the answer: a known address also writes the link and
 * queues the email (a few milliseconds more), and the time must not tell whether an address has an account.
 * better-auth pads its own resend-verification endpoint the same way.
 */
const RESET_REQUEST_FLOOR_MS = 500;

/** Headers through which a client could claim another address or host: better-auth sees only what Fastify decided. */
const FORWARDING_HEADERS = new Set(['forwarded', 'x-forwarded-for', 'x-forwarded-host', 'x-forwarded-proto', 'x-forwarded-port', 'x-real-ip']);

const SIGN_IN_PATH = '/api/auth/sign-in/email';
const CHANGE_PASSWORD_PATH = '/api/auth/change-password';
const REVOKE_OTHER_SESSIONS_PATH = '/api/auth/revoke-other-sessions';
const RESET_PASSWORD_PATH = '/api/auth/reset-password';
const GET_SESSION_PATH = '/api/auth/get-session';

export interface AuthRoutesDeps {
  auth: Auth;
  db: Database;
  live: Live;
  /** For the sign-in options and the "Log in with …" link (sign-in.routes.ts). */
  league: LeagueSettingsService;
  config: Pick<Config, 'publicUrl' | 'loginAccountLimit' | 'loginAccountWindowMs' | 'sessionMaxAgeMs' | 'oidc'>;
}

/** Our one error shape, in the request's language (decision 038). */
function errorBody(req: FastifyRequest, err: { code: string; words: ErrorWords; details?: unknown }) {
  return keyedBody(err.code, err.words, requestLocale(req.headers['accept-language']), err.details);
}

/** Mounts better-auth under /api/auth/* and rewrites its errors into our one error shape. */
export function registerAuthRoutes(app: FastifyInstance, { auth, db, live, league, config }: AuthRoutesDeps): void {
  registerSignInRoutes(app, { auth, league, config });
  const throttle = createLoginThrottle(db, { limit: config.loginAccountLimit, windowMs: config.loginAccountWindowMs });

  /** The request better-auth sees: our URL (scheme and host as Fastify reads them), Fastify's client address. */
  function toRequest(req: FastifyRequest): Request {
    // Concatenated, not resolved: a path such as //other.example/… stays a path on our origin.
    const url = new URL(`${ownOrigin(req) ?? new URL(config.publicUrl).origin}${req.url}`);
    const headers = new Headers();
    for (const [key, value] of Object.entries(req.headers)) {
      if (value === undefined || FORWARDING_HEADERS.has(key)) continue;
      headers.append(key, Array.isArray(value) ? value.join(', ') : String(value));
    }
    headers.set('x-forwarded-for', req.ip);
    return new Request(url, {
      method: req.method,
      headers,
      ...(req.body !== undefined && req.method !== 'GET' ? { body: JSON.stringify(req.body) } : {}),
    });
  }

  /** The session this browser had before signing in, so the sign-in can end it (a new token replaces it). */
  async function currentSessionToken(req: FastifyRequest): Promise<string | null> {
    if (!req.headers.cookie) return null;
    const session = await auth.api.getSession({ headers: new Headers({ cookie: req.headers.cookie }), query: { disableRefresh: true } }).catch(() => null);
    return session?.session.token ?? null;
  }

  const handler = async (req: FastifyRequest, reply: FastifyReply) => {
    // The body is handed on as JSON text: one nested thousands of levels deep would overflow the stack there.
    if (nestedDeeperThan(req.body, MAX_BODY_DEPTH)) {
      throw new AppError('VALIDATION_FAILED', { key: 'auth.bodyTooDeep' });
    }
    const pathname = new URL(req.url, 'http://x').pathname;
    const isSignIn = req.method === 'POST' && pathname === SIGN_IN_PATH;
    // The identity provider sends the browser back here; a sign-in it completes replaces the browser's session too.
    const isProviderCallback = req.method === 'GET' && pathname === OIDC_CALLBACK_PATH;

    let attempt: LoginAttempt | null = null;
    let previousToken: string | null = null;
    if (isSignIn) {
      const email = (req.body as { email?: unknown } | undefined)?.email;
      if (typeof email === 'string' && email.trim() !== '') {
        const started = await throttle.begin(email);
        if ('retryAfterSeconds' in started) {
          reply.header('retry-after', String(started.retryAfterSeconds));
          return reply.status(429).send(
            errorBody(req, {
              code: 'RATE_LIMITED',
              words: { key: 'auth.tooManyForAccount', params: { minutes: waitMinutes(started.retryAfterSeconds) } },
              details: { retryAfterSeconds: started.retryAfterSeconds },
            }),
          );
        }
        attempt = started;
      }
      previousToken = await currentSessionToken(req);
    }

    if (isProviderCallback) previousToken = await currentSessionToken(req);

    // A security event to audit-log once better-auth has made the change (security-audit.ts): who it is about is
    // read before, since a password change or reset ends the sessions and spends the link that name the person.
    const security = req.method === 'POST' ? await securityEventOf(req, pathname) : null;

    const started = performance.now();
    let response: Response;
    try {
      const handled = await withAuthFailure(() => auth.handler(toRequest(req)));
      response = handled.response;
      // The database did not answer: the same 503 in words as every other route (error-handler.ts).
      if (response.status >= 500 && databaseFailure(handled.error)) throw handled.error;
      if (response.status >= 500 && handled.error) req.log.error({ err: handled.error }, 'better-auth failed');
    } catch (err) {
      await attempt?.cancel();
      throw err;
    }
    if (pathname === '/api/auth/request-password-reset') {
      const wait = RESET_REQUEST_FLOOR_MS - (performance.now() - started);
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    }
    const auditHeaders = { ip: req.ip, userAgent: req.headers['user-agent'] ?? null };
    if (attempt) {
      if (response.status === 401) {
        // The failure that fills the window locks the account: logged once, about the account when there is one.
        const email = (req.body as { email: string }).email;
        const account = (await attempt.failed()) ? await repo.findUserByEmail(db, email) : null;
        if (account) {
          await recordSecurityEvent(db, securityAuditContext(null, auditHeaders), {
            kind: 'sign_in.locked',
            userId: account.id,
            email: account.email,
            failures: config.loginAccountLimit,
            lockedForMinutes: Math.max(1, Math.ceil(config.loginAccountWindowMs / 60_000)),
          });
        }
      } else if (response.ok) await attempt.succeeded();
      else await attempt.cancel();
    }
    if (security && response.ok) await recordSecurityEvent(db, securityAuditContext(security.actor, auditHeaders), security.event);

    let text = await response.text();
    if (response.ok && pathname === GET_SESSION_PATH && text.startsWith('{')) {
      // A session past its absolute lifetime is over here too, not only on our own routes (plugins/access.ts):
      // it is deleted, and better-auth, asked again, answers null and clears the cookie.
      const session = (JSON.parse(text) as { session?: { token?: unknown; createdAt?: unknown } } | null)?.session;
      if (typeof session?.token === 'string' && typeof session.createdAt === 'string' && isPastLifetime(session.createdAt, config.sessionMaxAgeMs)) {
        await endSession({ db, live }, session.token);
        response = await auth.handler(toRequest(req));
        text = await response.text();
      }
    }

    reply.status(response.status);
    response.headers.forEach((value, key) => {
      if (key !== 'set-cookie' && key !== 'content-length') reply.header(key, value);
    });
    const cookies = response.headers.getSetCookie();
    if (cookies.length > 0) reply.header('set-cookie', cookies);
    if (isProviderCallback && previousToken) {
      // Session rotation, as for a password sign-in below: the session this browser had before ends.
      const sessionCookie = `${(await auth.$context).authCookies.sessionToken.name}=`;
      if (cookies.some((c) => c.startsWith(sessionCookie) && !c.startsWith(`${sessionCookie};`))) await endSession({ db, live }, previousToken);
    }
    if (response.status >= 400) {
      let parsed: { code?: unknown; message?: unknown } = {};
      try {
        parsed = (JSON.parse(text) ?? {}) as typeof parsed;
      } catch {
        // Not JSON: the status alone decides below.
      }
      const authCode = typeof parsed.code === 'string' ? parsed.code : undefined;
      const authMessage = typeof parsed.message === 'string' ? parsed.message : undefined;
      if (response.status >= 500) req.log.error({ status: response.status, authCode, authMessage }, 'better-auth failed');
      // Only the codes of ERROR_CODES leave the API: better-auth's own are translated, with field errors.
      const err = translateAuthError({ status: response.status, authCode, authMessage, method: req.method, path: pathname, locale: requestLocale(req.headers['accept-language']) });
      reply.status(err.statusCode);
      reply.header('content-type', 'application/json; charset=utf-8');
      if (response.status === 429) {
        // better-auth's per-address limit says when in X-Retry-After; browsers and clients read Retry-After.
        const seconds = Number(response.headers.get('x-retry-after'));
        if (Number.isFinite(seconds) && seconds > 0) {
          reply.header('retry-after', String(Math.ceil(seconds)));
          return reply.send(
            errorBody(req, {
              code: err.code,
              words: { key: 'auth.tooManyFromAddress', params: { minutes: waitMinutes(seconds) } },
              details: { retryAfterSeconds: Math.ceil(seconds) },
            }),
          );
        }
      }
      return reply.send(errorBody(req, { code: err.code, words: err.words!, details: err.details }));
    }
    // The session lives in an HttpOnly cookie; keep its token out of reach of page scripts (sign-in answers
    // `{ token }`, get-session `{ session: { token } }`).
    if (text.startsWith('{') && text.includes('"token"')) {
      const parsed = JSON.parse(text) as Record<string, unknown>;
      // Session rotation: the session the browser had before this sign-in ends; the new one replaces it.
      if (isSignIn && previousToken && typeof parsed.token === 'string' && parsed.token !== previousToken) {
        await endSession({ db, live }, previousToken);
      }
      delete parsed.token;
      const session = parsed.session;
      if (session && typeof session === 'object') delete (session as Record<string, unknown>).token;
      return reply.send(parsed);
    }
    return reply.send(text.length > 0 ? text : null);
  };
  /** The security event a POST to this better-auth path makes when it succeeds, with the person it is about. */
  async function securityEventOf(req: FastifyRequest, pathname: string): Promise<{ actor: { userId: string; email: string }; event: SecurityEvent } | null> {
    const body = (req.body ?? {}) as { revokeOtherSessions?: unknown; token?: unknown };
    if (pathname === CHANGE_PASSWORD_PATH || pathname === REVOKE_OTHER_SESSIONS_PATH) {
      const actor = await req.actor();
      if (!actor) return null;
      const who = { userId: actor.userId, email: actor.email };
      return pathname === CHANGE_PASSWORD_PATH
        ? { actor: who, event: { kind: 'password.change', ...who, otherDevicesSignedOut: body.revokeOtherSessions === true } }
        : { actor: who, event: { kind: 'sessions.revoke_others', ...who } };
    }
    if (pathname === RESET_PASSWORD_PATH && typeof body.token === 'string' && body.token !== '') {
      const userId = await resetLinkOwner(db, body.token);
      const person = userId ? await repo.findUserWithAccounts(db, userId) : null;
      if (!userId || !person) return null;
      const who = { userId, email: person.email };
      return { actor: who, event: { kind: 'password.reset', ...who } };
    }
    return null;
  }

  app.route({ method: ['GET', 'POST'], url: '/api/auth/*', config: { access: 'public' }, handler, schema: { hide: true } });
}

/** No form better-auth takes nests deeper than a few levels. */
const MAX_BODY_DEPTH = 16;

/** Whether a parsed JSON value nests objects or arrays deeper than `max` (walked without recursion). */
export function nestedDeeperThan(value: unknown, max: number): boolean {
  const stack: Array<{ value: unknown; depth: number }> = [{ value, depth: 0 }];
  while (stack.length > 0) {
    const { value: current, depth } = stack.pop()!;
    if (current === null || typeof current !== 'object') continue;
    if (depth >= max) return true;
    for (const child of Object.values(current as Record<string, unknown>)) stack.push({ value: child, depth: depth + 1 });
  }
  return false;
}
