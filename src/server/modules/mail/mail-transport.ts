import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Transporter } from 'nodemailer';
import { redactUrl } from '../../logger';

/** nodemailer, loaded at the first message (issue 27): a restarting server answers sooner without it. */
const loadNodemailer = async () => (await import('nodemailer')).default;

/** What the worker logs through (Fastify's logger fits). */
export interface MailLog {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

export interface MailEnvelope {
  from: string | { name: string; address: string };
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Fixed when the message is queued: a second copy after a crash carries the same one. */
  messageId: string;
}

export interface MailTransport {
  kind: 'smtp' | 'file';
  /** Resolves once the message is accepted (SMTP: the server's 250 after DATA; file: written). */
  send(mail: MailEnvelope, signal: AbortSignal): Promise<void>;
  close(): void;
}

/** The links of a message's text, in order (the first is the one a person came for). */
export function linksOf(text: string): string[] {
  return [...new Set(text.match(/https?:\/\/[^\s<>"')]+/g) ?? [])];
}

/**
 * SMTP (nodemailer) when `smtpUrl` is set. One pooled connection, kept open between messages (a new
 * connection per message cost ~130 ms even on this machine; a kept one ~10 ms). Its timeouts stay well inside
 * the claim timeout, so a send that hangs ends (and is retried later) before another worker could take the
 * same message over; an aborted send closes its connection. The pool never re-sends a message on its own
 * (`maxRequeues: 0`): retries are the worker's, counted in the database.
 */
export function createSmtpTransport(smtpUrl: string, sendTimeoutMs: number): MailTransport {
  let transporter: Promise<Transporter> | null = null;
  let closed = false;
  const pool = () =>
    (transporter ??= loadNodemailer().then((nodemailer) => {
      const smtp = nodemailer.createTransport({
        url: smtpUrl,
        pool: true,
        maxConnections: 1,
        maxRequeues: 0,
        idleTimeout: 30_000,
        connectionTimeout: sendTimeoutMs,
        greetingTimeout: sendTimeoutMs,
        socketTimeout: sendTimeoutMs,
        dnsTimeout: sendTimeoutMs,
      });
      if (closed) smtp.close({ force: true });
      return smtp;
    }));
  return {
    kind: 'smtp',
    send: async (mail, signal) => {
      await (await pool()).sendMail({ ...mail, signal });
    },
    close: () => {
      closed = true;
      void transporter?.then((t) => t.close({ force: true }));
    },
  };
}

/**
 * An address no mail server could ever deliver to: its domain is `invalid` or ends in `.invalid`, the top-level
 * domain reserved to be invalid (RFC 2606, RFC 6761). The file transport refuses it as an SMTP server refuses an
 * unknown recipient (550 at RCPT TO), so the message fails for good and shows on the admins' mail page.
 */
export function undeliverable(to: string): Error | null {
  const domain = to.slice(to.lastIndexOf('@') + 1).toLowerCase();
  if (domain !== 'invalid' && !domain.endsWith('.invalid')) return null;
  return Object.assign(new Error(`550 ${to}: the domain ${domain} can never receive mail (.invalid is reserved for addresses that do not exist)`), {
    code: 'EENVELOPE',
    responseCode: 550,
  });
}

/**
 * No SMTP server (one machine, development, the browser journeys): each message becomes an RFC 822 `.eml`
 * file in `dir`, written under a temporary name and renamed, so a reader never sees half a message. Its
 * subject, recipient and first link are logged, since the link is what a person on this machine needs.
 */
export function createFileTransport(dir: string, log: MailLog): MailTransport {
  let composer: Promise<Transporter> | null = null;
  let made: Promise<string | undefined> | null = null;
  return {
    kind: 'file',
    send: async (mail) => {
      const refused = undeliverable(mail.to);
      if (refused) throw refused;
      made ??= fs.mkdir(dir, { recursive: true }).catch((err: unknown) => {
        made = null; // Try again on the next message (the folder may be fixed meanwhile).
        throw err;
      });
      await made;
      composer ??= loadNodemailer().then((nodemailer) => nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' }));
      const info = await (await composer).sendMail(mail);
      // The time first, so a directory listing sorts by arrival (the e2e helper relies on it).
      const name = `${Date.now()}-${randomBytes(6).toString('hex')}.eml`;
      const draft = path.join(dir, `.${name}.tmp`);
      await fs.writeFile(draft, info.message as Buffer);
      await fs.rename(draft, path.join(dir, name));
      // The link shows where the mail leads; its one-time token stays in the file, never in the log.
      const link = linksOf(mail.text)[0];
      log.info({ to: mail.to, subject: mail.subject, link: link ? redactUrl(link) : null, file: name }, 'mail written to the outbox folder (no SMTP_URL set)');
    },
    close: () => {},
  };
}
