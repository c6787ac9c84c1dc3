import type { AdminDecision, Claims } from '../../../shared/users/admin-rule';
import { decideAdmin } from '../../../shared/users/admin-rule';
import { profileSchema, type Profile } from '../../../shared/users/users.schemas';

/** Spec §3: the profile and an admin flag are cached in the browser's local storage. */
export const PROFILE_CACHE_KEY = 'cgsl.profile';
export const ADMIN_CACHE_KEY = 'cgsl.isAdmin';

export interface Session {
  profile: Profile;
  isAdmin: boolean;
  /** How the admin flag was decided; null while the session comes from the cache only. */
  decision: AdminDecision | null;
}

/** The subset of Storage used here, so tests can pass a fake and private-mode failures stay contained. */
export type CacheStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

function defaultStorage(): CacheStorage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}

export function readCachedSession(storage: CacheStorage | null = defaultStorage()): Session | null {
  if (!storage) return null;
  try {
    const raw = storage.getItem(PROFILE_CACHE_KEY);
    if (!raw) return null;
    const parsed = profileSchema.safeParse(JSON.parse(raw));
    if (!parsed.success) return null;
    return { profile: parsed.data, isAdmin: storage.getItem(ADMIN_CACHE_KEY) === 'true', decision: null };
  } catch {
    return null;
  }
}

export function writeCachedSession(session: Pick<Session, 'profile' | 'isAdmin'>, storage: CacheStorage | null = defaultStorage()): void {
  if (!storage) return;
  try {
    storage.setItem(PROFILE_CACHE_KEY, JSON.stringify(session.profile));
    storage.setItem(ADMIN_CACHE_KEY, session.isAdmin ? 'true' : 'false');
  } catch {
    // Storage full or disabled: the app still works, it just cannot render instantly next time.
  }
}

export function clearCachedSession(storage: CacheStorage | null = defaultStorage()): void {
  if (!storage) return;
  try {
    storage.removeItem(PROFILE_CACHE_KEY);
    storage.removeItem(ADMIN_CACHE_KEY);
  } catch {
    // Nothing more can be done; the next successful load overwrites it.
  }
}

export interface SessionLoaders {
  /** Resolves the profile, or null when nobody is signed in (a 401). */
  fetchProfile: () => Promise<Profile | null>;
  fetchClaims: () => Promise<Claims | null | undefined>;
}

/**
 * Spec §4/§6/§8: on sign-in the profile is fetched and the admin status computed (a failing claim check is
 * ignored). Signed out, or a failed profile load (swallowed silently), both clear the cache and give null.
 */
export async function loadSession(loaders: SessionLoaders, storage: CacheStorage | null = defaultStorage()): Promise<Session | null> {
  let profile: Profile | null;
  try {
    profile = await loaders.fetchProfile();
  } catch {
    profile = null;
  }
  if (!profile) {
    clearCachedSession(storage);
    return null;
  }
  const decision = await decideAdmin(loaders.fetchClaims, profile.role);
  const session: Session = { profile, isAdmin: decision.isAdmin, decision };
  writeCachedSession(session, storage);
  return session;
}

/** Spec §4: on sign-out the profile and admin status are cleared. */
export async function endSession(signOut: () => Promise<unknown>, storage: CacheStorage | null = defaultStorage()): Promise<void> {
  await signOut();
  clearCachedSession(storage);
}
