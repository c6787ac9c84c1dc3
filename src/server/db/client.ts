import { PGlite } from '@electric-sql/pglite';
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist';
import { sql, type SQLWrapper } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePostgres } from 'drizzle-orm/postgres-js';
import { migrate as migratePostgres } from 'drizzle-orm/postgres-js/migrator';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import postgres from 'postgres';
import * as schema from './schema';

export type Schema = typeof schema;
/** The one database type the repositories see, whichever driver is underneath. */
export type Database = PgDatabase<PgQueryResultHKT, Schema>;
export type DatabaseKind = 'pglite' | 'postgres';
/** A statement built and not run: the caller runs it together with its own write, in one round trip. */
export type PendingStatement = SQLWrapper;

/**
 * A statement built once per database handle and prepared on the server: PostgreSQL parses and plans it once per
 * connection instead of on every call (postgres-js keeps named statements per connection), and the ORM builds its
 * SQL text once. For the hottest reads (the signed-in person, the booking path). `build` gets the handle and must
 * use `sql.placeholder(...)` for every value; the name must be unique in the app.
 */
export function preparedPerDatabase<Q>(build: (db: Database) => Q): (db: Database) => Q {
  const prepared = new WeakMap<Database, Q>();
  return (db) => {
    let statement = prepared.get(db);
    if (!statement) {
      statement = build(db);
      prepared.set(db, statement);
    }
    return statement;
  };
}

/** The rows of a raw `db.execute()`: postgres-js answers an array of rows, PGlite an object holding `rows`. */
export function rowsOf<T>(result: unknown): T[] {
  return Array.isArray(result) ? (result as T[]) : ((result as { rows?: T[] }).rows ?? []);
}

/** PostgreSQL LISTEN/NOTIFY, which carries live updates between app servers. */
export interface PubSub {
  /** `onListen` runs each time the listening connection is (re)established. */
  listen(channel: string, onPayload: (payload: string) => void, onListen?: () => void): Promise<{ unlisten: () => Promise<void> }>;
  notify(channel: string, payload: string): Promise<void>;
}

export interface DatabaseHandle {
  db: Database;
  kind: DatabaseKind;
  /** Null on PGlite: one process, so live updates stay in memory. */
  pubsub: PubSub | null;
  migrate(): Promise<void>;
  ping(): Promise<void>;
  close(): Promise<void>;
}

export const MIGRATIONS_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

export interface PgliteOptions {
  /** A data directory, or undefined for an in-memory database. */
  dataDir?: string;
  /** A dump from `PGlite.dumpDataDir()` to start from (tests clone a migrated template this way). */
  loadDataDir?: Blob | File;
  /**
   * shared_buffers (PGLITE_SHARED_BUFFERS). PGlite's data directory says 128MB, all of it resident in this
   * process once touched; a league's working set is a few MB, so the server asks for less.
   */
  sharedBuffers?: string;
}

/** A PGlite client with the extensions our migrations use. */
export function createPgliteClient(options: PgliteOptions = {}): Promise<PGlite> {
  return PGlite.create({
    extensions: { btree_gist },
    ...(options.dataDir ? { dataDir: options.dataDir } : {}),
    ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
    ...(options.sharedBuffers ? { postgresqlconf: [`shared_buffers = ${options.sharedBuffers}`] } : {}),
  });
}

export async function openPglite(options: PgliteOptions): Promise<DatabaseHandle> {
  const client = await createPgliteClient(options);
  const db = drizzlePglite(client, { schema }) as unknown as Database;
  return {
    db,
    kind: 'pglite',
    pubsub: null,
    migrate: () => migratePglite(drizzlePglite(client, { schema }), { migrationsFolder: MIGRATIONS_DIR }),
    ping: async () => {
      await client.query('select 1');
    },
    close: async () => {
      await client.close();
    },
  };
}

/** Any fixed number; it names the advisory lock held while migrating. */
const MIGRATION_LOCK_KEY = 4_207_131;

export function openPostgres(url: string, options: { max?: number } = {}): DatabaseHandle {
  const client = postgres(url, { max: options.max ?? 10, onnotice: () => {} });
  const db = drizzlePostgres(client, { schema }) as unknown as Database;
  return {
    db,
    kind: 'postgres',
    pubsub: {
      listen: (channel, onPayload, onListen) => client.listen(channel, onPayload, onListen),
      notify: async (channel, payload) => {
        await client.notify(channel, payload);
      },
    },
    migrate: async () => {
      // Several app servers may start at once: one migrates while the others wait on this lock.
      const lock = postgres(url, { max: 1, onnotice: () => {} });
      try {
        await lock`select pg_advisory_lock(${MIGRATION_LOCK_KEY})`;
        await migratePostgres(drizzlePostgres(client, { schema }), { migrationsFolder: MIGRATIONS_DIR });
      } finally {
        await lock.end({ timeout: 5 });
      }
    },
    ping: async () => {
      await db.execute(sql`select 1`);
    },
    close: async () => {
      await client.end({ timeout: 5 });
    },
  };
}

/** SQLSTATE of a database error, through Drizzle's wrapping (both drivers put it on `cause`). */
/** A lock asked for with NOWAIT is held by another transaction (SQLSTATE 55P03, lock_not_available). */
export const lockBusy = (err: unknown): boolean => sqlState(err) === '55P03';

export function sqlState(err: unknown): string | undefined {
  const e = err as { code?: unknown; cause?: { code?: unknown } } | null;
  const code = e?.cause?.code ?? e?.code;
  return typeof code === 'string' ? code : undefined;
}
