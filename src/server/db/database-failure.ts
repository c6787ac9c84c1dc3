import { words } from '../i18n/words';

/**
 * When PostgreSQL does not answer (stopped, restarting, failing over, a connection cut by an administrator, a
 * network that drops packets), every request says so in words with a 503 instead of "something went wrong", and
 * says whether anything may have been saved (decision 029).
 *
 * - `none`: the database never got the write, or rolled it back: the connection was refused or never made, the
 *   statement was a read, was never sent, or failed inside a transaction before its COMMIT was sent.
 * - `unknown`: the connection died while a COMMIT (or a write outside a transaction) was on its way: PostgreSQL
 *   may have committed it. The person is told so, and the page re-reads before offering the press again.
 */
export type DatabaseOutcome = 'none' | 'unknown';

/** The words of each outcome by key in the errors catalogue (the answer is in the request's language, decision 038). */
export const DATABASE_DOWN_WORDS = { key: 'server.databaseDown' } as const;
export const OUTCOME_UNKNOWN_WORDS = { key: 'server.outcomeUnknown' } as const;
/** The first in English. */
export const DATABASE_DOWN_MESSAGE = words('en', 'errors', DATABASE_DOWN_WORDS.key);
/** Seconds a client (or a load balancer) waits before asking again; the database is usually back within this. */
export const DATABASE_RETRY_AFTER_SECONDS = 15;

/** Our own code for a statement that got no answer within the query timeout (postgres-js has none of its own). */
export const QUERY_TIMEOUT = 'CGSL_QUERY_TIMEOUT';

/** Failures before any byte of the statement reached a server: nothing can have been written. */
const NEVER_REACHED = new Set([
  'ECONNREFUSED',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'CONNECT_TIMEOUT',
  // postgres-js: the pool was ended (shutdown) before the statement was sent.
  'CONNECTION_ENDED',
  // cannot_connect_now (starting up, shutting down, recovering), too_many_connections.
  '57P03',
  '53300',
  // sqlclient_unable_to_establish_sqlconnection, sqlserver_rejected_establishment_of_sqlconnection.
  '08001',
  '08004',
]);

/** Failures of an open connection: what was on its way may or may not have been applied. */
const CONNECTION_LOST = new Set([
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'CONNECTION_CLOSED',
  'CONNECTION_DESTROYED',
  QUERY_TIMEOUT,
  // admin_shutdown (pg_terminate_backend, pg_ctl stop -m fast), crash_shutdown (another backend crashed).
  '57P01',
  '57P02',
]);

/** Errors known to have left nothing written (set where the driver knows it: see postgres-deadline.ts). */
const nothingWritten = new WeakSet<object>();

export function markNothingWritten(err: unknown): void {
  if (typeof err === 'object' && err !== null) nothingWritten.add(err);
}

/** The error and its causes, outermost first (Drizzle and better-auth wrap the driver's error). */
function chain(err: unknown): object[] {
  const out: object[] = [];
  let e: unknown = err;
  while (typeof e === 'object' && e !== null && out.length < 8 && !out.includes(e)) {
    out.push(e);
    e = (e as { cause?: unknown }).cause;
  }
  return out;
}

function codeOf(e: object): string | undefined {
  const code = (e as { code?: unknown }).code;
  return typeof code === 'string' ? code : undefined;
}

/**
 * Whether `err` (anywhere in its causes) is the database not answering, and if so what may have been written.
 * Null for every other error: a constraint, a lock, a bad value are answered as they always were.
 */
export function databaseFailure(err: unknown): { outcome: DatabaseOutcome } | null {
  const errors = chain(err);
  let lost = false;
  for (const e of errors) {
    const code = codeOf(e);
    if (code === undefined) continue;
    if (NEVER_REACHED.has(code)) return { outcome: 'none' };
    // The connection class (08xxx): the connection does not exist or failed.
    if (CONNECTION_LOST.has(code) || code.startsWith('08')) lost = true;
  }
  if (!lost) return null;
  return { outcome: errors.some((e) => nothingWritten.has(e)) ? 'none' : 'unknown' };
}
