import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { MIGRATIONS_DIR } from '../../db/client';
import { authUser, mailMessages } from '../../db/schema';
import { buildTestApp, TEST_ORIGIN, type TestApp, type TestUser } from '../../test/test-app';
import { diagResponseSchema, type DiagResponse } from '../../../shared/diag/diag.schemas';
import { enqueueMail } from '../mail/mail.service';

let t: TestApp;
let coach: TestUser;
let admin: TestUser;
let member: TestUser;
/** The storage probe writes for real: under a folder of this file's own, not the checkout's ./data. */
let dataDir: string;

const ENGINE = process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite';
const MIGRATION_FILES = fs
  .readdirSync(MIGRATIONS_DIR)
  .filter((f) => f.endsWith('.sql'))
  .sort();

/** Keys only an admin's answer may hold, anywhere in the JSON (besides the top-level `admin`). */
const ADMIN_ONLY_KEYS = ['migrations', 'bucket', 'probe', 'waiting', 'failed', 'uptimeSeconds', 'node', 'target', 'version', 'memory', 'rss', 'embeddedDatabase'];

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cgsl-diag-'));
  t = await buildTestApp({ DATA_DIR: dataDir });
  coach = await t.signUp({ email: 'diag-coach@example.org', role: 'coach' });
  admin = await t.signUp({ email: 'diag-admin@example.org', role: 'admin' });
  member = await t.signUp({ email: 'diag-member@example.org', role: 'member' });
});
afterAll(async () => {
  await t.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

async function diag(cookie?: string, app: TestApp = t): Promise<{ body: DiagResponse; raw: string; headers: Record<string, unknown> }> {
  const res = await app.app.inject({ url: '/api/diag', ...(cookie ? { headers: { cookie } } : {}) });
  expect(res.statusCode).toBe(200);
  return { body: diagResponseSchema.parse(res.json()), raw: res.body, headers: res.headers };
}

/** Every key at any depth of a JSON value, but inside `app` (whose `version` is the app's, for everyone). */
function keysOf(value: unknown, skipTop: string[] = ['app']): string[] {
  if (Array.isArray(value)) return value.flatMap((v) => keysOf(v, []));
  if (value && typeof value === 'object') {
    return Object.entries(value).flatMap(([k, v]) => (skipTop.includes(k) ? [] : [k, ...keysOf(v, [])]));
  }
  return [];
}

function expectNoAdminDetails(body: DiagResponse, raw: string) {
  expect(body.admin).toBeUndefined();
  expect(Object.keys(JSON.parse(raw) as object).sort()).toEqual(['app', 'database', 'league', 'mail', 'storage', 'you']);
  const keys = keysOf(JSON.parse(raw));
  for (const key of ADMIN_ONLY_KEYS) expect(keys, `key "${key}"`).not.toContain(key);
  expect(raw).not.toContain(t.config.storage.bucket);
  expect(raw).not.toMatch(/PostgreSQL \d/);
  expect(raw).not.toContain('outbox');
  expect(raw).not.toContain(process.version);
}

describe('GET /api/diag', () => {
  it('tells a visitor the version, engine and latency, backends, league and that nobody is signed in, and nothing more', async () => {
    const { body, raw, headers } = await diag();
    expect(body.app.version).toMatch(/^\d+\.\d+\.\d+/);
    expect(body.app.answeredInMs).toBeGreaterThan(0);
    expect(body.database).toMatchObject({ engine: ENGINE, ok: true });
    expect(body.database.latencyMs).toBeGreaterThan(0);
    expect(body.storage).toEqual({ backend: 'local' });
    expect(body.mail).toEqual({ backend: 'files' });
    expect(body.league).toEqual({ timeZone: 'America/Chicago', activeSeason: null });
    expect(body.you).toEqual({ signedIn: false });
    expectNoAdminDetails(body, raw);
    expect(headers['cache-control']).toBe('no-store');
  });

  it("names the league's active season", async () => {
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/seasons',
      headers: { cookie: admin.cookie, origin: TEST_ORIGIN },
      payload: { name: 'Diag Spring', startsOn: '2031-03-01', endsOn: '2031-06-30' },
    });
    expect(created.statusCode).toBe(201);
    const activated = await t.app.inject({
      method: 'POST',
      url: `/api/seasons/${created.json().season.id}/activate`,
      headers: { cookie: admin.cookie, origin: TEST_ORIGIN },
    });
    expect(activated.statusCode).toBe(200);
    const { body } = await diag();
    expect(body.league.activeSeason).toBe('Diag Spring');
  });

  it('tells a coach their uid, email, role, claims and why they are not an admin, and no admin details', async () => {
    const { body, raw } = await diag(coach.cookie);
    expect(body.you).toEqual({
      signedIn: true,
      uid: coach.id,
      email: coach.email,
      role: 'coach',
      claims: {},
      admin: { isAdmin: false, reason: 'none', claimCheckFailed: false, why: "no: the sign-in token has no admin claim and the profile role is 'coach'" },
    });
    expectNoAdminDetails(body, raw);
  });

  it('gives an admin the database version, the migrations, storage bucket and probe, the mail queue and the server', async () => {
    const { body } = await diag(admin.cookie);
    expect(body.you).toMatchObject({
      signedIn: true,
      uid: admin.id,
      role: 'admin',
      admin: { isAdmin: true, reason: 'role', why: "yes: the profile role is 'admin'" },
    });
    const a = body.admin!;
    expect(a.database.version).toMatch(/^PostgreSQL \d+/);
    expect(a.database.migrations).toEqual({
      applied: MIGRATION_FILES.length,
      inBuild: MIGRATION_FILES.length,
      latest: { tag: MIGRATION_FILES.at(-1)!.replace(/\.sql$/, ''), createdAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/) },
    });
    expect(a.storage.bucket).toBe(t.config.storage.bucket);
    // The local backend's real write, read back and delete.
    expect(a.storage.probe).toEqual({ ok: true, latencyMs: expect.any(Number) });
    expect(a.mail).toMatchObject({ target: path.join(dataDir, 'outbox'), waiting: expect.any(Number), failed: expect.any(Number) });
    expect(a.server).toEqual({
      node: process.version,
      uptimeSeconds: expect.any(Number),
      memory: { rss: expect.any(Number), heapUsed: expect.any(Number), embeddedDatabase: ENGINE === 'pglite' ? expect.any(Number) : null },
    });
    // PGlite's WebAssembly memory is part of this process's resident memory, and is tens of megabytes.
    if (ENGINE === 'pglite') {
      expect(a.server.memory.embeddedDatabase).toBeGreaterThan(16 * 1024 * 1024);
      expect(a.server.memory.embeddedDatabase).toBeLessThan(a.server.memory.rss);
    }
  });

  it('reports the storage probe as the storage service answers it, and a probe that throws as not ok, in words', async () => {
    const probe = vi.spyOn(t.context.storage, 'probe');
    try {
      probe.mockResolvedValueOnce({ ok: true, latencyMs: 4.2 });
      expect((await diag(admin.cookie)).body.admin!.storage.probe).toEqual({ ok: true, latencyMs: 4.2 });

      probe.mockResolvedValueOnce({ ok: false, latencyMs: 12, error: 'The bucket refused the write (access denied).' });
      expect((await diag(admin.cookie)).body.admin!.storage.probe).toEqual({
        ok: false,
        latencyMs: 12,
        error: 'The bucket refused the write (access denied).',
      });

      probe.mockRejectedValueOnce(new Error('storage service: not built yet'));
      expect((await diag(admin.cookie)).body.admin!.storage.probe).toEqual({
        ok: false,
        latencyMs: null,
        error: 'the write/read check could not run: storage service: not built yet',
      });
      // Nobody but an admin sets off a probe.
      probe.mockClear();
      await diag(coach.cookie);
      await diag();
      expect(probe).not.toHaveBeenCalled();
    } finally {
      probe.mockRestore();
    }
  });

  it('counts mail waiting and failed as it is queued and fails', async () => {
    const before = (await diag(admin.cookie)).body.admin!.mail;
    await enqueueMail(t.database.db, t.config.publicUrl, {
      kind: 'test',
      to: 'someone@example.org',
      toUserId: null,
      subject: 'Hello',
      text: 'Hi',
      html: '<p>Hi</p>',
    });
    const queued = (await diag(admin.cookie)).body.admin!.mail;
    expect(queued.waiting).toBe(before.waiting! + 1);
    expect(queued.failed).toBe(before.failed);

    await t.database.db.update(mailMessages).set({ status: 'failed', lastError: 'refused' }).where(eq(mailMessages.toAddress, 'someone@example.org'));
    t.wroteBehindTheApp();
    const failed = (await diag(admin.cookie)).body.admin!.mail;
    expect(failed.waiting).toBe(before.waiting);
    expect(failed.failed).toBe(before.failed! + 1);
  });

  it('shows provider claims, and an admin claim makes the answer an admin one', async () => {
    await t.database.db
      .update(authUser)
      .set({ claims: { admin: true, groups: ['board'] } })
      .where(eq(authUser.id, member.id));
    t.wroteBehindTheApp();
    const { body } = await diag(member.cookie);
    expect(body.you).toMatchObject({
      signedIn: true,
      role: 'member',
      claims: { admin: true, groups: ['board'] },
      admin: { isAdmin: true, reason: 'claim', claimCheckFailed: false, why: 'yes: the sign-in token carries the admin claim' },
    });
    expect(body.admin?.database.migrations?.applied).toBe(MIGRATION_FILES.length);

    await t.database.db.update(authUser).set({ claims: null }).where(eq(authUser.id, member.id));
    t.wroteBehindTheApp();
    const after = await diag(member.cookie);
    expect(after.body.you).toMatchObject({ signedIn: true, claims: {}, admin: { isAdmin: false, reason: 'none' } });
    expectNoAdminDetails(after.body, after.raw);
  });

  it('names the commit from git when BUILD_COMMIT is unset', async () => {
    let fromGit: string | null;
    try {
      fromGit = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
    } catch {
      fromGit = null;
    }
    expect(t.config.buildCommit).toBeUndefined();
    expect((await diag()).body.app.commit).toBe(fromGit);
  });
});

describe('GET /api/diag on other servers', () => {
  it('names the build commit from BUILD_COMMIT', async () => {
    const other = await buildTestApp({ BUILD_COMMIT: '0a1b2c3d4e5f', DATA_DIR: dataDir });
    try {
      expect((await diag(undefined, other)).body.app.commit).toBe('0a1b2c3d4e5f');
    } finally {
      await other.close();
    }
  });

  it('still answers when the database is gone, saying so in words', async () => {
    const other = await buildTestApp({ DATA_DIR: dataDir });
    await other.database.close();
    try {
      const { body } = await diag(undefined, other);
      expect(body.database).toEqual({ engine: ENGINE, ok: false, latencyMs: null, error: 'The database did not answer.' });
      expect(body.league.error).toMatch(/could not be read/);
      expect(body.you).toEqual({ signedIn: false });
    } finally {
      await other.app.close();
    }
  });
});
