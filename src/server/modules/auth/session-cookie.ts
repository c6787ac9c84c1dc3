import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Auth } from './auth';

/**
 * The session token a Cookie header carries, once its signature is checked; null when there is none or it is not
 * ours. better-auth sets the cookie (`<token>.<base64 HMAC-SHA256 of the token with the auth secret>`, URI-encoded,
 * under the name its configuration gives: `__Secure-` prefixed on https) and reads it the same way in its own
 * session endpoint (better-call's `getSignedCookie`: the first cookie of that name, a 44-character signature).
 * The access check reads it here so that a session it does not hold in memory costs one statement
 * (`findSignedInPerson`) instead of better-auth's endpoint machinery and four.
 */
export type SessionTokenReader = (cookieHeader: string) => Promise<string | null>;

export function createSessionTokenReader(auth: Auth): SessionTokenReader {
  let settings: Promise<{ name: string; secret: string }> | undefined;
  const load = () =>
    (settings ??= auth.$context.then((ctx) => ({ name: ctx.authCookies.sessionToken.name, secret: ctx.secret })));
  return async (cookieHeader) => {
    const { name, secret } = await load();
    return verifiedToken(firstCookie(cookieHeader, name), secret);
  };
}

/** The first cookie called `name` in a Cookie header, URI-decoded (undecodable values are taken as they are). */
export function firstCookie(header: string, name: string): string | null {
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq === -1 || part.slice(0, eq).trim() !== name) continue;
    let value = part.slice(eq + 1).trim();
    if (value.startsWith('"') && value.endsWith('"') && value.length >= 2) value = value.slice(1, -1);
    try {
      return decodeURIComponent(value);
    } catch {
      return value;
    }
  }
  return null;
}

/** The token of a signed cookie value when its signature is the secret's, else null. */
export function verifiedToken(value: string | null, secret: string): string | null {
  if (!value) return null;
  const dot = value.lastIndexOf('.');
  if (dot < 1) return null;
  const token = value.slice(0, dot);
  const signature = value.slice(dot + 1);
  if (signature.length !== 44 || !signature.endsWith('=')) return null;
  const expected = createHmac('sha256', secret).update(token).digest();
  const given = Buffer.from(signature, 'base64');
  return given.length === expected.length && timingSafeEqual(given, expected) ? token : null;
}
