import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Clinic } from '../../../shared/clinics/clinics.schemas';
import { api } from '../api-client';
import { clinicsQueryKey } from '../query-keys';

/** Clinics that have not ended, soonest first (admins also get unpublished ones): /clinics and the public calendar. */
export async function getClinics(): Promise<Clinic[]> {
  return (await api<{ clinics: Clinic[] }>('/api/clinics')).clinics;
}

export const clinicsQueryOptions = () => queryOptions({ queryKey: [...clinicsQueryKey, 'list'], queryFn: getClinics });

export const useClinics = () => useQuery(clinicsQueryOptions());
