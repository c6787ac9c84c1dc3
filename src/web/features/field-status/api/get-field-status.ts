import { queryOptions, useQuery } from '@tanstack/react-query';
import type { FieldStatus } from '../../../../shared/rain-outs/rain-outs.schemas';
import { api } from '../../../lib/api-client';
import { fieldStatusQueryKey } from '../../../lib/query-keys';

/** Weather closures in force now or in the next 7 days, for everyone (GET /api/field-status, public). */
export function getFieldStatus(): Promise<FieldStatus> {
  return api<FieldStatus>('/api/field-status');
}

/** One query for the landing page, Book a Field and the calendar; live slot events naming no slots reload it (lib/live). */
export const fieldStatusQueryOptions = () =>
  queryOptions({ queryKey: [...fieldStatusQueryKey, 'now'], queryFn: getFieldStatus, staleTime: 60_000, refetchOnWindowFocus: true });

export const useFieldStatus = () => useQuery(fieldStatusQueryOptions());
