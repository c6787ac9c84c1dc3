import { and, asc, desc, eq, inArray, lt, lte, ne, or, sql, type SQL } from 'drizzle-orm';
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

/**
 * Gives back every claim in the table, due at once (attempts kept: the dead sender may have sent it). Only for a
 * database no other process can use (PGlite under the data-dir lock): at start, every claim there is a dead
 * process's. Returns how many were given back.
 */
export async function releaseEveryClaim(db: Database): Promise<number> {
  const rows = await db
    .update(mailMessages)
    .set({ status: 'pending', claimedAt: null, nextAttemptAt: sql`now()` })
    .where(eq(mailMessages.status, 'sending'))
    .returning({ id: mailMessages.id });
  return rows.length;
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

export type QueueView = 'failed' | 'waiting';
export interface QueueCursor {
  /** created_at as UTC text to the microsecond, so the next page starts exactly after the last row. */
  at: string;
  id: string;
}

const utcText = (column: typeof mailMessages.createdAt | typeof mailMessages.nextAttemptAt) =>
  sql<string>`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

const queueRow = {
  id: mailMessages.id,
  kind: mailMessages.kind,
  toAddress: mailMessages.toAddress,
  subject: mailMessages.subject,
  status: mailMessages.status,
  attempts: mailMessages.attempts,
  lastError: mailMessages.lastError,
  nextAttemptAt: utcText(mailMessages.nextAttemptAt),
  createdAt: utcText(mailMessages.createdAt),
  messageId: mailMessages.messageId,
};
export interface QueueRow {
  id: string;
  kind: string;
  toAddress: string;
  subject: string;
  status: 'pending' | 'sending' | 'failed';
  attempts: number;
  lastError: string | null;
  nextAttemptAt: string;
  createdAt: string;
  messageId: string;
}

const viewCondition = (view: QueueView): SQL => (view === 'failed' ? eq(mailMessages.status, 'failed') : inArray(mailMessages.status, ['pending', 'sending']));

/**
 * Failed or waiting messages, newest first, after `cursor` (keyset: `(created_at, id) < cursor`, no OFFSET), one
 * row more than `limit` to know whether another page follows.
 */
export async function findQueuePage(db: Database, view: QueueView, cursor: QueueCursor | null, limit: number): Promise<{ rows: QueueRow[]; next: QueueCursor | null }> {
  const conditions = [viewCondition(view)];
  if (cursor) conditions.push(sql`(${mailMessages.createdAt}, ${mailMessages.id}) < (${cursor.at}::timestamptz, ${cursor.id}::uuid)`);
  const rows = (await db
    .select(queueRow)
    .from(mailMessages)
    .where(and(...conditions))
    .orderBy(desc(mailMessages.createdAt), desc(mailMessages.id))
    .limit(limit + 1)) as QueueRow[];
  const page = rows.slice(0, limit);
  const last = page[page.length - 1];
  return { rows: page, next: rows.length > limit && last ? { at: last.createdAt, id: last.id } : null };
}

/** One message, locked for the caller's transaction (a worker's claim waits for it, or skips it). */
export async function findQueuedForUpdate(db: Database, id: string): Promise<(Omit<QueueRow, 'status'> & { status: QueueRow['status'] | 'sent' }) | null> {
  const [row] = (await db.select(queueRow).from(mailMessages).where(eq(mailMessages.id, id)).for('update')) as Array<Omit<QueueRow, 'status'> & { status: QueueRow['status'] | 'sent' }>;
  return row ?? null;
}

/**
 * Makes a failed or waiting message due now with a fresh count of attempts; its Message-ID, recipient and body
 * stay as they are. The last error stays too until a send succeeds.
 */
export async function resetForResend(db: Database, id: string): Promise<QueueRow> {
  const [row] = (await db
    .update(mailMessages)
    .set({ status: 'pending', attempts: 0, nextAttemptAt: sql`now()`, claimedAt: null })
    .where(and(eq(mailMessages.id, id), inArray(mailMessages.status, ['pending', 'failed'])))
    .returning(queueRow)) as QueueRow[];
  return row!;
}

/**
 * Deletes up to `batch` messages sent more than `days` days ago; returns how many. A small statement each time,
 * so a first prune of a year of mail never holds a long lock or one huge transaction.
 */
export async function pruneSentBatch(db: Database, days: number, batch: number): Promise<number> {
  const old = db
    .select({ id: mailMessages.id })
    .from(mailMessages)
    .where(and(eq(mailMessages.status, 'sent'), lt(mailMessages.sentAt, sql`now() - ${Math.round(days)}::integer * interval '1 day'`)))
    .limit(batch);
  const rows = await db.delete(mailMessages).where(inArray(mailMessages.id, old)).returning({ id: mailMessages.id });
  return rows.length;
}
