import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminDivision } from '../../../../shared/divisions/divisions.schemas';
import { api } from '../../../lib/api-client';
import { adminDivisionsQueryKey } from '../user-manager-keys';

export async function getAdminDivisions(): Promise<AdminDivision[]> {
  const { divisions } = await api<{ divisions: AdminDivision[] }>('/api/admin/divisions');
  return divisions;
}

/** The league's divisions in its order, each with how many teams are in it and the fields limited to it. */
export const adminDivisionsQueryOptions = () => queryOptions({ queryKey: adminDivisionsQueryKey, queryFn: getAdminDivisions });

export const useAdminDivisions = () => useQuery(adminDivisionsQueryOptions());
