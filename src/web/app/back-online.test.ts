import { QueryObserver, type QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Profile } from '../../shared/users/users.schemas';
import { sessionQueryKey } from '../lib/query-keys';
import { clearSavedMarks, noteRead, oldestSavedCopy } from '../lib/saved-copy';
import { createQueryClient } from './query-client';
import { fetchProfile } from './session/get-session';
import { clearCachedSession, writeCachedSession } from './session/profile-cache';

/** Offline and back (decision 037): the person stays signed in, and the pages read again once the network is back. */

let client: QueryClient | null = null;
afterEach(() => {
  client?.clear();
  clearSavedMarks();
  clearCachedSession();
  vi.restoreAllMocks();
});

async function onScreen(queryClient: QueryClient, key: string) {
  const queryFn = vi.fn(() => Promise.resolve(key));
  const observer = new QueryObserver(queryClient, { queryKey: [key], queryFn });
  observer.subscribe(() => undefined);
  await vi.waitFor(() => expect(observer.getCurrentResult().status).toBe('success'));
  return queryFn;
}

describe('back online', () => {
  it('after pages were drawn from saved copies, every query on screen but the session is read again and the banner goes', async () => {
    const queryClient = (client = createQueryClient());
    const bookings = await onScreen(queryClient, 'bookings');
    const session = await onScreen(queryClient, sessionQueryKey[0]);
    noteRead('/api/bookings/mine', 1_000);

    window.dispatchEvent(new Event('online'));
    await Promise.resolve();

    expect(oldestSavedCopy()).toBeNull();
    await vi.waitFor(() => expect(bookings).toHaveBeenCalledTimes(2));
    expect(session).toHaveBeenCalledTimes(1);
  });

  it('with nothing from a saved copy on screen, coming back online leaves the queries to TanStack Query', async () => {
    const queryClient = (client = createQueryClient());
    const bookings = await onScreen(queryClient, 'bookings');
    window.dispatchEvent(new Event('online'));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(bookings).toHaveBeenCalledTimes(1);
  });
});

describe('offline, the person stays signed in', () => {
  it('a profile read that cannot reach the server keeps whoever was signed in on this browser', async () => {
    const coach = { id: 'u1', email: 'coach@example.org', displayName: 'Casey Coach', role: 'coach', teamId: 't1', teamName: 'Blue Jays', photoURL: null } as Profile;
    writeCachedSession({ profile: coach, isAdmin: false });
    vi.spyOn(globalThis, 'fetch').mockRejectedValue(new TypeError('Failed to fetch'));
    await expect(fetchProfile()).resolves.toMatchObject({ id: 'u1' });
    clearCachedSession();
    await expect(fetchProfile()).rejects.toMatchObject({ status: 0 });
  });
});
