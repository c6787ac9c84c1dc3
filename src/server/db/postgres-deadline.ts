import type { Sql } from 'postgres';
import { markNothingWritten, QUERY_TIMEOUT } from './database-failure';

/**
 * A time limit on every statement and transaction the app sends through postgres-js, which has a connect timeout
 * but none for an answer: a database that stops answering (a frozen host, a network that drops packets, a
 * failover in progress) would otherwise hold a request for as long as TCP takes to notice, minutes. With it, the
 * request is answered (503 in words) within the limit whatever the database does.
 *
 * - A statement waiting for a connection is taken out of the queue: it never runs (nothing written).
 * - A statement sent is cancelled on the server (a CancelRequest, when the server can still hear one).
 * - A transaction gets the limit to start (a connection and BEGIN) and to commit; each statement in it gets its
 *   own. Every error raised before its COMMIT was sent is marked as having written nothing: the transaction is
 *   rolled back. A COMMIT without an answer may have happened (outcome unknown).
 *
 * It reaches into two fields of postgres-js's Query (`state`, set once the statement is handed to a connection,
 * and `canceller`); the version is pinned and the outage tests (db-outage.resilience.test.ts) prove the behaviour.
 */

interface DriverQuery {
  state: unknown;
  canceller: ((q: DriverQuery) => Promise<void>) | null;
  resolve: (value: unknown) => void;
  reject: (err: unknown) => void;
}

type Unsafe = Sql['unsafe'];
type Begin = (optionsOrFn: unknown, fn?: unknown) => Promise<unknown>;

function timeoutError(ms: number): Error {
  return Object.assign(new Error(`The database did not answer within ${ms} ms.`), { code: QUERY_TIMEOUT });
}

/** Rejects the query after `ms` unless it settled, and takes it off the connection (or out of the queue). */
function limit<Q>(q: Q, ms: number): Q {
  const query = q as unknown as DriverQuery;
  const { resolve, reject } = query;
  const timer = setTimeout(() => {
    const err = timeoutError(ms);
    if (query.state == null) markNothingWritten(err);
    reject(err);
    const cancel = query.canceller;
    query.canceller = null;
    // The promise is already rejected with our error; the driver's own rejection that follows is ignored.
    cancel?.(query).catch(() => undefined);
  }, ms);
  query.resolve = (value) => {
    clearTimeout(timer);
    resolve(value);
  };
  query.reject = (err) => {
    clearTimeout(timer);
    reject(err);
  };
  return q;
}

/** The transaction's own `sql` (and its savepoints') with the limit on each statement. */
function wrapScope(sql: Sql, ms: number): Sql {
  return new Proxy(sql, {
    get(target, prop, receiver) {
      if (prop === 'unsafe') return ((...args: Parameters<Unsafe>) => limit(target.unsafe(...args), ms)) as Unsafe;
      if (prop === 'savepoint') {
        const savepoint = Reflect.get(target, prop, receiver) as (...a: unknown[]) => Promise<unknown>;
        return (...args: unknown[]) => {
          const fn = args.pop() as (inner: Sql) => unknown;
          return savepoint.call(target, ...args, (inner: Sql) => fn(wrapScope(inner, ms)));
        };
      }
      return Reflect.get(target, prop, receiver) as unknown;
    },
  });
}

/** `sql.begin` with a limit on starting and on committing, and errors before COMMIT marked as writing nothing. */
function limitedBegin(begin: Begin, ms: number): Begin {
  return (optionsOrFn, maybeFn) => {
    const fn = (typeof optionsOrFn === 'function' ? optionsOrFn : maybeFn) as (sql: Sql) => unknown;
    const options = typeof optionsOrFn === 'function' ? undefined : optionsOrFn;
    return new Promise((resolve, reject) => {
      let phase: 'starting' | 'body' | 'committing' | 'settled' = 'starting';
      const onTimeout = () => {
        if (phase === 'settled') return;
        const err = timeoutError(ms);
        // No connection or no BEGIN yet: when the body gets to run, it refuses, and the transaction rolls back.
        if (phase === 'starting') markNothingWritten(err);
        phase = 'settled';
        reject(err);
      };
      let timer = setTimeout(onTimeout, ms);
      const body = async (sql: Sql) => {
        clearTimeout(timer);
        if (phase === 'settled') throw timeoutError(ms);
        phase = 'body';
        const value = await fn(wrapScope(sql, ms));
        phase = 'committing';
        timer = setTimeout(onTimeout, ms);
        return value;
      };
      const run = options === undefined ? begin(body) : begin(options, body);
      run.then(
        (value) => {
          clearTimeout(timer);
          if (phase === 'settled') return;
          phase = 'settled';
          resolve(value);
        },
        (err: unknown) => {
          clearTimeout(timer);
          if (phase === 'settled') return;
          if (phase === 'starting' || phase === 'body') markNothingWritten(err);
          phase = 'settled';
          // eslint-disable-next-line @typescript-eslint/prefer-promise-reject-errors -- the driver's own error, passed on as it is
          reject(err);
        },
      );
    });
  };
}

/** The client the ORM uses, with the limit; `ms` 0 leaves it as it is. */
export function withDeadline(sql: Sql, ms: number): Sql {
  if (!ms) return sql;
  return new Proxy(sql, {
    get(target, prop, receiver) {
      if (prop === 'unsafe') return ((...args: Parameters<Unsafe>) => limit(target.unsafe(...args), ms)) as Unsafe;
      if (prop === 'begin') return limitedBegin((Reflect.get(target, prop, receiver) as Begin).bind(target), ms);
      return Reflect.get(target, prop, receiver) as unknown;
    },
  });
}
