import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminTeamsResponse } from '../../../../shared/teams/teams.schemas';
import { api } from '../../../lib/api-client';
import { adminTeamsQueryKey } from '../user-manager-keys';

export const getAdminTeams = () => api<AdminTeamsResponse>('/api/admin/teams');

/** Every team, inactive ones too, with coaches and this season's booking counts. */
export const adminTeamsQueryOptions = () => queryOptions({ queryKey: adminTeamsQueryKey, queryFn: getAdminTeams });

export const useAdminTeams = () => useQuery(adminTeamsQueryOptions());
