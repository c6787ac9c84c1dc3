import { and, asc, inArray, isNull, sql } from 'drizzle-orm';
import type { Database, PendingStatement } from '../../db/client';
import { notificationOutbox } from '../../db/schema';

export interface OutboxRow {
  kind: string;
  recipientUserId: string | null;
  teamId: string | null;
  payload: unknown;
  dedupeKey?: string | null;
}

/** A row with a dedupe key that is already queued (a reminder queued by another pass or server) is skipped. */
export async function insertOutboxRows(db: Database, rows: OutboxRow[]): Promise<void> {
  if (rows.length > 0) await db.insert(notificationOutbox).values(rows).onConflictDoNothing();
}

/** The insert `insertOutboxRows` runs, for a caller to run with its own (at least one row). */
export function outboxRowsInsert(db: Database, rows: OutboxRow[]): PendingStatement {
  if (rows.length === 0) throw new Error('outboxRowsInsert needs at least one row');
  return db.insert(notificationOutbox).values(rows).onConflictDoNothing();
}

export interface UnsentRow {
  id: string;
  kind: string;
  recipientUserId: string | null;
  teamId: string | null;
  payload: unknown;
  createdAt: Date;
}

/** The oldest rows not yet handed to mail, read without a lock: what the caller prepares before claiming them. */
export async function oldestUnsent(db: Database, limit: number): Promise<UnsentRow[]> {
  return db
    .select({
      id: notificationOutbox.id,
      kind: notificationOutbox.kind,
      recipientUserId: notificationOutbox.recipientUserId,
      teamId: notificationOutbox.teamId,
      payload: notificationOutbox.payload,
      createdAt: notificationOutbox.createdAt,
    })
    .from(notificationOutbox)
    .where(isNull(notificationOutbox.sentAt))
    .orderBy(asc(notificationOutbox.createdAt))
    .limit(limit);
}

/**
 * Of these rows, the ones still not handed to mail, locked for the caller's transaction. SKIP LOCKED: rows another
 * server is handing over right now are passed by, not waited for (and once it has committed, they are no longer
 * unsent).
 */
export async function claimUnsent(tx: Database, ids: string[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const rows = await tx
    .select({ id: notificationOutbox.id })
    .from(notificationOutbox)
    .where(and(inArray(notificationOutbox.id, ids), isNull(notificationOutbox.sentAt)))
    .for('update', { skipLocked: true });
  return rows.map((r) => r.id);
}

export async function markSent(tx: Database, ids: string[]): Promise<void> {
  if (ids.length > 0) await tx.update(notificationOutbox).set({ sentAt: sql`now()` }).where(inArray(notificationOutbox.id, ids));
}
