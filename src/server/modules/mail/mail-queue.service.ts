import type { Database } from '../../db/client';
import { AppError } from '../../errors';
import type { MailQueuePage, MailQueueQuery, QueuedMail } from '../../../shared/mail/mail-queue.schemas';
import { recordAudit, type AuditContext } from '../audit/audit.service';
import * as repo from './mail.repository';
import { mailQueuedNow } from './mail.service';

/**
 * The admins' mail page (decision 007): what failed or still waits, newest first and keyset-paged, and "send
 * again" for one message, which makes it due now through the same worker, under the same Message-ID.
 */

const AT_TEXT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const encodeMailCursor = (c: repo.QueueCursor) => Buffer.from(JSON.stringify([c.at, c.id])).toString('base64url');

export function decodeMailCursor(raw: string): repo.QueueCursor {
  try {
    const value: unknown = JSON.parse(Buffer.from(raw, 'base64url').toString('utf8'));
    if (Array.isArray(value) && value.length === 2 && typeof value[0] === 'string' && AT_TEXT.test(value[0]) && typeof value[1] === 'string' && UUID.test(value[1])) {
      if (!Number.isNaN(Date.parse(value[0]))) return { at: value[0], id: value[1] };
    }
  } catch {
    // Falls through to the error below.
  }
  throw new AppError('VALIDATION_FAILED', { key: 'mailQueue.badCursor' }, {
    fields: { cursor: 'Not a mail-list page cursor' },
  });
}

export async function listMailQueue(db: Database, query: MailQueueQuery, retentionDays: number): Promise<MailQueuePage> {
  const cursor = query.cursor ? decodeMailCursor(query.cursor) : null;
  const [page, counts] = await Promise.all([repo.findQueuePage(db, query.view, cursor, query.limit), repo.countQueue(db)]);
  return { messages: page.rows, nextCursor: page.next ? encodeMailCursor(page.next) : null, counts: { failed: counts.failed, waiting: counts.waiting }, retentionDays };
}

/**
 * Sends a failed or waiting message again: due now, attempts counted from zero, the same Message-ID (so a
 * person who did get an earlier copy sees one message). Audit-logged; the worker is woken after commit.
 */
export async function resendMail(db: Database, ctx: AuditContext, id: string): Promise<QueuedMail> {
  const after = await db.transaction(async (tx) => {
    const before = await repo.findQueuedForUpdate(tx, id);
    if (!before) throw new AppError('NOT_FOUND', { key: 'mailQueue.gone' });
    if (before.status === 'sent') throw new AppError('CONFLICT', { key: 'mailQueue.alreadySent', params: { address: before.toAddress } });
    if (before.status === 'sending') throw new AppError('CONFLICT', { key: 'mailQueue.sendingNow', params: { address: before.toAddress } });
    const row = await repo.resetForResend(tx, id);
    await recordAudit(tx, ctx, {
      action: 'mail.resend',
      entityType: 'mail_message',
      entityId: id,
      summary: `Sent the email "${before.subject}" to ${before.toAddress} again (same Message-ID)`,
      before: { status: before.status, attempts: before.attempts, lastError: before.lastError },
      after: { status: row.status, attempts: row.attempts },
    });
    return row;
  });
  mailQueuedNow();
  return after;
}
