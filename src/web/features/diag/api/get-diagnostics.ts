import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export interface Health {
  status: 'ok';
  version: string;
}

export interface Readiness {
  status: 'ready';
  database: 'pglite' | 'postgres';
  latencyMs: number;
}

export interface Timed<T> {
  data: T;
  roundTripMs: number;
}

async function timed<T>(path: string): Promise<Timed<T>> {
  const started = performance.now();
  const data = await api<T>(path);
  return { data, roundTripMs: Math.round(performance.now() - started) };
}

export const useHealth = () =>
  useQuery(queryOptions({ queryKey: ['diag', 'health'], queryFn: () => timed<Health>('/api/health'), staleTime: 0, retry: false }));

export const useReadiness = () =>
  useQuery(queryOptions({ queryKey: ['diag', 'ready'], queryFn: () => timed<Readiness>('/api/ready'), staleTime: 0, retry: false }));
