import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';
import type { IncomingMessage, ServerResponse } from 'node:http';

/**
 * The security headers (Content-Security-Policy, HSTS, frame and sniffing rules…) helmet sets, worked out once
 * at start: they are the same for every answer, and building helmet's middleware again on every request (as
 * @fastify/helmet does) cost a few per cent of the server's time under load.
 */
export function registerSecurityHeaders(app: FastifyInstance, options: HelmetOptions): void {
  const headers = securityHeaders(options);
  app.addHook('onRequest', (_req, reply, done) => {
    reply.headers(headers);
    done();
  });
}

/** What helmet's middleware would set on a response with these options. */
export function securityHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader: (name: string, value: string | number | readonly string[]) => {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
    },
    removeHeader: (name: string) => {
      delete headers[name.toLowerCase()];
    },
  };
  const failures: Error[] = [];
  helmet(options)({} as IncomingMessage, response as unknown as ServerResponse, (err?: unknown) => {
    if (err) failures.push(err instanceof Error ? err : new Error('helmet refused its options'));
  });
  const [failure] = failures;
  if (failure) throw failure;
  return headers;
}
