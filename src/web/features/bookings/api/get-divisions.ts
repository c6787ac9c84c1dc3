import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Division } from '../../../../shared/divisions/divisions.schemas';
import { api } from '../../../lib/api-client';
import { facilitiesQueryKey } from '../../../lib/query-keys';

export async function getDivisions(): Promise<Division[]> {
  const { divisions } = await api<{ divisions: Division[] }>('/api/divisions');
  return divisions;
}

/**
 * The league's divisions in its order (issue 29): Book a Field names the divisions a field is for with them. Under the
 * facilities key, as the facility manager reads them (the same entry): a change of the divisions reloads the fields too.
 */
export const divisionsQueryOptions = () => queryOptions({ queryKey: [...facilitiesQueryKey, 'divisions'] as const, queryFn: getDivisions, staleTime: 60_000 });

export const useDivisions = ({ enabled = true }: { enabled?: boolean } = {}) => useQuery({ ...divisionsQueryOptions(), enabled });
