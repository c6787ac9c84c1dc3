import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fs from 'node:fs';
import path from 'node:path';
import type { Config } from '../config';

/** Hashed build files never change under their name; everything else (index.html, logo.svg) is checked each time. */
const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * Serves the built single-page app: hashed assets cached for a year, every other page gets index.html.
 * The build writes a brotli (`.br`) and a gzip (`.gz`) copy beside each text file (vite.config.ts), so a file
 * goes out in the best encoding the browser accepts without compressing anything per request; a file without
 * a compressed copy (or a client that accepts neither) gets the plain file. `Vary: Accept-Encoding` tells
 * caches that the answer depends on that header.
 */
export function registerWebApp(app: FastifyInstance, config: Pick<Config, 'webDistDir'>): void {
  const root = path.resolve(config.webDistDir);
  const indexFile = path.join(root, 'index.html');
  const hasWeb = fs.existsSync(indexFile);
  if (hasWeb) {
    void app.register(fastifyStatic, {
      root,
      wildcard: false,
      index: false,
      cacheControl: false,
      preCompressed: true,
      // One route per built file; the compressed copies are found beside them, never asked for by name.
      globIgnore: ['**/*.br', '**/*.gz'],
      setHeaders(res, filePath) {
        const hashed = filePath.includes(`${path.sep}assets${path.sep}`);
        res.setHeader('cache-control', hashed ? IMMUTABLE : 'no-cache');
        res.setHeader('vary', 'accept-encoding');
      },
    });
  }
  app.setNotFoundHandler((req, reply) => {
    const fullPath = req.url.split('?')[0] ?? '/';
    // Unknown API routes and missing build files (an old tab after a deploy) get a real 404, not the app.
    const isApi = fullPath.startsWith('/api/') || fullPath === '/api';
    const isAsset = fullPath.startsWith('/assets/') || /\.[a-z0-9]+$/i.test(fullPath);
    // index.html is looked for on each page load: while a build runs it is missing for a moment, and the static
    // plugin would hand the request straight back to this handler.
    const built = hasWeb && fs.existsSync(indexFile);
    if (isApi || isAsset || req.method !== 'GET' || !built) return notFound(req, reply, fullPath, { built, isAsset });
    // Through the static plugin: compressed by Accept-Encoding, with the headers set above (no-cache for HTML).
    return reply.sendFile('index.html');
  });
}

function notFound(req: FastifyRequest, reply: FastifyReply, fullPath: string, { built, isAsset }: { built: boolean; isAsset: boolean }) {
  // Named back in the message, but never more than a line of it.
  const pathname = fullPath.length > 200 ? `${fullPath.slice(0, 200)}…` : fullPath;
  return reply.status(404).send({
    error: {
      code: 'NOT_FOUND',
      message:
        isAsset && built
          ? `The file ${pathname} does not exist. Reload the page to get the current version of the app.`
          : built || fullPath.startsWith('/api')
            ? `There is no API route ${req.method} ${pathname}.`
            : 'The web app has not been built. Run "npm run build" (npm start does it for you).',
    },
  });
}
