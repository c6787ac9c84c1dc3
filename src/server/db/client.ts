import type { PGlite } from '@electric-sql/pglite';
import { sql, type SQLWrapper } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePostgres } from 'drizzle-orm/postgres-js';
import { migrate as migratePostgres } from 'drizzle-orm/postgres-js/migrator';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import postgres from 'postgres';
import { createPgliteClient, embeddedMemoryBytes, type PgliteOptions } from './pglite-open';
import { PgliteWorkerClient, startPgliteWorker } from './pglite-worker';
import { withDeadline } from './postgres-deadline';
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
  /**
   * Listens on `channel` on a connection of its own, re-established whenever it breaks (a restart, a failover,
   * a connection cut by an administrator) until `unlisten`. `onLost` runs each time it breaks, `onListen` each
   * time it is listening again: events sent in between were missed.
   */
  listen(channel: string, onPayload: (payload: string) => void, events?: ListenEvents): Promise<{ unlisten: () => Promise<void> }>;
  notify(channel: string, payload: string): Promise<void>;
}

export interface ListenEvents {
  onListen?: () => void;
  onLost?: () => void;
}

export interface DatabaseHandle {
  db: Database;
  kind: DatabaseKind;
  /** Null on PGlite: one process, so live updates stay in memory. */
  pubsub: PubSub | null;
  migrate(): Promise<void>;
  ping(): Promise<void>;
  /** PGlite: the bytes of its WebAssembly memory, resident in this process (pglite-open.ts). PostgreSQL: null. */
  embeddedMemoryBytes(): Promise<number | null>;
  close(): Promise<void>;
}

export const MIGRATIONS_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

export { createPgliteClient, type PgliteOptions };

export interface OpenPgliteOptions extends PgliteOptions {
  /**
   * Runs PGlite in a worker thread (PGLITE_WORKER, on by default for the server): statements no longer hold the
   * server's event loop. Off: PGlite runs in this thread, as the API tests' many small databases do.
   */
  worker?: boolean;
  /** The worker already started (`startPgliteWorker`), so the database opened while the app's code loaded. */
  started?: Promise<PgliteWorkerClient>;
}

/** The PGlite client under drizzle: in this thread, or in a worker thread answering the same calls. */
export type EmbeddedClient = PGlite | PgliteWorkerClient;

export async function openPglite({ worker = false, started, ...options }: OpenPgliteOptions): Promise<DatabaseHandle> {
  const client: EmbeddedClient = started ? await started : worker ? await startPgliteWorker(options) : await createPgliteClient(options);
  // drizzle-orm/pglite calls only `query` (with rowMode and parsers) and `transaction`, which both clients answer.
  const orm = () => drizzlePglite(client as PGlite, { schema });
  const db = orm() as unknown as Database;
  return {
    db,
    kind: 'pglite',
    pubsub: null,
    migrate: () => migratePglite(orm(), { migrationsFolder: MIGRATIONS_DIR }),
    ping: async () => {
      await client.query('select 1');
    },
    embeddedMemoryBytes: async () => (client instanceof PgliteWorkerClient ? client.memoryBytes() : embeddedMemoryBytes(client)),
    close: async () => {
      await client.close();
    },
  };
}

/** Any fixed number; it names the advisory lock held while migrating. */
const MIGRATION_LOCK_KEY = 4_207_131;

export interface PostgresOptions {
  /** Connections in the pool. */
  max?: number;
  /** A connection not made within this long fails (DATABASE_CONNECT_TIMEOUT_SECONDS). */
  connectTimeoutMs?: number;
  /** A statement, a transaction's start or its commit without an answer within this long fails (0: no limit). */
  queryTimeoutMs?: number;
}

export const DEFAULT_CONNECT_TIMEOUT_MS = 3_000;
export const DEFAULT_QUERY_TIMEOUT_MS = 4_000;

/**
 * How long a connection that broke waits before it connects again, by how many have broken in a row. postgres-js
 * grows this to 20 s, so after a 5 s restart the first booking waited 7 s; reconnecting is cheap, so a few
 * tenths of a second at most: a booking goes through within moments of the database answering again.
 */
const reconnectDelaySeconds = (retries: number) => Math.min(0.05 * 2 ** Math.min(retries, 4), 0.5);

export function openPostgres(url: string, options: PostgresOptions = {}): DatabaseHandle {
  const connectTimeoutMs = options.connectTimeoutMs ?? DEFAULT_CONNECT_TIMEOUT_MS;
  const common = { onnotice: () => {}, connect_timeout: connectTimeoutMs / 1000, backoff: reconnectDelaySeconds };
  const client = postgres(url, { ...common, max: options.max ?? 10 });
  const db = drizzlePostgres(withDeadline(client, options.queryTimeoutMs ?? DEFAULT_QUERY_TIMEOUT_MS), { schema }) as unknown as Database;
  const listener = createListener(url, common);
  return {
    db,
    kind: 'postgres',
    pubsub: {
      listen: listener.listen,
      notify: async (channel, payload) => {
        await client.notify(channel, payload);
      },
    },
    migrate: async () => {
      // Several app servers may start at once: one migrates while the others wait on this lock. Without the
      // statement time limit: an index on a large table may take longer.
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
    embeddedMemoryBytes: async () => null,
    close: async () => {
      await listener.close();
      await client.end({ timeout: 5 });
    },
  };
}

/**
 * LISTEN on a connection of its own that comes back by itself. postgres-js's own `listen` reconnects once after
 * a break and, if the database is not back yet, silently stops listening for good: a server then never heard
 * another server's change again, and its caches healed only by age. Here a broken connection is retried every
 * few tenths of a second until it listens again, and the caller hears both the break and the return.
 */
function createListener(url: string, common: Pick<postgres.Options<Record<string, never>>, 'onnotice' | 'connect_timeout' | 'backoff'>) {
  const channels = new Map<string, Set<{ onPayload: (payload: string) => void; events: ListenEvents }>>();
  let listening = false;
  let closed = false;
  let reconnecting: Promise<void> | null = null;
  const each = (fn: (l: { onPayload: (payload: string) => void; events: ListenEvents }) => void) => {
    for (const set of channels.values()) for (const l of set) fn(l);
  };
  // `onnotify` is postgres-js's own hook for NOTIFY messages (its `listen` uses it); its types do not name it.
  const sqlOf = postgres(url, {
    ...common,
    max: 1,
    idle_timeout: undefined,
    max_lifetime: null,
    fetch_types: false,
    onnotify: (channel: string, payload: string) => {
      for (const l of channels.get(channel) ?? []) l.onPayload(payload);
    },
    // Every close of the connection, a failed attempt to reconnect included.
    onclose: () => {
      if (closed) return;
      if (listening) {
        listening = false;
        each((l) => l.events.onLost?.());
      }
      reconnecting ??= reconnect().finally(() => (reconnecting = null));
    },
  } as postgres.Options<Record<string, never>>);
  const listenAll = async () => {
    for (const channel of channels.keys()) await sqlOf.unsafe(`listen "${channel.replaceAll('"', '""')}"`);
  };
  const reconnect = async () => {
    while (!closed && !listening) {
      try {
        await listenAll();
        listening = true;
        each((l) => l.events.onListen?.());
      } catch {
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
    }
  };
  return {
    listen: async (channel: string, onPayload: (payload: string) => void, events: ListenEvents = {}) => {
      const entry = { onPayload, events };
      let set = channels.get(channel);
      if (!set) channels.set(channel, (set = new Set()));
      set.add(entry);
      // The first LISTEN fails loudly (the server is starting); later breaks are retried by `onclose`.
      await sqlOf.unsafe(`listen "${channel.replaceAll('"', '""')}"`);
      listening = true;
      events.onListen?.();
      return {
        unlisten: async () => {
          set.delete(entry);
          if (set.size === 0) channels.delete(channel);
        },
      };
    },
    close: async () => {
      closed = true;
      await sqlOf.end({ timeout: 5 });
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
