import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from './test/free-port';

/** The real server process: start-up, the data-dir lock, graceful shutdown, data kept across restarts. */
const ROOT = path.resolve(import.meta.dirname, '../..');
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cgsl-server-'));
const children: ChildProcess[] = [];

interface Running {
  child: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
}

function startServer(port: number, env: Record<string, string> = {}): Running {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/server.ts'], {
    cwd: ROOT,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, DATABASE_URL: '', LOG_LEVEL: 'warn', WEB_DIST_DIR: '/nonexistent', PUBLIC_URL: `http://127.0.0.1:${port}`, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let out = '';
  child.stdout.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr.on('data', (d: Buffer) => (out += d.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, output: () => out, exited };
}

async function waitFor(check: () => boolean, what: string, ms = 45_000): Promise<void> {
  const until = Date.now() + ms;
  while (!check()) {
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

afterAll(() => {
  for (const c of children) if (c.exitCode === null) c.kill('SIGKILL');
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe.skipIf(Boolean(process.env.TEST_DATABASE_URL))(`the server process (Node ${process.versions.node})`, () => {
  it('prints the setup link, refuses a second server on the same data dir, stops cleanly on SIGTERM and keeps data', async () => {
    const port = await freePort();
    // Request logs on (info) so the test can see when the server has read a request.
    const first = startServer(port, { LOG_LEVEL: 'info', NODE_ENV: 'production' });
    await waitFor(() => first.output().includes('is running at'), 'the first server');
    expect(first.output()).toMatch(/one-time link to create the first admin[\s\S]*\/setup\?token=/);

    const second = startServer(await freePort());
    expect(await second.exited).toBe(1);
    expect(second.output()).toContain('Another server (pid');
    expect(second.output()).toContain('already using the data directory');

    const base = `http://127.0.0.1:${port}`;
    const signUp = (email: string) =>
      fetch(`${base}/api/auth/sign-up/email`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: base },
        body: JSON.stringify({ name: 'Kept', email, password: 'long-enough-1' }),
      });
    expect((await signUp('kept@example.org')).status).toBe(200);

    // A request in flight when SIGTERM arrives still completes (argon2 hashing keeps it busy): SIGTERM is sent
    // once the server has logged that the request came in.
    const received = () => first.output().split('"incoming request"').length;
    const before = received();
    const inFlight = signUp('inflight@example.org');
    await waitFor(() => received() > before, 'the server to receive the in-flight sign-up', 10_000);
    first.child.kill('SIGTERM');
    expect((await inFlight).status).toBe(200);
    expect(await first.exited).toBe(0);
    expect(first.output()).toContain('stopped cleanly');
    expect(fs.existsSync(path.join(dataDir, 'server.lock'))).toBe(false);

    const again = startServer(port);
    await waitFor(() => again.output().includes('is running at'), 'the restarted server');
    for (const email of ['kept@example.org', 'inflight@example.org']) {
      const login = await fetch(`${base}/api/auth/sign-in/email`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: base },
        body: JSON.stringify({ email, password: 'long-enough-1' }),
      });
      expect(login.status, email).toBe(200);
    }
    again.child.kill('SIGINT');
    expect(await again.exited).toBe(0);
  }, 120_000);

  it('refuses to start on a bad setting and names the variable', async () => {
    const bad = spawn(process.execPath, ['--import', 'tsx', 'src/server/server.ts'], {
      cwd: ROOT,
      env: { ...process.env, PORT: 'not-a-port', DATA_DIR: dataDir },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    children.push(bad);
    let out = '';
    bad.stderr.on('data', (d: Buffer) => (out += d.toString()));
    const code = await new Promise((resolve) => bad.on('exit', resolve));
    expect(code).toBe(1);
    expect(out).toContain('PORT="not-a-port"');
  }, 30_000);
});

describe.runIf(Boolean(process.env.TEST_DATABASE_URL))('migrations on PostgreSQL', () => {
  it('two servers migrating one fresh database at once both succeed', async () => {
    const { default: postgres } = await import('postgres');
    const { openPostgres } = await import('./db/client');
    const { withDatabase } = await import('./test/database-url');
    const url = process.env.TEST_DATABASE_URL!;
    const name = `cgsl_test_migrate_${process.pid}_${Date.now()}`;
    const admin = postgres(url, { max: 1, onnotice: () => {} });
    await admin.unsafe(`CREATE DATABASE ${name}`);
    const a = openPostgres(withDatabase(url, name), { max: 2 });
    const b = openPostgres(withDatabase(url, name), { max: 2 });
    try {
      await Promise.all([a.migrate(), b.migrate()]);
      await a.ping();
    } finally {
      await a.close();
      await b.close();
      await admin.unsafe(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    }
  }, 60_000);
  it('several server processes run on one PostgreSQL (DATABASE_URL): each migrates, is ready, and stops cleanly', async () => {
    const { default: postgres } = await import('postgres');
    const { withDatabase } = await import('./test/database-url');
    const url = process.env.TEST_DATABASE_URL!;
    const name = `cgsl_test_servers_${process.pid}_${Date.now()}`;
    const admin = postgres(url, { max: 1, onnotice: () => {} });
    await admin.unsafe(`CREATE DATABASE ${name}`);
    try {
      const ports = [await freePort(), await freePort()];
      // The same DATA_DIR too: with DATABASE_URL set there is no embedded database, so no data-dir lock.
      const servers = ports.map((port) => startServer(port, { DATABASE_URL: withDatabase(url, name), AUTH_SECRET: 'x'.repeat(40) }));
      for (const [i, port] of ports.entries()) {
        await waitFor(() => servers[i]!.output().includes('/setup?token='), `server ${i} to print the setup link`);
        // The setup link is printed before the server listens: ready is asked once it says it is running.
        await waitFor(() => servers[i]!.output().includes('is running at'), `server ${i} to listen`);
        const ready = await fetch(`http://127.0.0.1:${port}/api/ready`);
        expect(ready.status).toBe(200);
      }
      for (const s of servers) s.child.kill('SIGTERM');
      expect(await Promise.all(servers.map((s) => s.exited))).toEqual([0, 0]);
    } finally {
      await admin.unsafe(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    }
  }, 90_000);
});
