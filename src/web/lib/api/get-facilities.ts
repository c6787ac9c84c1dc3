import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Facility } from '../../../shared/facilities/facilities.schemas';
import { api } from '../api-client';
import { facilitiesQueryKey } from '../query-keys';

export async function getFacilities(includeInactive: boolean): Promise<Facility[]> {
  const { facilities } = await api<{ facilities: Facility[] }>(`/api/facilities${includeInactive ? '?includeInactive=true' : ''}`);
  return facilities;
}

/** Active facilities and fields for everyone; admins may ask for the inactive ones too. */
export const facilitiesQueryOptions = ({ includeInactive = false }: { includeInactive?: boolean } = {}) =>
  queryOptions({
    queryKey: [...facilitiesQueryKey, { includeInactive }] as const,
    queryFn: () => getFacilities(includeInactive),
    staleTime: 60_000,
  });

export const useFacilities = (options: { includeInactive?: boolean } = {}) => useQuery(facilitiesQueryOptions(options));
