import { sqlState } from './client';

/** Runs `work`; a unique-constraint violation (SQLSTATE 23505) becomes the error `toError` makes. */
export async function onUniqueViolation<T>(work: () => Promise<T>, toError: () => Error): Promise<T> {
  try {
    return await work();
  } catch (err) {
    if (sqlState(err) === '23505') throw toError();
    throw err;
  }
}
