import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Database } from '../db/client';
import type { Auth } from '../modules/auth/auth';
import { endSession, isPastLifetime } from '../modules/auth/sessions';
import { findClaims, findProfile, type ProfileRow } from '../modules/users/users.service';
import { decideAdmin, type AdminDecision } from '../../shared/users/admin-rule';
import { AppError, notAdmin, notSignedIn } from '../errors';
import { ownOrigin } from './request-origin';

/** Who may call a route. Every /api route must declare one: the server refuses to start otherwise. */
export type Access = 'public' | 'user' | 'admin';

export interface Actor {
  userId: string;
  email: string;
  profile: ProfileRow;
  admin: AdminDecision;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
  }
  interface FastifyRequest {
    /** The signed-in person, or null; loaded once per request. */
    actor(): Promise<Actor | null>;
    /** The signed-in person, or a 401. */
    requireActor(): Promise<Actor>;
  }
}

export interface DeclaredRoute {
  method: string;
  url: string;
  access: Access;
}

const declaredRoutes = new WeakMap<FastifyInstance, DeclaredRoute[]>();

/** Every /api route with who may call it (tests enumerate the admin ones). */
export function listDeclaredRoutes(app: FastifyInstance): DeclaredRoute[] {
  return declaredRoutes.get(app) ?? [];
}

export function registerAccess(app: FastifyInstance, deps: { auth: Auth; db: Database; sessionMaxAgeMs: number }): void {
  const routes: DeclaredRoute[] = [];
  declaredRoutes.set(app, routes);
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api') || route.method === 'HEAD') return;
    const access = (route.config)?.access;
    if (!access) throw new Error(`Route ${String(route.method)} ${route.url} does not declare who may call it (config.access)`);
    for (const method of [route.method].flat()) routes.push({ method, url: route.url, access });
  });

  const cache = new WeakMap<FastifyRequest, Promise<Actor | null>>();

  async function loadActor(req: FastifyRequest): Promise<Actor | null> {
    if (!req.headers.cookie) return null;
    // Only the cookie: nothing else the client sent (a forwarded address) reaches better-auth from here.
    const session = await deps.auth.api.getSession({ headers: new Headers({ cookie: req.headers.cookie }), query: { disableRefresh: true } });
    if (!session) return null;
    // The absolute lifetime (SESSION_MAX_AGE_DAYS): a session older than that is over, whatever its expiry says.
    if (isPastLifetime(session.session.createdAt, deps.sessionMaxAgeMs)) {
      await endSession(deps.db, session.session.token);
      return null;
    }
    const profile = await findProfile(deps.db, session.user.id);
    if (!profile || profile.disabled) return null;
    const admin = await decideAdmin(() => findClaims(deps.db, session.user.id), profile.role);
    return { userId: session.user.id, email: session.user.email, profile, admin };
  }

  app.decorateRequest('actor', function (this: FastifyRequest) {
    let pending = cache.get(this);
    if (!pending) {
      pending = loadActor(this);
      cache.set(this, pending);
    }
    return pending;
  });
  app.decorateRequest('requireActor', async function (this: FastifyRequest) {
    const actor = await this.actor();
    if (!actor) throw notSignedIn();
    return actor;
  });

  // Before validation: a visitor learns they must sign in, not what the body should look like.
  app.addHook('preValidation', async (req) => {
    const access = req.routeOptions.config.access;
    if (access === 'user') await req.requireActor();
    if (access === 'admin') {
      const actor = await req.requireActor();
      if (!actor.admin.isAdmin) throw notAdmin();
    }
  });
}

/**
 * Cross-site request forgery: every state-changing request must come from one of our own origins. It applies to
 * every method but GET, HEAD and OPTIONS whatever the path looks like: the router decodes a path (/%61pi/… is
 * /api/…), so a check that reads the raw URL can be walked around.
 *
 * `sameOrigin`: when PUBLIC_URL is not set, a request whose Origin is the address it was sent to (scheme and Host,
 * or X-Forwarded-Proto/Host from a proxy trusted by TRUST_PROXY) is ours too, on any host name (127.0.0.1, a LAN
 * address). With PUBLIC_URL set, only the listed origins.
 */
export function registerOriginCheck(app: FastifyInstance, options: { trustedOrigins: readonly string[]; sameOrigin: boolean }): void {
  const allowed = new Set(options.trustedOrigins);
  app.addHook('onRequest', async (req) => {
    if (SAFE_METHODS.has(req.method)) return;
    const origin = req.headers.origin ?? originOf(req.headers.referer);
    if (origin ? allowed.has(origin) || (options.sameOrigin && origin === ownOrigin(req)) : !req.headers.cookie) return;
    throw new AppError(
      'CSRF_REJECTED',
      'This request came from a page outside the league site, so it was refused. Reload the page and try again.',
    );
  });
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

function originOf(url: string | undefined): string | undefined {
  if (!url) return undefined;
  try {
    return new URL(url).origin;
  } catch {
    return undefined;
  }
}
