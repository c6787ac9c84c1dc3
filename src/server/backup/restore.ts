import fs from 'node:fs';
import path from 'node:path';
import postgres from 'postgres';
import { ConfigError, loadConfig } from '../config';
import { createPgliteClient } from '../db/client';
import { DataDirLockedError, lockDataDir } from '../db/data-dir-lock';
import { passwordOf, type CliOutput } from './backup';
import { pgTarget, runTool, scrub } from './pg-tools';
import { BACKUPS_DIR, LISTENER_FILE } from './pglite-backup';

/**
 * `npm run restore -- <file> [--force] [--no-owner]`: a backup from `npm run backup` into
 * - a fresh DATA_DIR (no DATABASE_URL; the file must be a PGlite .tar.gz). A DATA_DIR that already holds
 *   anything but backups/ is refused unless --force, which keeps the old database aside as pglite.before-restore-<time>;
 * - an empty PostgreSQL database (DATABASE_URL; the file must be a pg_dump). A database with any table is refused.
 */

type Format = 'pglite' | 'postgres';
class UsageError extends Error {}

const USAGE = 'Usage: npm run restore -- <backup file> [--force] [--no-owner]';

function parseArgs(args: string[]): { file?: string; force: boolean; noOwner: boolean; help: boolean } {
  const result: { file?: string; force: boolean; noOwner: boolean; help: boolean } = { force: false, noOwner: false, help: false };
  for (const a of args) {
    if (a === '--force') result.force = true;
    else if (a === '--no-owner') result.noOwner = true;
    else if (a === '--help' || a === '-h') result.help = true;
    else if (a.startsWith('-')) throw new UsageError(`Unknown option "${a}".`);
    else if (result.file) throw new UsageError('Name one backup file.');
    else result.file = a;
  }
  return result;
}

/** What a backup file is, from its first bytes: a gzip (PGlite's data directory) or a pg_dump custom archive. */
export function backupFormat(file: string): Format | null {
  const fd = fs.openSync(file, 'r');
  try {
    const head = Buffer.alloc(5);
    fs.readSync(fd, head, 0, 5, 0);
    if (head[0] === 0x1f && head[1] === 0x8b) return 'pglite';
    if (head.toString('latin1') === 'PGDMP') return 'postgres';
    return null;
  } finally {
    fs.closeSync(fd);
  }
}

interface TableCount {
  table: string;
  rows: number;
}

/** Row counts of every table of the app, for the summary (and a first proof that the copy reads back). */
async function countRows(query: (text: string) => Promise<Array<Record<string, unknown>>>): Promise<TableCount[]> {
  const tables = (await query(
    "select n.nspname || '.' || c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace where c.relkind in ('r', 'p') and n.nspname in ('public', 'drizzle') order by 1",
  )) as Array<{ name: string }>;
  const counts: TableCount[] = [];
  for (const { name } of tables) {
    const quoted = name.split('.').map((p) => `"${p.replace(/"/g, '""')}"`).join('.');
    const [row] = (await query(`select count(*)::int as n from ${quoted}`)) as Array<{ n: number }>;
    counts.push({ table: name, rows: row!.n });
  }
  return counts;
}

function summary(counts: TableCount[], io: CliOutput): void {
  const rows = counts.reduce((n, c) => n + c.rows, 0);
  io.out(`  ${counts.length} tables, ${rows} rows: ${counts.map((c) => `${c.table.replace(/^public\./, '')} ${c.rows}`).join(', ')}`);
}

async function restorePglite(file: string, dataDir: string, force: boolean, io: CliOutput): Promise<number> {
  const root = path.resolve(dataDir);
  const present = fs.existsSync(root) ? fs.readdirSync(root).filter((e) => e !== BACKUPS_DIR) : [];
  if (present.length && !force) {
    io.err(
      `${root} is not empty (${present.join(', ')}). Restore into a new, empty DATA_DIR, or add --force to replace ` +
        'the database there (the old one is kept aside as pglite.before-restore-<time>).',
    );
    return 1;
  }
  let lock;
  try {
    lock = lockDataDir(root);
  } catch (err) {
    if (err instanceof DataDirLockedError) {
      io.err(`A server (pid ${err.pid}) is running on ${root}: stop it before restoring into that directory.`);
      return 1;
    }
    throw err;
  }
  const pgliteDir = path.join(root, 'pglite');
  try {
    if (fs.existsSync(pgliteDir)) {
      const aside = path.join(root, `pglite.before-restore-${new Date().toISOString().replace(/[-:]/g, '').replace(/\.\d+Z$/, 'Z')}`);
      fs.renameSync(pgliteDir, aside);
      io.out(`The database that was in ${root} is kept as ${aside}.`);
    }
    fs.rmSync(path.join(root, LISTENER_FILE), { force: true });
    io.out(`Restoring ${file} into ${pgliteDir}…`);
    let client;
    try {
      client = await createPgliteClient({ dataDir: pgliteDir, loadDataDir: new Blob([fs.readFileSync(file)]) });
    } catch (err) {
      fs.rmSync(pgliteDir, { recursive: true, force: true });
      throw new Error(`the file could not be loaded as a PGlite database (${err instanceof Error ? err.message : String(err)})`, { cause: err });
    }
    try {
      const counts = await countRows(async (text) => (await client.query<Record<string, unknown>>(text)).rows);
      // A checkpoint, so the restored files are complete on their own.
      await client.exec('CHECKPOINT');
      io.out(`Restored into ${pgliteDir}.`);
      summary(counts, io);
    } finally {
      await client.close();
    }
  } finally {
    lock.release();
  }
  io.out(`Start the server on it: DATA_DIR=${root} npm start`);
  io.out('Sessions from the backup stay valid only with the same AUTH_SECRET (or its auth-secret file); otherwise people sign in again.');
  return 0;
}

async function restorePostgres(file: string, databaseUrl: string, noOwner: boolean, io: CliOutput): Promise<number> {
  const target = pgTarget(databaseUrl);
  const sql = postgres(databaseUrl, { max: 1, onnotice: () => {} });
  try {
    const [objects] = await sql<Array<{ n: number }>>`
      select count(*)::int as n from pg_class c join pg_namespace n on n.oid = c.relnamespace
       where n.nspname not in ('pg_catalog', 'information_schema') and n.nspname not like 'pg_toast%' and n.nspname not like 'pg_temp%'
         and c.relkind in ('r', 'p', 'v', 'm', 'S', 'f')`;
    const n = objects?.n ?? 0;
    if (n > 0) {
      io.err(
        `The database ${target.label} is not empty (${n} tables, views or sequences). Restore only into an empty database: ` +
          'create one (createdb <name>, or CREATE DATABASE) and point DATABASE_URL at it.',
      );
      return 1;
    }
    io.out(`Restoring ${file} into ${target.label} with pg_restore (one transaction)…`);
    const args = ['--exit-on-error', '--single-transaction', ...(noOwner ? ['--no-owner'] : []), '--dbname', target.url, file];
    const result = await runTool('pg_restore', args, target.env);
    if (result.code !== 0) {
      const message = scrub(result.stderr.trim(), target.password);
      io.err(`pg_restore failed (exit ${result.code}); nothing was restored:\n${message}`);
      if (/role .* does not exist/i.test(message) && !noOwner) io.err('The roles that owned the tables do not exist here: add --no-owner to make the restoring user own them.');
      return 1;
    }
    const counts = await countRows(async (text) => sql.unsafe(text));
    io.out(`Restored into ${target.label}.`);
    summary(counts, io);
  } finally {
    await sql.end({ timeout: 5 });
  }
  io.out('Start the servers with this DATABASE_URL. Sessions from the backup stay valid only with the same AUTH_SECRET.');
  return 0;
}

export async function runRestore(args: string[], env: NodeJS.ProcessEnv, io: CliOutput): Promise<number> {
  try {
    const options = parseArgs(args);
    if (options.help) {
      io.out(USAGE);
      return 0;
    }
    if (!options.file) {
      io.err(USAGE);
      return 1;
    }
    const file = path.resolve(options.file);
    if (!fs.existsSync(file) || !fs.statSync(file).isFile()) {
      io.err(`No backup file at ${file}.`);
      return 1;
    }
    const format = backupFormat(file);
    const config = loadConfig(env);
    if (format === null) {
      io.err(`${file} is not a backup from npm run backup (neither a PGlite .tar.gz nor a pg_dump custom-format file).`);
      return 1;
    }
    if (config.databaseUrl) {
      if (format !== 'postgres') {
        io.err(`${file} is a backup of the embedded database (PGlite): restore it into a DATA_DIR, with DATABASE_URL unset.`);
        return 1;
      }
      if (options.force) io.out('(--force is ignored for PostgreSQL: only an empty database is restored into.)');
      return await restorePostgres(file, config.databaseUrl, options.noOwner, io);
    }
    if (format !== 'pglite') {
      io.err(`${file} is a pg_dump of a PostgreSQL database: set DATABASE_URL to an empty PostgreSQL database to restore it.`);
      return 1;
    }
    return await restorePglite(file, config.dataDir, options.force, io);
  } catch (err) {
    if (err instanceof UsageError) io.err(`${err.message}\n${USAGE}`);
    else if (err instanceof ConfigError) io.err(`${err.message}\nFix these environment variables (see README "Configuration").`);
    else io.err(`Restore failed: ${scrub(err instanceof Error ? err.message : String(err), passwordOf(env.DATABASE_URL))}`);
    return 1;
  }
}
