import { beforeEach, describe, expect, it, vi } from 'vitest';
import { profileSchema, type Profile } from '../../../shared/users/users.schemas';
import {
  ADMIN_CACHE_KEY,
  PROFILE_CACHE_KEY,
  clearCachedSession,
  endSession,
  isProfile,
  loadSession,
  readCachedSession,
  writeCachedSession,
} from './profile-cache';

const coach: Profile = {
  id: 'u1',
  email: 'coach@example.org',
  displayName: 'Casey Coach',
  role: 'coach',
  teamId: 't1',
  teamName: 'Blue Jays',
  photoURL: null,
  locale: null,
};

const admin: Profile = { ...coach, id: 'u2', email: 'admin@example.org', role: 'admin', teamId: null, teamName: null };

describe('profile cache', () => {
  beforeEach(() => localStorage.clear());

  it('stores the profile and the admin flag under the cgsl keys after a successful load', async () => {
    const session = await loadSession({ fetchProfile: () => Promise.resolve(coach), fetchClaims: () => Promise.resolve(({})) });

    expect(session).toMatchObject({ profile: coach, isAdmin: false });
    expect(JSON.parse(localStorage.getItem(PROFILE_CACHE_KEY) ?? 'null')).toEqual(coach);
    expect(localStorage.getItem(ADMIN_CACHE_KEY)).toBe('false');
    expect(readCachedSession()).toEqual({ profile: coach, isAdmin: false, decision: null });
  });

  it('stores "true" for an admin by profile role, and for an admin claim', async () => {
    await loadSession({ fetchProfile: () => Promise.resolve(admin), fetchClaims: () => Promise.resolve(({})) });
    expect(localStorage.getItem(ADMIN_CACHE_KEY)).toBe('true');

    const byClaim = await loadSession({ fetchProfile: () => Promise.resolve(coach), fetchClaims: () => Promise.resolve(({ admin: true })) });
    expect(byClaim?.decision?.reason).toBe('claim');
    expect(localStorage.getItem(ADMIN_CACHE_KEY)).toBe('true');
  });

  it('ignores a failing claim check: the profile role decides, and the profile is still cached', async () => {
    const session = await loadSession({
      fetchProfile: () => Promise.resolve(admin),
      fetchClaims: () => Promise.reject(new Error('claims down')),
    });
    expect(session).toMatchObject({ isAdmin: true, decision: { reason: 'role', claimCheckFailed: true } });
    expect(localStorage.getItem(ADMIN_CACHE_KEY)).toBe('true');
    expect(localStorage.getItem(PROFILE_CACHE_KEY)).not.toBeNull();
  });

  it('clears both keys on sign-out', async () => {
    writeCachedSession({ profile: admin, isAdmin: true });
    const signOut = vi.fn(() => Promise.resolve(({ success: true })));

    await endSession(signOut);

    expect(signOut).toHaveBeenCalledOnce();
    expect(localStorage.getItem(PROFILE_CACHE_KEY)).toBeNull();
    expect(localStorage.getItem(ADMIN_CACHE_KEY)).toBeNull();
    expect(readCachedSession()).toBeNull();
  });

  it('keeps the cache when the sign-out call itself fails (the person is still signed in)', async () => {
    writeCachedSession({ profile: coach, isAdmin: false });
    await expect(endSession(() => Promise.reject(new Error('offline')))).rejects.toThrow('offline');
    expect(readCachedSession()?.profile).toEqual(coach);
  });

  it('clears both keys, silently, when the profile load fails', async () => {
    writeCachedSession({ profile: admin, isAdmin: true });

    const session = await loadSession({
      fetchProfile: () => Promise.reject(new Error('500 from /api/me')),
      fetchClaims: () => Promise.resolve(({})),
    });

    expect(session).toBeNull();
    expect(localStorage.getItem(PROFILE_CACHE_KEY)).toBeNull();
    expect(localStorage.getItem(ADMIN_CACHE_KEY)).toBeNull();
  });

  it('clears both keys when nobody is signed in (the profile loader gives null for a 401)', async () => {
    writeCachedSession({ profile: coach, isAdmin: false });
    const session = await loadSession({ fetchProfile: () => Promise.resolve(null), fetchClaims: () => Promise.resolve(({})) });
    expect(session).toBeNull();
    expect(readCachedSession()).toBeNull();
  });

  it('reads nothing from a corrupt or foreign cache entry', () => {
    localStorage.setItem(PROFILE_CACHE_KEY, '{not json');
    expect(readCachedSession()).toBeNull();
    localStorage.setItem(PROFILE_CACHE_KEY, JSON.stringify({ id: 1 }));
    expect(readCachedSession()).toBeNull();
  });

  it('survives storage that throws (private mode, quota)', async () => {
    const broken = {
      getItem: () => {
        throw new Error('denied');
      },
      setItem: () => {
        throw new Error('quota');
      },
      removeItem: () => {
        throw new Error('denied');
      },
    };
    expect(readCachedSession(broken)).toBeNull();
    expect(() => writeCachedSession({ profile: coach, isAdmin: false }, broken)).not.toThrow();
    expect(() => clearCachedSession(broken)).not.toThrow();
    await expect(loadSession({ fetchProfile: () => Promise.resolve(coach), fetchClaims: () => Promise.resolve(({})) }, broken)).resolves.toMatchObject({
      profile: coach,
    });
  });
});

describe('isProfile', () => {
  it('gives the same answer as the shared zod schema, and the cache keeps only the profile’s own keys', () => {
    const samples: unknown[] = [
      coach,
      admin,
      { ...coach, photoURL: 'https://example.org/me.png' },
      { ...coach, extra: 'kept out' },
      { ...coach, role: 'owner' },
      { ...coach, teamId: undefined },
      { ...coach, teamName: 3 },
      { ...coach, email: null },
      { id: 'u1' },
      null,
      'coach',
      [],
    ];
    for (const sample of samples) expect(isProfile(sample), JSON.stringify(sample)).toBe(profileSchema.safeParse(sample).success);
    const storage = new Map<string, string>();
    const fake = { getItem: (k: string) => storage.get(k) ?? null, setItem: (k: string, v: string) => void storage.set(k, v), removeItem: (k: string) => void storage.delete(k) };
    fake.setItem(PROFILE_CACHE_KEY, JSON.stringify({ ...coach, extra: 'kept out' }));
    expect(readCachedSession(fake)?.profile).toEqual(coach);
  });
});
