import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Clinic } from '../../../../shared/clinics/clinics.schemas';
import { api } from '../../../lib/api-client';

/** Every clinics query (the list, the caller's registrations, rosters) sits under this key. */
export const clinicsQueryKey = ['clinics'] as const;

/** Clinics that have not ended, soonest first (admins also get unpublished ones). */
export async function getClinics(): Promise<Clinic[]> {
  return (await api<{ clinics: Clinic[] }>('/api/clinics')).clinics;
}

export const clinicsQueryOptions = () => queryOptions({ queryKey: [...clinicsQueryKey, 'list'], queryFn: getClinics });

export const useClinics = () => useQuery(clinicsQueryOptions());
