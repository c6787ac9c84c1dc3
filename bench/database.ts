/**
 * Where a bench run keeps its league: a fresh PGlite data directory in a temp folder, or a fresh PostgreSQL
 * database created on the server of BENCH_DATABASE_URL (dropped afterwards). The bench seeds it with the
 * project's own code before the app server starts (PGlite is one process: the running server holds its lock),
 * and opens it again after the server stops to check the rules. The floor (bench/floor) gets a copy of the league
 * as seeded (`copy`), so both sides start from the same rows and neither's bookings count against the other's limits.
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
  /** The bench floor's (bench/floor/server.ts): the same database, by its URL or its PGlite directory. */
  floorEnv: Record<string, string>;
  /** Opens the database from this process (never while the PGlite server runs). */
  open(): Promise<DatabaseHandle>;
  remove(): Promise<void>;
  /**
   * A second database holding exactly what this one holds now (the league as seeded), for the floor: PostgreSQL
   * `CREATE DATABASE … TEMPLATE` on the same server, a copy of PGlite's data directory. Nothing may have it open.
   */
  copy(label: string): Promise<BenchDatabase>;
}

export async function createBenchDatabase(kind: DatabaseKind, label: string, serverUrl?: string): Promise<BenchDatabase> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `cgsl-bench-${label}-`));
  if (kind === 'pglite') {
    const pgliteDir = path.join(dataDir, 'pglite');
    return {
      kind,
      dataDir,
      serverEnv: { DATA_DIR: dataDir },
      floorEnv: { FLOOR_PGLITE_DIR: pgliteDir },
      open: () => openPglite({ dataDir: pgliteDir }),
      remove: async () => fs.rmSync(dataDir, { recursive: true, force: true }),
      copy: async (copyLabel) => {
        const copy = await createBenchDatabase(kind, `${label}-${copyLabel}`);
        fs.cpSync(pgliteDir, path.join(copy.dataDir, 'pglite'), { recursive: true });
        return copy;
      },
    };
  }
  if (!serverUrl) throw new Error('PostgreSQL needs BENCH_DATABASE_URL (or TEST_DATABASE_URL)');
  return createPostgresDatabase(label, serverUrl, dataDir, null);
}

async function createPostgresDatabase(label: string, serverUrl: string, dataDir: string, template: string | null): Promise<BenchDatabase> {
  const name = `cgsl_bench_${label.replace(/\W/g, '_')}_${randomBytes(4).toString('hex')}`;
  const admin = postgres(serverUrl, { max: 1, onnotice: () => {} });
  try {
    if (!template) await admin.unsafe(`CREATE DATABASE ${name}`);
    else {
      // FILE_COPY (PostgreSQL 15+) checkpoints before and after the copy: the seed's dirty pages and the copy are
      // written out here, not by a checkpoint in the middle of the next measurement, as a copy through the WAL would.
      await admin.unsafe(`CREATE DATABASE ${name} TEMPLATE ${template} STRATEGY = FILE_COPY`).catch(async (err: unknown) => {
        if ((err as { code?: string }).code !== '42601') throw err;
        await admin.unsafe(`CREATE DATABASE ${name} TEMPLATE ${template}`);
      });
    }
  } finally {
    await admin.end();
  }
  const url = withDatabase(serverUrl, name);
  return {
    kind: 'postgres',
    dataDir,
    serverEnv: { DATA_DIR: dataDir, DATABASE_URL: url },
    floorEnv: { FLOOR_DATABASE_URL: url },
    open: async () => openPostgres(url),
    copy: async (copyLabel) => createPostgresDatabase(`${label}_${copyLabel}`, serverUrl, fs.mkdtempSync(path.join(os.tmpdir(), `cgsl-bench-${label}-${copyLabel}-`)), name),
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
