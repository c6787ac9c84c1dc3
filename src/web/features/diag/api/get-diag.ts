import { queryOptions, useQuery } from '@tanstack/react-query';
import type { DiagResponse } from '../../../../shared/diag/diag.schemas';
import { api } from '../../../lib/api-client';

export interface TimedDiag {
  data: DiagResponse;
  /** From this browser to the server and back, as the browser measured it. */
  roundTripMs: number;
}

export async function getDiag(): Promise<TimedDiag> {
  const started = performance.now();
  const data = await api<DiagResponse>('/api/diag');
  return { data, roundTripMs: Math.round(performance.now() - started) };
}

export const diagQueryOptions = () =>
  queryOptions({
    queryKey: ['diag'],
    queryFn: getDiag,
    // Facts of this moment and this person: asked afresh on every visit, never shown from an older one.
    staleTime: 0,
    gcTime: 0,
    retry: false,
    refetchOnWindowFocus: false,
  });

export const useDiag = () => useQuery(diagQueryOptions());
