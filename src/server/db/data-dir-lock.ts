import fs from 'node:fs';
import path from 'node:path';

/**
 * PGlite is single-process: two servers on one data directory can corrupt it. The lock is a file holding
 * the owner's pid, created exclusively; a lock whose process is gone (after a crash or kill -9) is taken over.
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

function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

export interface DataDirLock {
  release(): void;
}

export function lockDataDir(dataDir: string): DataDirLock {
  fs.mkdirSync(dataDir, { recursive: true });
  const lockPath = path.join(dataDir, 'server.lock');
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      const fd = fs.openSync(lockPath, 'wx');
      fs.writeSync(fd, String(process.pid));
      fs.closeSync(fd);
      return {
        release() {
          try {
            if (fs.readFileSync(lockPath, 'utf8').trim() === String(process.pid)) fs.unlinkSync(lockPath);
          } catch {
            // Already gone: nothing to release.
          }
        },
      };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      const owner = Number.parseInt(fs.readFileSync(lockPath, 'utf8').trim(), 10);
      if (Number.isInteger(owner) && owner > 0 && owner !== process.pid && processAlive(owner)) {
        throw new DataDirLockedError(dataDir, owner);
      }
      // Stale lock from a process that is gone: remove it and try again.
      fs.rmSync(lockPath, { force: true });
    }
  }
  throw new Error(`Could not lock the data directory ${path.resolve(dataDir)}; try again.`);
}
