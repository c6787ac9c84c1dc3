import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import postgres from 'postgres';
import { afterAll, describe, expect, it } from 'vitest';
import { runCrashCycles, type CrashDatabase } from './test/crash-cycles';
import { withDatabase } from './test/database-url';

/**
 * kill -9 of the real server at random moments under booking load, restart on the same data, repeat
 * (test/crash-cycles.ts says what is checked after every restart and at the end). CRASH_CYCLES (default 20)
 * is the total, split evenly between PGlite and, when TEST_DATABASE_URL is set, PostgreSQL; `npm run soak`
 * runs 1,000. CRASH_SEED repeats a run: the seed is printed.
 */
const pgUrl = process.env.TEST_DATABASE_URL;
const engines = pgUrl ? (['pglite', 'postgres'] as const) : (['pglite'] as const);
const total = Number(process.env.CRASH_CYCLES ?? 20);
const seed = Number(process.env.CRASH_SEED ?? Math.floor(Math.random() * 2 ** 31));
const cyclesOf = (i: number) => Math.floor(total / engines.length) + (i < total % engines.length ? 1 : 0);
// A cycle is a server start (about 2-4 s on a busy machine) plus at most 0.8 s of load.
const timeoutFor = (cycles: number) => 120_000 + cycles * 15_000;

const dirs: string[] = [];
const databases: string[] = [];
afterAll(async () => {
  for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
  if (pgUrl && databases.length) {
    const admin = postgres(pgUrl, { max: 1, onnotice: () => {} });
    for (const name of databases) await admin.unsafe(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  }
});

describe('crashes: kill -9 under booking load, restart, repeat', () => {
  engines.forEach((engine, i) => {
    const cycles = cyclesOf(i);
    it(`${engine}: ${cycles} kill -9 cycles keep every acknowledged booking and every constraint`, async () => {
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `cgsl-crash-${engine}-`));
      dirs.push(dataDir);
      let database: CrashDatabase = { kind: 'pglite', dataDir };
      if (engine === 'postgres') {
        // A fresh, empty database: the first server start migrates it.
        const name = `cgsl_crash_${process.pid}_${Date.now()}`;
        const admin = postgres(pgUrl!, { max: 1, onnotice: () => {} });
        await admin.unsafe(`CREATE DATABASE ${name}`);
        await admin.end();
        databases.push(name);
        database = { kind: 'postgres', url: withDatabase(pgUrl!, name), dataDir };
      }
      console.log(`crash cycles on ${engine}: ${cycles} cycles, seed ${seed} (repeat with CRASH_SEED=${seed})`);
      const report = await runCrashCycles({ database, cycles, seed: seed + i, log: (line) => console.log(line) });
      const { problems, ...figures } = report;
      console.log(`crash cycles on ${engine}: ${JSON.stringify(figures)}`);
      expect(problems, `seed ${seed}: ${problems.join(' | ')}`).toEqual([]);
      expect(report.restarts).toBe(cycles);
      expect(report.bookingsAcknowledged).toBeGreaterThan(0);
      expect(report.cancelsAcknowledged).toBeGreaterThan(0);
    }, timeoutFor(cycles));
  });
});
