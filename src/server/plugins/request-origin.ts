import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../errors';

/**
 * The origin a request was sent to: its scheme and Host header, as Fastify reads them (with TRUST_PROXY on,
 * X-Forwarded-Proto and X-Forwarded-Host from a trusted proxy). Null when the Host header is not a host name.
 */
export function ownOrigin(req: FastifyRequest): string | null {
  const host = req.host;
  if (!host) return null;
  try {
    const url = new URL(`${req.protocol}://${host}`);
    // "a@b", "a/b" or "a?b" parse as something else than a host: not a Host header we can answer for.
    if (url.username || url.password || url.pathname !== '/' || url.search || url.hash) return null;
    return url.origin;
  } catch {
    return null;
  }
}

/**
 * A Host header that is not a host name (a space in it, a path) is refused before any route reads it, with a 400
 * in the one error shape: several places build URLs from it (better-auth's requests, the origin check).
 */
export function registerHostCheck(app: FastifyInstance): void {
  app.addHook('onRequest', async (req) => {
    if (req.host && ownOrigin(req) === null) {
      throw new AppError('VALIDATION_FAILED', { key: 'server.badHost' });
    }
  });
}
