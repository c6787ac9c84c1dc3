import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import postgres from 'postgres';
import { withDatabase } from './database-url';
import { freePort } from './free-port';

const run = promisify(execFile);

/**
 * A PostgreSQL of the test's own (initdb into a fresh temp dir, pg_ctl on a free port), for tests that stop it,
 * start it again, or cut its connections: never the shared TEST_DATABASE_URL server. PostgreSQL refuses to run as
 * root, so under root (as tests run on the CI machine) initdb and pg_ctl run as the `postgres` user.
 */
export interface OwnPostgres {
  port: number;
  /** postgres://postgres@127.0.0.1:<port>/<database> (trust authentication: no password). */
  url(database?: string): string;
  createDatabase(name: string): Promise<void>;
  /** pg_ctl stop: `immediate` is a crash as far as clients can tell (no goodbye, crash recovery on the next start). */
  stop(options?: { mode?: 'smart' | 'fast' | 'immediate' }): Promise<void>;
  /**
   * pg_ctl start -w on the same port and data. Resolves once pg_ctl has seen it ready; `acceptingAt` is the
   * instant (Date.now()) a probe of ours first got an answer to `select 1`, a more exact "accepts connections"
   * than pg_ctl's own check, which looks only every 100 ms.
   */
  start(): Promise<{ acceptingAt: number }>;
  /** pg_terminate_backend of every connection to `database` but the caller's; how many were cut. */
  terminateAppConnections(database: string): Promise<number>;
  /** The server's log (logging_collector is off: everything goes to one file). */
  log(): string;
  /** Stops it (immediate, if running) and deletes the temp dir. */
  remove(): Promise<void>;
}

interface RunAs {
  /** The command line: the binary alone when not root, else through runuser. */
  argv(binary: string, args: string[]): [string, string[]];
  uid: number | null;
  gid: number | null;
}

async function runAs(): Promise<RunAs> {
  if (process.getuid?.() !== 0) return { argv: (binary, args) => [binary, args], uid: null, gid: null };
  const uid = Number((await run('id', ['-u', 'postgres'])).stdout.trim());
  const gid = Number((await run('id', ['-g', 'postgres'])).stdout.trim());
  return { argv: (binary, args) => ['runuser', ['-u', 'postgres', '--', binary, ...args]], uid, gid };
}

export async function startOwnPostgres(): Promise<OwnPostgres> {
  const as = await runAs();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cgsl-own-pg-'));
  if (as.uid !== null && as.gid !== null) fs.chownSync(dir, as.uid, as.gid);
  const dataDir = path.join(dir, 'data');
  const logFile = path.join(dir, 'postgres.log');
  const port = await freePort();
  const url = (database = 'postgres') => withDatabase(`postgres://postgres@127.0.0.1:${port}/postgres`, database);
  let running = false;

  const exec = async (binary: string, args: string[], timeoutMs = 90_000) => {
    const [file, argv] = as.argv(binary, args);
    try {
      return await run(file, argv, { cwd: dir, timeout: timeoutMs });
    } catch (err) {
      const e = err as { stdout?: string; stderr?: string; message: string };
      throw new Error(`${binary} ${args.join(' ')} failed: ${e.message}\n${e.stdout ?? ''}${e.stderr ?? ''}\n${readLog().slice(-3000)}`, { cause: err });
    }
  };
  const readLog = () => {
    try {
      return fs.readFileSync(logFile, 'utf8');
    } catch {
      return '';
    }
  };
  // A connection of the test's own, for admin statements; opened per use, so a stop leaves nothing half-open.
  const admin = async <T>(work: (sql: postgres.Sql) => Promise<T>): Promise<T> => {
    const sql = postgres(url(), { max: 1, onnotice: () => {}, connect_timeout: 5 });
    try {
      return await work(sql);
    } finally {
      await sql.end({ timeout: 1 });
    }
  };

  // fsync off and no sync at initdb: the data is the test's and dies with it; `immediate` still means crash recovery.
  await exec('initdb', ['-D', dataDir, '-U', 'postgres', '-A', 'trust', '--no-sync', '-E', 'UTF8', '--locale', 'C']);
  const options = ['-p', String(port), '-k', dir, '-c', 'listen_addresses=127.0.0.1', '-c', 'fsync=off', '-c', 'full_page_writes=off', '-c', 'max_connections=100'].join(' ');

  const start = async (): Promise<{ acceptingAt: number }> => {
    let acceptingAt: number | null = null;
    let done = false;
    const probing = (async () => {
      while (!done && acceptingAt === null) {
        const probe = postgres(url(), { max: 1, onnotice: () => {}, connect_timeout: 1 });
        try {
          await probe`select 1`;
          acceptingAt = Date.now();
        } catch {
          // Not yet: refused, or "the database system is starting up".
        } finally {
          await probe.end({ timeout: 0.5 }).catch(() => undefined);
        }
        if (acceptingAt === null) await new Promise((r) => setTimeout(r, 10));
      }
    })();
    try {
      await exec('pg_ctl', ['-D', dataDir, '-l', logFile, '-o', options, '-w', '-t', '60', 'start']);
      running = true;
      // pg_ctl saw it ready, so a probe now succeeds at once if none has yet.
      while (acceptingAt === null) await new Promise((r) => setTimeout(r, 5));
    } finally {
      done = true;
      await probing;
    }
    return { acceptingAt: acceptingAt ?? Date.now() };
  };

  const handle: OwnPostgres = {
    port,
    url,
    createDatabase: (name) => admin(async (sql) => void (await sql.unsafe(`CREATE DATABASE ${name}`))),
    async stop({ mode = 'fast' } = {}) {
      await exec('pg_ctl', ['-D', dataDir, '-m', mode, '-w', '-t', '60', 'stop']);
      running = false;
    },
    start,
    terminateAppConnections: (database) =>
      admin(async (sql) => {
        const rows = await sql<{ terminated: boolean }[]>`
          select pg_terminate_backend(pid) as terminated from pg_stat_activity where datname = ${database} and pid <> pg_backend_pid()`;
        return rows.filter((r) => r.terminated).length;
      }),
    log: readLog,
    async remove() {
      // Whatever the test believed, a postmaster.pid means a server may be running on this data.
      if (running || fs.existsSync(path.join(dataDir, 'postmaster.pid'))) await handle.stop({ mode: 'immediate' }).catch(() => undefined);
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
  try {
    await start();
  } catch (err) {
    await handle.remove();
    throw err;
  }
  return handle;
}
