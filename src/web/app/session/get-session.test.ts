import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Profile } from '../../../shared/users/users.schemas';
import { fetchProfile } from './get-session';
import { clearCachedSession, writeCachedSession } from './profile-cache';

const profile: Profile = { id: 'u1', email: 'coach@example.org', displayName: 'Coach', role: 'coach', teamId: 't1', teamName: 'Blue Jays', photoURL: null, locale: null };
const answer = (status: number, body: unknown) => vi.spyOn(globalThis, 'fetch').mockResolvedValue(new Response(JSON.stringify(body), { status }));
const outage = { error: { code: 'UNAVAILABLE', message: "The league's database is not answering right now.", details: { reason: 'database', outcome: 'none' } } };

afterEach(() => {
  vi.restoreAllMocks();
  clearCachedSession();
});

describe('fetchProfile', () => {
  it('a 503 (the database is down) keeps the person who was signed in, from the cache', async () => {
    writeCachedSession({ profile, isAdmin: false });
    answer(503, outage);
    await expect(fetchProfile()).resolves.toEqual(profile);
  });

  it('a 503 with nobody cached is an error (the session load then says nobody is signed in)', async () => {
    answer(503, outage);
    await expect(fetchProfile()).rejects.toMatchObject({ status: 503 });
  });

  it('a 401 is nobody, whatever the cache holds', async () => {
    writeCachedSession({ profile, isAdmin: false });
    answer(401, { error: { code: 'UNAUTHENTICATED', message: 'You are not signed in.' } });
    await expect(fetchProfile()).resolves.toBeNull();
  });
});
