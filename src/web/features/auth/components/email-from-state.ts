/**
 * The address a link carried in its router state ("Forgot password?" on the login page passes what was typed),
 * kept out of the URL so it does not end up in server logs or browser history.
 */
export function emailFromState(state: unknown): string {
  const email = (state as { email?: unknown } | null)?.email;
  return typeof email === 'string' ? email : '';
}
