import { createHash, randomBytes } from 'node:crypto';

/** A link's secret: 256 random bits, URL-safe. Only its hash is ever stored. */
export const newToken = (): string => randomBytes(32).toString('base64url');

/** What the database keeps of a one-time token (setup links, invitations): its SHA-256, in hex. */
export const hashToken = (token: string): string => createHash('sha256').update(token).digest('hex');
