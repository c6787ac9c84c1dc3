import { describe, expect, it } from 'vitest';
import { databaseFailure, markNothingWritten, QUERY_TIMEOUT } from './database-failure';

const err = (code: string, cause?: unknown) => Object.assign(new Error(code), { code, ...(cause ? { cause } : {}) });
/** Drizzle's wrapping of a driver error: the driver's is the cause. */
const wrapped = (inner: unknown) => Object.assign(new Error('Failed query: insert …'), { cause: inner });

describe('databaseFailure', () => {
  it.each(['ECONNREFUSED', 'ENOTFOUND', 'CONNECT_TIMEOUT', '57P03', '53300', '08001', '08004', 'CONNECTION_ENDED'])(
    '%s: never reached the database, so nothing was written',
    (code) => {
      expect(databaseFailure(err(code))).toEqual({ outcome: 'none' });
      expect(databaseFailure(wrapped(err(code)))).toEqual({ outcome: 'none' });
    },
  );

  it.each(['ECONNRESET', 'EPIPE', 'CONNECTION_CLOSED', 'CONNECTION_DESTROYED', '57P01', '57P02', '08006', '08003', '08P01', QUERY_TIMEOUT])(
    '%s: the connection died with the statement on its way, so the outcome is unknown unless marked',
    (code) => {
      expect(databaseFailure(wrapped(err(code)))).toEqual({ outcome: 'unknown' });
      const inner = err(code);
      markNothingWritten(inner);
      expect(databaseFailure(wrapped(inner))).toEqual({ outcome: 'none' });
      const outer = wrapped(err(code));
      markNothingWritten(outer);
      expect(databaseFailure(outer)).toEqual({ outcome: 'none' });
    },
  );

  it.each(['23505', '23P01', '55P03', '40001', '22021', 'ERR_SOMETHING', undefined])('%s and errors without a code are not outages', (code) => {
    expect(databaseFailure(code ? wrapped(err(code)) : new Error('plain'))).toBeNull();
    expect(databaseFailure(null)).toBeNull();
    expect(databaseFailure('text')).toBeNull();
  });

  it('a cycle of causes ends', () => {
    const a: { code: string; cause?: unknown } = { code: 'X' };
    a.cause = a;
    expect(databaseFailure(a)).toBeNull();
  });
});
