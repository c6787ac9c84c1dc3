import type { FastifyInstance, FastifyRequest } from 'fastify';
import { fromNodeHeaders } from 'better-auth/node';
import type { Database } from '../db/client';
import type { Auth } from '../modules/auth/auth';
import { findClaims, findProfile, type ProfileRow } from '../modules/users/users.service';
import { decideAdmin, type AdminDecision } from '../../shared/users/admin-rule';
import { AppError, notAdmin, notSignedIn } from '../errors';

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

export function registerAccess(app: FastifyInstance, deps: { auth: Auth; db: Database }): void {
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
    const session = await deps.auth.api.getSession({ headers: fromNodeHeaders(req.headers) });
    if (!session) return null;
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

/** Cross-site request forgery: state-changing API calls must come from one of our own origins. */
export function registerOriginCheck(app: FastifyInstance, trustedOrigins: readonly string[]): void {
  const allowed = new Set(trustedOrigins);
  app.addHook('onRequest', async (req) => {
    if (!req.url.startsWith('/api/') || ['GET', 'HEAD', 'OPTIONS'].includes(req.method)) return;
    const origin = req.headers.origin ?? originOf(req.headers.referer);
    if (origin ? allowed.has(origin) : !req.headers.cookie) return;
    throw new AppError(
      'CSRF_REJECTED',
      'This request came from a page outside the league site, so it was refused. Reload the page and try again.',
    );
  });
}

function originOf(url: string | undefined): string | undefined {
  if (!url) return undefined;
  try {
    return new URL(url).origin;
  } catch {
    return undefined;
  }
}
