import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../test/test-app';
import { INDEX_RECHECK_MS } from './web-app';

/** A tiny build as vite.config.ts writes it: each text file with a .br and a .gz copy beside it (the logo without). */
const INDEX = '<!doctype html><title>Practice Scheduler</title><div id="root"></div><script type="module" src="/assets/app-abc123.js"></script>';
const SCRIPT = `console.log(${JSON.stringify('a light page '.repeat(40))});`;

function writeWithCopies(file: string, text: string) {
  fs.writeFileSync(file, text);
  fs.writeFileSync(`${file}.br`, zlib.brotliCompressSync(text));
  fs.writeFileSync(`${file}.gz`, zlib.gzipSync(text));
}

const WORKER = 'self.addEventListener("fetch", () => undefined);';
const MANIFEST = JSON.stringify({ name: 'CGSL Practice Scheduler', short_name: 'CGSL', start_url: '/' });

let dir: string;
let web: TestApp;

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cgsl-web-'));
  fs.mkdirSync(path.join(dir, 'assets'));
  writeWithCopies(path.join(dir, 'index.html'), INDEX);
  writeWithCopies(path.join(dir, 'assets', 'app-abc123.js'), SCRIPT);
  fs.writeFileSync(path.join(dir, 'logo.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  // The installable app (decision 037): the worker as vite-plugin-pwa writes it (no compressed copy), the manifest with.
  fs.writeFileSync(path.join(dir, 'sw.js'), WORKER);
  writeWithCopies(path.join(dir, 'manifest.webmanifest'), MANIFEST);
  web = await buildTestApp({ WEB_DIST_DIR: dir });
});

afterAll(async () => {
  await web?.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

const get = (url: string, acceptEncoding?: string) => web.app.inject({ url, headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding } });

/** The body as the browser sees it after undoing the content encoding. */
function decoded(res: Awaited<ReturnType<typeof get>>): string {
  const raw = res.rawPayload;
  const encoding = res.headers['content-encoding'];
  if (encoding === 'br') return zlib.brotliDecompressSync(raw).toString();
  if (encoding === 'gzip') return zlib.gunzipSync(raw).toString();
  return raw.toString();
}

describe('the built web app, precompressed', () => {
  it('sends the brotli copy to a browser that accepts br, with Vary and the year-long cache of a hashed file', async () => {
    const res = await get('/assets/app-abc123.js', 'gzip, deflate, br, zstd');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.rawPayload.length).toBeLessThan(SCRIPT.length);
    expect(decoded(res)).toBe(SCRIPT);
  });

  it('sends the gzip copy when gzip is all the browser accepts (or br is refused)', async () => {
    for (const accept of ['gzip', 'gzip, br;q=0']) {
      const res = await get('/assets/app-abc123.js', accept);
      expect(res.headers['content-encoding'], accept).toBe('gzip');
      expect(res.headers.vary).toMatch(/accept-encoding/i);
      expect(decoded(res)).toBe(SCRIPT);
    }
  });

  it('sends the plain file when the browser accepts no encoding we have', async () => {
    for (const accept of [undefined, 'identity', 'deflate']) {
      const res = await get('/assets/app-abc123.js', accept);
      expect(res.statusCode, String(accept)).toBe(200);
      expect(res.headers['content-encoding'], String(accept)).toBeUndefined();
      expect(res.headers.vary).toMatch(/accept-encoding/i);
      expect(res.body).toBe(SCRIPT);
    }
  });

  it('sends a file that has no compressed copy as it is, cached as an unhashed file', async () => {
    const res = await get('/logo.svg', 'br, gzip');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.headers['content-type']).toContain('image/svg+xml');
    expect(res.headers['cache-control']).toBe('no-cache');
  });

  it('serves the offline worker and the app manifest at the root with their types, checked on every load, under a CSP that allows both', async () => {
    const worker = await get('/sw.js', 'br, gzip');
    expect(worker.statusCode).toBe(200);
    expect(worker.headers['content-type']).toMatch(/javascript/);
    expect(worker.headers['cache-control']).toBe('no-cache');
    expect(worker.body).toBe(WORKER);
    const manifest = await get('/manifest.webmanifest', 'br, gzip');
    expect(manifest.statusCode).toBe(200);
    expect(manifest.headers['content-type']).toContain('application/manifest+json');
    expect(manifest.headers['cache-control']).toBe('no-cache');
    expect(JSON.parse(decoded(manifest))).toMatchObject({ short_name: 'CGSL' });
    // worker-src and manifest-src fall back (through child-src and script-src) to default-src 'self': the app's own origin.
    const csp = String(worker.headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/(worker|manifest|child)-src/);
  });

  it('answers every app route with index.html, compressed when accepted and never cached without a check', async () => {
    for (const url of ['/', '/slots', '/slots?week=2027-03-01', '/admin-facility-manager', '/index.html']) {
      for (const [accept, encoding] of [
        ['br, gzip', 'br'],
        ['gzip', 'gzip'],
        [undefined, undefined],
      ] as const) {
        const res = await get(url, accept);
        const what = `${url} (${accept ?? 'no Accept-Encoding'})`;
        expect(res.statusCode, what).toBe(200);
        expect(res.headers['content-encoding'], what).toBe(encoding);
        expect(res.headers['content-type'], what).toContain('text/html');
        expect(res.headers['cache-control'], what).toBe('no-cache');
        expect(res.headers.vary, what).toMatch(/accept-encoding/i);
        expect(decoded(res), what).toBe(INDEX);
      }
    }
  });

  it(`serves a new build of the page within ${INDEX_RECHECK_MS} ms of its being written (held in memory, not stale)`, async () => {
    expect(decoded(await get('/slots', 'br'))).toBe(INDEX);
    const rebuilt = INDEX.replace('app-abc123', 'app-def456');
    const file = path.join(dir, 'index.html');
    /** Writes `html` as a build does, then asks until the new page comes back; how long that took. */
    const build = async (html: string, accept: string, at: Date) => {
      writeWithCopies(file, html);
      for (const f of [file, `${file}.br`, `${file}.gz`]) fs.utimesSync(f, at, at);
      const written = performance.now();
      while (decoded(await get('/slots', accept)) !== html) await new Promise((r) => setTimeout(r, 20));
      return performance.now() - written;
    };
    expect(await build(rebuilt, 'br', new Date(Date.now() + 5_000))).toBeLessThan(INDEX_RECHECK_MS + 2_000);
    for (const accept of ['gzip', 'identity']) expect(decoded(await get('/slots', accept)), accept).toBe(rebuilt);
    expect(await build(INDEX, 'identity', new Date(Date.now() + 10_000))).toBeLessThan(INDEX_RECHECK_MS + 2_000);
    expect(decoded(await get('/', 'br'))).toBe(INDEX);
  });

  it('gives a 404 for a missing build file, an unknown API route and a compressed copy asked for by name', async () => {
    const missing = await get('/assets/app-old999.js', 'br, gzip');
    expect(missing.statusCode).toBe(404);
    expect(missing.headers['content-encoding']).toBeUndefined();
    expect(missing.json().error.message).toContain('Reload the page');

    const api = await get('/api/no-such-route', 'br, gzip');
    expect(api.statusCode).toBe(404);
    expect(api.json().error.code).toBe('NOT_FOUND');

    const byName = await get('/assets/app-abc123.js.br', 'br');
    expect(byName.statusCode).toBe(404);
  });

  it('refuses other methods on app routes instead of sending the page', async () => {
    const res = await web.app.inject({ method: 'POST', url: '/slots', headers: { 'accept-encoding': 'br', origin: 'http://localhost:3000' }, payload: {} });
    expect(res.statusCode).toBe(404);
  });
});
