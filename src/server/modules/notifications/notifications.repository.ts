import type { Database } from '../../db/client';
import { notificationOutbox } from '../../db/schema';

export interface OutboxRow {
  kind: string;
  recipientUserId: string | null;
  teamId: string | null;
  payload: unknown;
}

export async function insertOutboxRows(db: Database, rows: OutboxRow[]): Promise<void> {
  if (rows.length > 0) await db.insert(notificationOutbox).values(rows);
}
