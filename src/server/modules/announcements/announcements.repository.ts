import { and, desc, eq, gt, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { announcementDismissals, announcements } from '../../db/schema';
import type { AnnouncementAudience } from '../../../shared/announcements/announcements.schemas';

export type AnnouncementRow = typeof announcements.$inferSelect;
export type AnnouncementValues = Pick<typeof announcements.$inferInsert, 'title' | 'body' | 'audience' | 'severity' | 'pinned' | 'publishAt' | 'expiresAt'>;

/** Every announcement, newest publish date first (the admin list). */
export async function listAll(db: Database): Promise<AnnouncementRow[]> {
  return db.select().from(announcements).orderBy(desc(announcements.publishAt), desc(announcements.createdAt));
}

/** The ones live at `now` for these audiences, pinned first, then newest; with whether `userId` dismissed each. */
export async function listLive(
  db: Database,
  audiences: readonly AnnouncementAudience[],
  now: Date,
  userId: string | null,
): Promise<Array<AnnouncementRow & { dismissed: boolean }>> {
  const dismissed = userId
    ? sql<boolean>`exists (select 1 from ${announcementDismissals} d where d.announcement_id = ${announcements.id} and d.user_id = ${userId})`
    : sql<boolean>`false`;
  const rows = await db
    .select({ row: announcements, dismissed })
    .from(announcements)
    .where(
      and(
        inArray(announcements.audience, [...audiences]),
        lte(announcements.publishAt, now),
        or(isNull(announcements.expiresAt), gt(announcements.expiresAt, now)),
      ),
    )
    .orderBy(desc(announcements.pinned), desc(announcements.publishAt), desc(announcements.createdAt));
  return rows.map(({ row, dismissed }) => ({ ...row, dismissed: Boolean(dismissed) }));
}

export async function findAnnouncement(db: Database, id: string, options: { lock?: boolean } = {}): Promise<AnnouncementRow | null> {
  const query = db.select().from(announcements).where(eq(announcements.id, id)).limit(1);
  return (await (options.lock ? query.for('update') : query))[0] ?? null;
}

export async function insertAnnouncement(db: Database, values: AnnouncementValues & { createdBy: string | null }): Promise<AnnouncementRow> {
  return (
    await db
      .insert(announcements)
      .values({ ...values, updatedBy: values.createdBy })
      .returning()
  )[0]!;
}

export async function updateAnnouncement(db: Database, id: string, values: AnnouncementValues & { updatedBy: string | null }): Promise<AnnouncementRow> {
  return (
    await db
      .update(announcements)
      .set({ ...values, updatedAt: sql`now()` })
      .where(eq(announcements.id, id))
      .returning()
  )[0]!;
}

export async function deleteAnnouncement(db: Database, id: string): Promise<void> {
  await db.delete(announcements).where(eq(announcements.id, id));
}

/** Records that a person dismissed an announcement; a second time changes nothing. */
export async function insertDismissal(db: Database, announcementId: string, userId: string): Promise<void> {
  await db.insert(announcementDismissals).values({ announcementId, userId }).onConflictDoNothing();
}
