import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import type { AuditPage } from '../../../../shared/audit/audit-log.schemas';
import { api } from '../../../lib/api-client';
import { auditLogQueryString, type AuditLogFilters } from '../audit-log-filters';

export const auditLogQueryKey = ['admin', 'audit-log'] as const;

export const getAuditLogPage = (filters: AuditLogFilters, cursor: string | null) =>
  api<AuditPage>(`/api/admin/audit-log?${auditLogQueryString(filters, { cursor })}`);

/** Entries matching the filters, newest first, one page at a time ("Load more" fetches the next by its cursor). */
export function useAuditLog(filters: AuditLogFilters) {
  return useInfiniteQuery({
    queryKey: [...auditLogQueryKey, filters] as const,
    queryFn: ({ pageParam }) => getAuditLogPage(filters, pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    // The last results stay while a changed filter loads, so the list does not jump.
    placeholderData: keepPreviousData,
  });
}
