import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Profile } from '../../../shared/users/users.schemas';
import { API_CACHE } from '../../lib/offline-cache';
import { endSession, loadSession, writeCachedSession } from './profile-cache';

/** The offline worker's saved copies are one person's schedule (decision 037): they never outlive that person's session here. */

const coach = { id: 'u1', email: 'coach@example.org', displayName: 'Casey Coach', role: 'coach', teamId: 't1', teamName: 'Blue Jays', photoURL: null } as Profile;
const other = { ...coach, id: 'u2', email: 'other@example.org', teamId: 't2', teamName: 'Orioles' } as Profile;
const loaders = (profile: Profile | null) => ({ fetchProfile: () => Promise.resolve(profile), fetchClaims: () => Promise.resolve({}) });

let deleted: ReturnType<typeof vi.fn>;
beforeEach(() => {
  localStorage.clear();
  deleted = vi.fn(() => Promise.resolve(true));
  vi.stubGlobal('caches', { delete: deleted });
});
afterEach(() => vi.unstubAllGlobals());

describe('saved copies, per person', () => {
  it('sign-out deletes the saved copies, once the server has signed the person out', async () => {
    writeCachedSession({ profile: coach, isAdmin: false });
    await endSession(() => Promise.resolve({ success: true }));
    expect(deleted).toHaveBeenCalledWith(API_CACHE);
  });

  it('a sign-out that fails keeps them (the person is still signed in)', async () => {
    writeCachedSession({ profile: coach, isAdmin: false });
    await expect(endSession(() => Promise.reject(new Error('offline')))).rejects.toThrow('offline');
    expect(deleted).not.toHaveBeenCalled();
  });

  it('someone else signing in on this browser deletes them; the same person coming back keeps them', async () => {
    writeCachedSession({ profile: coach, isAdmin: false });
    await loadSession(loaders(coach));
    expect(deleted).not.toHaveBeenCalled();
    await loadSession(loaders(other));
    expect(deleted).toHaveBeenCalledWith(API_CACHE);
  });

  it('nobody signed in (the session ended elsewhere) deletes them', async () => {
    writeCachedSession({ profile: coach, isAdmin: false });
    await loadSession(loaders(null));
    expect(deleted).toHaveBeenCalledWith(API_CACHE);
  });
});
