import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Auth } from './auth';

/** Our words for better-auth's errors: what happened and what to do. */
const MESSAGES: Record<string, string> = {
  USER_ALREADY_EXISTS: 'That email is already registered. Log in instead, or use a different email.',
  USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL: 'That email is already registered. Log in instead, or use a different email.',
  INVALID_EMAIL_OR_PASSWORD: 'Email or password is incorrect. Check both and try again.',
  INVALID_EMAIL: 'Enter a valid email address, like name@example.com.',
  PASSWORD_TOO_SHORT: 'That password is too short: use at least 8 characters.',
  PASSWORD_TOO_LONG: 'That password is too long: use at most 128 characters.',
  INVALID_PASSWORD: 'That password is incorrect. Check it and try again.',
  INVALID_ORIGIN: 'This request came from a page outside the league site, so it was refused. Reload the page and try again.',
  MISSING_OR_NULL_ORIGIN: 'This request came from a page outside the league site, so it was refused. Reload the page and try again.',
};

function codeFor(status: number, code: string | undefined): string {
  if (status === 429) return 'RATE_LIMITED';
  if (code === 'USER_ALREADY_EXISTS' || code === 'USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL') return 'CONFLICT';
  if (code === 'INVALID_EMAIL_OR_PASSWORD') return 'UNAUTHENTICATED';
  return code ?? (status === 401 ? 'UNAUTHENTICATED' : status === 403 ? 'FORBIDDEN' : 'VALIDATION_FAILED');
}

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
    const response = await auth.handler(request);
    reply.status(response.status);
    response.headers.forEach((value, key) => {
      if (key !== 'set-cookie' && key !== 'content-length') reply.header(key, value);
    });
    const cookies = response.headers.getSetCookie();
    if (cookies.length > 0) reply.header('set-cookie', cookies);
    const text = await response.text();
    if (response.status >= 400) {
      let parsed: { code?: string; message?: string } = {};
      try {
        parsed = JSON.parse(text) as typeof parsed;
      } catch {
        // Not JSON: fall back to a generic message below.
      }
      const status = response.status;
      const message =
        (parsed.code && MESSAGES[parsed.code]) ??
        (status === 429
          ? 'Too many attempts. Wait a minute and try again.'
          : parsed.message ?? 'That did not work. Check what you entered and try again.');
      reply.header('content-type', 'application/json; charset=utf-8');
      return reply.send({ error: { code: codeFor(status, parsed.code), message } });
    }
    // The session lives in an HttpOnly cookie; keep its token out of reach of page scripts.
    if (text.startsWith('{') && text.includes('"token"')) {
      const parsed = JSON.parse(text) as Record<string, unknown>;
      delete parsed.token;
      return reply.send(parsed);
    }
    return reply.send(text.length > 0 ? text : null);
  };
  app.route({ method: ['GET', 'POST'], url: '/api/auth/*', config: { access: 'public' }, handler, schema: { hide: true } });
}
