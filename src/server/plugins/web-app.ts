import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fs from 'node:fs';
import path from 'node:path';
import type { Config } from '../config';
import { keyedBody, type ErrorWords } from '../errors';
import { requestLocale } from '../i18n/words';
import { chooseEncoding } from '../modules/read-cache/ready-response';

/**
 * Hashed build files never change under their name; everything else is checked each time (index.html, logo.svg, and
 * the installable app's sw.js and manifest.webmanifest at the root: a new deploy's worker is found on the next check,
 * decision 037).
 */
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
  const indexPage = createIndexPage(indexFile);
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
    // index.html is looked for on each page load: while a build runs it is missing for a moment.
    const page = hasWeb ? indexPage() : null;
    if (isApi || isAsset || req.method !== 'GET' || !page) return notFound(req, reply, fullPath, { built: page !== null, isAsset });
    const encoding = chooseEncoding(req.headers['accept-encoding']);
    const body = (encoding && page[encoding]) || page.identity;
    reply.header('cache-control', 'no-cache').header('vary', 'accept-encoding').type('text/html; charset=utf-8');
    if (body !== page.identity) reply.header('content-encoding', encoding!);
    return reply.send(body);
  });
}

interface IndexPage {
  /** The three files' modification times: a build rewrites the copies after the page. */
  version: string;
  identity: Buffer;
  br: Buffer | null;
  gzip: Buffer | null;
}

/** How long the page in memory is served before its files' modification times are looked at again. */
export const INDEX_RECHECK_MS = 500;

/**
 * The app's page (index.html and the compressed copies the build wrote), held in memory: every page load of the
 * app gets it, so it is not opened and streamed each time. A new build is noticed by its modification time,
 * looked at no more than every `INDEX_RECHECK_MS`: three file checks on every page load made `GET /` the slowest
 * answer from memory (issue 27), and a new build is served within half a second.
 */
function createIndexPage(indexFile: string): () => IndexPage | null {
  let page: IndexPage | null = null;
  let checkedAt = Number.NEGATIVE_INFINITY;
  const read = (file: string) => {
    try {
      return fs.readFileSync(file);
    } catch {
      return null;
    }
  };
  const modified = (file: string) => fs.statSync(file, { throwIfNoEntry: false })?.mtimeMs ?? 0;
  return () => {
    const now = performance.now();
    if (page && now - checkedAt < INDEX_RECHECK_MS) return page;
    checkedAt = now;
    const html = modified(indexFile);
    if (!html) return null;
    const version = `${html}|${modified(`${indexFile}.br`)}|${modified(`${indexFile}.gz`)}`;
    if (page?.version !== version) {
      const identity = read(indexFile);
      if (!identity) return null;
      page = { version, identity, br: read(`${indexFile}.br`), gzip: read(`${indexFile}.gz`) };
    }
    return page;
  };
}

function notFound(req: FastifyRequest, reply: FastifyReply, fullPath: string, { built, isAsset }: { built: boolean; isAsset: boolean }) {
  // Named back in the message, but never more than a line of it.
  const pathname = fullPath.length > 200 ? `${fullPath.slice(0, 200)}…` : fullPath;
  const words: ErrorWords =
    isAsset && built
      ? { key: 'server.fileGone', params: { path: pathname } }
      : built || fullPath.startsWith('/api')
        ? { key: 'server.noApiRoute', params: { method: req.method, path: pathname } }
        : { key: 'server.webNotBuilt' };
  return reply.status(404).send(keyedBody('NOT_FOUND', words, requestLocale(req.headers['accept-language'])));
}
