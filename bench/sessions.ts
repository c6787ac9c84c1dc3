/**
 * Signed-in people without signing in: the bench writes better-auth's rows (auth_user, the `users` profile,
 * auth_session) straight into the database before the server starts, and builds each session cookie the way
 * better-auth does (better-call's signCookieValue: `<token>.<base64 HMAC-SHA256 of the token with the auth
 * secret>`, URI-encoded). The server gets the same secret through AUTH_SECRET. No password is hashed and no
 * sign-in limit is touched, so 1,000 coaches take a second instead of minutes of argon2.
 */
import { createHmac, randomBytes, randomUUID } from 'node:crypto';
import { inArray } from 'drizzle-orm';
import type { Database } from '../src/server/db/client';
import { authSession, authUser, users } from '../src/server/db/schema';
import type { Role } from '../src/shared/constants';

/** better-auth's cookie name on http:// (on https it is prefixed with __Secure-). */
export const SESSION_COOKIE = 'better-auth.session_token';

export const BENCH_AUTH_SECRET = `bench-${randomBytes(24).toString('base64url')}`;

export function sessionCookie(token: string, secret: string): string {
  const signature = createHmac('sha256', secret).update(token).digest('base64');
  return `${SESSION_COOKIE}=${encodeURIComponent(`${token}.${signature}`)}`;
}

export interface Person {
  userId: string;
  email: string;
  role: Role;
  teamId: string | null;
  /** The Cookie header of a live session. */
  cookie: string;
}

export interface NewPerson {
  name: string;
  email: string;
  role: Role;
  teamId: string | null;
}

const CHUNK = 500;

/** Inserts people (account, profile, one session each) and returns their cookies. */
export async function insertPeopleWithSessions(db: Database, people: NewPerson[], secret: string): Promise<Person[]> {
  const now = new Date();
  const expiresAt = new Date(now.getTime() + 7 * 86_400_000);
  const rows = people.map((p) => ({ ...p, id: randomUUID(), token: randomBytes(24).toString('base64url') }));
  for (let i = 0; i < rows.length; i += CHUNK) {
    const chunk = rows.slice(i, i + CHUNK);
    await db.insert(authUser).values(chunk.map((p) => ({ id: p.id, name: p.name, email: p.email, emailVerified: true })));
    await db.insert(users).values(chunk.map((p) => ({ id: p.id, email: p.email, displayName: p.name, role: p.role, teamId: p.teamId })));
    await db.insert(authSession).values(chunk.map((p) => ({ id: randomUUID(), token: p.token, userId: p.id, expiresAt, createdAt: now, userAgent: 'cgsl-bench' })));
  }
  return rows.map((p) => ({ userId: p.id, email: p.email, role: p.role, teamId: p.teamId, cookie: sessionCookie(p.token, secret) }));
}

/** A session for people who already exist (the demo's, who signed up through better-auth). */
export async function sessionsFor(db: Database, emails: string[], secret: string): Promise<Person[]> {
  const found = await db.select({ id: users.id, email: users.email, role: users.role, teamId: users.teamId }).from(users).where(inArray(users.email, emails));
  const expiresAt = new Date(Date.now() + 7 * 86_400_000);
  const out: Person[] = [];
  for (const email of emails) {
    const person = found.find((p) => p.email === email);
    if (!person) throw new Error(`no such person in the league: ${email}`);
    const token = randomBytes(24).toString('base64url');
    await db.insert(authSession).values({ id: randomUUID(), token, userId: person.id, expiresAt, userAgent: 'cgsl-bench' });
    out.push({ userId: person.id, email, role: person.role, teamId: person.teamId, cookie: sessionCookie(token, secret) });
  }
  return out;
}
