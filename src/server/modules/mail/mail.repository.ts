import type { Database } from '../../db/client';
import { mailMessages } from '../../db/schema';

export type NewMailRow = typeof mailMessages.$inferInsert;

export async function insertMail(db: Database, rows: NewMailRow[]): Promise<void> {
  if (rows.length > 0) await db.insert(mailMessages).values(rows).onConflictDoNothing();
}
