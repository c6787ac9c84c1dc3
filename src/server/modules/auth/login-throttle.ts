import { randomUUID } from 'node:crypto';
import type { Database } from '../../db/client';
import * as repo from './auth.repository';
import { hashVerificationIdentifier } from './reset-links';

/**
 * Failed sign-ins per account, whatever address they come from (better-auth's own limiter counts per address
 * and path only; its keys cannot name an account). Each attempt is one row in better-auth's verification table,
 * under a hashed identifier, expiring after the window: rows in PostgreSQL, so every app server sees the same
 * count, and no table of our own. better-auth deletes expired verification rows on its own.
 *
 * An attempt first takes its row, then counts: two servers racing cannot both let the 11th guess through. A
 * refused attempt gives its row back, so waiting is enough; a right password clears the account's rows.
 */
export interface LoginThrottle {
  /** Takes an attempt for this email: null when it may go ahead, else how long to wait. */
  begin(email: string): Promise<LoginAttempt | { retryAfterSeconds: number }>;
}

export interface LoginAttempt {
  /**
   * The password was wrong (or no such account): the attempt keeps counting until the window passes. True when
   * this failure is the one that fills the window (the account is refused from now on): once per lockout.
   */
  failed(): Promise<boolean>;
  /** The sign-in worked: the account's failures are forgotten. */
  succeeded(): Promise<void>;
  /** Neither (a malformed request, a refusal by another limit, a disabled account): the attempt does not count. */
  cancel(): Promise<void>;
}

const identifierFor = (email: string) => hashVerificationIdentifier(`sign-in-failures:${email.trim().toLowerCase()}`);

export function createLoginThrottle(db: Database, { limit, windowMs }: { limit: number; windowMs: number }): LoginThrottle {
  return {
    async begin(email) {
      const identifier = identifierFor(email);
      const id = randomUUID();
      const now = new Date();
      await repo.insertVerification(db, { id, identifier, value: 'sign-in attempt', expiresAt: new Date(now.getTime() + windowMs) });
      const live = await repo.listLiveVerifications(db, identifier, now);
      const others = live.filter((row) => row.id !== id);
      if (others.length >= limit) {
        await repo.deleteVerification(db, id);
        // Allowed again once enough of the others have expired to leave room for one more.
        const freesUp = others[others.length - limit]!.expiresAt.getTime();
        return { retryAfterSeconds: Math.max(1, Math.ceil((freesUp - now.getTime()) / 1000)) };
      }
      return {
        failed: async () => {
          // Rows in the order they were taken: exactly one attempt holds the limit-th place.
          const rows = await repo.listLiveVerifications(db, identifier, new Date());
          return rows.length >= limit && rows[limit - 1]?.id === id;
        },
        succeeded: () => repo.deleteVerifications(db, identifier),
        cancel: () => repo.deleteVerification(db, id),
      };
    },
  };
}

/** The minutes of a wait, at least one, as a message says them ("Wait a minute", "Wait 3 minutes"). */
export function waitMinutes(seconds: number): number {
  return Math.max(1, Math.ceil(seconds / 60));
}
