import type { PGlite, QueryOptions, Transaction } from '@electric-sql/pglite';
import { parentPort, workerData } from 'node:worker_threads';
import { createPgliteClient, embeddedMemoryBytes, type PgliteOptions } from './pglite-open';
import { errorToWire, type Calls, type FromWorker, type Op, type Request, type WireQueryOptions } from './pglite-worker-protocol';

/**
 * The PGlite worker thread: the database and its WebAssembly run here, so a slow statement holds this thread and
 * never the server's event loop. It answers the calls of pglite-worker.ts one message each; PGlite's own locks
 * keep one statement or one transaction at a time, exactly as in one thread.
 */

const port = parentPort!;
const send = (message: FromWorker) => port.postMessage(message);

/** Thrown inside a transaction whose caller's callback failed: PGlite rolls back, and nothing else is reported. */
const ROLLED_BACK = new Error('rolled back: the caller\'s callback failed');

interface OpenTransaction {
  tx: Transaction;
  finish(commit: boolean): void;
  done: Promise<void>;
}

const keepText = (value: string) => value;
const parserSets = new Map<string, Record<number, (value: string) => string>>();

/** Types the caller parses itself come back as text; the parsers object is built once per set of types. */
function pgliteOptions(options: WireQueryOptions): QueryOptions {
  const result: QueryOptions = {};
  if (options.rowMode) result.rowMode = options.rowMode;
  if (options.paramTypes) result.paramTypes = options.paramTypes;
  if (options.rawTypes?.length) {
    const key = options.rawTypes.join(',');
    let parsers = parserSets.get(key);
    if (!parsers) parserSets.set(key, (parsers = Object.fromEntries(options.rawTypes.map((oid) => [oid, keepText]))));
    result.parsers = parsers;
  }
  return result;
}

function serve(pg: PGlite) {
  const transactions = new Map<number, OpenTransaction>();
  const unlisteners = new Map<string, () => Promise<void>>();
  const inTransaction = (tx: number) => {
    const open = transactions.get(tx);
    if (!open) throw new Error('Transaction is closed');
    return open.tx;
  };
  const target = (tx: number | null) => (tx === null ? pg : inTransaction(tx));

  const handlers: { [O in Op]: (args: Request<O>) => Promise<Calls[O]['result']> } = {
    query: ({ tx, sql, params, options }) => target(tx).query(sql, params, pgliteOptions(options)),
    exec: ({ tx, sql, options }) => target(tx).exec(sql, pgliteOptions(options)),
    begin: ({ tx }) =>
      new Promise((resolve, reject) => {
        let begun = false;
        let finish!: (commit: boolean) => void;
        const decided = new Promise<boolean>((r) => (finish = r));
        const done = pg.transaction(async (transaction) => {
          transactions.set(tx, { tx: transaction, finish, done });
          begun = true;
          resolve(null);
          if (!(await decided)) throw ROLLED_BACK;
        });
        // Before the callback ran (BEGIN failed) the caller hears it now; after, it hears it at `end`.
        done.catch((err: unknown) => {
          if (!begun) reject(err instanceof Error ? err : new Error(String(err)));
        });
      }),
    rollback: async ({ tx }) => {
      await inTransaction(tx).rollback();
      return null;
    },
    end: async ({ tx, commit }) => {
      const open = transactions.get(tx);
      if (!open) throw new Error('Transaction is closed');
      transactions.delete(tx);
      open.finish(commit);
      try {
        await open.done;
      } catch (err) {
        if (err !== ROLLED_BACK) throw err;
      }
      return null;
    },
    listen: async ({ channel }) => {
      if (!unlisteners.has(channel)) unlisteners.set(channel, await pg.listen(channel, (payload) => send({ event: 'notification', channel, payload })));
      return null;
    },
    unlisten: async ({ channel }) => {
      const unlisten = unlisteners.get(channel);
      unlisteners.delete(channel);
      await unlisten?.();
      return null;
    },
    dump: async ({ compression, consistent }) => {
      const take = async () => ({ blob: await pg.dumpDataDir(compression), at: new Date() });
      const { blob, at } = consistent ? await pg._runExclusiveTransaction(take) : await take();
      // A File does not cross threads on every Node version; its bytes as a Blob do.
      return { blob: new Blob([await blob.arrayBuffer()]), at };
    },
    memory: async () => ({ bytes: embeddedMemoryBytes(pg) }),
    close: async () => {
      await pg.close();
      return null;
    },
  };

  port.on('message', (request: Request) => {
    const handle = handlers[request.op] as (args: Request) => Promise<unknown>;
    handle(request).then(
      (value) => {
        try {
          send({ id: request.id, ok: true, value });
        } catch (err) {
          send({ id: request.id, ok: false, error: errorToWire(err) });
        }
      },
      (err: unknown) => {
        const error = errorToWire(err);
        try {
          send({ id: request.id, ok: false, error });
        } catch {
          // A field that cannot cross (a parameter of an unusual class): the message and the code still do.
          send({ id: request.id, ok: false, error: { ...error, props: typeof error.props.code === 'string' ? { code: error.props.code } : {} } });
        }
      },
    );
  });
}

createPgliteClient(workerData as PgliteOptions).then(
  (pg) => {
    serve(pg);
    send({ event: 'ready' });
  },
  (err: unknown) => send({ event: 'failed', error: errorToWire(err) }),
);
