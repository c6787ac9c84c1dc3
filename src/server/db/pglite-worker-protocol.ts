import { messages, TransactionAbortedError, type Results, type RowMode } from '@electric-sql/pglite';

/**
 * The messages between the server's thread and the PGlite worker thread (pglite-worker.ts, pglite-worker-thread.ts).
 * Everything crosses by structured clone, which keeps Date, bigint, Uint8Array, Blob, arrays and plain objects as
 * they are: rows come back with the very values PGlite parsed in the worker.
 */

/** What crosses of PGlite's QueryOptions: functions cannot, so custom parsers stay on the server's thread. */
export interface WireQueryOptions {
  rowMode?: RowMode;
  paramTypes?: number[];
  /** Types the caller parses itself (its `parsers`): the worker leaves their values as PostgreSQL's text. */
  rawTypes?: number[];
}

export type DumpCompression = 'gzip' | 'none' | 'auto';

/** Each call the worker answers: its arguments and its result. `tx` is null outside a transaction. */
export interface Calls {
  query: { args: { tx: number | null; sql: string; params: unknown[]; options: WireQueryOptions }; result: Results };
  exec: { args: { tx: number | null; sql: string; options: WireQueryOptions }; result: Results[] };
  /** Opens transaction `tx`: PGlite's transaction lock is held from here until `end`. */
  begin: { args: { tx: number }; result: null };
  rollback: { args: { tx: number }; result: null };
  /** The caller's callback returned (commit) or threw (roll back): PGlite finishes the transaction. */
  end: { args: { tx: number; commit: boolean }; result: null };
  listen: { args: { channel: string }; result: null };
  unlisten: { args: { channel: string }; result: null };
  /** The data directory as a tarball; `consistent`: under the transaction lock, so between two transactions. */
  dump: { args: { compression: DumpCompression; consistent: boolean }; result: { blob: Blob; at: Date } };
  /** The bytes of the database's WebAssembly memory (it grows, never shrinks): PostgreSQL's own heap and buffers. */
  memory: { args: Record<string, never>; result: { bytes: number } };
  close: { args: Record<string, never>; result: null };
}

export type Op = keyof Calls;
export type Request<O extends Op = Op> = { [K in O]: { id: number; op: K } & Calls[K]['args'] }[O];
export type Reply = { id: number; ok: true; value: unknown } | { id: number; ok: false; error: WireError };
export type WorkerEvent =
  | { event: 'ready' }
  | { event: 'failed'; error: WireError }
  | { event: 'notification'; channel: string; payload: string };
export type FromWorker = Reply | WorkerEvent;

/** An error as it crosses: its class by kind, and its own fields (PostgreSQL's code, constraint, detail…). */
export interface WireError {
  kind: 'database' | 'aborted' | 'plain';
  name: string;
  message: string;
  stack?: string;
  props: Record<string, unknown>;
}

export function errorToWire(err: unknown): WireError {
  if (!(err instanceof Error)) return { kind: 'plain', name: 'Error', message: String(err), props: {} };
  const props: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(err)) {
    if (typeof value === 'function') continue;
    // PGlite's errors carry the query's options, parsers included: they stay behind (the caller puts its own back).
    props[key] = key === 'queryOptions' ? undefined : value;
  }
  const kind = err instanceof TransactionAbortedError ? 'aborted' : err instanceof messages.DatabaseError ? 'database' : 'plain';
  return { kind, name: err.name, message: err.message, ...(err.stack ? { stack: err.stack } : {}), props };
}

/** The error again, of PGlite's own classes, so that `instanceof` and every field read as in one thread. */
export function errorFromWire(wire: WireError): Error {
  const err =
    wire.kind === 'aborted' ? new TransactionAbortedError() : wire.kind === 'database' ? new messages.DatabaseError(wire.message, 0, 'error') : new Error(wire.message);
  Object.assign(err, wire.props);
  (err as { name: string }).name = wire.name;
  err.message = wire.message;
  if (wire.stack) err.stack = wire.stack;
  return err;
}
