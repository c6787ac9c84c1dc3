import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from '../../config';
import {
  OIDC_NOT_CONFIGURED,
  OIDC_PROVIDER_ID,
  OIDC_START_PATH,
  OIDC_START_QUERY,
  OIDC_UNAVAILABLE,
  signInOptionsSchema,
} from '../../../shared/auth/sign-in.schemas';
import type { LeagueSettingsService } from '../league/league.service';
import type { Auth } from './auth';
import { discoverProvider } from './oidc';

export interface SignInRoutesDeps {
  auth: Auth;
  league: LeagueSettingsService;
  config: Pick<Config, 'oidc'>;
}

/** A path on this site to land on after signing in; anything else (another site, `//host`, `/\host`) is the home page. */
export function landingPath(raw: string | undefined): string {
  // eslint-disable-next-line no-control-regex -- a control character (a header split, a tab) never belongs in a path to land on
  if (!raw || !raw.startsWith('/') || raw.startsWith('//') || raw.startsWith('/\\') || /[\u0000-\u001f\\]/.test(raw)) return '/';
  return raw;
}

/** The login page, keeping where the person was going, with an error code it turns into words. */
function loginPage(landing: string, error?: string): string {
  const params = new URLSearchParams();
  if (landing !== '/') params.set('redirect', landing);
  if (error) params.set('error', error);
  const query = params.toString();
  return query ? `/login?${query}` : '/login';
}

/**
 * GET /api/sign-in-options (what the login and sign-up pages offer) and GET /api/sign-in/oidc, the "Log in with …"
 * link: it checks that the provider answers (a provider that is down gets the person a message on our login page,
 * not a browser error on its host), starts better-auth's flow (state, PKCE, nonce; the state cookie set here) and
 * sends the browser to the provider. Failures come back to /login?error=<code>.
 */
export function registerSignInRoutes(app: FastifyInstance, { auth, league, config }: SignInRoutesDeps): void {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const oidc = config.oidc;

  routes.get(
    '/api/sign-in-options',
    {
      config: { access: 'public' },
      schema: {
        tags: ['auth'],
        summary: 'How people can sign in and sign up here: the identity provider (its name only) and whether password sign-up is on',
        response: { 200: signInOptionsSchema },
      },
    },
    async () => ({ oidc: oidc ? { providerName: oidc.providerName } : null, passwordSignUp: await league.passwordSignUp() }),
  );

  routes.get(
    OIDC_START_PATH,
    {
      // Each start writes a state row and asks the provider for its discovery document: limited per address.
      config: { access: 'public', rateLimit: { max: 60, timeWindow: '1 minute' } },
      schema: {
        tags: ['auth'],
        summary: 'Log in with the league’s identity provider: redirects there, or back to /login?error=… in words when it cannot',
        querystring: OIDC_START_QUERY,
        response: { 302: z.null().describe('To the provider, or to /login?error=oidc_unavailable when it does not answer') },
      },
    },
    async (req, reply) => {
      const landing = landingPath(req.query.redirect);
      if (!oidc) return reply.redirect(loginPage(landing, OIDC_NOT_CONFIGURED), 302);
      const warn = (message: string, detail?: Record<string, unknown>) => req.log.warn(detail ?? {}, message);
      if (!(await discoverProvider(oidc.issuer, warn))) return reply.redirect(loginPage(landing, OIDC_UNAVAILABLE), 302);
      let started: { url: string | undefined; setCookie: string[] };
      try {
        const result = await auth.api.signInSocial({
          body: { provider: OIDC_PROVIDER_ID, callbackURL: landing, errorCallbackURL: loginPage(landing), disableRedirect: true },
          returnHeaders: true,
        });
        started = { url: result.response.url, setCookie: result.headers.getSetCookie() };
      } catch (err) {
        // better-auth had not read the provider yet (it was down when the server started) and still cannot.
        req.log.warn({ reason: err instanceof Error ? err.message : String(err) }, 'signing in with the identity provider could not start');
        return reply.redirect(loginPage(landing, OIDC_UNAVAILABLE), 302);
      }
      if (!started.url) return reply.redirect(loginPage(landing, OIDC_UNAVAILABLE), 302);
      reply.header('set-cookie', started.setCookie);
      reply.header('cache-control', 'no-store');
      return reply.redirect(started.url, 302);
    },
  );
}
