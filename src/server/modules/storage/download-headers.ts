/**
 * The headers a stored file is served with (decision 023). Pure: tested directly.
 */

/** A download address changes with every generation, so its bytes never change: the browser keeps them a year. */
export const DOWNLOAD_CACHE_CONTROL = 'private, max-age=31536000, immutable';
/** How long a presigned S3 address is valid, and how long a browser may keep our redirect to it (less, so a kept redirect never points at an expired address). */
export const PRESIGNED_SECONDS = 300;
export const REDIRECT_CACHE_CONTROL = 'private, max-age=240';

/** The headers that keep a stored file from ever running as a page of the site, whatever it holds. */
export const SANDBOX_HEADERS = {
  'x-content-type-options': 'nosniff',
  'content-security-policy': "default-src 'none'; sandbox",
} as const;

/** GCS's ETag is the MD5; quoted, as HTTP wants it. */
export function etagOf(md5Base64: string): string {
  return `"${md5Base64}"`;
}

/** Whether an If-None-Match header names this ETag (a list, `*`, or a weak W/ form). */
export function etagMatches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  return ifNoneMatch.split(',').some((candidate) => {
    const tag = candidate.trim().replace(/^W\//, '');
    return tag === '*' || tag === etag;
  });
}

/**
 * `inline` only for pictures (an <img> shows them); anything else is saved, never opened in the site's origin.
 * The file name is given plainly (ASCII, quotes and separators replaced) and exactly (RFC 5987).
 */
export function contentDispositionFor(contentType: string, fileName: string): string {
  const kind = contentType.startsWith('image/') ? 'inline' : 'attachment';
  const ascii = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\;]/g, '_') || 'file';
  const exact = encodeURIComponent(fileName).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `${kind}; filename="${ascii}"; filename*=UTF-8''${exact}`;
}
