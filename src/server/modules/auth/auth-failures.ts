import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * The error behind a 500 that better-auth's handler answered by itself. It turns every error of its own into a
 * response, so a database that stopped answering would reach the person as "something went wrong"; with the
 * error at hand, the route answers it as every other route does (a 503 in words: plugins/error-handler.ts).
 */
const current = new AsyncLocalStorage<{ error?: unknown }>();

/** better-auth's `onAPIError.onError`: keeps the error for the request being handled. */
export function recordAuthFailure(error: unknown): void {
  const slot = current.getStore();
  if (slot) slot.error = error;
}

/** Runs better-auth's handler and returns its response with the error it answered, if any. */
export async function withAuthFailure(handle: () => Promise<Response>): Promise<{ response: Response; error: unknown }> {
  const slot: { error?: unknown } = {};
  const response = await current.run(slot, handle);
  return { response, error: slot.error };
}
