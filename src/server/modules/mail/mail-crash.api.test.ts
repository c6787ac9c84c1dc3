import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { count, eq, inArray, isNull } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { openPglite, type DatabaseHandle } from '../../db/client';
import { mailMessages, notificationOutbox } from '../../db/schema';
import { freePort } from '../../test/free-port';
import { seedMailBurst, type ExpectedMail } from '../../test/mail-fixtures';
import { startServerProcess, type ServerProcess } from '../../test/server-process';
import { startTestSmtpServer, type ReceivedMail, type TestSmtpServer } from '../../test/smtp-test-server';
import { createTestDatabase } from '../../test/test-app';

/**
 * kill -9 of the real server in the middle of an SMTP send, then a restart: no message is lost, and the one
 * whose send was cut short (the SMTP server had read it but not answered) arrives again with the same
 * Message-ID. On PGlite (a data directory) by default, on PostgreSQL when TEST_DATABASE_URL is set.
 */
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cgsl-mail-crash-'));
const children: ServerProcess[] = [];
let smtp: TestSmtpServer | undefined;
let pg: (DatabaseHandle & { url?: string }) | undefined;

afterAll(async () => {
  for (const c of children) if (c.child.exitCode === null) c.child.kill('SIGKILL');
  await Promise.all(children.map((c) => c.exited));
  await smtp?.close();
  await pg?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

/** Opens the test's database: the PostgreSQL one, or the PGlite data directory the child servers use (never both at once). */
async function withDatabase<T>(work: (db: DatabaseHandle['db']) => Promise<T>): Promise<T> {
  if (pg) return work(pg.db);
  const handle = await openPglite({ dataDir: path.join(dataDir, 'pglite') });
  try {
    await handle.migrate();
    return await work(handle.db);
  } finally {
    await handle.close();
  }
}

const keyOf = (m: ReceivedMail) => `${m.to.join(',')} ${m.subject}`;

describe(`crash safety (${process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`, () => {
  it('kill -9 while an SMTP send hangs, restart: every message arrives; the second copy has the first one\'s Message-ID', async () => {
    smtp = await startTestSmtpServer();
    if (process.env.TEST_DATABASE_URL) pg = await createTestDatabase();
    const port = await freePort();
    const publicUrl = `http://localhost:${port}`;
    const expected: ExpectedMail[] = await withDatabase((db) => seedMailBurst(db, { publicUrl, notifications: 3, direct: 4, tag: 'crash' }));
    expect(expected).toHaveLength(10);

    const env = {
      PORT: String(port),
      PUBLIC_URL: publicUrl,
      DATA_DIR: dataDir,
      DATABASE_URL: pg?.url ?? '',
      AUTH_SECRET: 'crash-test-secret-crash-test-secret-0123',
      SMTP_URL: smtp.url(),
      // A claim left by the killed server is retaken after 6 s (sends are cut off at 2 s).
      MAIL_CLAIM_TIMEOUT_SECONDS: '6',
    };
    smtp.stallNext();
    const first = startServerProcess(env);
    children.push(first);
    await first.running();
    await smtp.waitFor((r) => r.some((m) => m.stalled), 'the first message to reach the SMTP server and hang');
    first.child.kill('SIGKILL');
    await first.exited;
    const cut = smtp.received.find((m) => m.stalled)!;
    expect(smtp.received).toHaveLength(1);
    // The claim committed before the send, so the crash left it in the database: taken again after the timeout.
    const cutRow = () => withDatabase((db) => db.select({ status: mailMessages.status, attempts: mailMessages.attempts }).from(mailMessages).where(eq(mailMessages.messageId, cut.messageId)));
    expect(await cutRow()).toEqual([{ status: 'sending', attempts: 1 }]);

    const second = startServerProcess(env);
    children.push(second);
    await second.running();
    const arrived = (e: ExpectedMail) => smtp!.accepted().some((m) => m.to.includes(e.to) && e.subject.test(m.subject));
    await smtp.waitFor(() => expected.every(arrived), 'every message after the restart', 30_000);

    // Every expected message, each under one Message-ID; the only second copy is the one the crash cut short.
    const byMessage = new Map<string, ReceivedMail[]>();
    for (const m of smtp.received) byMessage.set(keyOf(m), [...(byMessage.get(keyOf(m)) ?? []), m]);
    expect(byMessage.size).toBe(10);
    for (const [key, copies] of byMessage) {
      expect(new Set(copies.map((c) => c.messageId)).size, key).toBe(1);
      expect(copies.length, key).toBe(key === keyOf(cut) ? 2 : 1);
    }
    expect(smtp.accepted().find((m) => keyOf(m) === keyOf(cut))!.messageId).toBe(cut.messageId);

    second.child.kill('SIGTERM');
    expect(await second.exited).toBe(0);
    expect(second.output()).toContain('stopped cleanly');
    const state = await withDatabase(async (db) => ({
      statuses: (await db.select({ status: mailMessages.status, attempts: mailMessages.attempts }).from(mailMessages).where(inArray(mailMessages.status, ['pending', 'sending', 'failed']))).length,
      unsent: (await db.select({ n: count() }).from(notificationOutbox).where(isNull(notificationOutbox.sentAt)))[0]!.n,
      total: (await db.select({ n: count() }).from(mailMessages))[0]!.n,
      cut: await db.select({ status: mailMessages.status, attempts: mailMessages.attempts }).from(mailMessages).where(eq(mailMessages.messageId, cut.messageId)),
    }));
    expect(state).toEqual({ statuses: 0, unsent: 0, total: 10, cut: [{ status: 'sent', attempts: 2 }] });
  }, 90_000);
});
