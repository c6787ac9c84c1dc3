import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { adminQueryKey } from '../../../lib/query-keys';

export interface AdminOverview {
  users: number;
  teams: number;
  seasons: number;
  activeSeason: string | null;
  bookingsToday: number;
  openSlotsThisWeek: number;
  pendingRequests: number;
  newContactMessages: number;
  fieldsBlockedToday: number;
}

export const adminOverviewQueryKey = [...adminQueryKey, 'overview'] as const;

export const getAdminOverview = () => api<AdminOverview>('/api/admin/overview');

export const adminOverviewQueryOptions = () =>
  queryOptions({ queryKey: adminOverviewQueryKey, queryFn: getAdminOverview, staleTime: 15_000 });

export const useAdminOverview = () => useQuery(adminOverviewQueryOptions());
