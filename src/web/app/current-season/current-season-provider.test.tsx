import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Season } from '../../../shared/seasons/seasons.schemas';
import { useCurrentSeason } from './current-season-context';
import { CurrentSeasonProvider } from './current-season-provider';

const spring: Season = { id: 's1', name: 'Spring 2027', startsOn: '2027-03-01', endsOn: '2027-06-30', active: true };
const fall: Season = { id: 's2', name: 'Fall 2027', startsOn: '2027-08-15', endsOn: '2027-11-15', active: false };

function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

function setup(fetchImpl: (url: string) => Promise<Response>) {
  const fetchMock = vi.fn((input: RequestInfo | URL) => fetchImpl(input instanceof Request ? input.url : input.toString()));
  vi.stubGlobal('fetch', fetchMock);
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>
      <CurrentSeasonProvider>{children}</CurrentSeasonProvider>
    </QueryClientProvider>
  );
  return { fetchMock, ...renderHook(() => useCurrentSeason(), { wrapper }) };
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('useCurrentSeason', () => {
  it('starts on the active season', async () => {
    const { result } = setup(() => Promise.resolve(json({ seasons: [spring, fall] })));
    await waitFor(() => expect(result.current.season).toEqual({ id: 's1', name: 'Spring 2027' }));
  });

  it('refetches the seasons before switching, so a season created elsewhere is found', async () => {
    const winter: Season = { id: 's3', name: 'Winter 2028', startsOn: '2028-01-05', endsOn: '2028-02-28', active: false };
    let list = [spring, fall];
    const { result, fetchMock } = setup(() => Promise.resolve(json({ seasons: list })));
    await waitFor(() => expect(result.current.season.id).toBe('s1'));

    list = [spring, fall, winter];
    await act(() => result.current.setSeason('Winter 2028'));

    expect(result.current.season).toEqual({ id: 's3', name: 'Winter 2028' });
    expect(fetchMock.mock.calls.length).toBeGreaterThanOrEqual(2);
  });

  it('keeps the name with a null id when the season is unknown after the refetch', async () => {
    const { result } = setup(() => Promise.resolve(json({ seasons: [spring, fall] })));
    await waitFor(() => expect(result.current.season.id).toBe('s1'));
    await act(() => result.current.setSeason('Summer 2099'));
    expect(result.current.season).toEqual({ id: null, name: 'Summer 2099' });
  });

  it('clears both on an empty value', async () => {
    const { result } = setup(() => Promise.resolve(json({ seasons: [spring, fall] })));
    await waitFor(() => expect(result.current.season.id).toBe('s1'));
    await act(() => result.current.setSeason(''));
    expect(result.current.season).toEqual({ id: null, name: null });
  });

  it('swallows a failed season load: no season, no error thrown', async () => {
    const { result } = setup(() => Promise.resolve(json({ error: { code: 'INTERNAL', message: 'down' } }, 500)));
    await waitFor(() => expect(result.current.isLoading).toBe(false));
    expect(result.current.season).toEqual({ id: null, name: null });
    await act(() => result.current.setSeason('s2'));
    expect(result.current.season).toEqual({ id: null, name: 's2' });
  });
});
