import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Database } from '../db/client';
import type { Actor } from '../context';
import { createActorSource, type ActorCacheOptions } from '../modules/auth/actor-cache';
import type { Auth } from '../modules/auth/auth';
import type { Live } from '../modules/live/live.service';
import { AppError, notAdmin, notSignedIn } from '../errors';
import { ownOrigin } from './request-origin';

/** Who may call a route. Every /api route must declare one: the server refuses to start otherwise. */
export type Access = 'public' | 'user' | 'admin';

export type { Actor } from '../context';

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

export function registerAccess(
  app: FastifyInstance,
  deps: { auth: Auth; db: Database; live: Live; sessionMaxAgeMs: number; actorCache?: ActorCacheOptions; adminClaim?: string | undefined },
): void {
  const routes: DeclaredRoute[] = [];
  declaredRoutes.set(app, routes);
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api') || route.method === 'HEAD') return;
    const access = (route.config)?.access;
    if (!access) throw new Error(`Route ${String(route.method)} ${route.url} does not declare who may call it (config.access)`);
    for (const method of [route.method].flat()) routes.push({ method, url: route.url, access });
  });

  // Who is behind a session, held in memory on this server and dropped on every change (modules/auth/actor-cache.ts).
  const actors = createActorSource(deps, deps.actorCache);
  app.addHook('onClose', async () => actors.close());
  const cache = new WeakMap<FastifyRequest, Promise<Actor | null>>();
  const loadActor = (req: FastifyRequest) => actors.actorOf(req.headers.cookie);

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
    throw new AppError('CSRF_REJECTED', { key: 'auth.crossSite' });
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
