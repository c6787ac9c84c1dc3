import { MutationObserver, QueryObserver, type QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../lib/api-client';
import { sessionQueryKey } from '../lib/query-keys';
import { createQueryClient } from './query-client';

const down = (outcome: 'none' | 'unknown') =>
  new ApiError(503, 'UNAVAILABLE', 'The league’s database is not answering right now.', { reason: 'database', outcome });

let client: QueryClient | null = null;
afterEach(() => client?.clear());

/** A query on screen (an observer is subscribed), counting its reads; its first read is done when this resolves. */
async function onScreen(queryClient: QueryClient, key: string) {
  const queryFn = vi.fn(() => Promise.resolve(key));
  const observer = new QueryObserver(queryClient, { queryKey: [key], queryFn });
  observer.subscribe(() => undefined);
  await vi.waitFor(() => expect(observer.getCurrentResult().status).toBe('success'));
  return queryFn;
}

/** Runs a mutation that fails with `error`; resolves once it has settled. */
async function failingPress(queryClient: QueryClient, error: Error) {
  const mutation = new MutationObserver(queryClient, { mutationFn: () => Promise.reject(error) });
  await mutation.mutate().catch(() => undefined);
}

describe('createQueryClient: a write whose outcome is unknown', () => {
  it('reads every query on screen again, whatever its domain, but the session; a query no page shows is only marked stale', async () => {
    const queryClient = (client = createQueryClient());
    const slots = await onScreen(queryClient, 'slots');
    const teams = await onScreen(queryClient, 'teams');
    const session = await onScreen(queryClient, sessionQueryKey[0]);
    const offScreen = vi.fn(() => Promise.resolve('reports'));
    await queryClient.prefetchQuery({ queryKey: ['reports'], queryFn: offScreen });

    await failingPress(queryClient, down('unknown'));

    await vi.waitFor(() => expect([slots.mock.calls.length, teams.mock.calls.length]).toEqual([2, 2]));
    expect(offScreen).toHaveBeenCalledTimes(1);
    // Who is signed in does not change with a write; a session read failing in the outage would sign the person out.
    expect(session).toHaveBeenCalledTimes(1);
    expect(queryClient.getQueryState(sessionQueryKey)?.isInvalidated).toBe(false);
    expect(queryClient.getQueryState(['reports'])?.isInvalidated).toBe(true);
  });

  it('leaves the queries alone when nothing was saved (outcome "none") or the server refused', async () => {
    const queryClient = (client = createQueryClient());
    const slots = await onScreen(queryClient, 'slots');

    await failingPress(queryClient, down('none'));
    await failingPress(queryClient, new ApiError(409, 'CONFLICT', 'Another team booked this slot first.'));
    await failingPress(queryClient, new ApiError(0, 'NETWORK', 'Could not reach the server.'));

    expect(slots).toHaveBeenCalledTimes(1);
    expect(queryClient.getQueryState(['slots'])?.isInvalidated).toBe(false);
  });
});
