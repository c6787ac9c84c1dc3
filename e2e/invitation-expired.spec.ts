import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist';
import { expect, request, test } from '@playwright/test';
import { freePort } from '../src/server/test/free-port';
import { startServerProcess, type ServerProcess } from '../src/server/test/server-process';
import { DEMO, expectNoAxeViolations, expectNoHorizontalScroll, teamBody, uniqueEmail } from './fixtures';
import { latestMailTo } from './mail';

/**
 * Issue 9: an invitation link opened after its 7 days says it has expired. Seven days cannot pass during a
 * journey, so this one runs its own server on its own data directory: an admin invites, the server stops, the
 * invitation's expiry is moved into the past in the stopped server's database (as a week passing would leave
 * it), the server starts again, and the person opens the link from the mail in the browser.
 */

const dataDir = path.resolve(`.tmp/e2e-expired-${process.pid}`);
let server: ServerProcess | undefined;
let origin = '';

async function start(port: number): Promise<ServerProcess> {
  const s = startServerProcess({
    PORT: String(port),
    DATA_DIR: dataDir,
    DATABASE_URL: '',
    WEB_DIST_DIR: path.resolve(process.env.E2E_WEB_DIST_DIR ?? 'dist/web'),
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    DEMO: '1',
    SMTP_URL: '',
    NODE_ENV: 'development',
  });
  await s.running();
  return s;
}

async function stop(s: ServerProcess): Promise<void> {
  s.child.kill('SIGTERM');
  await s.exited;
}

test.beforeAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));
test.afterAll(async () => {
  if (server && server.child.exitCode === null) await stop(server);
  fs.rmSync(dataDir, { recursive: true, force: true });
});

test('an invitation link opened after it expired says so, and what to do', async ({ browser }) => {
  test.setTimeout(120_000);
  const port = await freePort();
  origin = `http://127.0.0.1:${port}`;
  server = await start(port);

  // An admin makes a team and invites a coach to it.
  const admin = await request.newContext({ baseURL: origin, extraHTTPHeaders: { origin } });
  expect((await admin.post('/api/auth/sign-in/email', { data: { email: DEMO.admin, password: DEMO.password } })).status()).toBe(200);
  const team = await admin.post('/api/teams', { data: await teamBody(admin, 'Kestrels', '12U') });
  expect(team.status()).toBe(201);
  const teamId = ((await team.json()) as { team: { id: string } }).team.id;
  const email = uniqueEmail('late.coach');
  const sent = new Date();
  expect((await admin.post('/api/admin/invitations', { data: { email, role: 'coach', teamId } })).status()).toBe(201);
  const mail = await latestMailTo(email, { after: sent, subject: /invited/, dir: path.join(dataDir, 'outbox') });
  const link = mail.links.find((l) => l.startsWith(`${origin}/invite?token=`));
  expect(link, mail.text).toBeTruthy();
  await admin.dispose();

  // A week and a day pass: the stopped server's database holds an invitation whose 7 days are over.
  await stop(server);
  const db = await PGlite.create({ dataDir: path.join(dataDir, 'pglite'), extensions: { btree_gist } });
  const aged = await db.query(`update invitations set expires_at = now() - interval '1 day', created_at = now() - interval '8 days' where lower(email) = lower($1)`, [email]);
  expect(aged.affectedRows).toBe(1);
  await db.close();
  server = await start(port);

  // The person opens the link from the mail.
  const context = await browser.newContext({ baseURL: origin });
  const person = await context.newPage();
  await person.goto(link!);
  await expect(person.getByRole('heading', { level: 1, name: 'This invitation has expired' })).toBeVisible();
  await expect(person.getByText(/Invitation links work for 7 days/)).toBeVisible();
  for (const width of [390, 1280]) {
    await person.setViewportSize({ width, height: width === 390 ? 844 : 800 });
    await expectNoAxeViolations(person);
    await expectNoHorizontalScroll(person);
  }
  // No sign-up form for an expired link: nothing to fill in that could not work.
  await expect(person.getByLabel('Password')).toHaveCount(0);
  await context.close();
});
