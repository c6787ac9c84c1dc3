/**
 * Where a bench run keeps its league: a fresh PGlite data directory in a temp folder, or a fresh PostgreSQL
 * database created on the server of BENCH_DATABASE_URL (dropped afterwards). The bench seeds it with the
 * project's own code before the app server starts (PGlite is one process: the running server holds its lock),
 * and opens it again after the server stops to check the rules.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import postgres from 'postgres';
import { openPglite, openPostgres, type DatabaseHandle } from '../src/server/db/client';
import { withDatabase } from '../src/server/test/database-url';

export type DatabaseKind = 'pglite' | 'postgres';

export interface BenchDatabase {
  kind: DatabaseKind;
  /** DATA_DIR for the server (PGlite's files; on both, the outbox of written emails). */
  dataDir: string;
  /** The server's database settings. */
  serverEnv: Record<string, string>;
  /** Opens the database from this process (never while the PGlite server runs). */
  open(): Promise<DatabaseHandle>;
  remove(): Promise<void>;
}

export async function createBenchDatabase(kind: DatabaseKind, label: string, serverUrl?: string): Promise<BenchDatabase> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `cgsl-bench-${label}-`));
  if (kind === 'pglite') {
    const pgliteDir = path.join(dataDir, 'pglite');
    return {
      kind,
      dataDir,
      serverEnv: { DATA_DIR: dataDir },
      open: () => openPglite({ dataDir: pgliteDir }),
      remove: async () => fs.rmSync(dataDir, { recursive: true, force: true }),
    };
  }
  if (!serverUrl) throw new Error('PostgreSQL needs BENCH_DATABASE_URL (or TEST_DATABASE_URL)');
  const name = `cgsl_bench_${label}_${randomBytes(4).toString('hex')}`;
  const admin = postgres(serverUrl, { max: 1, onnotice: () => {} });
  try {
    await admin.unsafe(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  const url = withDatabase(serverUrl, name);
  return {
    kind,
    dataDir,
    serverEnv: { DATA_DIR: dataDir, DATABASE_URL: url },
    open: async () => openPostgres(url),
    remove: async () => {
      const again = postgres(serverUrl, { max: 1, onnotice: () => {} });
      try {
        await again.unsafe(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      } finally {
        await again.end();
      }
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
