import { and, asc, eq, inArray, lt, lte, ne, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { mailMessages } from '../../db/schema';

export type NewMailRow = typeof mailMessages.$inferInsert;

/** A row already there for the same notification and address (a re-run of the hand-over) is skipped. */
export async function insertMail(db: Database, rows: NewMailRow[]): Promise<void> {
  if (rows.length > 0) await db.insert(mailMessages).values(rows).onConflictDoNothing();
}

export interface ClaimedMail {
  id: string;
  kind: string;
  toAddress: string;
  subject: string;
  textBody: string;
  htmlBody: string;
  messageId: string;
  attempts: number;
  /** Millisecond precision on purpose: later updates match it exactly to prove the claim is still ours. */
  claimedAt: Date;
}

/**
 * Claims up to `limit` messages that are due: pending ones whose time has come, and ones left `sending` longer
 * than the claim timeout (their sender crashed mid-send). One statement, so the claim commits at once;
 * SKIP LOCKED lets several workers claim side by side, each getting different rows.
 */
export async function claimDue(db: Database, limit: number, claimTimeoutMs: number): Promise<ClaimedMail[]> {
  const due = db
    .select({ id: mailMessages.id })
    .from(mailMessages)
    .where(
      or(
        and(eq(mailMessages.status, 'pending'), lte(mailMessages.nextAttemptAt, sql`now()`)),
        and(eq(mailMessages.status, 'sending'), lt(mailMessages.claimedAt, sql`now() - ${Math.round(claimTimeoutMs)}::integer * interval '1 millisecond'`)),
      ),
    )
    .orderBy(asc(mailMessages.nextAttemptAt))
    .limit(limit)
    .for('update', { skipLocked: true });
  return db
    .update(mailMessages)
    .set({ status: 'sending', attempts: sql`${mailMessages.attempts} + 1`, claimedAt: sql`date_trunc('milliseconds', now())` })
    .where(inArray(mailMessages.id, due))
    .returning({
      id: mailMessages.id,
      kind: mailMessages.kind,
      toAddress: mailMessages.toAddress,
      subject: mailMessages.subject,
      textBody: mailMessages.textBody,
      htmlBody: mailMessages.htmlBody,
      messageId: mailMessages.messageId,
      attempts: mailMessages.attempts,
      claimedAt: mailMessages.claimedAt,
    }) as Promise<ClaimedMail[]>;
}

/** Sent: recorded whoever holds the claim now, since the message did go out. */
export async function markSent(db: Database, id: string): Promise<void> {
  await db
    .update(mailMessages)
    .set({ status: 'sent', sentAt: sql`now()`, claimedAt: null, lastError: null })
    .where(and(eq(mailMessages.id, id), ne(mailMessages.status, 'sent')));
}

/** A failed attempt: back to pending in `retryInMs` (database time), or failed for good; only while the claim is still ours. */
export async function markAttemptFailed(
  db: Database,
  claim: { id: string; claimedAt: Date },
  outcome: { final: boolean; retryInMs: number; error: string },
): Promise<void> {
  await db
    .update(mailMessages)
    .set({
      status: outcome.final ? 'failed' : 'pending',
      nextAttemptAt: sql`now() + ${Math.round(outcome.retryInMs)}::integer * interval '1 millisecond'`,
      lastError: outcome.error.slice(0, 1000),
      claimedAt: null,
    })
    .where(and(eq(mailMessages.id, claim.id), eq(mailMessages.status, 'sending'), eq(mailMessages.claimedAt, claim.claimedAt)));
}

/** Gives back claimed messages this worker will not send after all (it is stopping), uncounted. */
export async function releaseClaims(db: Database, ids: string[], claimedAt: Date): Promise<void> {
  if (ids.length === 0) return;
  await db
    .update(mailMessages)
    .set({ status: 'pending', attempts: sql`greatest(${mailMessages.attempts} - 1, 0)`, claimedAt: null })
    .where(and(inArray(mailMessages.id, ids), eq(mailMessages.status, 'sending'), eq(mailMessages.claimedAt, claimedAt)));
}

/** The queue as /diag shows it: messages still to go out (queued or being sent) and those that failed for good. */
export async function countQueue(db: Database): Promise<{ waiting: number; failed: number }> {
  const [row] = await db
    .select({
      waiting: sql<number>`count(*) filter (where ${mailMessages.status} in ('pending', 'sending'))::integer`,
      failed: sql<number>`count(*) filter (where ${mailMessages.status} = 'failed')::integer`,
    })
    .from(mailMessages)
    .where(inArray(mailMessages.status, ['pending', 'sending', 'failed']));
  return { waiting: Number(row?.waiting ?? 0), failed: Number(row?.failed ?? 0) };
}
