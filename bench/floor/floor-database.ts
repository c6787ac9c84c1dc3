/**
 * The floor's database, as bare as it gets: postgres-js (the driver the app uses on PostgreSQL) with its own pool,
 * or PGlite opened straight on a data directory. No ORM and no migrations: the floor runs on a league the bench has
 * migrated and seeded already. Every statement is a text with `$n` parameters.
 */
import { PGlite } from '@electric-sql/pglite';
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist';
import postgres from 'postgres';
import { embeddedMemoryBytes } from '../../src/server/db/pglite-open';

export interface FloorDatabase {
  kind: 'pglite' | 'postgres';
  /** Runs one statement; on PostgreSQL prepared (parsed and planned once per connection). */
  query<T>(text: string, params: readonly (string | number | boolean | null)[]): Promise<T[]>;
  /** PGlite: its WebAssembly memory in bytes (as the app's diag reports its own); PostgreSQL: null. */
  embeddedMemoryBytes(): number | null;
  close(): Promise<void>;
}

/** The app's pool size on PostgreSQL (db/client.ts openPostgres), so both sides get as many connections. */
export const FLOOR_POOL = 10;

export function floorPostgres(url: string, max = FLOOR_POOL): FloorDatabase {
  const sql = postgres(url, { max, onnotice: () => {}, fetch_types: false });
  return {
    kind: 'postgres',
    query: async <T>(text: string, params: readonly (string | number | boolean | null)[]) =>
      (await sql.unsafe(text, [...params], { prepare: true })) as unknown as T[],
    embeddedMemoryBytes: () => null,
    close: () => sql.end({ timeout: 5 }),
  };
}

/**
 * PGlite on a data directory, with the extension the migrations use and the app's shared_buffers (config.ts
 * PGLITE_SHARED_BUFFERS, 32MB): the same engine in the same shape as the app opens it.
 */
export async function floorPglite(dataDir: string, sharedBuffers = '32MB'): Promise<FloorDatabase> {
  const pg = await PGlite.create({ dataDir, extensions: { btree_gist }, postgresqlconf: [`shared_buffers = ${sharedBuffers}`] });
  return { ...floorOnPgliteClient(pg), close: () => pg.close() };
}

/** A literal for EXECUTE (standard_conforming_strings is on: only a quote needs doubling). */
const literal = (v: string | number | boolean | null) => (v === null ? 'NULL' : typeof v === 'string' ? `'${v.replace(/'/g, "''")}'` : String(v));

/**
 * An existing PGlite client (a test's in-memory database is not closed by the floor). PGlite's own `query` parses
 * and plans its statement on every call; the floor prepares each statement once (PREPARE) and EXECUTEs it with its
 * values as literals, as a named prepared statement does on PostgreSQL.
 */
export function floorOnPgliteClient(pg: PGlite): FloorDatabase {
  const names = new Map<string, string>();
  return {
    kind: 'pglite',
    embeddedMemoryBytes: () => embeddedMemoryBytes(pg),
    query: async <T>(text: string, params: readonly (string | number | boolean | null)[]) => {
      if (params.length === 0) return (await pg.query<T>(text)).rows;
      let name = names.get(text);
      if (!name) {
        name = `floor_${names.size + 1}`;
        await pg.exec(`PREPARE ${name} AS ${text}`);
        names.set(text, name);
      }
      return (await pg.query<T>(`EXECUTE ${name}(${params.map(literal).join(', ')})`)).rows;
    },
    close: async () => {},
  };
}
