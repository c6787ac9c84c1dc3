import type { z } from 'zod';
import type { ServerContext } from '../../context';
import type { Database } from '../../db/client';
import { AppError } from '../../errors';
import type { Actor } from '../../context';
import {
  CONTACT_HONEYPOT_FIELD,
  type ContactInbox,
  type contactInputSchema,
  type ContactMessage,
  type ContactMessageStatus,
} from '../../../shared/contact/contact.schemas';
import { recordAudit, type AuditContext } from '../audit/audit.service';
import { notification, queueNotifications } from '../notifications/notifications.service';
import { leagueAdminIds } from '../users/users.service';
import { contactLimitVerdict, HOUR_MS, limitWords } from './contact-limit';
import * as repo from './contact.repository';

export type ContactRequest = z.output<typeof contactInputSchema>;

/** How many messages one tab of the inbox lists (the newest). */
const INBOX_PAGE = 100;

/**
 * Stores a message for the admins' inbox. A filled honeypot is answered like a success and stored nowhere, so a
 * bot learns nothing. The per-address and per-email limits are counted under locks in the storing transaction:
 * parallel sends are counted one after the other, on one app server or several.
 */
export async function sendMessage(
  { db, league, adminClaim }: ServerContext,
  from: { ip: string; actor: Actor | null },
  input: ContactRequest,
  now = new Date(),
): Promise<{ stored: boolean; retryAfterSeconds?: number }> {
  if (input[CONTACT_HONEYPOT_FIELD]) return { stored: false };
  const since = new Date(now.getTime() - HOUR_MS);
  const leagueEmail = (await league.get()).contactEmail;
  await db.transaction(async (tx) => {
    // Locks in one order (address, then email), so two sends never wait on each other in a circle.
    await repo.lockSender(tx, `ip:${from.ip}`);
    await repo.lockSender(tx, `email:${input.email.toLowerCase()}`);
    const verdict = contactLimitVerdict(await repo.countFromAddressSince(tx, from.ip, since), await repo.countFromEmailSince(tx, input.email, since), now);
    if (verdict) throw new AppError('RATE_LIMITED', limitWords(verdict, leagueEmail), { retryAfterSeconds: verdict.retryAfterMinutes * 60 });
    const contactMessageId = await repo.insertMessage(tx, {
      name: input.name,
      email: input.email,
      subject: input.subject,
      body: input.message,
      userId: from.actor?.userId ?? null,
      ip: from.ip,
    });
    // Queued with the message itself: mail goes out only for a stored message, and only after commit.
    const payload = { contactMessageId, name: input.name, email: input.email, subject: input.subject, message: input.message };
    await queueNotifications(
      tx,
      (await leagueAdminIds(tx, adminClaim)).map((userId) => notification('contact.received', { teamId: null, userId }, payload)),
    );
  });
  return { stored: true };
}

export async function inbox(db: Database, status: ContactMessageStatus): Promise<ContactInbox> {
  const [messages, counts] = await Promise.all([repo.listMessages(db, status, INBOX_PAGE), repo.countByStatus(db)]);
  return { messages, counts };
}

/** The count on the admin landing tile. */
export const countNewContactMessages = (db: Database) => repo.countNew(db);

/** Moves a message between new, read and archived; audit-logged (an admin read or filed it). */
export async function setMessageStatus(db: Database, ctx: AuditContext, id: string, status: ContactMessageStatus): Promise<ContactMessage> {
  return db.transaction(async (tx) => {
    const before = await repo.findMessageForUpdate(tx, id);
    if (!before) throw new AppError('NOT_FOUND', { key: 'contact.messageGone' });
    if (before.status === status) return (await repo.listMessageById(tx, id))!;
    const after = await repo.setStatus(tx, id, status);
    await recordAudit(tx, ctx, {
      action: `contact.${status}`,
      entityType: 'contact_message',
      entityId: id,
      summary: `Marked the message "${before.subject}" from ${before.email} as ${status}`,
      before: { status: before.status },
      after: { status },
    });
    return after;
  });
}
