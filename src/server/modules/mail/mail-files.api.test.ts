import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { simpleParser } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { latestMailTo } from '../../../../e2e/mail';
import { mailMessages } from '../../db/schema';
import { seedLeague, type League } from '../../test/booking-fixtures';
import { buildTestApp, TEST_ORIGIN, type TestApp, type TestUser } from '../../test/test-app';
import { createMailTransport, createMailWorker, type MailWorker } from './mail-worker';
import { createFileTransport } from './mail-transport';
import { enqueueMail } from './mail.service';

/** No SMTP_URL: every message becomes an .eml file in DATA_DIR/outbox; its subject and link (without a token) are logged. */
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cgsl-mail-files-'));
const outbox = path.join(dataDir, 'outbox');
let t: TestApp;
let league: League;
let coach: TestUser;
let worker: MailWorker;
const logged: Array<{ obj: Record<string, unknown>; msg: string }> = [];
const log = { info: (obj: object, msg: string) => logged.push({ obj: obj as Record<string, unknown>, msg }), warn: () => {}, error: () => {} };

beforeAll(async () => {
  t = await buildTestApp({ DATA_DIR: dataDir });
  league = await seedLeague(t, { teams: 1 });
  coach = await t.signUp({ email: 'files-coach@example.org', role: 'coach', teamId: league.teamIds[0]! });
  expect(t.config.smtpUrl).toBeUndefined();
  worker = createMailWorker(
    { db: t.database.db, league: t.context.league, live: t.context.live, transport: createMailTransport(t.config, log), publicUrl: t.config.publicUrl, log },
    { pollMs: 100 },
  );
  worker.start();
}, 60_000);

afterAll(async () => {
  await worker?.stop();
  await t?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const emlFiles = () => (fs.existsSync(outbox) ? fs.readdirSync(outbox).filter((f) => f.endsWith('.eml')) : []);

async function waitFor(check: () => boolean | Promise<boolean>, what: string, ms = 20_000): Promise<void> {
  const until = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > until) throw new Error(`timed out after ${ms} ms waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

describe('the .eml fallback (no SMTP_URL)', () => {
  it('writes each message as an RFC 822 file with its fixed Message-ID, and logs recipient, subject and first link', async () => {
    const after = new Date();
    const res = await t.app.inject({ method: 'POST', url: '/api/bookings', payload: { slotId: league.slotIds[0]![0] }, headers: { origin: TEST_ORIGIN, cookie: coach.cookie } });
    expect(res.statusCode).toBe(201);

    // The helper the browser journeys use finds it.
    const mail = await latestMailTo(coach.email, { after, subject: /^Practice booked/, dir: outbox, timeoutMs: 10_000 });
    expect(mail.links).toEqual([`${TEST_ORIGIN}/my-reservations`, `${TEST_ORIGIN}/profile`]);
    expect(mail.text).toContain('Practice booked for Team 1');

    const raw = fs.readFileSync(mail.file, 'utf8');
    expect(raw).toMatch(/^Message-ID: <[0-9a-f-]{36}@localhost>$/m);
    expect(raw).toMatch(/^Content-Type: multipart\/alternative;/m);
    const parsed = await simpleParser(raw);
    const [row] = await t.database.db.select().from(mailMessages).where(eq(mailMessages.messageId, parsed.messageId!));
    expect(row).toMatchObject({ status: 'sent', toAddress: coach.email, kind: 'booking.created', attempts: 1 });
    expect(parsed.html).toContain('CGSL Softball League');

    const line = logged.find((l) => l.obj.subject === mail.subject)!;
    expect(line.msg).toContain('outbox folder');
    expect(line.obj).toMatchObject({ to: coach.email, link: `${TEST_ORIGIN}/my-reservations` });
    // No half-written files are left behind.
    expect(fs.readdirSync(outbox).filter((f) => !f.endsWith('.eml'))).toEqual([]);
  });

  it('the e2e helper says clearly what it waited for and what did arrive', async () => {
    await expect(latestMailTo('nobody@example.org', { subject: /Reset/, dir: outbox, timeoutMs: 300 })).rejects.toThrow(
      /No email to nobody@example\.org with a subject matching \/Reset\/ arrived in .* within 300 ms\. Newest there: files-coach@example\.org "Practice booked/,
    );
    await expect(latestMailTo('x@example.org', { dir: path.join(dataDir, 'missing'), timeoutMs: 100 })).rejects.toThrow(/does not exist\. Is the e2e server running without SMTP_URL\?/);
  });

  it('throughput: 500 messages queued at once are all written', async () => {
    const before = emlFiles().length;
    await t.database.db.transaction(async (tx) => {
      for (let i = 0; i < 500; i++) {
        await enqueueMail(tx, t.config.publicUrl, { kind: 'test', to: `eml-${i}@example.org`, toUserId: null, subject: `Bulk ${i}`, text: `Hello ${TEST_ORIGIN}/x/${i}`, html: `<p>${i}</p>` });
      }
    });
    const committed = performance.now();
    await waitFor(() => emlFiles().length >= before + 500, '500 .eml files', 45_000);
    const seconds = (performance.now() - committed) / 1000;
    console.info(`mail figures:\n  .eml files: 500 messages in ${seconds.toFixed(2)} s after commit = ${Math.round(500 / seconds)} messages/s`);
    const statuses = async () => (await t.database.db.select({ status: mailMessages.status }).from(mailMessages).where(eq(mailMessages.kind, 'test'))).map((r) => r.status);
    await waitFor(async () => (await statuses()).every((s) => s === 'sent'), 'all 500 marked sent');
    expect(await statuses()).toHaveLength(500);
    expect(emlFiles()).toHaveLength(before + 500);
  }, 60_000);

  it('refuses an address under the reserved .invalid domain as an SMTP server would (550): failed at once, no file', async () => {
    const before = emlFiles().length;
    await t.database.db.transaction((tx) =>
      enqueueMail(tx, t.config.publicUrl, { kind: 'test', to: 'nobody@team.invalid', toUserId: null, subject: 'Never delivered', text: 'Hi', html: '<p>Hi</p>' }),
    );
    const row = async () => (await t.database.db.select().from(mailMessages).where(eq(mailMessages.toAddress, 'nobody@team.invalid')))[0]!;
    await waitFor(async () => (await row()).status === 'failed', 'the message to be marked failed');
    expect(await row()).toMatchObject({ attempts: 1, lastError: 'EENVELOPE: 550 nobody@team.invalid: the domain team.invalid can never receive mail (.invalid is reserved for addresses that do not exist)' });
    expect(emlFiles()).toHaveLength(before);
  });

  it('logs a one-time link without its token: the token is only in the file', async () => {
    const lines: Array<Record<string, unknown>> = [];
    const transport = createFileTransport(outbox, { info: (obj) => lines.push(obj as Record<string, unknown>), warn: () => {}, error: () => {} });
    const token = 'Zk3qLr8TtYw2mN5vB7xC9pQ1sD4fG6hJ';
    await transport.send(
      { from: 'league@example.org', to: 'reset@example.org', subject: 'Reset your password', text: `Open ${TEST_ORIGIN}/reset-password?token=${token} within an hour.`, html: '<p>Reset</p>', messageId: '<reset-1@localhost>' },
      new AbortController().signal,
    );
    expect(lines).toHaveLength(1);
    expect(JSON.stringify(lines[0])).not.toContain(token);
    expect(lines[0]).toMatchObject({ to: 'reset@example.org', link: `${TEST_ORIGIN}/reset-password?token=[redacted]` });
    expect((await simpleParser(fs.readFileSync(path.join(outbox, lines[0]!.file as string)))).text).toContain(token);
  });
});
