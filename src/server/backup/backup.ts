import fs from 'node:fs';
import path from 'node:path';
import { ConfigError, loadConfig } from '../config';
import { createPgliteClient } from '../db/client';
import { DataDirLockedError, lockDataDir } from '../db/data-dir-lock';
import { pgTarget, runTool, scrub } from './pg-tools';
import {
  backupFileName,
  backupListenerPid,
  dumpPglite,
  ensureBackupsDir,
  requestServerBackup,
  ServerGoneError,
  type BackupWritten,
} from './pglite-backup';

/**
 * `npm run backup [-- --out <file>]`: one file holding the whole database, taken while the server runs.
 * - PGlite (no DATABASE_URL): the running server writes it when asked (SIGUSR2, see pglite-backup.ts); with no
 *   server running, this process takes the data-directory lock and writes it. A gzip tarball of the data directory.
 * - PostgreSQL (DATABASE_URL): pg_dump, custom format, one consistent snapshot while the servers keep running.
 * Default place: DATA_DIR/backups/. Nothing secret is printed.
 */

export interface CliOutput {
  out(line: string): void;
  err(line: string): void;
}

/** The password in DATABASE_URL, to keep it out of messages ('' when there is none or the URL does not parse). */
export function passwordOf(databaseUrl: string | undefined): string {
  try {
    return databaseUrl ? decodeURIComponent(new URL(databaseUrl).password) : '';
  } catch {
    return '';
  }
}

const megabytes = (bytes: number) => `${(bytes / 1_048_576).toFixed(1)} MB`;

function parseArgs(args: string[]): { out?: string; help: boolean } {
  const result: { out?: string; help: boolean } = { help: false };
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    if (a === '--help' || a === '-h') result.help = true;
    else if (a === '--out' || a === '-o') result.out = args[++i];
    else if (a.startsWith('--out=')) result.out = a.slice('--out='.length);
    else throw new UsageError(`Unknown argument "${a}".`);
  }
  return result;
}

class UsageError extends Error {}

const USAGE = 'Usage: npm run backup [-- --out <file>]   (default: DATA_DIR/backups/cgsl-<engine>-<time>.<tar.gz|dump>)';

/** Moves a finished backup to where it was asked for (a directory, or a file name). */
function moveTo(file: string, out: string | undefined): string {
  if (!out) return file;
  let target = path.resolve(out);
  if (fs.existsSync(target) && fs.statSync(target).isDirectory()) target = path.join(target, path.basename(file));
  if (fs.existsSync(target)) throw new UsageError(`${target} already exists; choose another --out.`);
  fs.mkdirSync(path.dirname(target), { recursive: true });
  try {
    fs.renameSync(file, target);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EXDEV') throw err;
    fs.copyFileSync(file, target);
    fs.rmSync(file);
  }
  return target;
}

async function backupPglite(dataDir: string, out: string | undefined, io: CliOutput): Promise<number> {
  const pgliteDir = path.join(dataDir, 'pglite');
  if (!fs.existsSync(path.join(pgliteDir, 'PG_VERSION'))) {
    io.err(`There is no database in ${path.resolve(dataDir)} (no pglite/ folder). Set DATA_DIR to the server's data directory.`);
    return 1;
  }
  for (let attempt = 0; attempt < 2; attempt++) {
    let written: BackupWritten;
    let how: string;
    try {
      const lock = lockDataDir(dataDir);
      try {
        const client = await createPgliteClient({ dataDir: pgliteDir });
        try {
          written = await dumpPglite(client, path.join(ensureBackupsDir(dataDir), backupFileName('pglite')));
        } finally {
          await client.close();
        }
      } finally {
        lock.release();
      }
      how = 'no server was running; this process opened the data directory';
    } catch (err) {
      if (!(err instanceof DataDirLockedError)) throw err;
      const pid = backupListenerPid(dataDir);
      if (pid !== err.pid) {
        io.err(
          `The server (pid ${err.pid}) is using ${path.resolve(dataDir)} but does not answer backup requests (it was started by an older version?). ` +
            'Restart it with this version, or stop it and run npm run backup again.',
        );
        return 1;
      }
      io.out(`The server (pid ${pid}) is running: asking it to write the backup…`);
      try {
        written = await requestServerBackup(dataDir, pid);
      } catch (e) {
        if (e instanceof ServerGoneError && attempt === 0) {
          io.out('The server stopped before it answered: taking the backup directly.');
          continue;
        }
        throw e;
      }
      how = `written by the running server (pid ${pid}), between two transactions`;
    }
    const file = moveTo(written.file, out);
    io.out(`Backup written: ${file} (${megabytes(written.bytes)})`);
    io.out(`  What: the whole embedded database (every table), as of ${written.at}; ${how}.`);
    io.out(`  Format: PGlite data directory, tar + gzip.`);
    io.out(`  Not in it: ${path.join(path.resolve(dataDir), 'auth-secret')} (sessions are signed with it: keep it, or set AUTH_SECRET, or everyone signs in again after a restore) and the mail files in outbox/.`);
    io.out(`  Restore: DATA_DIR=<empty directory> npm run restore -- ${file}`);
    io.out('  It holds password hashes and sessions: keep it private.');
    return 0;
  }
  return 1;
}

async function backupPostgres(databaseUrl: string, dataDir: string, out: string | undefined, io: CliOutput): Promise<number> {
  const target = pgTarget(databaseUrl);
  const file = path.join(ensureBackupsDir(dataDir), backupFileName('postgres'));
  const partial = `${file}.partial`;
  const at = new Date().toISOString();
  io.out(`Dumping ${target.label} with pg_dump (one consistent snapshot; the servers keep running)…`);
  // pg_dump takes one snapshot (REPEATABLE READ) for the whole dump: every table as of the same moment.
  const dump = await runTool('pg_dump', ['--format=custom', '--file', partial, '--dbname', target.url], target.env);
  if (dump.code !== 0) {
    fs.rmSync(partial, { force: true });
    io.err(`pg_dump failed (exit ${dump.code}):\n${scrub(dump.stderr.trim(), target.password)}`);
    return 1;
  }
  fs.chmodSync(partial, 0o600);
  fs.renameSync(partial, file);
  const list = await runTool('pg_restore', ['--list', file], target.env);
  const tables = list.stdout.split('\n').filter((l) => / TABLE DATA /.test(l)).length;
  const final = moveTo(file, out);
  io.out(`Backup written: ${final} (${megabytes(fs.statSync(final).size)})`);
  io.out(`  What: the whole database ${target.label}: schema, ${tables} tables with their rows, as of about ${at}.`);
  io.out('  Format: pg_dump custom format (pg_restore --list shows its contents).');
  io.out('  Not in it: AUTH_SECRET (configuration: keep it, or everyone signs in again after a restore).');
  io.out(`  Restore: DATABASE_URL=<an empty database> npm run restore -- ${final}`);
  io.out('  It holds password hashes and sessions: keep it private.');
  return 0;
}

export async function runBackup(args: string[], env: NodeJS.ProcessEnv, io: CliOutput): Promise<number> {
  try {
    const options = parseArgs(args);
    if (options.help) {
      io.out(USAGE);
      return 0;
    }
    const config = loadConfig(env);
    if (config.databaseUrl) return await backupPostgres(config.databaseUrl, config.dataDir, options.out, io);
    return await backupPglite(config.dataDir, options.out, io);
  } catch (err) {
    if (err instanceof UsageError) io.err(`${err.message}\n${USAGE}`);
    else if (err instanceof ConfigError) io.err(`${err.message}\nFix these environment variables (see README "Configuration").`);
    else io.err(`Backup failed: ${scrub(err instanceof Error ? err.message : String(err), passwordOf(env.DATABASE_URL))}`);
    return 1;
  }
}
