import type { Database } from '../../db/client';
import { AppError } from '../../errors';
import type { Actor } from '../../context';
import {
  announcementState,
  audiencesFor,
  EXPIRES_AFTER_PUBLISH,
  type AdminAnnouncement,
  type Announcement,
  type AnnouncementValues as AnnouncementInput,
} from '../../../shared/announcements/announcements.schemas';
import { recordAudit, type AuditContext } from '../audit/audit.service';
import { renderAnnouncementMarkdown } from './announcement-markdown';
import * as repo from './announcements.repository';
import type { AnnouncementRow } from './announcements.repository';

/**
 * Announcements (decision 019): admins write them; everyone reads the live ones for their audience. The body is
 * Markdown, rendered to safe HTML here and only here, so what a page inserts is always the server's rendering.
 */

const notFound = () => new AppError('NOT_FOUND', { key: 'announcements.gone' });

function shown(row: AnnouncementRow) {
  return {
    id: row.id,
    title: row.title,
    body: row.body,
    bodyHtml: renderAnnouncementMarkdown(row.body),
    audience: row.audience,
    severity: row.severity,
    pinned: row.pinned,
    publishAt: row.publishAt.toISOString(),
    expiresAt: row.expiresAt?.toISOString() ?? null,
  };
}

function forAdmin(row: AnnouncementRow, now: Date): AdminAnnouncement {
  return {
    ...shown(row),
    state: announcementState(row.publishAt, row.expiresAt, now),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The announcements live now for this person (null: a visitor), pinned first, then newest. */
export async function listForViewer(db: Database, actor: Actor | null, now = new Date()): Promise<Announcement[]> {
  const viewer = actor ? { role: actor.profile.role, isAdmin: actor.admin.isAdmin } : null;
  const rows = await repo.listLive(db, audiencesFor(viewer), now, actor?.userId ?? null);
  return rows.map((row) => ({ ...shown(row), dismissed: row.dismissed }));
}

export async function listForAdmin(db: Database, now = new Date()): Promise<AdminAnnouncement[]> {
  return (await repo.listAll(db)).map((row) => forAdmin(row, now));
}

/** The HTML a draft will be shown as: the same function the stored announcements go through. */
export function preview(body: string): { bodyHtml: string } {
  return { bodyHtml: renderAnnouncementMarkdown(body) };
}

/** The stored values of an input: publish now when not given (an edit keeps its date), and expiry after publish. */
function valuesOf(input: AnnouncementInput, keepPublishAt: Date | null, now: Date): repo.AnnouncementValues {
  const publishAt = input.publishAt ? new Date(input.publishAt) : (keepPublishAt ?? now);
  const expiresAt = input.expiresAt ? new Date(input.expiresAt) : null;
  if (expiresAt && expiresAt.getTime() <= publishAt.getTime()) {
    throw new AppError('VALIDATION_FAILED', { key: 'announcements.expiresAfterPublish' }, { fields: { expiresAt: EXPIRES_AFTER_PUBLISH } });
  }
  return { title: input.title, body: input.body, audience: input.audience, severity: input.severity, pinned: input.pinned, publishAt, expiresAt };
}

const auditable = (row: AnnouncementRow) => ({
  title: row.title,
  body: row.body,
  audience: row.audience,
  severity: row.severity,
  pinned: row.pinned,
  publishAt: row.publishAt.toISOString(),
  expiresAt: row.expiresAt?.toISOString() ?? null,
});

export async function createAnnouncement(db: Database, ctx: AuditContext, input: AnnouncementInput, now = new Date()): Promise<AdminAnnouncement> {
  return db.transaction(async (tx) => {
    const row = await repo.insertAnnouncement(tx, { ...valuesOf(input, null, now), createdBy: ctx.actorId });
    await recordAudit(tx, ctx, {
      action: 'announcement.create',
      entityType: 'announcement',
      entityId: row.id,
      summary: `Announced "${row.title}" to ${row.audience} (${row.severity})`,
      after: auditable(row),
    });
    return forAdmin(row, now);
  });
}

export async function updateAnnouncement(db: Database, ctx: AuditContext, id: string, input: AnnouncementInput, now = new Date()): Promise<AdminAnnouncement> {
  return db.transaction(async (tx) => {
    const before = await repo.findAnnouncement(tx, id, { lock: true });
    if (!before) throw notFound();
    const row = await repo.updateAnnouncement(tx, id, { ...valuesOf(input, before.publishAt, now), updatedBy: ctx.actorId });
    await recordAudit(tx, ctx, {
      action: 'announcement.update',
      entityType: 'announcement',
      entityId: id,
      summary: `Edited the announcement "${row.title}"`,
      before: auditable(before),
      after: auditable(row),
    });
    return forAdmin(row, now);
  });
}

export async function deleteAnnouncement(db: Database, ctx: AuditContext, id: string): Promise<void> {
  await db.transaction(async (tx) => {
    const before = await repo.findAnnouncement(tx, id, { lock: true });
    if (!before) throw notFound();
    await repo.deleteAnnouncement(tx, id);
    await recordAudit(tx, ctx, {
      action: 'announcement.delete',
      entityType: 'announcement',
      entityId: id,
      summary: `Deleted the announcement "${before.title}"`,
      before: auditable(before),
    });
  });
}

/** Hides an announcement's banner for this person from now on; dismissing twice is the same as once. */
export async function dismiss(db: Database, actor: Actor, id: string): Promise<void> {
  const row = await repo.findAnnouncement(db, id);
  // One outside the person's audience is as unknown to them as one that does not exist.
  if (!row || !audiencesFor({ role: actor.profile.role, isAdmin: actor.admin.isAdmin }).includes(row.audience)) throw notFound();
  await repo.insertDismissal(db, id, actor.userId);
}
