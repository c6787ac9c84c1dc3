import { randomUUID } from 'node:crypto';
import { EventEmitter } from 'node:events';
import path from 'node:path';
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

/** Wakes this process's mail worker for mail made due in a transaction that has committed (a resend). */
export function mailQueuedNow(): void {
  queued.emit('queued');
}

/** Mail waiting to go out and mail that failed for good (the diagnostics page). */
export const mailQueueCounts = (db: Database) => repo.countQueue(db);

/**
 * Where mail goes, as createMailTransport decides it: an SMTP server (its host and port, never the user or
 * password in SMTP_URL) or `.eml` files in DATA_DIR/outbox.
 */
export function mailBackendOf(config: { smtpUrl: string | undefined; dataDir: string }): { backend: 'smtp' | 'files'; target: string } {
  if (!config.smtpUrl) return { backend: 'files', target: path.join(config.dataDir, 'outbox') };
  const url = new URL(config.smtpUrl);
  return { backend: 'smtp', target: `${url.protocol}//${url.hostname}${url.port ? `:${url.port}` : ''}` };
}
