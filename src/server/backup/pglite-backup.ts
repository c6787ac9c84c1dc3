import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { DatabaseHandle, EmbeddedClient } from '../db/client';
import { PgliteWorkerClient } from '../db/pglite-worker';
import { processAlive, processStartTime } from '../db/data-dir-lock';

/**
 * Backups of the embedded database (PGlite). PGlite is one process holding its data directory, so a copy taken
 * while the server runs has to come from the server: `npm run backup` leaves a request file in DATA_DIR/backups
 * and sends the server SIGUSR2; the server writes the backup between two transactions and answers in a
 * `.done` file next to the request. With no server running, the script opens the data directory itself.
 */

export const BACKUPS_DIR = 'backups';
/** Written by a server that answers SIGUSR2 with a backup; `npm run backup` signals only the pid it names. */
export const LISTENER_FILE = 'backup-listener.json';
const REQUEST_PREFIX = '.request-';

export interface BackupWritten {
  file: string;
  bytes: number;
  /** The moment the copy stands for. */
  at: string;
}

/** `cgsl-pglite-20270301T180502Z.tar.gz`: sorts by time, names the engine. */
export function backupFileName(engine: 'pglite' | 'postgres', at = new Date()): string {
  const stamp = at.toISOString().replace(/[-:]/g, '').replace(/\.\d+Z$/, 'Z');
  return `cgsl-${engine}-${stamp}.${engine === 'pglite' ? 'tar.gz' : 'dump'}`;
}

/** Writes a file in full under a private name, then renames it into place: a reader never sees half a file. */
export function writeFileAtomic(file: string, data: Uint8Array | string, mode = 0o600): void {
  const partial = `${file}.partial-${process.pid}-${randomBytes(3).toString('hex')}`;
  try {
    fs.writeFileSync(partial, data, { mode });
    fs.renameSync(partial, file);
  } finally {
    fs.rmSync(partial, { force: true });
  }
}

export function ensureBackupsDir(dataDir: string): string {
  const dir = path.join(dataDir, BACKUPS_DIR);
  // Backups hold password hashes and sessions: readable by the server's user only.
  fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  return dir;
}

/** The PGlite client under a database handle (drizzle keeps it as `$client`), or null on PostgreSQL. */
export function pgliteClientOf(database: DatabaseHandle): EmbeddedClient | null {
  if (database.kind !== 'pglite') return null;
  return (database.db as unknown as { $client: EmbeddedClient }).$client;
}

/**
 * A consistent copy of the whole database as PGlite's own data-directory tarball (gzip). A CHECKPOINT first, so
 * the data files are current; then the files are read while no query or transaction runs (PGlite's transaction
 * lock), so the copy holds every transaction committed before it and nothing of any later one.
 */
export async function dumpPglite(client: EmbeddedClient, file: string): Promise<BackupWritten> {
  await client.exec('CHECKPOINT');
  // In a worker thread the lock is taken there, around the files' reading, in one call.
  const { blob, at } =
    client instanceof PgliteWorkerClient
      ? await client.dumpDataDirBetweenTransactions('gzip')
      : await client._runExclusiveTransaction(async () => ({ blob: await client.dumpDataDir('gzip'), at: new Date() }));
  const data = new Uint8Array(await blob.arrayBuffer());
  fs.mkdirSync(path.dirname(file), { recursive: true });
  writeFileAtomic(file, data);
  return { file, bytes: data.byteLength, at: at.toISOString() };
}

export interface BackupLog {
  info(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

export interface BackupListener {
  /** Answers every request waiting in DATA_DIR/backups with one fresh backup (SIGUSR2 calls this). */
  answer(): Promise<void>;
  /** Stops answering (shutdown): waits for a backup being written, then removes the listener file. */
  close(): Promise<void>;
}

/** The server's side: announce that SIGUSR2 writes a backup, and answer the requests. */
export function listenForBackupRequests(dataDir: string, client: EmbeddedClient, log: BackupLog): BackupListener {
  const dir = ensureBackupsDir(dataDir);
  const listenerFile = path.join(dataDir, LISTENER_FILE);
  writeFileAtomic(listenerFile, JSON.stringify({ pid: process.pid, started: processStartTime(process.pid) }), 0o644);
  let running: Promise<void> | null = null;
  let again = false;
  let closed = false;

  const once = async () => {
    const requests = fs.readdirSync(dir).filter((f) => f.startsWith(REQUEST_PREFIX) && !f.endsWith('.done'));
    let answer: object;
    try {
      const written = await dumpPglite(client, path.join(dir, backupFileName('pglite')));
      log.info({ file: written.file, bytes: written.bytes }, 'backup written');
      answer = written;
    } catch (err) {
      log.error({ err }, 'backup failed');
      answer = { error: err instanceof Error ? err.message : String(err) };
    }
    for (const r of requests) {
      writeFileAtomic(path.join(dir, `${r}.done`), JSON.stringify(answer));
      fs.rmSync(path.join(dir, r), { force: true });
    }
  };

  const answer = async () => {
    if (closed) return;
    if (running) {
      // A request that came in while a backup was being written gets the next one (it may have missed this one).
      again = true;
      return running;
    }
    running = (async () => {
      do {
        again = false;
        await once();
      } while (again && !closed);
    })().finally(() => {
      running = null;
    });
    return running;
  };

  return {
    answer,
    close: async () => {
      closed = true;
      await running?.catch(() => undefined);
      try {
        if ((JSON.parse(fs.readFileSync(listenerFile, 'utf8')) as { pid?: unknown }).pid === process.pid) fs.rmSync(listenerFile, { force: true });
      } catch {
        // Already gone.
      }
    },
  };
}

/** The client's side: leave a request, signal the server, wait for its answer. */
export async function requestServerBackup(dataDir: string, pid: number, timeoutMs = 120_000): Promise<BackupWritten> {
  const dir = ensureBackupsDir(dataDir);
  const request = path.join(dir, `${REQUEST_PREFIX}${process.pid}-${randomBytes(4).toString('hex')}`);
  const done = `${request}.done`;
  fs.writeFileSync(request, JSON.stringify({ requestedAt: new Date().toISOString() }), { mode: 0o600 });
  try {
    process.kill(pid, 'SIGUSR2');
    const until = Date.now() + timeoutMs;
    while (!fs.existsSync(done)) {
      if (Date.now() > until) throw new Error(`the server (pid ${pid}) did not write the backup within ${Math.round(timeoutMs / 1000)} s; see its log`);
      if (!processAlive(pid)) throw new ServerGoneError(pid);
      await new Promise((r) => setTimeout(r, 100));
    }
    const answer = JSON.parse(fs.readFileSync(done, 'utf8')) as BackupWritten | { error: string };
    if ('error' in answer) throw new Error(`the server could not write the backup: ${answer.error}`);
    return answer;
  } finally {
    fs.rmSync(request, { force: true });
    fs.rmSync(done, { force: true });
  }
}

export class ServerGoneError extends Error {
  constructor(pid: number) {
    super(`the server (pid ${pid}) stopped before it wrote the backup`);
    this.name = 'ServerGoneError';
  }
}

/**
 * The pid of the running server that answers backup requests, or null. The file names its process by pid and
 * start time, so a pid recycled by another program after a crash is never signalled.
 */
export function backupListenerPid(dataDir: string): number | null {
  try {
    const { pid, started } = JSON.parse(fs.readFileSync(path.join(dataDir, LISTENER_FILE), 'utf8')) as { pid?: unknown; started?: unknown };
    if (typeof pid !== 'number' || !processAlive(pid)) return null;
    const now = processStartTime(pid);
    return started === null || now === null || now === started ? pid : null;
  } catch {
    return null;
  }
}

