import { and, count, desc, eq, gt, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { contactMessages } from '../../db/schema';
import type { ContactMessage, ContactMessageStatus } from '../../../shared/contact/contact.schemas';

export type ContactRow = typeof contactMessages.$inferSelect;

/**
 * Holds, until the transaction ends, the right to count and add messages for this key (an address or an email):
 * two messages sent at the same moment are counted one after the other, so the limit is exact.
 */
export async function lockSender(db: Database, key: string): Promise<void> {
  await db.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`contact:${key}`}, 0))`);
}

export async function countFromAddressSince(db: Database, ip: string, since: Date): Promise<{ n: number; oldest: Date | null }> {
  const [row] = await db
    .select({ n: count(), oldest: sql<string | null>`min(${contactMessages.createdAt})` })
    .from(contactMessages)
    .where(and(eq(contactMessages.ip, ip), gt(contactMessages.createdAt, since)));
  return { n: row?.n ?? 0, oldest: row?.oldest ? new Date(row.oldest) : null };
}

export async function countFromEmailSince(db: Database, email: string, since: Date): Promise<{ n: number; oldest: Date | null }> {
  const [row] = await db
    .select({ n: count(), oldest: sql<string | null>`min(${contactMessages.createdAt})` })
    .from(contactMessages)
    .where(and(sql`lower(${contactMessages.email}) = ${email.toLowerCase()}`, gt(contactMessages.createdAt, since)));
  return { n: row?.n ?? 0, oldest: row?.oldest ? new Date(row.oldest) : null };
}

export async function insertMessage(db: Database, values: typeof contactMessages.$inferInsert): Promise<string> {
  const [row] = await db.insert(contactMessages).values(values).returning({ id: contactMessages.id });
  return row!.id;
}

const toMessage = (r: ContactRow): ContactMessage => ({
  id: r.id,
  name: r.name,
  email: r.email,
  subject: r.subject,
  body: r.body,
  status: r.status,
  signedIn: r.userId !== null,
  createdAt: r.createdAt.toISOString(),
});

/** The newest messages of one tab of the inbox. */
export async function listMessages(db: Database, status: ContactMessageStatus, limit: number): Promise<ContactMessage[]> {
  const rows = await db
    .select()
    .from(contactMessages)
    .where(eq(contactMessages.status, status))
    .orderBy(desc(contactMessages.createdAt), desc(contactMessages.id))
    .limit(limit);
  return rows.map(toMessage);
}

export async function countByStatus(db: Database): Promise<Record<ContactMessageStatus, number>> {
  const rows = await db.select({ status: contactMessages.status, n: count() }).from(contactMessages).groupBy(contactMessages.status);
  const counts: Record<ContactMessageStatus, number> = { new: 0, read: 0, archived: 0 };
  for (const r of rows) counts[r.status] = r.n;
  return counts;
}

export async function countNew(db: Database): Promise<number> {
  const [row] = await db.select({ n: count() }).from(contactMessages).where(eq(contactMessages.status, 'new'));
  return row?.n ?? 0;
}

export async function findMessageForUpdate(db: Database, id: string): Promise<ContactRow | null> {
  return (await db.select().from(contactMessages).where(eq(contactMessages.id, id)).limit(1).for('update'))[0] ?? null;
}

export async function setStatus(db: Database, id: string, status: ContactMessageStatus): Promise<ContactMessage> {
  const [row] = await db
    .update(contactMessages)
    .set({ status, updatedAt: sql`now()` })
    .where(eq(contactMessages.id, id))
    .returning();
  return toMessage(row!);
}

export async function listMessageById(db: Database, id: string): Promise<ContactMessage | null> {
  const row = (await db.select().from(contactMessages).where(eq(contactMessages.id, id)).limit(1))[0];
  return row ? toMessage(row) : null;
}
