import fs from 'node:fs/promises';
import path from 'node:path';
import { simpleParser, type AddressObject } from 'mailparser';
import { thisWorker } from './workers';

/** One email the e2e server wrote to its outbox folder (no SMTP_URL: each message is an .eml file). */
export interface CapturedMail {
  subject: string;
  text: string;
  html: string;
  /** Every http(s) link of the plain-text part, in order (the first is the one the mail is for). */
  links: string[];
  to: string[];
  messageId: string;
  /** When the server wrote it. */
  at: Date;
  file: string;
}

export interface MailQuery {
  /** Only mail written at or after this instant (take it just before the action that sends the mail). */
  after?: Date;
  subject?: RegExp;
  /** How long to wait for it (default 15 s: the worker sends within about 2 s of the commit). */
  timeoutMs?: number;
  /** The outbox folder; default: this worker's server's (e2e/workers.ts). */
  dir?: string;
}

/** This worker's server's outbox folder. */
export function e2eOutboxDir(): string {
  return path.resolve(thisWorker.dataDir, 'outbox');
}

const parsed = new Map<string, CapturedMail>();

const addresses = (a: AddressObject | AddressObject[] | undefined) => (Array.isArray(a) ? a : a ? [a] : []).flatMap((o) => o.value.map((v) => (v.address ?? '').toLowerCase()));

async function read(dir: string, file: string): Promise<CapturedMail> {
  const key = path.join(dir, file);
  let mail = parsed.get(key);
  if (!mail) {
    const m = await simpleParser(await fs.readFile(key));
    const text = m.text ?? '';
    mail = {
      subject: m.subject ?? '',
      text,
      html: typeof m.html === 'string' ? m.html : '',
      links: [...new Set(text.match(/https?:\/\/[^\s<>"')]+/g) ?? [])],
      to: addresses(m.to),
      messageId: m.messageId ?? '',
      at: new Date(Number(file.split('-')[0])),
      file: key,
    };
    parsed.set(key, mail);
  }
  return mail;
}

/** The .eml files, newest first (their names start with the time they were written, in ms). */
async function listNewestFirst(dir: string): Promise<string[] | null> {
  try {
    const names = await fs.readdir(dir);
    return names.filter((n) => /^\d+-[0-9a-f]+\.eml$/.test(n)).sort((a, b) => Number(b.split('-')[0]) - Number(a.split('-')[0]) || b.localeCompare(a));
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw err;
  }
}

/**
 * Waits for the newest email to `address` (matching `subject`, written at or after `after`) in the e2e
 * server's outbox folder and returns it parsed, links included. Throws after the timeout, saying what did arrive.
 */
export async function latestMailTo(address: string, query: MailQuery = {}): Promise<CapturedMail> {
  const dir = query.dir ?? e2eOutboxDir();
  const timeoutMs = query.timeoutMs ?? 15_000;
  const want = address.toLowerCase();
  const until = Date.now() + timeoutMs;
  for (;;) {
    const files = await listNewestFirst(dir);
    for (const file of files ?? []) {
      if (query.after && Number(file.split('-')[0]) < query.after.getTime()) break;
      const mail = await read(dir, file);
      if (mail.to.includes(want) && (!query.subject || query.subject.test(mail.subject))) return mail;
    }
    if (Date.now() > until) {
      const what = [`email to ${address}`, query.subject ? `with a subject matching ${String(query.subject)}` : '', query.after ? `written after ${query.after.toISOString()}` : '']
        .filter(Boolean)
        .join(' ');
      if (files === null) throw new Error(`No ${what} within ${timeoutMs} ms: ${dir} does not exist. Is the e2e server running without SMTP_URL?`);
      const newest = await Promise.all(files.slice(0, 5).map((f) => read(dir, f)));
      throw new Error(
        `No ${what} arrived in ${dir} within ${timeoutMs} ms. Newest there: ${newest.length ? newest.map((m) => `${m.to.join(', ')} "${m.subject}" (${m.at.toISOString()})`).join('; ') : 'none'}.`,
      );
    }
    await new Promise((r) => setTimeout(r, 100));
  }
}
