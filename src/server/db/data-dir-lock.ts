import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/**
 * PGlite is single-process: two servers on one data directory can corrupt it. The lock is a file naming its
 * owner (pid and, where /proc exists, the process start time, so a recycled pid is not mistaken for the owner),
 * created exclusively. A lock whose owner is gone (after a crash or kill -9) is taken over by renaming it
 * aside first and checking that what was moved is still the stale lock, so two servers starting at once can
 * never both win.
 */
export class DataDirLockedError extends Error {
  constructor(
    public readonly dataDir: string,
    public readonly pid: number,
  ) {
    super(
      `Another server (pid ${pid}) is already using the data directory ${path.resolve(dataDir)}. ` +
        'The embedded database allows one server per data directory: stop the other server, or set DATA_DIR ' +
        'to a different directory, or set DATABASE_URL to run several servers on one PostgreSQL.',
    );
    this.name = 'DataDirLockedError';
  }
}

interface Owner {
  pid: number;
  /** Start time of the process in clock ticks since boot (Linux /proc/<pid>/stat field 22), when known. */
  started: string | null;
}

/** The start time of a process, or null where /proc is not available (the pid alone is then trusted). */
export function processStartTime(pid: number): string | null {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Field 2 (the command) is in parentheses and may hold spaces; fields after it are space-separated.
    const rest = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return rest[19] ?? null;
  } catch {
    return null;
  }
}

/** The process exists (EPERM: it does, under another user). */
export function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Reads a lock file: JSON from this version, a bare pid from older ones. */
export function parseOwner(text: string): Owner | null {
  const trimmed = text.trim();
  if (/^\d+$/.test(trimmed)) return { pid: Number(trimmed), started: null };
  try {
    const value = JSON.parse(trimmed) as Partial<Owner>;
    if (Number.isInteger(value.pid) && value.pid! > 0) return { pid: value.pid!, started: typeof value.started === 'string' ? value.started : null };
  } catch {
    // Unreadable (a crash mid-write): treated as stale.
  }
  return null;
}

function ownerAlive(owner: Owner): boolean {
  if (!processAlive(owner.pid)) return false;
  if (owner.started === null) return true;
  const now = processStartTime(owner.pid);
  return now === null || now === owner.started;
}

export interface DataDirLock {
  release(): void;
}

function readIfExists(file: string): string | null {
  try {
    return fs.readFileSync(file, 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw err;
  }
}

/**
 * Moves a stale lock out of the way, but only if it is still the one judged stale: the file is renamed aside
 * (atomic: one process gets it) and compared; a fresh lock moved by mistake is put back and reported.
 */
function breakStaleLock(lockPath: string, staleText: string, dataDir: string): void {
  const aside = `${lockPath}.stale-${process.pid}-${crypto.randomBytes(4).toString('hex')}`;
  try {
    fs.renameSync(lockPath, aside);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return; // Someone else moved it: just retry.
    throw err;
  }
  const moved = fs.readFileSync(aside, 'utf8');
  if (moved === staleText) {
    fs.rmSync(aside, { force: true });
    return;
  }
  // Another server took the lock between our read and our rename: give it back and refuse.
  try {
    fs.linkSync(aside, lockPath);
  } finally {
    fs.rmSync(aside, { force: true });
  }
  const owner = parseOwner(moved);
  throw new DataDirLockedError(dataDir, owner?.pid ?? 0);
}

export function lockDataDir(dataDir: string): DataDirLock {
  fs.mkdirSync(dataDir, { recursive: true });
  const lockPath = path.join(dataDir, 'server.lock');
  const mine = JSON.stringify({ pid: process.pid, started: processStartTime(process.pid) } satisfies Owner);
  for (let attempt = 0; attempt < 5; attempt++) {
    // Written in full under a private name, then linked into place (link fails if the lock exists): nobody
    // ever sees a half-written lock.
    const draft = `${lockPath}.new-${process.pid}-${crypto.randomBytes(4).toString('hex')}`;
    fs.writeFileSync(draft, mine);
    try {
      fs.linkSync(draft, lockPath);
      return {
        release() {
          if (readIfExists(lockPath) === mine) fs.rmSync(lockPath, { force: true });
        },
      };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      const text = readIfExists(lockPath);
      if (text === null) continue;
      const owner = parseOwner(text);
      if (owner && owner.pid !== process.pid && ownerAlive(owner)) throw new DataDirLockedError(dataDir, owner.pid);
      breakStaleLock(lockPath, text, dataDir);
    } finally {
      fs.rmSync(draft, { force: true });
    }
  }
  throw new Error(`Could not lock the data directory ${path.resolve(dataDir)}; try again.`);
}
