import { PGlite } from '@electric-sql/pglite';
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist';

/**
 * Opening a PGlite database, apart from client.ts so that the worker thread (pglite-worker-thread.ts) loads
 * PGlite and nothing else: no ORM, no schema, no PostgreSQL driver.
 */
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

/**
 * The bytes of a PGlite database's WebAssembly memory: PostgreSQL's heap, shared buffers and caches, all resident in
 * this process once touched. WebAssembly memory grows and never shrinks, so this is also its high-water mark.
 */
export function embeddedMemoryBytes(pg: PGlite): number {
  // Emscripten's module type is not resolved here; HEAPU8 is a view of the whole WebAssembly memory.
  return (pg.Module as unknown as { HEAPU8: Uint8Array }).HEAPU8.byteLength;
}
