import { and, eq, inArray, ne, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { storedFiles } from '../../db/schema';

export type StoredFileRow = typeof storedFiles.$inferSelect;
export type StoredFileValues = Omit<typeof storedFiles.$inferInsert, 'id' | 'metageneration' | 'timeCreated' | 'updated'>;

/**
 * Holds, until the transaction ends, the right to count and change one person's files: parallel uploads of one
 * person are counted against the quota one after the other, on one app server or several.
 */
export async function lockOwner(db: Database, ownerId: string): Promise<void> {
  await db.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`storage-owner:${ownerId}`}, 0))`);
}

/** Holds one path until the transaction ends: two writes of one path never both read "no earlier generation". */
export async function lockPath(db: Database, bucket: string, fullPath: string): Promise<void> {
  await db.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`storage-path:${bucket}:${fullPath}`}, 0))`);
}

export async function findFile(db: Database, bucket: string, fullPath: string): Promise<StoredFileRow | null> {
  return (
    (
      await db
        .select()
        .from(storedFiles)
        .where(and(eq(storedFiles.bucket, bucket), eq(storedFiles.fullPath, fullPath)))
        .limit(1)
    )[0] ?? null
  );
}

/** Bytes a person's files hold, leaving out the one at `except` (which an upload is about to replace). */
export async function usedBytes(db: Database, ownerId: string, except: { bucket: string; fullPath: string }): Promise<number> {
  const [row] = await db
    .select({ used: sql<string | null>`sum(${storedFiles.size})` })
    .from(storedFiles)
    .where(and(eq(storedFiles.ownerId, ownerId), or(ne(storedFiles.bucket, except.bucket), ne(storedFiles.fullPath, except.fullPath))));
  return Number(row?.used ?? 0);
}

/** Writes a new generation of the file at its path (its first one, or one replacing the last). */
export async function upsertFile(db: Database, values: StoredFileValues, now: Date): Promise<StoredFileRow> {
  const fresh = { ...values, metageneration: 1, timeCreated: now, updated: now };
  const [row] = await db
    .insert(storedFiles)
    .values(fresh)
    .onConflictDoUpdate({ target: [storedFiles.bucket, storedFiles.fullPath], set: fresh })
    .returning();
  return row!;
}

export async function deleteFile(db: Database, id: string): Promise<void> {
  await db.delete(storedFiles).where(eq(storedFiles.id, id));
}

/** The current generation of each of these paths that has a file (paths without one are absent). */
export async function currentGenerations(db: Database, bucket: string, fullPaths: string[]): Promise<Map<string, number>> {
  if (fullPaths.length === 0) return new Map();
  const rows = await db
    .select({ fullPath: storedFiles.fullPath, generation: storedFiles.generation })
    .from(storedFiles)
    .where(and(eq(storedFiles.bucket, bucket), inArray(storedFiles.fullPath, [...new Set(fullPaths)])));
  return new Map(rows.map((r) => [r.fullPath, Number(r.generation)]));
}
