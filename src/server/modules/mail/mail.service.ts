import { randomUUID } from 'node:crypto';
import { EventEmitter } from 'node:events';
import type { Database } from '../../db/client';
import * as repo from './mail.repository';

/** One email to one address, ready to send (see `layoutMail` for the body). */
export interface OutgoingMail {
  kind: string;
  to: string;
  toUserId: string | null;
  subject: string;
  text: string;
  html: string;
}

/** The host part of every Message-ID we mint (from PUBLIC_URL), so mail clients can fold a second copy. */
export function messageIdFor(publicUrl: string): string {
  return `<${randomUUID()}@${new URL(publicUrl).hostname}>`;
}

// Wakes this process's mail worker when it queues mail, instead of leaving the message to the next poll.
const queued = new EventEmitter();
queued.setMaxListeners(0);

/** Called each time this process queues mail (the transaction may not have committed yet). */
export function onMailQueued(listener: () => void): () => void {
  queued.on('queued', listener);
  return () => queued.off('queued', listener);
}

/**
 * Queues one email in the caller's transaction: it is sent by the mail worker after commit, and a change that
 * rolls back sends nothing. For mail that is not about a team's booking (invitations, password resets).
 */
export async function enqueueMail(tx: Database, publicUrl: string, mail: OutgoingMail): Promise<void> {
  await repo.insertMail(tx, [
    { kind: mail.kind, toAddress: mail.to, toUserId: mail.toUserId, subject: mail.subject, textBody: mail.text, htmlBody: mail.html, messageId: messageIdFor(publicUrl) },
  ]);
  queued.emit('queued');
}
