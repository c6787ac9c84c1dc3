import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import postgres from 'postgres';
import { inject } from 'vitest';
import { buildApp, type App } from '../app';
import { loadConfig, type Config } from '../config';
import { openPglite, openPostgres, type DatabaseHandle } from '../db/client';
import { users } from '../db/schema';
import type { Role } from '../../shared/constants';
import { withDatabase } from './database-url';

export const TEST_ORIGIN = 'http://localhost:3000';

/** A fresh database for one test file: PGlite by default, PostgreSQL when TEST_DATABASE_URL is set. */
export async function createTestDatabase(): Promise<DatabaseHandle & { url?: string }> {
  const url = process.env.TEST_DATABASE_URL;
  const template = inject('postgresTemplate');
  if (url && template) {
    const name = `cgsl_test_${process.pid}_${Date.now()}_${randomBytes(3).toString('hex')}`;
    const admin = postgres(url, { max: 1, onnotice: () => {} });
    await admin.unsafe(`CREATE DATABASE ${name} TEMPLATE ${template}`);
    await admin.end();
    const handle = openPostgres(withDatabase(url, name), { max: 5 });
    return {
      ...handle,
      url: withDatabase(url, name),
      close: async () => {
        await handle.close();
        const dropper = postgres(url, { max: 1, onnotice: () => {} });
        await dropper.unsafe(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        await dropper.end();
      },
    };
  }
  const dump = fs.readFileSync(inject('pgliteTemplate'));
  // In this thread: a worker costs each file's database a thread and a loader. PGLITE_WORKER=1 runs the files
  // on the server's default (the resilience tests, which start real servers, always do).
  return openPglite({ loadDataDir: new Blob([dump]), worker: process.env.PGLITE_WORKER === '1' });
}

export interface TestApp extends App {
  database: DatabaseHandle & { url?: string };
  config: Config;
  close(): Promise<void>;
  /**
   * After a fixture wrote straight into the tables: the server's cached reads know nothing of it (every change
   * through the app invalidates them), so they are dropped, as an operator does after a manual SQL fix.
   */
  wroteBehindTheApp(): void;
  /** Creates an account with a profile of the given role and returns its session cookie. */
  signUp(input: { email: string; role?: Role; name?: string; password?: string; teamId?: string | null }): Promise<TestUser>;
}

export interface TestUser {
  id: string;
  email: string;
  password: string;
  cookie: string;
}

export const TEST_PASSWORD = 'correct-horse-battery';

export async function buildTestApp(env: Record<string, string> = {}): Promise<TestApp> {
  // Files (the storage backend, the mail outbox) go to a folder of this app's own, removed when it closes.
  const ownDataDir = env.DATA_DIR ? null : fs.mkdtempSync(path.join(os.tmpdir(), 'cgsl-test-'));
  const config = loadConfig({ PUBLIC_URL: TEST_ORIGIN, NODE_ENV: 'test', WEB_DIST_DIR: '/nonexistent', ...(ownDataDir ? { DATA_DIR: ownDataDir } : {}), ...env });
  const database = await createTestDatabase();
  const built = await buildApp({ config, database, authSecret: 'test-secret-test-secret-test-secret-42' });
  await built.app.ready();
  return {
    ...built,
    database,
    config,
    close: async () => {
      await built.app.close();
      await database.close();
      if (ownDataDir) fs.rmSync(ownDataDir, { recursive: true, force: true });
    },
    wroteBehindTheApp: () => {
      built.context.cache.clear();
      // Cached signed-in people too: their watchers hear this at once, before publish awaits anything.
      void built.context.live.publish({ people: 'all' });
    },
    signUp: async ({ email, role = 'member', name = 'Test Person', password = TEST_PASSWORD, teamId = null }) => {
      const result = await built.auth.api.signUpEmail({ body: { name, email, password }, returnHeaders: true });
      const id = result.response.user.id;
      await database.db.update(users).set({ role, teamId }).where(eq(users.id, id));
      return { id, email, password, cookie: cookieHeader(result.headers.getSetCookie()) };
    },
  };
}

/** Turns Set-Cookie headers into the Cookie header a browser would send back. */
export function cookieHeader(setCookie: string[] | string | undefined): string {
  const list = Array.isArray(setCookie) ? setCookie : setCookie ? [setCookie] : [];
  return list.map((c) => c.split(';')[0]).join('; ');
}
