import { describe, expect, it } from 'vitest';
import { sqlState } from '../../db/client';
import { databaseFailure, markNothingWritten, QUERY_TIMEOUT } from '../../db/database-failure';
import { keepingSeedSecret } from './opening.repository';

const seed = 'c0ffee'.repeat(10) + 'beef';

/** What Drizzle throws: its message names the statement's parameters; the driver's error (its cause) shows the row. */
function failedQuery(code: string): Error {
  const driver = Object.assign(new Error('new row for relation "opening_rounds" violates check constraint'), { code, detail: `Failing row contains (…, ${seed}, …).` });
  return Object.assign(new Error(`Failed query: insert into "opening_rounds" … params: …,${seed},…`), { cause: driver });
}

describe('a failed statement that carries the seed', () => {
  it('throws an error without the seed anywhere in it, keeping the SQLSTATE callers decide on', async () => {
    const err = await keepingSeedSecret('Saving the opening round', () => Promise.reject(failedQuery('23514'))).catch((e: unknown) => e);
    expect(JSON.stringify(err, Object.getOwnPropertyNames(err))).not.toContain(seed);
    expect(String((err as Error).message)).toBe('Saving the opening round failed (23514); its values are left out of this error: the seed is secret until the draw');
    expect(sqlState(err)).toBe('23514');
    expect((err as { cause?: unknown }).cause).toBeUndefined();
  });

  it('keeps a lost connection a database failure, and whether it wrote nothing', async () => {
    const sent = failedQuery(QUERY_TIMEOUT);
    const unknown = await keepingSeedSecret('Recording the draw', () => Promise.reject(sent)).catch((e: unknown) => e);
    expect(databaseFailure(unknown)).toEqual({ outcome: 'unknown' });
    const never = failedQuery(QUERY_TIMEOUT);
    markNothingWritten(never);
    expect(databaseFailure(await keepingSeedSecret('Recording the draw', () => Promise.reject(never)).catch((e: unknown) => e))).toEqual({ outcome: 'none' });
    expect(await keepingSeedSecret('x', () => Promise.resolve(7))).toBe(7);
  });
});
