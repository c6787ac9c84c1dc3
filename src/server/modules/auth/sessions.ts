import type { Database } from '../../db/client';
import type { Live } from '../live/live.service';
import * as repo from './auth.repository';

/**
 * Sessions end at the latest `maxAgeMs` after sign-in, however active they are. better-auth is told so (sessions
 * are created with that lifetime and never extended, see auth.ts); this check is the second line, for whatever
 * reads a session row: one from before the limit existed, or a row changed by hand.
 */
export function isPastLifetime(createdAt: Date | string, maxAgeMs: number, now = Date.now()): boolean {
  const created = new Date(createdAt).getTime();
  return !Number.isFinite(created) || now - created >= maxAgeMs;
}

/** What ending a session needs: the database, and the bus that tells every app server to forget it. */
export interface SessionDeps {
  db: Database;
  live: Live;
}

/**
 * Ends one session by its token. Every app server drops what it held in memory for that person (actor-cache.ts)
 * before this returns on this server, and as soon as the bus carries the event on the others.
 */
export async function endSession({ db, live }: SessionDeps, token: string): Promise<void> {
  const userId = await repo.deleteSessionByToken(db, token);
  if (userId) await live.publish({ people: [userId] });
}

/**
 * Ends every session of a person (all their devices sign in again), but the one whose token is `except`. Call it
 * when what a session may do changes, such as a role change, so that no session that was started before it
 * (one that leaked, one on a shared computer) carries the new rights. It commits on its own and then tells every
 * app server; a change that ends sessions inside its own transaction instead deletes them there and returns
 * `people: [userId]` to `commitThenPublish` (users-admin.service.ts does). Returns how many sessions ended.
 */
export async function endSessionsOf({ db, live }: SessionDeps, userId: string, options: { except?: string } = {}): Promise<number> {
  const ended = await repo.deleteSessionsOfUser(db, userId, options.except);
  await live.publish({ people: [userId] });
  return ended;
}
