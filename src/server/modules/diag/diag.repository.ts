import { sql } from 'drizzle-orm';
import { rowsOf, type Database } from '../../db/client';

/** The server's own description of itself, e.g. "PostgreSQL 17.5 on x86_64-pc-linux-gnu, compiled by …". */
export async function databaseVersion(db: Database): Promise<string> {
  const [row] = rowsOf<{ version: string }>(await db.execute(sql`select version() as version`));
  return row?.version ?? 'unknown';
}

/**
 * The migrations drizzle applied, oldest first (db/client.ts migrates with drizzle's migrator, which keeps one
 * row per migration in drizzle.__drizzle_migrations: the file's hash and the journal's `when`, not when it ran).
 * An empty list when the table does not exist yet.
 */
export async function appliedMigrations(db: Database): Promise<Array<{ hash: string; createdAt: number | null }>> {
  const [exists] = rowsOf<{ present: boolean }>(await db.execute(sql`select to_regclass('drizzle.__drizzle_migrations') is not null as present`));
  if (!exists?.present) return [];
  const rows = rowsOf<{ hash: string; created_at: string | number | null }>(
    await db.execute(sql`select hash, created_at from drizzle.__drizzle_migrations order by created_at asc, id asc`),
  );
  return rows.map((r) => ({ hash: r.hash, createdAt: r.created_at === null ? null : Number(r.created_at) }));
}
