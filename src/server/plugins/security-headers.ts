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
  const scriptHeaders = subresourceHeaders(headers);
  app.addHook('onRequest', (req, reply, done) => {
    reply.headers(isBuiltScriptOrStyle(req.url) ? scriptHeaders : headers);
    done();
  });
}

/**
 * The headers that still mean something on a built script or style sheet: what the browser may do with the bytes
 * (nosniff), who may load them (CORP), and https only (HSTS). A document's policies (CSP, framing, COOP, the
 * origin-keyed cluster…) apply to the page that loads them, not to them: sent on each of the first screen's three
 * scripts they cost 1.3 kB as sent (issue 30's 120 kB budget counts headers). Everything else keeps them all: a
 * page, the API, the offline worker's script (a worker's CSP is its script's), an SVG (it can be opened as a page).
 */
export function subresourceHeaders(headers: Record<string, string>): Record<string, string> {
  const keep = ['x-content-type-options', 'cross-origin-resource-policy', 'strict-transport-security'];
  return Object.fromEntries(Object.entries(headers).filter(([name]) => keep.includes(name)));
}

/** A file of the build's /assets/ folder that is a script or a style sheet (with its query string, if any). */
export function isBuiltScriptOrStyle(url: string): boolean {
  return /^\/assets\/[^?#]*\.(?:js|css)(?:[?#]|$)/.test(url);
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
