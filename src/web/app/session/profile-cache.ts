import type { AdminDecision, Claims } from '../../../shared/users/admin-rule';
import { decideAdmin } from '../../../shared/users/admin-rule';
import { ROLES } from '../../../shared/constants';
import type { Profile } from '../../../shared/users/users.schemas';
import { forgetSavedCopies } from '../../lib/saved-copy';
import { isLocale, type Locale } from '../../../shared/i18n/locales';

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

/**
 * Whether a cached value is a profile (shared/users/users.schemas.ts `profileSchema`). Checked by hand: the shell
 * reads the cache on every first screen, and the zod schema would bring zod with it (profile-cache.test.ts holds
 * the two to the same answers).
 */
export function isProfile(value: unknown): value is Profile {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  const text = (key: string) => typeof v[key] === 'string';
  const textOrNull = (key: string) => v[key] === null || typeof v[key] === 'string';
  return (
    text('id') && text('email') && text('displayName') && (ROLES as readonly unknown[]).includes(v.role) && textOrNull('teamId') && textOrNull('teamName') && textOrNull('photoURL')
  );
}

export function readCachedSession(storage: CacheStorage | null = defaultStorage()): Session | null {
  if (!storage) return null;
  try {
    const raw = storage.getItem(PROFILE_CACHE_KEY);
    if (!raw) return null;
    const cached: unknown = JSON.parse(raw);
    if (!isProfile(cached)) return null;
    const { id, email, displayName, role, teamId, teamName, photoURL } = cached;
    const locale = isLocale((cached as { locale?: unknown }).locale) ? (cached as { locale: Locale }).locale : null;
    return { profile: { id, email, displayName, role, teamId, teamName, photoURL, locale }, isAdmin: storage.getItem(ADMIN_CACHE_KEY) === 'true', decision: null };
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
  /** Which claim marks an admin (the server sends OIDC_ADMIN_CLAIM with the claims), read once they are in; 'admin' when not said. */
  adminClaim?: () => string | undefined;
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
  // The offline worker's saved copies are one person's schedule (decision 037): nobody signed in, or someone other
  // than the person this browser last knew (or nobody known: storage cleared or blocked), and they go.
  const before = readCachedSession(storage)?.profile.id ?? null;
  if (!profile) {
    clearCachedSession(storage);
    await forgetSavedCopies();
    return null;
  }
  if (before !== profile.id) await forgetSavedCopies();
  const decision = await decideAdmin(loaders.fetchClaims, profile.role, loaders.adminClaim);
  const session: Session = { profile, isAdmin: decision.isAdmin, decision };
  writeCachedSession(session, storage);
  return session;
}

/** Spec §4: on sign-out the profile and admin status are cleared, and so are the offline worker's saved copies. */
export async function endSession(signOut: () => Promise<unknown>, storage: CacheStorage | null = defaultStorage()): Promise<void> {
  await signOut();
  clearCachedSession(storage);
  await forgetSavedCopies();
}
