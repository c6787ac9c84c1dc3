import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { openPglite, type DatabaseHandle } from '../../db/client';
import { mailMessages } from '../../db/schema';
import { freePort } from '../../test/free-port';
import { seedMailBurst, type ExpectedMail } from '../../test/mail-fixtures';
import { startServerProcess, type ServerProcess } from '../../test/server-process';
import { startTestSmtpServer, type TestSmtpServer } from '../../test/smtp-test-server';
import { createTestDatabase } from '../../test/test-app';

/**
 * The only server is killed (kill -9) while it holds claims on mail, and started again with the default claim
 * timeout (60 s). On PGlite the data-dir lock proves the killed process is gone, so the restarted server sends
 * that mail at once. On PostgreSQL another server could hold those claims: they wait for the timeout.
 */
const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cgsl-mail-restart-'));
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

describe(`restart after kill -9 (${onPostgres ? 'PostgreSQL' : 'PGlite'})`, () => {
  it(
    onPostgres
      ? 'claims of the killed server wait for the claim timeout: another live server might hold them'
      : 'claims of the killed server are taken again at start: the mail goes out within seconds, not after 60 s',
    async () => {
      smtp = await startTestSmtpServer();
      if (onPostgres) pg = await createTestDatabase();
      const port = await freePort();
      const publicUrl = `http://localhost:${port}`;
      const expected: ExpectedMail[] = await withDatabase((db) => seedMailBurst(db, { publicUrl, notifications: 1, direct: 2, tag: 'restart' }));
      // The default MAIL_CLAIM_TIMEOUT_SECONDS (60): the test would time out if the restart waited for it.
      const env = { PORT: String(port), PUBLIC_URL: publicUrl, DATA_DIR: dataDir, DATABASE_URL: pg?.url ?? '', AUTH_SECRET: 'restart-test-secret-restart-test-0123', SMTP_URL: smtp.url() };

      smtp.stallNext();
      const first = startServerProcess(env);
      children.push(first);
      await first.running();
      await smtp.waitFor((r) => r.some((m) => m.stalled), 'the first message to reach the SMTP server and hang');
      first.child.kill('SIGKILL');
      await first.exited;
      // The killed server had claimed every message in one batch: all of them are left "sending".
      const claimed = await withDatabase((db) => db.select({ id: mailMessages.id }).from(mailMessages).where(eq(mailMessages.status, 'sending')));
      expect(claimed).toHaveLength(expected.length);

      const second = startServerProcess(env);
      children.push(second);
      await second.running();
      const startedAt = Date.now();
      const arrived = (e: ExpectedMail) => smtp!.accepted().some((m) => m.to.includes(e.to) && e.subject.test(m.subject));

      if (onPostgres) {
        // Nothing is taken over before the timeout: the restarted server cannot tell the claims are its own.
        await new Promise((r) => setTimeout(r, 4_000));
        expect(smtp.accepted()).toHaveLength(0);
        const still = await withDatabase((db) => db.select({ id: mailMessages.id }).from(mailMessages).where(eq(mailMessages.status, 'sending')));
        expect(still).toHaveLength(expected.length);
      } else {
        await smtp.waitFor(() => expected.every(arrived), 'every claimed message soon after the restart', 5_000);
        expect(Date.now() - startedAt).toBeLessThan(5_000);
        expect(second.output()).toContain('sent again now');
      }

      second.child.kill('SIGTERM');
      expect(await second.exited).toBe(0);
    },
    90_000,
  );
});
