import { count, inArray } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../db/client';
import { mailMessages } from '../../db/schema';
import { freePort } from '../../test/free-port';
import { seedMailBurst } from '../../test/mail-fixtures';
import { startServerProcess, type ServerProcess } from '../../test/server-process';
import { startTestSmtpServer, type TestSmtpServer } from '../../test/smtp-test-server';
import { createTestDatabase } from '../../test/test-app';

/**
 * Two app server processes on one PostgreSQL, both running their mail worker against one SMTP server: each
 * message goes out exactly once (SKIP LOCKED claims), and both servers take part. Each server logs in to
 * SMTP under its own user name, so the SMTP server can tell who sent what.
 */
const children: ServerProcess[] = [];
let smtp: TestSmtpServer | undefined;
let pg: (DatabaseHandle & { url?: string }) | undefined;

afterAll(async () => {
  for (const c of children) if (c.child.exitCode === null) c.child.kill('SIGKILL');
  await Promise.all(children.map((c) => c.exited));
  await smtp?.close();
  await pg?.close();
});

describe.runIf(Boolean(process.env.TEST_DATABASE_URL))('two app servers on one PostgreSQL', () => {
  it('send each of 300 messages exactly once between them', async () => {
    smtp = await startTestSmtpServer();
    pg = await createTestDatabase();
    const ports = [await freePort(), await freePort()];
    const servers = ports.map((port, i) =>
      startServerProcess({
        PORT: String(port),
        PUBLIC_URL: 'http://localhost:3000',
        DATABASE_URL: pg!.url!,
        AUTH_SECRET: 'two-servers-secret-two-servers-secret-01',
        SMTP_URL: smtp!.url(`server${i + 1}`),
      }),
    );
    children.push(...servers);
    await Promise.all(servers.map((s) => s.running()));

    // Both are idle and polling; 100 notices (2 coaches each) and 100 direct messages land in one commit.
    const expected = await seedMailBurst(pg.db, { publicUrl: 'http://localhost:3000', notifications: 100, direct: 100, tag: 'pair' });
    expect(expected).toHaveLength(300);
    const started = performance.now();
    await smtp.waitFor((r) => r.length >= 300, '300 messages', 45_000);
    const seconds = (performance.now() - started) / 1000;
    const busy = async () => (await pg!.db.select({ n: count() }).from(mailMessages).where(inArray(mailMessages.status, ['pending', 'sending'])))[0]!.n;
    for (const until = Date.now() + 10_000; (await busy()) > 0; ) {
      if (Date.now() > until) throw new Error('messages still pending or sending 10 s after all 300 arrived');
      await new Promise((r) => setTimeout(r, 50));
    }

    const received = smtp.received;
    expect(received).toHaveLength(300);
    expect(new Set(received.map((m) => m.messageId)).size).toBe(300);
    for (const e of expected) expect(received.filter((m) => m.to.includes(e.to) && e.subject.test(m.subject)), `${e.to} ${String(e.subject)}`).toHaveLength(1);
    const byServer = { server1: received.filter((m) => m.user === 'server1').length, server2: received.filter((m) => m.user === 'server2').length };
    console.info(`mail figures:\n  two servers: 300 messages in ${seconds.toFixed(2)} s from commit (${Math.round(300 / seconds)} messages/s); server1 sent ${byServer.server1}, server2 ${byServer.server2}`);
    expect(byServer.server1 + byServer.server2).toBe(300);
    expect(byServer.server1).toBeGreaterThan(0);
    expect(byServer.server2).toBeGreaterThan(0);

    for (const s of servers) s.child.kill('SIGTERM');
    expect(await Promise.all(servers.map((s) => s.exited))).toEqual([0, 0]);
  }, 90_000);
});
