import type { Database } from '../../db/client';
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

/** Ends one session by its token. */
export async function endSession(db: Database, token: string): Promise<void> {
  await repo.deleteSessionByToken(db, token);
}

/**
 * Ends every session of a person (all their devices sign in again), but the one whose token is `except`. Call it
 * when what a session may do changes, such as a role change, so that no session that was started before it
 * (one that leaked, one on a shared computer) carries the new rights: pass the transaction that changes the role.
 * Returns how many sessions ended.
 */
export async function endSessionsOf(db: Database, userId: string, options: { except?: string } = {}): Promise<number> {
  return repo.deleteSessionsOfUser(db, userId, options.except);
}
