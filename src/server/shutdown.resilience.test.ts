import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import postgres from 'postgres';
import { afterAll, describe, expect, it } from 'vitest';
import { withDatabase } from './test/database-url';
import { freePort } from './test/free-port';
import { startServerProcess, type ServerProcess } from './test/server-process';
import type { LoadConfig, LoadReport } from './test/shutdown-load';

/**
 * SIGTERM to the real server under 50 connections of load (autocannon, in its own process: test/shutdown-load.ts
 * says what counts as in flight) with live-update streams open: every request sent before the signal gets a
 * complete 2xx answer, the streams end cleanly (their final chunk, not a reset), and the process exits 0 within
 * 10 s. On PGlite, and on PostgreSQL when TEST_DATABASE_URL is set.
 */
const ROOT = path.resolve(import.meta.dirname, '../..');
const pgUrl = process.env.TEST_DATABASE_URL;
const engines = pgUrl ? (['pglite', 'postgres'] as const) : (['pglite'] as const);
const dirs: string[] = [];
const databases: string[] = [];
const servers: ServerProcess[] = [];

afterAll(async () => {
  for (const s of servers) if (s.child.exitCode === null && s.child.signalCode === null) s.child.kill('SIGKILL');
  await Promise.all(servers.map((s) => s.exited));
  for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
  if (pgUrl && databases.length) {
    const admin = postgres(pgUrl, { max: 1, onnotice: () => {} });
    for (const name of databases) await admin.unsafe(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  }
});

/** Runs the load process; resolves with its report once the server has exited. */
function runLoad(config: LoadConfig, server: ServerProcess): Promise<{ report: LoadReport; exitMs: number }> {
  return new Promise((resolve, reject) => {
    const load = spawn(process.execPath, ['--import', 'tsx', 'src/server/test/shutdown-load.ts'], {
      cwd: ROOT,
      env: { ...process.env, SHUTDOWN_LOAD: JSON.stringify(config) },
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    let sigtermAt = 0;
    let exitMs = -1;
    load.on('message', (msg: { type: string; at?: number; report?: LoadReport; message?: string }) => {
      if (msg.type === 'sigterm') sigtermAt = msg.at!;
      if (msg.type === 'report') resolve({ report: msg.report!, exitMs });
      if (msg.type === 'error') reject(new Error(`the load process failed: ${msg.message}`));
    });
    load.on('exit', (code) => reject(new Error(`the load process exited (${code}) without a report`)));
    void server.exited.then(() => {
      exitMs = Date.now() - sigtermAt;
      if (load.connected) load.send({ type: 'server-exited' });
    });
  });
}

describe('shutdown: SIGTERM under load', () => {
  for (const engine of engines) {
    it(`${engine}: no request in flight fails, the live streams end cleanly, exit 0 within 10 s`, async () => {
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `cgsl-shutdown-${engine}-`));
      dirs.push(dataDir);
      let databaseUrl = '';
      if (engine === 'postgres') {
        const name = `cgsl_shutdown_${process.pid}_${Date.now()}`;
        const admin = postgres(pgUrl!, { max: 1, onnotice: () => {} });
        await admin.unsafe(`CREATE DATABASE ${name}`);
        await admin.end();
        databases.push(name);
        databaseUrl = withDatabase(pgUrl!, name);
      }
      const port = await freePort();
      const base = `http://127.0.0.1:${port}`;
      const server = startServerProcess({
        PORT: String(port),
        PUBLIC_URL: base,
        DATA_DIR: dataDir,
        DATABASE_URL: databaseUrl,
        DEMO: '1',
        NODE_ENV: 'test',
        AUTH_SECRET: 'shutdown-test-secret-shutdown-test-secret-0123',
        // info: the server logs how many connections waited to be accepted when the signal came.
        LOG_LEVEL: 'info',
      });
      servers.push(server);
      await server.running(90_000);

      // A week of the demo league's slots (a database query per request) and the health check, alternately.
      const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
      const { report, exitMs } = await runLoad(
        { base, serverPid: server.child.pid!, connections: 50, warmupMs: 3000, streams: 4, lateConnections: 10, paths: [`/api/slots?from=${day(1)}&to=${day(7)}`, '/api/health'] },
        server,
      );
      const code = await server.exited;
      const drained = /\{[^\n]*"msg":"stopped accepting connections"\}/.exec(server.output())?.[0];
      const { waitingConnections, acceptedWhileDraining, drainMs } = JSON.parse(drained ?? '{}') as Record<string, unknown>;
      console.log(
        `shutdown on ${engine}: exit code ${code} after ${exitMs} ms; drain ${JSON.stringify({ waitingConnections, acceptedWhileDraining, drainMs })}; ${JSON.stringify(report)}`,
      );

      expect(code).toBe(0);
      expect(server.output()).toContain('stopped cleanly');
      expect(exitMs).toBeLessThan(10_000);
      expect(report.sentBeforeSigterm).toBeGreaterThan(50);
      expect(report.inFlight).toBeGreaterThan(0);
      expect(report.inFlightOutcomes).toEqual({ 200: report.inFlight });
      expect(report.inFlightFailed).toBe(0);
      expect(report.streams.map((s) => [s.status, s.end])).toEqual(report.streams.map(() => [200, 'clean']));
    }, 180_000);
  }
});
