import { useSessionQuery } from './get-session';
import type { Session } from './profile-cache';

export type AuthState =
  | { status: 'loading'; session: null; isAdmin: false }
  | { status: 'signed-out'; session: null; isAdmin: false }
  | { status: 'signed-in'; session: Session; isAdmin: boolean };

/** Spec §4 authentication states: loading, then signed-in or signed-out. */
export function useSession(): AuthState {
  const { data } = useSessionQuery();
  if (data === undefined) return { status: 'loading', session: null, isAdmin: false };
  if (data === null) return { status: 'signed-out', session: null, isAdmin: false };
  return { status: 'signed-in', session: data, isAdmin: data.isAdmin };
}
