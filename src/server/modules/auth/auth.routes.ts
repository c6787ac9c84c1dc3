import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Auth } from './auth';
import { translateAuthError } from './auth-errors';

/**
 * Asking for a reset link takes at least this long, whatever the answer: a known address also writes the link and
 * queues the email (a few milliseconds more), and the time must not tell whether an address has an account.
 * better-auth pads its own resend-verification endpoint the same way.
 */
const RESET_REQUEST_FLOOR_MS = 500;

/** Mounts better-auth under /api/auth/* and rewrites its errors into our one error shape. */
export function registerAuthRoutes(app: FastifyInstance, auth: Auth): void {
  const handler = async (req: FastifyRequest, reply: FastifyReply) => {
    const url = new URL(req.url, `http://${req.headers.host ?? 'localhost'}`);
    const headers = new Headers();
    for (const [key, value] of Object.entries(req.headers)) {
      if (value !== undefined) headers.append(key, Array.isArray(value) ? value.join(', ') : String(value));
    }
    headers.set('x-forwarded-for', req.ip);
    const request = new Request(url, {
      method: req.method,
      headers,
      ...(req.body !== undefined && req.method !== 'GET' ? { body: JSON.stringify(req.body) } : {}),
    });
    const started = performance.now();
    const response = await auth.handler(request);
    if (url.pathname === '/api/auth/request-password-reset') {
      const wait = RESET_REQUEST_FLOOR_MS - (performance.now() - started);
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    }
    reply.status(response.status);
    response.headers.forEach((value, key) => {
      if (key !== 'set-cookie' && key !== 'content-length') reply.header(key, value);
    });
    const cookies = response.headers.getSetCookie();
    if (cookies.length > 0) reply.header('set-cookie', cookies);
    const text = await response.text();
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
      const err = translateAuthError({ status: response.status, authCode, authMessage, method: req.method, path: url.pathname });
      reply.status(err.statusCode);
      reply.header('content-type', 'application/json; charset=utf-8');
      return reply.send({ error: { code: err.code, message: err.message, ...(err.details === undefined ? {} : { details: err.details }) } });
    }
    // The session lives in an HttpOnly cookie; keep its token out of reach of page scripts (sign-in answers
    // `{ token }`, get-session `{ session: { token } }`).
    if (text.startsWith('{') && text.includes('"token"')) {
      const parsed = JSON.parse(text) as Record<string, unknown>;
      delete parsed.token;
      const session = parsed.session;
      if (session && typeof session === 'object') delete (session as Record<string, unknown>).token;
      return reply.send(parsed);
    }
    return reply.send(text.length > 0 ? text : null);
  };
  app.route({ method: ['GET', 'POST'], url: '/api/auth/*', config: { access: 'public' }, handler, schema: { hide: true } });
}
