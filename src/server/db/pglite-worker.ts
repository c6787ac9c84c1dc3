import type { QueryOptions, Results } from '@electric-sql/pglite';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { PgliteOptions } from './pglite-open';
import { errorFromWire, type Calls, type DumpCompression, type FromWorker, type Op, type WireQueryOptions } from './pglite-worker-protocol';

/**
 * PGlite in a worker thread. PGlite runs PostgreSQL in WebAssembly on the thread that calls it:
 * in the server's own thread every statement held the event loop, so live streams, health checks and the page
 * waited behind a slow query, and two cores did the work of one. Here the database runs on its own thread; this
 * class gives the server the part of PGlite's interface that drizzle-orm/pglite and our code use (query, exec,
 * transaction, listen, dumpDataDir, close), each call one message.
 *
 * The worker's script has this module's extension: `pglite-worker-thread.ts` beside it under tsx and vitest
 * (started through tsx's loader, which a worker does not inherit), `pglite-worker-thread.js` once the server is
 * compiled, beside this module or beside the server's script: a build that bundles must emit it as an entry of
 * its own.
 */

/** What a transaction's callback gets: PGlite's Transaction, less the template tag and LISTEN nobody uses. */
export interface WorkerTransaction {
  query<T>(sql: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>>;
  exec(sql: string, options?: QueryOptions): Promise<Results[]>;
  rollback(): Promise<void>;
  readonly closed: boolean;
}

export interface PgliteWorkerOptions extends PgliteOptions {
  /** Called once if the worker dies while open (a crash in the database): every call fails from then on. */
  onLost?: (err: Error) => void;
}

/** The worker died: statements on their way may or may not have been applied (database-failure.ts reads the code). */
const LOST = 'CONNECTION_CLOSED';
/** The worker was already gone: the statement never reached a database. */
const GONE = 'CONNECTION_ENDED';

function workerScript(): { script: string | URL; eval: boolean } {
  const here = fileURLToPath(import.meta.url);
  const name = `pglite-worker-thread${path.extname(here)}`;
  if (path.extname(here) === '.ts') {
    // tsx's ESM entry, by its package's exports (resolving from here would give its CommonJS build).
    const manifest = createRequire(import.meta.url).resolve('tsx/package.json');
    const { exports } = JSON.parse(fs.readFileSync(manifest, 'utf8')) as { exports: Record<string, { import: { default: string } }> };
    const tsx = pathToFileURL(path.join(path.dirname(manifest), exports['./esm/api']!.import.default)).href;
    const entry = pathToFileURL(path.join(path.dirname(here), name)).href;
    return { script: `import(${JSON.stringify(tsx)}).then(({ register }) => { register(); return import(${JSON.stringify(entry)}); });`, eval: true };
  }
  // Compiled: beside this module, or (a bundle that put this module in a chunk of its own) beside the server's script.
  const candidates = [path.dirname(here), ...(process.argv[1] ? [path.dirname(path.resolve(process.argv[1]))] : [])].map((dir) => path.join(dir, name));
  const found = candidates.find((file) => fs.existsSync(file));
  if (!found) throw new Error(`The embedded database's worker script is missing (looked for ${candidates.join(' and ')}): build the server again, or set PGLITE_WORKER=0.`);
  return { script: pathToFileURL(found), eval: false };
}

/** Class instances lose their prototype when cloned; PGlite would have sent their text, so the text crosses. */
function wireParam(value: unknown): unknown {
  if (typeof value !== 'object' || value === null || Array.isArray(value) || value instanceof Date || ArrayBuffer.isView(value)) return value;
  const proto = Object.getPrototypeOf(value) as unknown;
  return proto === Object.prototype || proto === null ? value : (value as { toString(): string }).toString();
}

const rawTypesOf = new WeakMap<object, number[]>();

function wireOptions(options: QueryOptions | undefined): WireQueryOptions {
  if (!options) return {};
  if (options.serializers || options.onNotice || options.blob) {
    throw new Error('serializers, onNotice and blob are not supported by the PGlite worker: they cannot cross to its thread');
  }
  const wire: WireQueryOptions = {};
  if (options.rowMode) wire.rowMode = options.rowMode;
  if (options.paramTypes) wire.paramTypes = options.paramTypes;
  if (options.parsers) {
    let raw = rawTypesOf.get(options.parsers);
    if (!raw) rawTypesOf.set(options.parsers, (raw = Object.keys(options.parsers).map(Number)));
    wire.rawTypes = raw;
  }
  return wire;
}

/** The caller's own parsers, on the text the worker left for them (PGlite applies them to non-null values only). */
function applyParsers(result: Results, options: QueryOptions | undefined): Results {
  const parsers = options?.parsers;
  if (!parsers) return result;
  const arrayMode = options.rowMode === 'array';
  result.fields.forEach((field, i) => {
    // PGlite calls a parser with the value and its type (its ParserOptions type names only the value).
    const parse = parsers[field.dataTypeID] as ((value: string, typeId: number) => unknown) | undefined;
    // In object mode a repeated name holds the last such column's value, as PGlite builds it.
    if (!parse || (!arrayMode && result.fields.findLastIndex((f) => f.name === field.name) !== i)) return;
    for (const row of result.rows as Record<string | number, unknown>[]) {
      const key = arrayMode ? i : field.name;
      const value = row[key];
      if (value !== null && value !== undefined) row[key] = parse(value as string, field.dataTypeID);
    }
  });
  return result;
}

function failure(message: string, code: string, cause?: unknown): Error {
  return Object.assign(new Error(message, cause === undefined ? undefined : { cause }), { code });
}

/**
 * Starts the server's database in its thread. Every statement fails once the worker is lost; the log says why. The
 * server calls it before loading the app's code, so the two start side by side (server.ts); `openPglite` takes the
 * started client.
 */
export function startPgliteWorker(options: PgliteOptions): Promise<PgliteWorkerClient> {
  return PgliteWorkerClient.create({ ...options, onLost: (err) => process.stderr.write(`${err.message}\n`) });
}

export class PgliteWorkerClient {
  readonly #worker: Worker;
  readonly #pending = new Map<number, { resolve: (value: unknown) => void; reject: (err: Error) => void }>();
  readonly #listeners = new Map<string, Set<(payload: string) => void>>();
  readonly #onLost: ((err: Error) => void) | undefined;
  #nextId = 1;
  #nextTransaction = 1;
  #state: 'starting' | 'open' | 'closing' | 'closed' | 'lost' = 'starting';
  #closing: Promise<void> | null = null;
  /** Settles `waitReady`: the worker opened the database, or could not. */
  #started: ((err?: Error) => void) | null = null;
  /** Resolves once the database is open in the worker (PGlite's `waitReady`). */
  readonly waitReady: Promise<void>;

  static async create(options: PgliteWorkerOptions = {}): Promise<PgliteWorkerClient> {
    const client = new PgliteWorkerClient(options);
    await client.waitReady;
    return client;
  }

  private constructor({ onLost, ...options }: PgliteWorkerOptions) {
    this.#onLost = onLost;
    const { script, eval: isEval } = workerScript();
    this.#worker = new Worker(script, { eval: isEval, workerData: options });
    this.waitReady = new Promise<void>((resolve, reject) => {
      this.#started = (err) => {
        this.#started = null;
        if (err) reject(err);
        else resolve();
      };
    });
    this.#worker.on('message', (message: FromWorker) => this.#receive(message));
    this.#worker.on('error', (err) => this.#lose(err));
    this.#worker.on('exit', (code) => this.#lose(new Error(`exit code ${code}`)));
  }

  get ready(): boolean {
    return this.#state === 'open';
  }

  get closed(): boolean {
    return this.#state === 'closed';
  }

  query<T>(sql: string, params: unknown[] = [], options?: QueryOptions): Promise<Results<T>> {
    return this.#query<T>(null, sql, params, options);
  }

  exec(sql: string, options?: QueryOptions): Promise<Results[]> {
    return this.#exec(null, sql, options);
  }

  /**
   * A transaction as PGlite runs it: BEGIN, the callback's statements (routed to this transaction in the worker),
   * COMMIT, or ROLLBACK if the callback throws. PGlite's transaction lock in the worker holds every other
   * statement until the end, as in one thread.
   */
  async transaction<T>(callback: (tx: WorkerTransaction) => Promise<T>): Promise<T> {
    const id = this.#nextTransaction++;
    await this.#call('begin', { tx: id });
    let closed = false;
    const open = () => {
      if (closed) throw new Error('Transaction is closed');
    };
    const tx: WorkerTransaction = {
      query: async <R>(sql: string, params?: unknown[], options?: QueryOptions) => {
        open();
        return this.#query<R>(id, sql, params ?? [], options);
      },
      exec: async (sql: string, options?: QueryOptions) => {
        open();
        return this.#exec(id, sql, options);
      },
      rollback: async () => {
        open();
        await this.#call('rollback', { tx: id });
        closed = true;
      },
      get closed() {
        return closed;
      },
    };
    let result: T;
    try {
      result = await callback(tx);
    } catch (err) {
      closed = true;
      await this.#call('end', { tx: id, commit: false });
      throw err;
    }
    closed = true;
    await this.#call('end', { tx: id, commit: true });
    return result;
  }

  /** LISTEN on `channel`; returns the function that stops this listener (PGlite's `listen`). */
  async listen(channel: string, callback: (payload: string) => void): Promise<() => Promise<void>> {
    let set = this.#listeners.get(channel);
    if (!set) this.#listeners.set(channel, (set = new Set()));
    set.add(callback);
    await this.#call('listen', { channel });
    return () => this.unlisten(channel, callback);
  }

  async unlisten(channel: string, callback?: (payload: string) => void): Promise<void> {
    const set = this.#listeners.get(channel);
    if (callback) set?.delete(callback);
    if (callback && set && set.size > 0) return;
    this.#listeners.delete(channel);
    await this.#call('unlisten', { channel });
  }

  async dumpDataDir(compression: DumpCompression = 'auto'): Promise<Blob> {
    return (await this.#call('dump', { compression, consistent: false })).blob;
  }

  /** The database's WebAssembly memory in bytes (pglite-open.ts `embeddedMemoryBytes`), measured in the worker. */
  async memoryBytes(): Promise<number> {
    return (await this.#call('memory', {})).bytes;
  }

  /** The data directory taken under PGlite's transaction lock: every committed transaction and no part of another. */
  dumpDataDirBetweenTransactions(compression: DumpCompression): Promise<{ blob: Blob; at: Date }> {
    return this.#call('dump', { compression, consistent: true });
  }

  /** Waits for the statements and transaction under way (PGlite's close does), closes the database, ends the thread. */
  close(): Promise<void> {
    this.#closing ??= (async () => {
      if (this.#state === 'lost' || this.#state === 'closed') return;
      this.#state = 'closing';
      try {
        await this.#call('close', {});
      } finally {
        this.#state = 'closed';
        await this.#worker.terminate();
      }
    })();
    return this.#closing;
  }

  async #query<T>(tx: number | null, sql: string, params: unknown[], options: QueryOptions | undefined): Promise<Results<T>> {
    const result = await this.#call('query', { tx, sql, params: params.map(wireParam), options: wireOptions(options) }, options);
    return applyParsers(result, options) as Results<T>;
  }

  async #exec(tx: number | null, sql: string, options: QueryOptions | undefined): Promise<Results[]> {
    const results = await this.#call('exec', { tx, sql, options: wireOptions(options) }, options);
    return results.map((r) => applyParsers(r, options));
  }

  #call<O extends Op>(op: O, args: Calls[O]['args'], options?: QueryOptions): Promise<Calls[O]['result']> {
    if (this.#state === 'closed' && op !== 'close') return Promise.reject(new Error('PGlite is closed'));
    if (this.#state === 'lost') return Promise.reject(failure("The embedded database is not running: its worker thread stopped. Restart the server.", GONE));
    const id = this.#nextId++;
    return new Promise((resolve, reject) => {
      this.#pending.set(id, {
        resolve: resolve as (value: unknown) => void,
        reject: (err) => {
          // PGlite's errors carry the options of the query that failed: the caller's own, parsers and all.
          if (options && 'queryOptions' in err) (err as { queryOptions?: unknown }).queryOptions = options;
          reject(err);
        },
      });
      try {
        this.#worker.postMessage({ id, op, ...args });
      } catch (err) {
        // A value that cannot cross to the thread (a function, a symbol): the statement was never sent.
        this.#pending.delete(id);
        reject(err instanceof Error ? err : new Error(String(err)));
        return;
      }
      this.#refWhileBusy();
    });
  }

  #receive(message: FromWorker) {
    if ('event' in message) {
      if (message.event === 'notification') {
        for (const listener of this.#listeners.get(message.channel) ?? []) queueMicrotask(() => listener(message.payload));
      } else if (message.event === 'ready') {
        this.#state = 'open';
        this.#refWhileBusy();
        this.#started?.();
      } else {
        this.#state = 'closed';
        this.#started?.(errorFromWire(message.error));
        void this.#worker.terminate();
      }
      return;
    }
    const pending = this.#pending.get(message.id);
    if (!pending) return;
    this.#pending.delete(message.id);
    this.#refWhileBusy();
    if (message.ok) pending.resolve(message.value);
    else pending.reject(errorFromWire(message.error));
  }

  /** The thread keeps the process alive only while a call waits on it, as PGlite in one thread does. */
  #refWhileBusy() {
    if (this.#pending.size > 0 || this.#state === 'starting') this.#worker.ref();
    else this.#worker.unref();
  }

  #lose(cause: Error) {
    if (this.#state === 'starting') {
      this.#state = 'lost';
      this.#started?.(new Error(`The embedded database's worker thread stopped while opening the database (${cause.message}).`, { cause }));
      return;
    }
    const expected = this.#state === 'closed' || this.#state === 'lost';
    if (this.#state !== 'closed') this.#state = 'lost';
    const err = failure(
      "The embedded database stopped while this statement was on its way, so it may or may not have been applied. Restart the server.",
      LOST,
      cause,
    );
    for (const pending of this.#pending.values()) pending.reject(err);
    this.#pending.clear();
    if (!expected) this.#onLost?.(failure(`The embedded database's worker thread stopped unexpectedly (${cause.message}).`, LOST, cause));
  }
}
