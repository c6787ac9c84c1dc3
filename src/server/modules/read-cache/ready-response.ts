import { createHash } from 'node:crypto';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ReadyResponse } from '../../context';

export type { ReadyResponse } from '../../context';

/** Below this, compressing costs more than the bytes it saves. */
export const COMPRESS_FROM_BYTES = 1024;

export function readyJson(value: unknown): ReadyResponse {
  const body = Buffer.from(JSON.stringify(value));
  // From the content, so every app server gives the same answer the same tag.
  const etag = `"${createHash('sha1').update(body).digest('base64url')}"`;
  return { body, etag, encoded: {} };
}

/** Any body (a calendar file) made ready to send under the entity tag its maker gave it. */
export function readyBody(body: string | Buffer, etag: string): ReadyResponse {
  return { body: typeof body === 'string' ? Buffer.from(body) : body, etag, encoded: {} };
}

/** The encoding to send, from Accept-Encoding: brotli first, then gzip; q=0 refuses one. */
export function chooseEncoding(acceptEncoding: string | undefined): 'br' | 'gzip' | null {
  if (!acceptEncoding) return null;
  const offered = new Map<string, number>();
  for (const part of acceptEncoding.toLowerCase().split(',')) {
    const [name, ...params] = part.trim().split(';');
    if (!name) continue;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    offered.set(name, q ? Number(q.slice(2)) || 0 : 1);
  }
  const accepts = (name: string) => (offered.get(name) ?? (offered.has('*') ? offered.get('*')! : 0)) > 0;
  if (accepts('br')) return 'br';
  if (accepts('gzip')) return 'gzip';
  return null;
}

/** The body in an encoding, compressed once per entry and encoding (held on the entry). */
export function encodedBody(ready: ReadyResponse, encoding: 'br' | 'gzip'): Buffer {
  const done = ready.encoded[encoding];
  if (done) return done;
  // Brotli at a middle quality: most of the size win at a small part of the time of the maximum (11).
  const made =
    encoding === 'br'
      ? brotliCompressSync(ready.body, { params: { [constants.BROTLI_PARAM_QUALITY]: 5, [constants.BROTLI_PARAM_SIZE_HINT]: ready.body.length } })
      : gzipSync(ready.body, { level: 6 });
  ready.encoded[encoding] = made;
  return made;
}

/** Whether If-None-Match names this tag (a list, a weak form, or *). */
function notModified(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  if (ifNoneMatch.trim() === '*') return true;
  return ifNoneMatch.split(',').some((t) => t.trim().replace(/^W\//, '') === etag);
}

/**
 * Sends a ready answer: 304 when the client holds this version, otherwise the body in the best encoding the
 * client takes. Clients revalidate every time (no-cache), so a change is seen on the next read.
 */
export function sendReady(req: FastifyRequest, reply: FastifyReply, ready: ReadyResponse): FastifyReply {
  reply.header('etag', ready.etag).header('cache-control', 'no-cache').header('vary', 'accept-encoding');
  if (notModified(req.headers['if-none-match'], ready.etag)) return reply.status(304).send();
  reply.type('application/json; charset=utf-8');
  const encoding = ready.body.length >= COMPRESS_FROM_BYTES ? chooseEncoding(req.headers['accept-encoding']) : null;
  if (!encoding) return reply.send(ready.body);
  return reply.header('content-encoding', encoding).send(encodedBody(ready, encoding));
}
