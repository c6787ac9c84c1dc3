import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Registration } from '../../../../shared/clinics/clinics.schemas';
import { api } from '../../../lib/api-client';
import { clinicsQueryKey } from './get-clinics';

export async function getMyRegistrations(): Promise<Registration[]> {
  return (await api<{ registrations: Registration[] }>('/api/clinics/mine')).registrations;
}

export const myRegistrationsQueryOptions = () => queryOptions({ queryKey: [...clinicsQueryKey, 'mine'], queryFn: getMyRegistrations });

/** The signed-in person's registrations; not asked for a visitor. */
export const useMyRegistrations = (signedIn: boolean) => useQuery({ ...myRegistrationsQueryOptions(), enabled: signedIn });
