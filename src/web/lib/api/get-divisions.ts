import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Division } from '../../../shared/divisions/divisions.schemas';
import { api } from '../api-client';
import { facilitiesQueryKey } from '../query-keys';

export async function getDivisions(): Promise<Division[]> {
  const { divisions } = await api<{ divisions: Division[] }>('/api/divisions');
  return divisions;
}

/**
 * The league's divisions in its order (issue 29): the fields a division may use, Book a Field's words for a field of
 * other divisions, the field form's choices. Under the facilities key: a change of the divisions (the teams panel)
 * reloads the facilities, and this with them.
 */
export const divisionsQueryOptions = () => queryOptions({ queryKey: [...facilitiesQueryKey, 'divisions'] as const, queryFn: getDivisions, staleTime: 60_000 });

export const useDivisions = ({ enabled = true }: { enabled?: boolean } = {}) => useQuery({ ...divisionsQueryOptions(), enabled });
